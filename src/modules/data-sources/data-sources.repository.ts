import { Injectable } from '@nestjs/common';
import { DataSource, In, type Repository } from 'typeorm';
import { EntityRows } from '#src/common/database/entity-rows.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import type { Page } from '#src/common/validation/validators.js';
import { DataSourceEntity, type DataSourceStatus } from '#src/modules/data-sources/data-source.entity.js';
import type { StatusFilter } from '#src/modules/data-sources/dto/data-source.dto.js';

/** The stored statuses each list filter matches: connector sources show `Connected` when healthy. */
const STATUSES_OF_FILTER: Record<StatusFilter, DataSourceStatus[]> = {
  active: ['active', 'Connected'],
  processing: ['processing'],
  failed: ['failed', 'Connection failed'],
  pending: ['pending'],
};

@Injectable()
export class DataSourcesRepository {
  private readonly rows: EntityRows<DataSourceEntity>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: SqlClient,
  ) {
    this.rows = new EntityRows(sql, dataSource, DataSourceEntity);
  }

  private repo(tx?: Tx): Repository<DataSourceEntity> {
    return (tx?.manager ?? this.dataSource.manager).getRepository(DataSourceEntity);
  }

  /** The subset of `ids` that exist in the organization. */
  async existingIds(orgId: string, ids: string[], tx?: Tx): Promise<Set<string>> {
    if (ids.length === 0) {
      return new Set();
    }
    const rows = await this.repo(tx).find({ where: { orgId, id: In(ids) }, select: { id: true } });
    return new Set(rows.map((row) => row.id));
  }

  async allIds(orgId: string): Promise<string[]> {
    return (await this.sql.query<{ id: string }>('SELECT id FROM data_source WHERE org_id = $1', [orgId])).map((row) => row.id);
  }

  async save(source: DataSourceEntity, tx?: Tx): Promise<DataSourceEntity> {
    return this.repo(tx).save(source);
  }

  async findById(orgId: string, id: string, tx?: Tx): Promise<DataSourceEntity | null> {
    return this.rows.findOne('org_id = $1 AND id = $2', [orgId, id], tx);
  }

  async findByIdForUpdate(orgId: string, id: string, tx: Tx): Promise<DataSourceEntity | null> {
    return this.repo(tx).findOne({ where: { orgId, id }, lock: { mode: 'pessimistic_write' } });
  }

  async list(orgId: string, status: StatusFilter | undefined, page: Page): Promise<{ items: DataSourceEntity[]; total: number }> {
    const query = status
      ? { where: 'org_id = $1 AND status = ANY($2::text[])', params: [orgId, STATUSES_OF_FILTER[status]] }
      : { where: 'org_id = $1', params: [orgId] };
    return this.rows.page({ ...query, orderBy: 'created_at DESC, id DESC' }, page);
  }

  async setStatus(id: string, status: DataSourceStatus, error: string | null, tx?: Tx, lastSyncedAt?: Date): Promise<void> {
    await this.repo(tx).update({ id }, { status, error, ...(lastSyncedAt ? { lastSyncedAt } : {}) });
  }

  /** A connector's checkpoint is plain JSON by the Connector contract. */
  async saveCheckpoint(id: string, checkpoint: object | null, tx?: Tx): Promise<void> {
    await this.repo(tx).update({ id }, { syncCheckpoint: checkpoint ?? null });
  }

  async delete(orgId: string, id: string, tx: Tx): Promise<boolean> {
    const result = await this.repo(tx).delete({ orgId, id });
    return (result.affected ?? 0) > 0;
  }

  /** Agents keep working without the source: its id is dropped from their lists. */
  async removeFromAgents(orgId: string, id: string, tx: Tx): Promise<void> {
    await tx.manager.query(
      `UPDATE agent SET data_source_ids = array_remove(data_source_ids, $2), updated_at = now() WHERE org_id = $1 AND $2 = ANY(data_source_ids)`,
      [orgId, id],
    );
  }

  /** Every source with a schedule, across organizations: schedules are restored from here at start-up. */
  async scheduled(): Promise<DataSourceEntity[]> {
    return this.repo().find({ where: { syncFrequency: In(['hourly', 'daily', 'weekly']) } });
  }

  async chunkCount(orgId: string, id: string): Promise<number> {
    const [row] = await this.sql.query<{ count: number | string }>('SELECT count(*) AS count FROM chunk WHERE org_id = $1 AND data_source_id = $2', [
      orgId,
      id,
    ]);
    return Number(row?.count ?? 0);
  }
}
