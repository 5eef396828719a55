import { Injectable } from '@nestjs/common';
import type { SealedSecretsRow, SealedSecretsTable } from '#src/common/crypto/sealed-secrets.js';
import type { SealedKey } from '#src/common/crypto/secret-cipher.js';
import { DataSource } from 'typeorm';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { EVERY_ROW, sql } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import type { Page } from '#src/common/validation/validators.js';
import { ProviderKeyEntity, type Provider } from '#src/modules/provider-keys/provider-key.entity.js';

/** What opening a stored key needs. */
export interface StoredSecret {
  provider: Provider;
  baseUrl: string | null;
  ciphertext: string;
  encryptionKeyId: string;
}

@Injectable()
export class ProviderKeysRepository extends OrgScopedRepository<ProviderKeyEntity> implements SealedSecretsTable {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, ProviderKeyEntity);
  }

  /** Callers get no ciphertext back, as from every other read. */
  override async insert(orgId: string, entity: ProviderKeyEntity, tx?: Tx): Promise<ProviderKeyEntity> {
    const { ciphertext: _sealed, ...saved } = await super.insert(orgId, entity, tx);
    return Object.assign(new ProviderKeyEntity(), saved);
  }

  async exists(orgId: string, id: string): Promise<boolean> {
    return (await this.count(orgId, sql`id = ${id}`)) > 0;
  }

  async secretOf(orgId: string, id: string): Promise<StoredSecret | undefined> {
    const { text, params } = this.scoped(orgId, sql`id = ${id}`);
    const rows = await this.sqlClient.query<{ provider: Provider; base_url: string | null; ciphertext: string; encryption_key_id: string }>(
      `SELECT provider, base_url, ciphertext, encryption_key_id FROM provider_key WHERE ${text}`,
      params,
    );
    const row = rows[0];
    return row ? { provider: row.provider, baseUrl: row.base_url, ciphertext: row.ciphertext, encryptionKeyId: row.encryption_key_id } : undefined;
  }

  list(orgId: string, page: Page): Promise<{ items: ProviderKeyEntity[]; total: number }> {
    return this.page(orgId, EVERY_ROW, sql`created_at DESC, id DESC`, page);
  }

  /** Agents of the organization whose provider key this is (at most `limit` ids, oldest first). */
  async agentsUsing(orgId: string, id: string, tx: Tx, limit = 20): Promise<string[]> {
    const rows = await this.sqlClient.query<{ id: string }>(
      'SELECT id FROM agent WHERE org_id = $1 AND provider_key_id = $2 ORDER BY created_at, id LIMIT $3',
      [orgId, id, limit],
      tx,
    );
    return rows.map((row) => row.id);
  }

  /** Across organizations, for the re-encryption of stored secrets (reencryptTable): keys sealed by another key than `currentKeyId`. */
  async staleSecrets(currentKeyId: string, afterId: string, limit: number): Promise<SealedSecretsRow[]> {
    const rows = await this.sqlClient.query<{ id: string; org_id: string; ciphertext: string; encryption_key_id: string }>(
      'SELECT id, org_id, ciphertext, encryption_key_id FROM provider_key WHERE encryption_key_id <> $1 AND id > $2 ORDER BY id LIMIT $3',
      [currentKeyId, afterId, limit],
    );
    return rows.map((row) => ({ id: row.id, orgId: row.org_id, secrets: { key: { ciphertext: row.ciphertext, keyId: row.encryption_key_id } } }));
  }

  /** Across organizations, for the same operator command's report. */
  async countSecretRows(): Promise<number> {
    const [row] = await this.sqlClient.query<{ total: string | number }>('SELECT count(*) AS total FROM provider_key', []);
    return Number(row?.total ?? 0);
  }

  /** Replaces the ciphertext only if the row still holds the one that was read (a concurrent rotation wins). */
  async replaceSecrets(row: SealedSecretsRow, resealed: Record<string, SealedKey | null>): Promise<boolean> {
    const [read, written] = [row.secrets.key, resealed.key];
    if (!read || !written) {
      return false;
    }
    return (
      (await this.updateWhere(row.orgId, sql`id = ${row.id} AND ciphertext = ${read.ciphertext}`, {
        ciphertext: written.ciphertext,
        encryptionKeyId: written.keyId,
      })) > 0
    );
  }
}
