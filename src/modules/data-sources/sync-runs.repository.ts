import { Injectable } from '@nestjs/common';
import { DataSource, In, type Repository } from 'typeorm';
import type { Tx } from '#src/common/database/transaction.js';
import { newId } from '#src/common/ids/ids.js';
import { SyncRunEntity, type SyncTrigger } from '#src/modules/data-sources/sync-run.entity.js';

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
export class SyncRunsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(tx?: Tx): Repository<SyncRunEntity> {
    return (tx?.manager ?? this.dataSource.manager).getRepository(SyncRunEntity);
  }

  /** The queued run of a source, creating it unless one is already waiting: requests made meanwhile share it. */
  async queue(orgId: string, dataSourceId: string, trigger: SyncTrigger, tx: Tx): Promise<SyncRunEntity> {
    const waiting = await this.repo(tx).findOne({ where: { dataSourceId, status: 'queued' }, order: { createdAt: 'ASC' } });
    if (waiting) {
      return waiting;
    }
    return this.repo(tx).save(
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
    );
  }

  /** The run a worker should execute next: one already running (a retry after a crash) or the oldest queued. */
  async next(dataSourceId: string, tx: Tx): Promise<SyncRunEntity | null> {
    return this.repo(tx).findOne({
      where: { dataSourceId, status: In(['running', 'queued']) },
      order: { status: 'DESC', createdAt: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
  }

  async start(run: SyncRunEntity, tx: Tx): Promise<SyncRunEntity> {
    run.status = 'running';
    run.attempts += 1;
    run.startedAt ??= new Date();
    return this.repo(tx).save(run);
  }

  async progress(id: string, counters: RunCounters): Promise<void> {
    await this.repo().update({ id }, counters);
  }

  async finish(id: string, outcome: { status: 'succeeded' | 'failed'; error?: string } & RunCounters, tx: Tx): Promise<void> {
    await this.repo(tx).update({ id }, { ...outcome, error: outcome.error ?? null, finishedAt: new Date() });
  }

  /** Requeues a run whose attempt failed but may be retried. */
  async requeue(id: string, error: string): Promise<void> {
    await this.repo().update({ id }, { status: 'queued', error });
  }

  async latest(dataSourceId: string): Promise<SyncRunEntity | null> {
    return this.repo().findOne({ where: { dataSourceId }, order: { createdAt: 'DESC' } });
  }

  /** Sources with work left over from before a restart. */
  async unfinished(): Promise<Array<{ orgId: string; dataSourceId: string }>> {
    const rows = await this.repo()
      .createQueryBuilder('run')
      .select('DISTINCT run.org_id', 'orgId')
      .addSelect('run.data_source_id', 'dataSourceId')
      .where('run.status IN (:...statuses)', { statuses: ['queued', 'running'] })
      .getRawMany<{ orgId: string; dataSourceId: string }>();
    return rows;
  }
}
