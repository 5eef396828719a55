import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { sql } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import { newId } from '#src/common/ids/ids.js';
import { SyncRunEntity, type SyncRunStatus, type SyncTrigger } from '#src/modules/data-sources/sync-run.entity.js';

export type RunCounters = Pick<
  SyncRunEntity,
  | 'documentsExpected'
  | 'documentsSeen'
  | 'documentsIndexed'
  | 'documentsUnchanged'
  | 'documentsFailed'
  | 'documentsRemoved'
  | 'chunksWritten'
  | 'tokensProcessed'
>;

@Injectable()
export class SyncRunsRepository extends OrgScopedRepository<SyncRunEntity> {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, SyncRunEntity);
  }

  /** The queued run of a source, creating it unless one is already waiting: requests made meanwhile share it. */
  async queue(orgId: string, dataSourceId: string, trigger: SyncTrigger, tx: Tx): Promise<SyncRunEntity> {
    const [waiting] = await this.findMany(orgId, sql`data_source_id = ${dataSourceId} AND status = 'queued'`, { orderBy: sql`created_at ASC`, limit: 1 }, tx);
    if (waiting) {
      return waiting;
    }
    return this.insert(
      orgId,
      Object.assign(new SyncRunEntity(), {
        id: newId('job'),
        orgId,
        dataSourceId,
        status: 'queued',
        trigger,
        attempts: 0,
        documentsExpected: null,
        error: null,
        startedAt: null,
        finishedAt: null,
      }),
      tx,
    );
  }

  /** The run a worker should execute next, locked: one already running (a retry after a crash) or the oldest queued. */
  async next(orgId: string, dataSourceId: string, tx: Tx): Promise<SyncRunEntity | null> {
    const { text, params } = this.scoped(orgId, sql`data_source_id = ${dataSourceId} AND status IN ('running', 'queued')`);
    const [row] = await this.sqlClient.query<Record<string, unknown>>(
      `SELECT ${this.rows.columns} FROM ${this.rows.table} WHERE ${text} ORDER BY status DESC, created_at ASC LIMIT 1 FOR UPDATE`,
      params,
      tx,
    );
    return row ? this.rows.map(row) : null;
  }

  async start(run: SyncRunEntity, tx: Tx): Promise<SyncRunEntity> {
    run.status = 'running';
    run.attempts += 1;
    run.startedAt ??= new Date();
    return this.save(run.orgId, run, tx);
  }

  async progress(orgId: string, id: string, counters: RunCounters): Promise<void> {
    await this.update(orgId, id, counters);
  }

  async finish(orgId: string, id: string, outcome: { status: 'succeeded' | 'failed'; error?: string } & RunCounters, tx: Tx): Promise<void> {
    await this.update(orgId, id, { ...outcome, error: outcome.error ?? null, finishedAt: new Date() }, tx);
  }

  /** Hands back a run its stopping process did not finish, with what it wrote counted: queued again, its attempt not held against it. */
  async release(orgId: string, id: string, counters: RunCounters): Promise<void> {
    await this.update(orgId, id, { ...counters, status: 'queued' });
  }

  /** Requeues a run whose attempt failed but may be retried, with what that attempt wrote counted: the next one carries on from there. */
  async requeue(orgId: string, id: string, error: string, counters: RunCounters): Promise<void> {
    await this.update(orgId, id, { ...counters, status: 'queued', error });
  }

  /** The last run that finished well: how long a sync of this source takes, before the current one shows a rate. */
  async lastSucceeded(orgId: string, dataSourceId: string): Promise<SyncRunEntity | null> {
    const [run] = await this.findMany(orgId, sql`data_source_id = ${dataSourceId} AND status = 'succeeded' AND started_at IS NOT NULL`, {
      orderBy: sql`created_at DESC`,
      limit: 1,
    });
    return run ?? null;
  }

  async latest(orgId: string, dataSourceId: string): Promise<SyncRunEntity | null> {
    const [run] = await this.findMany(orgId, sql`data_source_id = ${dataSourceId}`, { orderBy: sql`created_at DESC`, limit: 1 });
    return run ?? null;
  }

  /** The run progress is read from: the one running, when one is (a sync asked for meanwhile waits behind it), else the latest. */
  async current(orgId: string, dataSourceId: string): Promise<SyncRunEntity | null> {
    const [running] = await this.findMany(orgId, sql`data_source_id = ${dataSourceId} AND status = 'running'`, { orderBy: sql`created_at DESC`, limit: 1 });
    return running ?? (await this.latest(orgId, dataSourceId));
  }

  /**
   * Sources with work left over from before a restart (runs in one of `statuses`), across organizations: a
   * process that runs jobs resumes every organization's syncs.
   */
  async unfinished(statuses: SyncRunStatus[] = ['queued', 'running']): Promise<Array<{ orgId: string; dataSourceId: string }>> {
    return this.sqlClient.query<{ orgId: string; dataSourceId: string }>(
      `SELECT DISTINCT org_id AS "orgId", data_source_id AS "dataSourceId" FROM sync_run WHERE status = ANY($1::text[])`,
      [statuses],
    );
  }
}
