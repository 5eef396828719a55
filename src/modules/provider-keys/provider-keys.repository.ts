import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { EntityRows } from '#src/common/database/entity-rows.js';
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

/** One row as the re-encryption walks them, across organizations. */
export interface SealedRow {
  id: string;
  orgId: string;
  ciphertext: string;
  encryptionKeyId: string;
}

@Injectable()
export class ProviderKeysRepository {
  private readonly rows: EntityRows<ProviderKeyEntity>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: SqlClient,
  ) {
    this.rows = new EntityRows(sql, dataSource, ProviderKeyEntity);
  }

  private repo(tx?: Tx): Repository<ProviderKeyEntity> {
    return (tx?.manager ?? this.dataSource.manager).getRepository(ProviderKeyEntity);
  }

  async insert(entity: ProviderKeyEntity, tx?: Tx): Promise<ProviderKeyEntity> {
    const { ciphertext: _sealed, ...saved } = await this.repo(tx).save(entity);
    // Callers get no ciphertext back, as from every other read.
    return Object.assign(new ProviderKeyEntity(), saved);
  }

  /** Without the ciphertext. */
  async findById(orgId: string, id: string, tx?: Tx): Promise<ProviderKeyEntity | null> {
    return this.rows.findOne('org_id = $1 AND id = $2', [orgId, id], tx);
  }

  async exists(orgId: string, id: string): Promise<boolean> {
    const rows = await this.sql.query<{ found: number }>('SELECT 1 AS found FROM provider_key WHERE org_id = $1 AND id = $2', [orgId, id]);
    return rows.length > 0;
  }

  async secretOf(orgId: string, id: string): Promise<StoredSecret | undefined> {
    const rows = await this.sql.query<{ provider: Provider; base_url: string | null; ciphertext: string; encryption_key_id: string }>(
      'SELECT provider, base_url, ciphertext, encryption_key_id FROM provider_key WHERE org_id = $1 AND id = $2',
      [orgId, id],
    );
    const row = rows[0];
    return row ? { provider: row.provider, baseUrl: row.base_url, ciphertext: row.ciphertext, encryptionKeyId: row.encryption_key_id } : undefined;
  }

  async list(orgId: string, page: Page): Promise<{ items: ProviderKeyEntity[]; total: number }> {
    return this.rows.page({ where: 'org_id = $1', params: [orgId], orderBy: 'created_at DESC, id DESC' }, page);
  }

  /** Locks the row until the transaction ends, so it cannot be deleted twice or re-encrypted meanwhile. */
  async lock(orgId: string, id: string, tx: Tx): Promise<boolean> {
    const rows = await this.sql.query<{ id: string }>('SELECT id FROM provider_key WHERE org_id = $1 AND id = $2 FOR UPDATE', [orgId, id], tx);
    return rows.length > 0;
  }

  /** Agents of the organization whose provider key this is (at most `limit` ids, oldest first). */
  async agentsUsing(orgId: string, id: string, tx: Tx, limit = 20): Promise<string[]> {
    const rows = await this.sql.query<{ id: string }>(
      'SELECT id FROM agent WHERE org_id = $1 AND provider_key_id = $2 ORDER BY created_at, id LIMIT $3',
      [orgId, id, limit],
      tx,
    );
    return rows.map((row) => row.id);
  }

  async delete(orgId: string, id: string, tx: Tx): Promise<boolean> {
    const result = await this.repo(tx).delete({ orgId, id });
    return (result.affected ?? 0) > 0;
  }

  /**
   * The one read across organizations, for `provider-keys:reencrypt` (an operator command): rows sealed by
   * another key than `currentKeyId`, in id order after `afterId`.
   */
  async staleAcrossOrganizations(currentKeyId: string, afterId: string, limit: number): Promise<SealedRow[]> {
    const rows = await this.sql.query<{ id: string; org_id: string; ciphertext: string; encryption_key_id: string }>(
      'SELECT id, org_id, ciphertext, encryption_key_id FROM provider_key WHERE encryption_key_id <> $1 AND id > $2 ORDER BY id LIMIT $3',
      [currentKeyId, afterId, limit],
    );
    return rows.map((row) => ({ id: row.id, orgId: row.org_id, ciphertext: row.ciphertext, encryptionKeyId: row.encryption_key_id }));
  }

  async countAcrossOrganizations(): Promise<number> {
    const [row] = await this.sql.query<{ total: string | number }>('SELECT count(*) AS total FROM provider_key', []);
    return Number(row?.total ?? 0);
  }

  /** Replaces the ciphertext only if the row still holds the one that was read (a concurrent rotation wins). */
  async replaceCiphertext(row: SealedRow, ciphertext: string, encryptionKeyId: string): Promise<boolean> {
    const result = await this.repo()
      .createQueryBuilder()
      .update(ProviderKeyEntity)
      .set({ ciphertext, encryptionKeyId })
      .where('org_id = :orgId AND id = :id AND ciphertext = :previous', { orgId: row.orgId, id: row.id, previous: row.ciphertext })
      .execute();
    return (result.affected ?? 0) > 0;
  }
}
