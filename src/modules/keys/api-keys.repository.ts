import { storedAllowlist } from '#src/modules/auth/ip-allowlist/ip-allowlist.js';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { EVERY_ROW, sql, type SqlFragment } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import type { Page } from '#src/common/validation/validators.js';
import { ApiKeyEntity } from '#src/modules/keys/api-key.entity.js';
import type { OrganizationPlan } from '#src/common/auth/auth-context.js';
import type { Role } from '#src/common/auth/permissions.js';

export interface KeyForVerification {
  id: string;
  orgId: string;
  userId: string | null;
  hash: string;
  scopes: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  userRole: Role | null;
  plan: OrganizationPlan;
  ipAllowlist: readonly string[];
}

@Injectable()
export class ApiKeysRepository extends OrgScopedRepository<ApiKeyEntity> {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, ApiKeyEntity);
  }

  /**
   * Whether the owner of a personal key about to be made still exists, their row share-locked until the
   * transaction ends: deleting them at the same moment either comes first, or waits and revokes this key too.
   */
  async lockOwner(orgId: string, userId: string, tx: Tx): Promise<boolean> {
    const rows = await this.sqlClient.query('SELECT 1 FROM "user" WHERE org_id = $1 AND id = $2 FOR SHARE', [orgId, userId], tx);
    return rows.length > 0;
  }

  /**
   * On every request whose key is not cached: one indexed lookup, with the owner's role for personal keys and
   * the organization's plan and limit overrides. Across organizations: the key is what names the organization.
   */
  async findForVerification(hash: string): Promise<KeyForVerification | undefined> {
    return this.verificationRow('k.hash = $1', [hash]);
  }

  /** The same, by the key's id within its organization: for work a key began that completes later. */
  async findForVerificationById(orgId: string, id: string): Promise<KeyForVerification | undefined> {
    return this.verificationRow('k.org_id = $1 AND k.id = $2', [orgId, id]);
  }

  private async verificationRow(where: 'k.hash = $1' | 'k.org_id = $1 AND k.id = $2', values: string[]): Promise<KeyForVerification | undefined> {
    const rows = await this.sqlClient.query<{
      id: string;
      org_id: string;
      user_id: string | null;
      hash: string;
      scopes: string[];
      expires_at: Date | null;
      revoked_at: Date | null;
      owner_role: Role | null;
      plan: string;
      limits: unknown;
      ip_allowlist: unknown;
    }>(
      `SELECT k.id, k.org_id, k.user_id, k.hash, k.scopes, k.expires_at, k.revoked_at, u.role AS owner_role,
              o.plan, o.settings -> 'limits' AS limits,
              o.settings -> 'ip_allowlist' AS ip_allowlist
         FROM api_key k
         JOIN organization o ON o.id = k.org_id
         LEFT JOIN "user" u ON u.id = k.user_id AND u.org_id = k.org_id
        WHERE ${where}`,
      values,
    );
    const row = rows[0];
    return row
      ? {
          id: row.id,
          orgId: row.org_id,
          userId: row.user_id,
          hash: row.hash,
          scopes: row.scopes,
          expiresAt: row.expires_at,
          revokedAt: row.revoked_at,
          userRole: row.owner_role,
          plan: { name: row.plan, overrides: row.limits ?? undefined },
          ipAllowlist: storedAllowlist(row.ip_allowlist),
        }
      : undefined;
  }

  async hashOf(orgId: string, id: string, tx?: Tx): Promise<string | undefined> {
    const [hash] = await this.hashes(orgId, sql`id = ${id}`, tx);
    return hash;
  }

  hashesOfUser(orgId: string, userId: string, tx?: Tx): Promise<string[]> {
    return this.hashes(orgId, sql`user_id = ${userId}`, tx);
  }

  hashesOfOrganization(orgId: string, tx?: Tx): Promise<string[]> {
    return this.hashes(orgId, EVERY_ROW, tx);
  }

  /** The organization's keys, or with `ownerId` that person's own. */
  list(orgId: string, page: Page, ownerId?: string): Promise<{ items: ApiKeyEntity[]; total: number }> {
    return this.page(orgId, ownerId === undefined ? EVERY_ROW : sql`user_id = ${ownerId}`, sql`created_at DESC, id DESC`, page);
  }

  /** Revokes if still active; answers whether this call revoked it. */
  async revoke(orgId: string, id: string, replacedById: string | null, tx?: Tx): Promise<boolean> {
    return (await this.updateWhere(orgId, sql`id = ${id} AND revoked_at IS NULL`, { revokedAt: sql`now()`, replacedById }, tx)) > 0;
  }

  /** Revokes the person's active keys in one statement; answers the id and stored hash of each it revoked. */
  revokeAllOfUser(orgId: string, userId: string, tx: Tx): Promise<Array<{ id: string; hash: string }>> {
    const { text, params } = this.scoped(orgId, sql`user_id = ${userId} AND revoked_at IS NULL`);
    // As a CTE, so that the driver answers the returned rows rather than an UPDATE's row count.
    return this.sqlClient.query<{ id: string; hash: string }>(
      `WITH revoked AS (UPDATE ${this.rows.table} SET revoked_at = now() WHERE ${text} RETURNING id, hash) SELECT id, hash FROM revoked`,
      params,
      tx,
    );
  }

  async touch(orgId: string, id: string): Promise<void> {
    await this.updateWhere(orgId, sql`id = ${id}`, { lastUsedAt: sql`now()` });
  }

  /** The stored hashes (never read with the rest of a key) of the organization's keys that match. */
  private async hashes(orgId: string, where: SqlFragment, tx?: Tx): Promise<string[]> {
    const { text, params } = this.scoped(orgId, where);
    const rows = await this.sqlClient.query<{ hash: string }>(`SELECT hash FROM ${this.rows.table} WHERE ${text}`, params, tx);
    return rows.map((row) => row.hash);
  }
}
