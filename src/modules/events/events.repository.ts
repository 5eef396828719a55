import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { sql } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import { EventEntity } from '#src/modules/events/event.entity.js';

/** The outbox. */
@Injectable()
export class EventsRepository extends OrgScopedRepository<EventEntity> {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, EventEntity);
  }

  /**
   * The oldest `limit` events not dispatched yet, in commit order, locked (SKIP LOCKED: dispatchers running at
   * once take different events). Across organizations: the dispatcher serves every organization's events.
   */
  takeUndispatched(limit: number, tx: Tx): Promise<EventEntity[]> {
    return this.findAcrossOrganizations(sql`dispatched_at IS NULL`, { orderBy: sql`created_at, id`, limit, lock: true }, tx);
  }

  /** Events taken by takeUndispatched, of whichever organizations, marked as turned into deliveries. */
  async markDispatched(ids: string[], tx: Tx): Promise<void> {
    await this.sqlClient.query('UPDATE event SET dispatched_at = now() WHERE id = ANY($1::text[])', [ids], tx);
  }
}
