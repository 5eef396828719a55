import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EntityRows } from '#src/common/database/entity-rows.js';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { EVERY_ROW, sql, type SqlFragment } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import type { Page } from '#src/common/validation/validators.js';
import { AgentEntity } from '#src/modules/agents/agent.entity.js';
import { DataSourceEntity, SYNC_FREQUENCIES, type DataSourceStatus } from '#src/modules/data-sources/data-source.entity.js';
import type { StatusFilter } from '#src/modules/data-sources/dto/data-source.dto.js';

/** The stored statuses each list filter matches: connector sources show `Connected` when healthy. */
const STATUSES_OF_FILTER: Record<StatusFilter, DataSourceStatus[]> = {
  active: ['active', 'Connected'],
  processing: ['processing'],
  failed: ['failed', 'Connection failed'],
  pending: ['pending'],
  Connected: ['Connected'],
  'Connection failed': ['Connection failed'],
  Disconnected: ['Disconnected'],
};

const SCHEDULED_FREQUENCIES = SYNC_FREQUENCIES.filter((frequency) => frequency !== 'manual');

@Injectable()
export class DataSourcesRepository extends OrgScopedRepository<DataSourceEntity> {
  private readonly agentRows: EntityRows<AgentEntity>;

  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, DataSourceEntity);
    this.agentRows = new EntityRows(sqlClient, dataSource, AgentEntity);
  }

  /** The subset of `ids` that exist in the organization. */
  async existingIds(orgId: string, ids: string[], tx?: Tx): Promise<Set<string>> {
    if (ids.length === 0) {
      return new Set();
    }
    return new Set(await this.idsWhere(orgId, sql`id = ANY(${ids}::varchar[])`, tx));
  }

  allIds(orgId: string): Promise<string[]> {
    return this.idsWhere(orgId, EVERY_ROW);
  }

  list(orgId: string, status: StatusFilter | undefined, page: Page): Promise<{ items: DataSourceEntity[]; total: number }> {
    const where = status ? sql`status = ANY(${STATUSES_OF_FILTER[status]}::text[])` : EVERY_ROW;
    return this.page(orgId, where, sql`created_at DESC, id DESC`, page);
  }

  async setStatus(orgId: string, id: string, status: DataSourceStatus, error: string | null, tx?: Tx, lastSyncedAt?: Date): Promise<void> {
    await this.update(orgId, id, { status, error, ...(lastSyncedAt ? { lastSyncedAt } : {}) }, tx);
  }

  /**
   * A connector's checkpoint is plain JSON by the Connector contract. It is saved only while the source's
   * config is still `readWith`, the one the sync reads: a change of config drops the checkpoint, and a sync
   * still running with the earlier config must not bring it back.
   */
  async saveCheckpoint(orgId: string, id: string, checkpoint: object | null, readWith: Record<string, unknown>, tx?: Tx): Promise<void> {
    await this.updateWhere(orgId, sql`id = ${id} AND config = ${JSON.stringify(readWith)}::jsonb`, { syncCheckpoint: checkpoint ?? null }, tx);
  }

  /**
   * Agents keep working without the source: its id is dropped from their lists. Answers each agent that
   * named it, as it was and as it is now, for their agent.updated events.
   */
  async removeFromAgents(orgId: string, id: string, tx: Tx): Promise<Array<{ before: AgentEntity; after: AgentEntity }>> {
    const before = await this.sqlClient.query<Record<string, unknown>>(
      `SELECT ${this.agentRows.columns} FROM agent WHERE org_id = $1 AND $2 = ANY(data_source_ids) ORDER BY id FOR UPDATE`,
      [orgId, id],
      tx,
    );
    const after = await this.sqlClient.query<Record<string, unknown>>(
      // As a SELECT, so that the rows come back in the same shape inside and outside a transaction.
      `WITH changed AS (
         UPDATE agent SET data_source_ids = array_remove(data_source_ids, $2), updated_at = now()
         WHERE org_id = $1 AND $2 = ANY(data_source_ids) RETURNING *
       ) SELECT ${this.agentRows.columns} FROM changed`,
      [orgId, id],
      tx,
    );
    const changed = new Map(after.map((row) => this.agentRows.map(row)).map((agent) => [agent.id, agent]));
    return before.map((row) => this.agentRows.map(row)).flatMap((agent) => (changed.has(agent.id) ? [{ before: agent, after: changed.get(agent.id)! }] : []));
  }

  /** Every source with a schedule, across organizations: a process that runs jobs restores every organization's schedules at start-up. */
  scheduled(): Promise<DataSourceEntity[]> {
    return this.findAcrossOrganizations(sql`sync_frequency = ANY(${SCHEDULED_FREQUENCIES}::text[])`);
  }

  async chunkCount(orgId: string, id: string): Promise<number> {
    const [row] = await this.sqlClient.query<{ count: number | string }>('SELECT count(*) AS count FROM chunk WHERE org_id = $1 AND data_source_id = $2', [
      orgId,
      id,
    ]);
    return Number(row?.count ?? 0);
  }

  private async idsWhere(orgId: string, where: SqlFragment, tx?: Tx): Promise<string[]> {
    const { text, params } = this.scoped(orgId, where);
    const rows = await this.sqlClient.query<{ id: string }>(`SELECT id FROM ${this.rows.table} WHERE ${text}`, params, tx);
    return rows.map((row) => row.id);
  }
}
