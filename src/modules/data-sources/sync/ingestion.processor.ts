import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '#src/common/queue/job-queue.js';
import { JobName } from '#src/common/queue/queue-name.enum.js';
import { SyncService } from '#src/modules/data-sources/sync/sync.service.js';

/** Registers the ingestion job handlers; they run wherever the queue consumes (worker, or embedded api). */
@Injectable()
export class IngestionProcessor implements OnModuleInit {
  constructor(
    private readonly queue: JobQueue,
    private readonly sync: SyncService,
  ) {}

  onModuleInit(): void {
    this.queue.handle(JobName.SyncDataSource, (payload, context) => this.sync.runPending(payload, context));
  }
}
