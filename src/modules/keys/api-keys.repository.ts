import { storedAllowlist } from '#src/modules/auth/ip-allowlist/ip-allowlist.js';
import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, type Repository } from 'typeorm';
import { EntityRows } from '#src/common/database/entity-rows.js';
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
export class ApiKeysRepository {
  private readonly rows: EntityRows<ApiKeyEntity>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: SqlClient,
  ) {
    this.rows = new EntityRows(sql, dataSource, ApiKeyEntity);
  }

  private repo(tx?: Tx): Repository<ApiKeyEntity> {
    return (tx?.manager ?? this.dataSource.manager).getRepository(ApiKeyEntity);
  }

  async insert(entity: ApiKeyEntity, tx?: Tx): Promise<ApiKeyEntity> {
    return this.repo(tx).save(entity);
  }

  /**
   * On every request whose key is not cached: one indexed lookup, with the owner's role for personal keys and
   * the organization's plan and limit overrides.
   */
  async findForVerification(hash: string): Promise<KeyForVerification | undefined> {
    const rows = await this.sql.query<{
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
        WHERE k.hash = $1`,
      [hash],
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

  async findById(orgId: string, id: string, tx?: Tx): Promise<ApiKeyEntity | null> {
    return this.repo(tx).findOne({ where: { orgId, id } });
  }

  async hashOf(orgId: string, id: string, tx?: Tx): Promise<string | undefined> {
    const row = await this.repo(tx)
      .createQueryBuilder('key')
      .select('key.hash', 'hash')
      .where('key.org_id = :orgId AND key.id = :id', { orgId, id })
      .getRawOne<{ hash: string }>();
    return row?.hash;
  }

  async hashesOfUser(orgId: string, userId: string, tx?: Tx): Promise<string[]> {
    const rows = await this.repo(tx)
      .createQueryBuilder('key')
      .select('key.hash', 'hash')
      .where('key.org_id = :orgId AND key.user_id = :userId', { orgId, userId })
      .getRawMany<{ hash: string }>();
    return rows.map((row) => row.hash);
  }

  async hashesOfOrganization(orgId: string, tx?: Tx): Promise<string[]> {
    const rows = await this.repo(tx)
      .createQueryBuilder('key')
      .select('key.hash', 'hash')
      .where('key.org_id = :orgId', { orgId })
      .getRawMany<{ hash: string }>();
    return rows.map((row) => row.hash);
  }

  async list(orgId: string, page: Page): Promise<{ items: ApiKeyEntity[]; total: number }> {
    return this.rows.page({ where: 'org_id = $1', params: [orgId], orderBy: 'created_at DESC, id DESC' }, page);
  }

  /** Revokes if still active; answers whether this call revoked it. */
  async revoke(orgId: string, id: string, replacedById: string | null, tx?: Tx): Promise<boolean> {
    const result = await this.repo(tx).update({ orgId, id, revokedAt: IsNull() }, { revokedAt: () => 'now()', replacedById });
    return (result.affected ?? 0) > 0;
  }

  async revokeAllOfUser(orgId: string, userId: string, tx?: Tx): Promise<void> {
    await this.repo(tx).update({ orgId, userId, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
  }

  async touch(id: string): Promise<void> {
    await this.repo().update({ id }, { lastUsedAt: () => 'now()' });
  }
}
