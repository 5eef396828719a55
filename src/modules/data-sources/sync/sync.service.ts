import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { TransactionRunner, type Tx } from '#src/common/database/transaction.js';
import type { JobContext } from '#src/common/queue/job-queue.js';
import { DataSourcesRepository } from '#src/modules/data-sources/data-sources.repository.js';
import type { DataSourceEntity } from '#src/modules/data-sources/data-source.entity.js';
import { DocumentsRepository, type DocumentIdentity } from '#src/modules/data-sources/documents.repository.js';
import { toDataSourceEvent } from '#src/modules/data-sources/dto/data-source.dto.js';
import { isMissing, SourceUnavailableError, type SourceDocument } from '#src/modules/data-sources/ingestion/document-source.js';
import { DocumentIndexer } from '#src/modules/data-sources/sync/document-indexer.js';
import { DocumentPreparer } from '#src/modules/data-sources/sync/document-preparer.js';
import { DocumentSources } from '#src/modules/data-sources/sync/document-sources.js';
import type { SyncRunEntity } from '#src/modules/data-sources/sync-run.entity.js';
import { SyncRunsRepository, type RunCounters } from '#src/modules/data-sources/sync-runs.repository.js';
import { DomainEventsService } from '#src/modules/events/domain-events.service.js';
import { SearchStatsRepository } from '#src/modules/retrieval/search-stats.repository.js';

const PROGRESS_INTERVAL_MS = 500;
/** How often a long sync checks that its data source still exists (it may be deleted meanwhile). */
const EXISTENCE_CHECK_EVERY = 20;

class SourceDeletedError extends Error {}

export const SYNC_INTERVAL_MS: Partial<Record<string, number>> = {
  hourly: 3_600_000,
  daily: 86_400_000,
  weekly: 604_800_000,
};

/**
 * Runs a sync: reads every document of the source, re-indexes the changed ones (chunks and embeddings
 * in one transaction per document), skips the unchanged ones, records failures per document, and after
 * a complete pass removes documents that disappeared. Idempotent and resumable: a run repeated after a
 * crash finds the documents already indexed unchanged, and never leaves a document half indexed.
 */
