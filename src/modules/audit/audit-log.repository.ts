import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EntityRows } from '#src/common/database/entity-rows.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import type { Page } from '#src/common/validation/validators.js';
import { AuditEntryEntity } from '#src/modules/audit/audit-entry.entity.js';

export interface AuditFilter {
  action?: string;
  from?: Date;
  to?: Date;
}

@Injectable()
export class AuditLogRepository {
  private readonly rows: EntityRows<AuditEntryEntity>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: SqlClient,
  ) {
    this.rows = new EntityRows(sql, dataSource, AuditEntryEntity);
  }

  async insert(entry: AuditEntryEntity, tx?: Tx): Promise<void> {
    await (tx?.manager ?? this.dataSource.manager).getRepository(AuditEntryEntity).save(entry);
  }

  /**
   * Counts one more repetition on the entry of the same action, actor, address, user agent and details
   * created since `since`; false when there is none (the caller inserts one). Only `count` and `last_at`
   * change: the append-only trigger allows nothing else.
   */
  async countRepetition(entry: AuditEntryEntity, since: Date): Promise<boolean> {
    const updated = await this.sql.query<{ id: string }>(
      `UPDATE audit_entry SET count = count + 1, last_at = $8
        WHERE id = (SELECT id FROM audit_entry
                     WHERE org_id = $1 AND action = $2 AND actor_type = $3 AND actor_id IS NOT DISTINCT FROM $4::varchar
                       AND ip IS NOT DISTINCT FROM $5::varchar AND user_agent IS NOT DISTINCT FROM $6::varchar
                       AND details = $7::jsonb AND created_at >= $9
                     ORDER BY created_at DESC LIMIT 1)
        RETURNING id`,
      [entry.orgId, entry.action, entry.actorType, entry.actorId, entry.ip, entry.userAgent, JSON.stringify(entry.details), entry.lastAt, since],
    );
    return updated.length > 0;
  }

  async list(orgId: string, filter: AuditFilter, page: Page): Promise<{ items: AuditEntryEntity[]; total: number }> {
    const conditions = ['org_id = $1'];
    const params: unknown[] = [orgId];
    const add = (condition: (placeholder: string) => string, value: unknown): void => {
      params.push(value);
      conditions.push(condition(`$${params.length}`));
    };
    if (filter.action) {
      add((p) => `action = ${p}`, filter.action);
    }
    if (filter.from) {
      add((p) => `created_at >= ${p}`, filter.from);
    }
    if (filter.to) {
      add((p) => `created_at < ${p}`, filter.to);
    }
    return this.rows.page({ where: conditions.join(' AND '), params, orderBy: 'created_at DESC, id DESC' }, page);
  }
}
