import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JobQueue } from '#src/common/queue/job-queue.js';
import { SearchStatsRepository } from '#src/modules/retrieval/search-stats.repository.js';

/**
 * Computes, once at start in a process that runs jobs, the keyword-search statistics of every scope made
 * before they existed (data sources synced by an earlier version, a knowledge base indexed by one); keyword
 * search counts those scopes' statistics live meanwhile. Later syncs and knowledge base changes keep them.
 */
@Injectable()
export class SearchStatsBackfill implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SearchStats');
  private running: Promise<void> | undefined;
  private stopping = false;

  constructor(
    private readonly queue: JobQueue,
    private readonly stats: SearchStatsRepository,
  ) {}

  onApplicationBootstrap(): void {
    if (this.queue.consuming) {
      this.running = this.run();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  /** Never throws: a scope it could not refresh is counted live, and tried again at the next start. */
  async run(): Promise<void> {
    try {
      const refreshed = await this.stats.refreshMissing(() => this.stopping);
      if (refreshed > 0) {
        this.logger.log({ scopes: refreshed }, 'Computed the search statistics of scopes that had none');
      }
    } catch (error) {
      if (!this.stopping) {
        this.logger.warn({ err: error }, 'Could not compute missing search statistics; keyword search counts them live');
      }
    }
  }
}
