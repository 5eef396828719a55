import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '#src/common/queue/job-queue.js';
import { JobName } from '#src/common/queue/queue-name.enum.js';
import { SyncScheduler } from '#src/modules/data-sources/sync/sync-scheduler.js';
import { SyncService } from '#src/modules/data-sources/sync/sync.service.js';

/** Registers the ingestion job handlers; they run wherever the queue consumes (worker, or embedded api). */
@Injectable()
export class IngestionProcessor implements OnModuleInit {
  constructor(
    private readonly queue: JobQueue,
    private readonly sync: SyncService,
    private readonly scheduler: SyncScheduler,
  ) {}

  onModuleInit(): void {
    this.queue.handle(JobName.SyncDataSource, (payload, context) =>
      payload.scheduled ? this.scheduler.tick(payload.orgId, payload.dataSourceId) : this.sync.runPending(payload, context),
    );
  }
}
