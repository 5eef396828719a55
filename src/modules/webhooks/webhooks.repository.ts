import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { EVERY_ROW, sql } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import type { Page } from '#src/common/validation/validators.js';
import { WebhookEntity, type WebhookStatus } from '#src/modules/webhooks/webhook.entity.js';

/** A webhook's sealed signing secret, as re-encryption reads and replaces it. */
export interface SealedSecret {
  id: string;
  orgId: string;
  ciphertext: string;
  keyId: string;
}

export interface WebhookTarget {
  id: string;
  orgId: string;
  url: string;
  status: WebhookStatus;
  secretCiphertext: string;
  secretKeyId: string;
}

@Injectable()
export class WebhooksRepository extends OrgScopedRepository<WebhookEntity> {
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

  /**
   * Across organizations, for `webhooks:reencrypt` (an operator command that serves every organization):
   * secrets sealed by another key than `currentKeyId`, in id order after `afterId`.
   */
  async staleSecretsAcrossOrganizations(currentKeyId: string, afterId: string, limit: number): Promise<SealedSecret[]> {
    const rows = await this.sqlClient.query<{ id: string; org_id: string; secret_ciphertext: string; secret_key_id: string }>(
      'SELECT id, org_id, secret_ciphertext, secret_key_id FROM webhook WHERE secret_key_id <> $1 AND id > $2 ORDER BY id LIMIT $3',
      [currentKeyId, afterId, limit],
    );
    return rows.map((row) => ({ id: row.id, orgId: row.org_id, ciphertext: row.secret_ciphertext, keyId: row.secret_key_id }));
  }

  /** Across organizations, for the same operator command's report. */
  async countAcrossOrganizations(): Promise<number> {
    const [row] = await this.sqlClient.query<{ total: string | number }>('SELECT count(*) AS total FROM webhook', []);
    return Number(row?.total ?? 0);
  }

  /** Replaces the sealed secret only if the row still holds the one that was read; answers whether it did. */
  async replaceSecret(secret: SealedSecret, sealed: { ciphertext: string; keyId: string }): Promise<boolean> {
    const changed = await this.updateWhere(secret.orgId, sql`id = ${secret.id} AND secret_ciphertext = ${secret.ciphertext}`, {
      secretCiphertext: sealed.ciphertext,
      secretKeyId: sealed.keyId,
    });
    return changed > 0;
  }
}
