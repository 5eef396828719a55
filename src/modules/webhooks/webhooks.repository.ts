import { Injectable } from '@nestjs/common';
import type { SealedSecretsRow, SealedSecretsTable } from '#src/common/crypto/sealed-secrets.js';
import type { SealedKey } from '#src/common/crypto/secret-cipher.js';
import { DataSource } from 'typeorm';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { EVERY_ROW, sql } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import type { Page } from '#src/common/validation/validators.js';
import { WebhookEntity, type WebhookStatus } from '#src/modules/webhooks/webhook.entity.js';

export interface WebhookTarget {
  id: string;
  orgId: string;
  url: string;
  status: WebhookStatus;
  secretCiphertext: string;
  secretKeyId: string;
}

@Injectable()
export class WebhooksRepository extends OrgScopedRepository<WebhookEntity> implements SealedSecretsTable {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, WebhookEntity);
  }

  list(orgId: string, page: Page): Promise<{ items: WebhookEntity[]; total: number }> {
    return this.page(orgId, EVERY_ROW, sql`created_at DESC, id DESC`, page);
  }

  /** What a delivery needs: where, in which state, and the sealed secret (never read with the webhook otherwise). */
  async target(orgId: string, id: string): Promise<WebhookTarget | undefined> {
    const { text, params } = this.scoped(orgId, sql`id = ${id}`);
    const [row] = await this.sqlClient.query<{
      id: string;
      org_id: string;
      url: string;
      status: WebhookStatus;
      secret_ciphertext: string;
      secret_key_id: string;
    }>(`SELECT id, org_id, url, status, secret_ciphertext, secret_key_id FROM webhook WHERE ${text}`, params);
    return row
      ? { id: row.id, orgId: row.org_id, url: row.url, status: row.status, secretCiphertext: row.secret_ciphertext, secretKeyId: row.secret_key_id }
      : undefined;
  }

  /**
   * Subscribers of these organizations, whatever their state (failed and disabled ones get held deliveries).
   * Across organizations: the outbox dispatcher turns a batch of every organization's events into deliveries.
   */
  /** With `holding`: the webhook still has held deliveries to send first. */
  async subscribers(
    orgIds: string[],
    tx: Tx,
  ): Promise<Array<{ id: string; orgId: string; events: string[]; status: WebhookStatus; holding: boolean; createdAt: Date }>> {
    const rows = await this.sqlClient.query<{ id: string; org_id: string; events: string[]; status: WebhookStatus; holding: boolean; created_at: Date }>(
      `SELECT w.id, w.org_id, w.events, w.status, w.created_at,
              EXISTS (SELECT 1 FROM webhook_delivery d WHERE d.webhook_id = w.id AND d.status = 'held') AS holding
         FROM webhook w WHERE w.org_id = ANY($1::text[])`,
      [orgIds],
      tx,
    );
    return rows.map((row) => ({ id: row.id, orgId: row.org_id, events: row.events, status: row.status, holding: row.holding, createdAt: row.created_at }));
  }

  /** Marks an active webhook failed; answers whether this call did. */
  async markFailed(orgId: string, id: string): Promise<boolean> {
    return (await this.updateWhere(orgId, sql`id = ${id} AND status = 'active'`, { status: 'failed' })) > 0;
  }

  /** Makes a webhook in state `from` active; answers whether this call did. */
  async reactivate(orgId: string, id: string, from: WebhookStatus): Promise<boolean> {
    return (await this.updateWhere(orgId, sql`id = ${id} AND status = ${from}`, { status: 'active' })) > 0;
  }

  /** Across organizations, for the re-encryption of stored secrets (reencryptTable): signing secrets sealed by another key. */
  async staleSecrets(currentKeyId: string, afterId: string, limit: number): Promise<SealedSecretsRow[]> {
    const rows = await this.sqlClient.query<{ id: string; org_id: string; secret_ciphertext: string; secret_key_id: string }>(
      'SELECT id, org_id, secret_ciphertext, secret_key_id FROM webhook WHERE secret_key_id <> $1 AND id > $2 ORDER BY id LIMIT $3',
      [currentKeyId, afterId, limit],
    );
    return rows.map((row) => ({ id: row.id, orgId: row.org_id, secrets: { secret: { ciphertext: row.secret_ciphertext, keyId: row.secret_key_id } } }));
  }

  async countSecretRows(): Promise<number> {
    const [row] = await this.sqlClient.query<{ total: string | number }>('SELECT count(*) AS total FROM webhook', []);
    return Number(row?.total ?? 0);
  }

  async replaceSecrets(row: SealedSecretsRow, resealed: Record<string, SealedKey | null>): Promise<boolean> {
    const [read, written] = [row.secrets.secret, resealed.secret];
    if (!read || !written) {
      return false;
    }
    const where = sql`id = ${row.id} AND secret_ciphertext = ${read.ciphertext}`;
    return (await this.updateWhere(row.orgId, where, { secretCiphertext: written.ciphertext, secretKeyId: written.keyId, updatedAt: sql`updated_at` })) > 0;
  }
}
