import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { JobQueue } from '#src/common/queue/job-queue.js';
import { JobName } from '#src/common/queue/queue-name.enum.js';
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
    private readonly queue: JobQueue,
    private readonly sources: DataSourcesRepository,
    private readonly runs: SyncRunsRepository,
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

  async remove(dataSourceId: string): Promise<void> {
    await this.queue.unschedule(scheduleKey(dataSourceId));
  }

  private async wakeById(orgId: string, dataSourceId: string): Promise<void> {
    await this.queue.enqueue(
      JobName.SyncDataSource,
      { orgId, dataSourceId },
      { dedupeKey: `sync:${dataSourceId}`, attempts: SYNC_ATTEMPTS, backoffMs: SYNC_BACKOFF_MS },
    );
  }
}