@Injectable()
export class SyncService {
  private readonly logger = new Logger('Sync');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sources: DataSourcesRepository,
    private readonly runs: SyncRunsRepository,
    private readonly documents: DocumentsRepository,
    private readonly documentSources: DocumentSources,
    private readonly preparer: DocumentPreparer,
    private readonly indexer: DocumentIndexer,
    private readonly events: DomainEventsService,
    private readonly searchStats: SearchStatsRepository,
    private readonly transactions: TransactionRunner,
  ) {}

  /** The job handler: runs the source's pending sync, if any (a scheduled job first queues one). */
  async runPending(job: { orgId: string; dataSourceId: string; scheduled?: boolean }, context: JobContext): Promise<void> {
    const claimed = await this.claim(job.orgId, job.dataSourceId, job.scheduled === true);
    if (!claimed) {
      return;
    }
    const { source, run } = claimed;
    const started = Date.now();
    const counters = emptyCounters(run);
    try {
      await this.ingest(source, run, counters);
      await this.refreshSearchStats(source);
      await this.succeed(source, run, counters, Date.now() - started);
    } catch (error) {
      if (error instanceof SourceDeletedError) {
        return;
      }
      // What was indexed before the failure is searchable: keyword search should count it.
      await this.refreshSearchStats(source);
      const message = describe(error);
      const retriable = !(error instanceof SourceUnavailableError) && context.attempt < context.maxAttempts;
      if (retriable) {
        this.logger.warn({ err: error, data_source_id: source.id, run_id: run.id, attempt: context.attempt }, 'Sync attempt failed; it will be retried');
        await this.runs.requeue(run.id, message);
        throw error;
      }
      this.logger.warn({ err: error, data_source_id: source.id, run_id: run.id }, 'Sync failed');
      await this.fail(source, run, counters, message);
    }
  }

  private async claim(orgId: string, dataSourceId: string, scheduled: boolean): Promise<{ source: DataSourceEntity; run: SyncRunEntity } | undefined> {
    return this.transactions.run(async (tx) => {
      const source = await this.sources.findByIdForUpdate(orgId, dataSourceId, tx);
      if (!source) {
        return undefined;
      }
      let run = await this.runs.next(dataSourceId, tx);
      if (!run && scheduled && isDue(source)) {
        run = await this.runs.queue(orgId, dataSourceId, 'schedule', tx);
      }
      if (!run) {
        return undefined;
      }
      run = await this.runs.start(run, tx);
      await this.sources.setStatus(source.id, 'processing', null, tx);
      return { source, run };
    });
  }

  private async ingest(source: DataSourceEntity, run: SyncRunEntity, counters: RunCounters): Promise<void> {
    const documentSource = await this.documentSources.of(source);
    counters.documentsExpected = documentSource.expected;
    let lastProgress = 0;
    const reportProgress = async (force = false): Promise<void> => {
      if (force || Date.now() - lastProgress >= PROGRESS_INTERVAL_MS) {
        lastProgress = Date.now();
        await this.runs.progress(run.id, { ...counters });
      }
    };

    const abort = new AbortController();
    const inFlight = new Set<Promise<void>>();
    let failure: Error | undefined;
    let firstMissing: string | undefined;
    try {
      for await (const item of documentSource.documents(abort.signal)) {
        if (failure) {
          break;
        }
        if (counters.documentsSeen > 0 && counters.documentsSeen % EXISTENCE_CHECK_EVERY === 0 && !(await this.sources.findById(source.orgId, source.id))) {
          throw new SourceDeletedError();
        }
        counters.documentsSeen += 1;
        const identity: DocumentIdentity = { orgId: source.orgId, dataSourceId: source.id, key: item.key, url: item.url, title: item.key, runId: run.id };
        if (isMissing(item)) {
          firstMissing ??= `${item.url}: ${item.error}`;
        }
        const work = (isMissing(item) ? this.recordFailure(identity, item.error, counters) : this.index(source, identity, item, counters)).then(
          () => reportProgress(),
          (error: unknown) => {
            failure ??= error instanceof Error ? error : new Error(String(error));
          },
        );
        inFlight.add(work);
        void work.finally(() => inFlight.delete(work));
        if (inFlight.size >= this.documentConcurrency()) {
          await Promise.race(inFlight);
        }
      }
    } finally {
      abort.abort();
      await Promise.all(inFlight);
    }
    if (failure) {
      throw failure;
    }
    if (source.type === 'website' && counters.documentsFailed === counters.documentsSeen) {
      throw new SourceUnavailableError(`No page of ${String(source.config.url)} could be read${firstMissing ? `: ${firstMissing}` : ''}`);
    }
    counters.documentsExpected = counters.documentsSeen;
    counters.documentsRemoved = await this.transactions.run((tx) => this.documents.removeUnseen(source.id, run.id, tx));
    await reportProgress(true);
  }

  /**
   * Documents in flight at once: enough to keep every embedding thread busy with full batches (the local
   * embedder fills a batch with the chunks of several documents) while others are read.
   */
  private documentConcurrency(): number {
    return this.config.embeddings.provider === 'local' ? this.config.embeddings.threads * 4 : 8;
  }

  /** Keyword search's statistics of the source, rewritten; a failure leaves the previous ones in place. */
  private async refreshSearchStats(source: DataSourceEntity): Promise<void> {
    try {
      await this.searchStats.refresh({ orgId: source.orgId, scope: source.id });
    } catch (error) {
      this.logger.warn({ err: error, data_source_id: source.id }, 'Could not refresh the search statistics of the data source');
    }
  }

  private async index(source: DataSourceEntity, identity: DocumentIdentity, item: SourceDocument, counters: RunCounters): Promise<void> {
    const prepared = await this.preparer.prepare(await item.input());
    if (!prepared.ok) {
      await this.recordFailure(identity, prepared.message, counters);
      return;
    }
    const { title, contentHash, chunks } = prepared.document;
    const existing = await this.documents.findByKey(source.id, identity.key);
    if (existing?.status === 'indexed' && existing.contentHash === contentHash) {
      await this.documents.markSeen(existing.id, identity.runId);
      counters.documentsUnchanged += 1;
      return;
    }
    const document = { ...identity, title: title || identity.key };
    const written = await this.indexer.indexChunks(document, chunks, contentHash);
    if (!written) {
      await this.recordFailure(document, 'The document holds no text', counters);
      return;
    }
    counters.documentsIndexed += 1;
    counters.chunksWritten += written.chunks;
    counters.tokensProcessed += written.tokens;
  }

  private async recordFailure(identity: DocumentIdentity, error: string, counters: RunCounters): Promise<void> {
    await this.documents.markFailed(identity, error);
    counters.documentsFailed += 1;
  }

  private async succeed(source: DataSourceEntity, run: SyncRunEntity, counters: RunCounters, durationMs: number): Promise<void> {
    await this.whileSourceExists(source, async (tx) => {
      await this.runs.finish(run.id, { status: 'succeeded', ...counters }, tx);
      await this.sources.setStatus(source.id, 'active', null, tx, new Date());
      await this.events.record(tx, source.orgId, 'datasource.processed', {
        dataSource: {
          ...toDataSourceEvent(source, 'completed'),
          stats: {
            documentsProcessed: counters.documentsIndexed + counters.documentsUnchanged,
            tokensProcessed: counters.tokensProcessed,
            duration: durationMs,
          },
        },
      });
    });
    this.logger.log({ data_source_id: source.id, run_id: run.id, ...counters, duration_ms: durationMs }, 'Sync finished');
  }

  private async fail(source: DataSourceEntity, run: SyncRunEntity, counters: RunCounters, error: string): Promise<void> {
    await this.whileSourceExists(source, async (tx) => {
      await this.runs.finish(run.id, { status: 'failed', error, ...counters }, tx);
      await this.sources.setStatus(source.id, 'failed', error, tx);
      await this.events.record(tx, source.orgId, 'datasource.failed', { dataSource: { ...toDataSourceEvent(source, 'failed'), error }, error });
    });
  }

  /**
   * Finishes a run in one transaction that locks the source row first, as a delete does before its cascade
   * reaches the run: taking the two rows in the other order deadlocks with a delete. A deleted source has
   * nothing left to finish.
   */
  private async whileSourceExists(source: DataSourceEntity, work: (tx: Tx) => Promise<void>): Promise<void> {
    await this.transactions.run(async (tx) => {
      if (await this.sources.findByIdForUpdate(source.orgId, source.id, tx)) {
        await work(tx);
      }
    });
  }
}

/** A schedule that fires again right after a restart does not re-sync a source synced moments ago. */
function isDue(source: DataSourceEntity): boolean {
  const interval = SYNC_INTERVAL_MS[source.syncFrequency];
  return interval !== undefined && (!source.lastSyncedAt || Date.now() - source.lastSyncedAt.getTime() >= interval * 0.9);
}

function emptyCounters(run: SyncRunEntity): RunCounters {
  return {
    documentsExpected: run.documentsExpected,
    documentsSeen: 0,
    documentsIndexed: 0,
    documentsUnchanged: 0,
    documentsFailed: 0,
    documentsRemoved: 0,
    chunksWritten: 0,
    tokensProcessed: 0,
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
