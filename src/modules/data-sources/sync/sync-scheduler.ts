import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { JobQueue } from '#src/common/queue/job-queue.js';
import { JobName } from '#src/common/queue/queue-name.enum.js';
import { awaitsConnection } from '#src/modules/connectors/connector-types.js';
import type { DataSourceEntity } from '#src/modules/data-sources/data-source.entity.js';
import { DataSourcesRepository } from '#src/modules/data-sources/data-sources.repository.js';
import { SYNC_INTERVAL_MS } from '#src/modules/data-sources/sync/sync.service.js';
import { SyncRunsRepository } from '#src/modules/data-sources/sync-runs.repository.js';

const SYNC_ATTEMPTS = 3;
const SYNC_BACKOFF_MS = 5_000;

const scheduleKey = (dataSourceId: string): string => `data-source-sync:${dataSourceId}`;

/**
 * Wakes workers for queued syncs and keeps each source's repeating schedule. Queued syncs and schedules
 * are recorded in PostgreSQL, so a consuming process restores both at start-up: nothing depends on a
 * job surviving in the queue.
 */
@Injectable()
export class SyncScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger('SyncScheduler');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queue: JobQueue,
    private readonly sources: DataSourcesRepository,
    private readonly runs: SyncRunsRepository,
    private readonly transactions: TransactionRunner,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.queue.consuming) {
      return;
    }
    const [scheduled, unfinished] = await Promise.all([this.sources.scheduled(), this.runs.unfinished()]);
    await Promise.all(scheduled.map((source) => this.apply(source)));
    await Promise.all(unfinished.map(({ orgId, dataSourceId }) => this.wakeById(orgId, dataSourceId)));
    if (scheduled.length + unfinished.length > 0) {
      this.logger.log({ schedules: scheduled.length, resumed: unfinished.length }, 'Restored sync schedules and resumed unfinished syncs');
    }
    this.queue.onReconnect(() => this.restoreAfterReconnect());
  }

  /**
   * Redis may have come back empty: schedules are applied again and queued syncs woken again (a wake-up whose
   * job is still there collapses into it). Running syncs are left to the workers running them: a second job
   * would run the same sync twice at once.
   */
  private async restoreAfterReconnect(): Promise<void> {
    const [scheduled, queued] = await Promise.all([this.sources.scheduled(), this.runs.unfinished(['queued'])]);
    await Promise.all(scheduled.map((source) => this.apply(source)));
    await Promise.all(queued.map(({ orgId, dataSourceId }) => this.wakeById(orgId, dataSourceId)));
  }

  async wake(source: Pick<DataSourceEntity, 'orgId' | 'id'>): Promise<void> {
    await this.wakeById(source.orgId, source.id);
  }

  async apply(source: DataSourceEntity): Promise<void> {
    const everyMs = SYNC_INTERVAL_MS[source.syncFrequency];
    if (everyMs === undefined) {
      await this.queue.unschedule(scheduleKey(source.id));
      return;
    }
    await this.queue.schedule(scheduleKey(source.id), JobName.SyncDataSource, { orgId: source.orgId, dataSourceId: source.id, scheduled: true }, everyMs);
  }

  /**
   * A schedule's tick: queues the slot's sync if the source is due and has none waiting or running, then wakes
   * the source's sync job. A tick never runs a sync itself: every run goes through that one job per source
   * (its dedupe key), so two workers never run one source's sync at once. A connector source without a
   * connection (before its consent, refused or disconnected) has nothing to sync: its slots pass, and its
   * `error` keeps saying why, instead of a failed run each slot.
   */
  async tick(orgId: string, dataSourceId: string): Promise<void> {
    const pending = await this.transactions.run(async (tx) => {
      const source = await this.sources.lockById(orgId, dataSourceId, tx);
      if (!source) {
        return undefined;
      }
      const waiting = await this.runs.next(orgId, dataSourceId, tx);
      if (waiting || awaitsConnection(source) || !isDue(source)) {
        return waiting ?? undefined;
      }
      return this.runs.queue(orgId, dataSourceId, 'schedule', tx);
    });
    if (pending) {
      await this.wakeById(orgId, dataSourceId);
    }
  }

  async remove(dataSourceId: string): Promise<void> {
    await this.queue.unschedule(scheduleKey(dataSourceId));
  }

  private async wakeById(orgId: string, dataSourceId: string): Promise<void> {
    await this.queue.enqueue(
      JobName.SyncDataSource,
      { orgId, dataSourceId },
      { dedupeKey: `sync:${dataSourceId}`, attempts: SYNC_ATTEMPTS, backoffMs: SYNC_BACKOFF_MS * this.config.sync.retryTimeScale },
    );
  }
}

/** A schedule that fires again right after a restart does not re-sync a source synced moments ago. */
function isDue(source: DataSourceEntity): boolean {
  const interval = SYNC_INTERVAL_MS[source.syncFrequency];
  return interval !== undefined && (!source.lastSyncedAt || Date.now() - source.lastSyncedAt.getTime() >= interval * 0.9);
}
