import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { and, sql, type SqlFragment } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Page } from '#src/common/validation/validators.js';
import { AuditEntryEntity } from '#src/modules/audit/audit-entry.entity.js';

export interface AuditFilter {
  action?: string;
  from?: Date;
  to?: Date;
}

@Injectable()
export class AuditLogRepository extends OrgScopedRepository<AuditEntryEntity> {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, AuditEntryEntity);
  }

  /**
   * Counts one more repetition on the entry of the same action, actor, address and details created since
   * `since`; false when there is none (the caller inserts one). The user agent is left out: a client sets
   * it freely, and a flood varying it would add a row a request. Only `count` and `last_at` change: the
   * append-only trigger allows nothing else.
   */
  async countRepetition(entry: AuditEntryEntity, since: Date): Promise<boolean> {
    const updated = await this.sqlClient.query<{ id: string }>(
      `UPDATE audit_entry SET count = count + 1, last_at = $7
        WHERE id = (SELECT id FROM audit_entry
                     WHERE org_id = $1 AND action = $2 AND actor_type = $3 AND actor_id IS NOT DISTINCT FROM $4::varchar
                       AND ip IS NOT DISTINCT FROM $5::varchar AND details = $6::jsonb AND created_at >= $8
                     ORDER BY created_at DESC LIMIT 1)
        RETURNING id`,
      [entry.orgId, entry.action, entry.actorType, entry.actorId, entry.ip, JSON.stringify(entry.details), entry.lastAt, since],
    );
    return updated.length > 0;
  }

  list(orgId: string, filter: AuditFilter, page: Page): Promise<{ items: AuditEntryEntity[]; total: number }> {
    const conditions: SqlFragment[] = [];
    if (filter.action) {
      conditions.push(sql`action = ${filter.action}`);
    }
    if (filter.from) {
      conditions.push(sql`created_at >= ${filter.from}`);
    }
    if (filter.to) {
      conditions.push(sql`created_at < ${filter.to}`);
    }
    return this.page(orgId, and(...conditions), sql`created_at DESC, id DESC`, page);
  }

  async userWasDeleted(orgId: string, email: string): Promise<boolean> {
    return (await this.findOne(orgId, sql`action = 'user.deleted' AND details ->> 'email' = ${email}`)) !== null;
  }
}
