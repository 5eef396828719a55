import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { isDatabaseUnreachable } from '#src/common/database/connection-failure.js';
import { withOutagePatience } from '#src/common/database/outage-patience.js';
import { TransactionRunner, type Tx } from '#src/common/database/transaction.js';
import { JobInterruptedError, type JobContext } from '#src/common/queue/job-queue.js';
import { DataSourcesRepository } from '#src/modules/data-sources/data-sources.repository.js';
import type { DataSourceEntity, DataSourceStatus } from '#src/modules/data-sources/data-source.entity.js';
import type { DocumentInput } from '#src/modules/ingestion/document-input.js';
import { DocumentsRepository, type DocumentIdentity } from '#src/modules/data-sources/documents.repository.js';
import { toDataSourceEvent } from '#src/modules/data-sources/dto/data-source.dto.js';
import { isMissing, SourceUnavailableError, type SourceDocument } from '#src/modules/connectors/document-source.js';
import {
  isCheckpointMark,
  isDeletion,
  isExpectedCount,
  type Connector,
  type ConnectorContext,
  type ListedDocument,
} from '#src/modules/connectors/connector.js';
import { changesThenUnheld, expectedFromListing, unheldKeys } from '#src/modules/data-sources/sync/listed-documents.js';
import { ConnectorRegistry } from '#src/modules/connectors/connector-registry.js';
import { awaitsConnection, isOAuthConnectorType } from '#src/modules/connectors/connector-types.js';
import { ConnectorCredentials } from '#src/modules/connectors/oauth/connector-credentials.js';
import { ConnectionRefusedError, ProviderCallError } from '#src/modules/connectors/provider/provider-failure.js';
import { ProviderSessions } from '#src/modules/connectors/provider/provider-sessions.js';
import { DocumentIndexer } from '#src/modules/data-sources/sync/document-indexer.js';
import { DocumentPreparer } from '#src/modules/ingestion/document-preparer.js';
import type { SyncRunEntity } from '#src/modules/data-sources/sync-run.entity.js';
import { SyncRunsRepository, type RunCounters } from '#src/modules/data-sources/sync-runs.repository.js';
import { DomainEventsService } from '#src/modules/events/domain-events.service.js';
import { SearchStatsRepository } from '#src/modules/retrieval/search-stats.repository.js';

const PROGRESS_INTERVAL_MS = 500;
/** A sync asked of a connector source that has no consent, or no tokens: the job ends, the source keeps its status. */
const NOT_CONNECTED = 'The source is not connected: connect it through its authorize_url';
/** How often a sync checks that its data source still exists: a deleted source's sync stops fetching and embedding. */
const EXISTENCE_CHECK_MS = 250;
/** How long a stopping process waits for its syncs to hand their runs back, within SHUTDOWN_TIMEOUT_MS. */
const STOP_WAIT_MS = 2_000;

/**
 * A sync waits for an unreachable database (a restart, a failover) as long as its process runs, then
 * resumes from its checkpoint: a job that gave up would leave its run `running` with nobody to finish it
 * until a worker starts again. A stopping process stops waiting; the next worker resumes the run.
 */
const DATABASE_OUTAGE_PATIENCE_MS = Number.POSITIVE_INFINITY;

class SourceDeletedError extends Error {}

/** The reason a sync stops when its process does: the run is handed back, not failed. */
class SyncStoppedError extends Error {}

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
export class SyncService implements OnModuleDestroy {
  private readonly logger = new Logger('Sync');
  private readonly stopping = new AbortController();
  /** Syncs running in this process, which a shutdown stops and waits for. */
  private readonly running = new Set<Promise<void>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sources: DataSourcesRepository,
    private readonly runs: SyncRunsRepository,
    private readonly documents: DocumentsRepository,
    private readonly connectors: ConnectorRegistry,
    private readonly sessions: ProviderSessions,
    private readonly credentials: ConnectorCredentials,
    private readonly preparer: DocumentPreparer,
    private readonly indexer: DocumentIndexer,
    private readonly events: DomainEventsService,
    private readonly searchStats: SearchStatsRepository,
    private readonly transactions: TransactionRunner,
  ) {}

  /**
   * A stopping process (SIGTERM, a deploy) stops its syncs at their next step and hands their runs back while
   * the database and the queue are still open (this hook comes before any store closes): the next worker
   * resumes each from its checkpoint, and a restart never counts as one of a sync's attempts.
   */
  async onModuleDestroy(): Promise<void> {
    this.stopping.abort(new SyncStoppedError('The process is stopping'));
    // A document being parsed does not heed the signal: past this wait the parse threads' own shutdown ends it.
    await Promise.race([Promise.allSettled([...this.running]), sleep(STOP_WAIT_MS, undefined, { ref: false })]);
  }

  /**
   * The job handler: runs the source's pending sync, if any (a schedule's tick queues one: SyncScheduler.tick).
   * While the database cannot be reached the sync waits for it, then resumes the run from its checkpoint.
   */
  async runPending(job: { orgId: string; dataSourceId: string }, context: JobContext): Promise<void> {
    if (this.stopping.signal.aborted) {
      throw new JobInterruptedError('The process is stopping: another worker runs the sync');
    }
    const sync = withOutagePatience(() => this.runClaimed(job, context), {
      patienceMs: DATABASE_OUTAGE_PATIENCE_MS,
      signal: this.stopping.signal,
      onWait: (error, waitMs) =>
        this.logger.warn(
          { err: error, data_source_id: job.dataSourceId, retry_in_ms: waitMs },
          'The database is unreachable; the sync resumes once it answers',
        ),
    });
    const settled = sync.then(
      () => undefined,
      () => undefined,
    );
    this.running.add(settled);
    try {
      await sync;
    } catch (error) {
      if (this.stopping.signal.aborted) {
        throw new JobInterruptedError('The process stopped during the sync: another worker resumes it', { cause: error });
      }
      throw error;
    } finally {
      this.running.delete(settled);
    }
  }

  private async runClaimed(job: { orgId: string; dataSourceId: string }, context: JobContext): Promise<void> {
    const claimed = await this.claim(job.orgId, job.dataSourceId);
    if (!claimed) {
      return;
    }
    const { source, run } = claimed;
    const counters = countersOf(run);
    try {
      await this.ingest(source, run, counters);
      await this.refreshSearchStats(source);
      await this.succeed(source, run, counters);
    } catch (error) {
      if (error instanceof SourceDeletedError) {
        return;
      }
      if (isDatabaseUnreachable(error)) {
        throw error;
      }
      // Deleted while it ran (a write refused for its missing source): nothing is left to record.
      if (!(await this.sources.findById(source.orgId, source.id))) {
        return;
      }
      // What was indexed before the failure is searchable: keyword search should count it.
      await this.refreshSearchStats(source);
      if (this.stopping.signal.aborted) {
        await this.runs.release(source.orgId, run.id, shownProgress(run, counters));
        throw error;
      }
      const message = describe(error);
      if (error instanceof ConnectionRefusedError) {
        this.logger.warn({ data_source_id: source.id, run_id: run.id, reason: message }, 'The provider refused the connection');
        await this.fail(source, run, counters, message, 'Connection failed');
        return;
      }
      const retriable = !(error instanceof SourceUnavailableError) && context.attempt < context.maxAttempts;
      if (retriable) {
        this.logger.warn({ err: error, data_source_id: source.id, run_id: run.id, attempt: context.attempt }, 'Sync attempt failed; it will be retried');
        await this.runs.requeue(source.orgId, run.id, message, shownProgress(run, counters));
        throw error;
      }
      this.logger.warn({ err: error, data_source_id: source.id, run_id: run.id }, 'Sync failed');
      await this.fail(source, run, counters, message);
    }
  }

  private async claim(orgId: string, dataSourceId: string): Promise<{ source: DataSourceEntity; run: SyncRunEntity } | undefined> {
    return this.transactions.run(async (tx) => {
      const source = await this.sources.lockById(orgId, dataSourceId, tx);
      if (!source) {
        return undefined;
      }
      let run = await this.runs.next(orgId, dataSourceId, tx);
      if (!run) {
        return undefined;
      }
      if (awaitsConnection(source) || (isOAuthConnectorType(source.type) && !(await this.credentials.exists({ ...source, type: source.type }, tx)))) {
        await this.runs.finish(orgId, run.id, { status: 'failed', error: NOT_CONNECTED, ...countersOf(run) }, tx);
        await this.sources.setStatus(orgId, source.id, source.status, NOT_CONNECTED, tx);
        return undefined;
      }
      run = await this.runs.start(run, tx);
      await this.sources.setStatus(orgId, source.id, 'processing', null, tx);
      return { source, run };
    });
  }

  private async ingest(source: DataSourceEntity, run: SyncRunEntity, counters: RunCounters): Promise<void> {
    const connector = this.connectors.get(source.type);
    // `deleted` stops the reading and the indexing of documents; `abort` also ends the connector's reading once done.
    const deleted = new AbortController();
    const abort = new AbortController();
    deleted.signal.addEventListener('abort', () => abort.abort(deleted.signal.reason), { once: true });
    const stop = (): void => deleted.abort(this.stopping.signal.reason);
    this.stopping.signal.addEventListener('abort', stop, { once: true });
    if (this.stopping.signal.aborted) {
      stop();
    }
    let context = this.contextOf(source, connector, abort.signal);
    const listing = connector.listDocuments ? await this.listing(connector, context) : undefined;
    const unheld = listing ? unheldKeys(listing, await this.documents.keysOf(source.orgId, source.id)) : new Set<string>();
    // A connector that cannot read documents by key reads everything again to get the ones not held here.
    if (unheld.size > 0 && !connector.fetchDocuments) {
      context = { ...context, checkpoint: null };
    }
    counters.documentsExpected = listing ? expectedFromListing(listing, source.lastSyncedAt, unheld) : ((await connector.expectedDocuments?.(context)) ?? null);
    let lastProgress = 0;
    const reportProgress = async (force = false): Promise<void> => {
      if (force || Date.now() - lastProgress >= PROGRESS_INTERVAL_MS) {
        lastProgress = Date.now();
        await this.runs.progress(source.orgId, run.id, shownProgress(run, counters));
      }
    };

    const inFlight = new Set<Promise<void>>();
    let failure: Error | undefined;
    let firstMissing: string | undefined;
    const watch = this.watchDeletion(source, deleted);
    try {
      for await (const item of changesThenUnheld(connector, context, unheld)) {
        if (failure) {
          break;
        }
        if (isExpectedCount(item)) {
          counters.documentsExpected = item.expected;
          continue;
        }
        if (isCheckpointMark(item)) {
          // Persisted only once everything before it is indexed: a sync resumed from it loses nothing.
          await Promise.all(inFlight);
          if (failure) {
            break;
          }
          await this.sources.saveCheckpoint(source.orgId, source.id, item.checkpoint as object | null, source.config);
          await reportProgress();
          continue;
        }
        if (isDeletion(item)) {
          counters.documentsRemoved += await this.transactions.run((tx) => this.documents.removeKeys(source.orgId, source.id, [item.deletedKey], tx));
          continue;
        }
        deleted.signal.throwIfAborted();
        const identity: DocumentIdentity = { orgId: source.orgId, dataSourceId: source.id, key: item.key, url: item.url, title: item.key, runId: run.id };
        if (isMissing(item)) {
          firstMissing ??= `${item.url}: ${item.error}`;
        }
        // A failure of the progress report (the database away) fails the attempt like one of the indexing.
        const work = (
          isMissing(item) ? this.recordFailure(identity, item.error, counters, item.transient) : this.index(source, identity, item, counters, deleted.signal)
        )
          // A document counts toward progress once done: indexed, unchanged or failed.
          .then(() => {
            counters.documentsSeen += 1;
            return reportProgress();
          })
          .catch((error: unknown) => {
            failure ??= error instanceof Error ? error : new Error(String(error));
          });
        inFlight.add(work);
        void work.finally(() => inFlight.delete(work));
        if (inFlight.size >= this.documentConcurrency()) {
          await Promise.race(inFlight);
        }
      }
      // The documents read by key come after the last checkpoint: their reads finish before the calls are cut short.
      await Promise.all(inFlight);
    } finally {
      clearInterval(watch);
      this.stopping.signal.removeEventListener('abort', stop);
      abort.abort();
      await Promise.all(inFlight);
    }
    deleted.signal.throwIfAborted();
    if (failure) {
      throw failure;
    }
    if (source.type === 'website' && counters.documentsFailed === counters.documentsSeen) {
      throw new SourceUnavailableError(`No page of ${String(source.config.url)} could be read${firstMissing ? `: ${firstMissing}` : ''}`);
    }
    // Files that were uploaded and none of them readable: the source holds nothing, which is a failure, as for a website.
    if (source.type === 'file' && counters.documentsSeen > 0 && counters.documentsFailed === counters.documentsSeen) {
      const what = counters.documentsSeen === 1 ? 'The file could not be read' : `None of the ${counters.documentsSeen} files could be read`;
      throw new SourceUnavailableError(`${what}: the reason is in the source's documents (status failed)`);
    }
    counters.documentsExpected = counters.documentsSeen;
    const keys = listing ? new Set(listing.map((listed) => listed.key)) : undefined;
    counters.documentsRemoved += await this.transactions.run((tx) =>
      keys ? this.documents.removeUnlisted(source.orgId, source.id, keys, run.id, tx) : this.documents.removeUnseen(source.orgId, source.id, run.id, tx),
    );
    await reportProgress(true);
  }

  /** Aborts `abort` with a SourceDeletedError once the source is found deleted: its crawl, reads and embedding stop. */
  private watchDeletion(source: DataSourceEntity, abort: AbortController): NodeJS.Timeout {
    let checking = false;
    const timer = setInterval(() => {
      if (checking || abort.signal.aborted) {
        return;
      }
      checking = true;
      this.sources
        .findById(source.orgId, source.id)
        .then((found) => {
          if (!found) {
            abort.abort(new SourceDeletedError());
          }
        })
        // An unreachable database is the sync's own writes' to report.
        .catch(() => undefined)
        .finally(() => {
          checking = false;
        });
    }, EXISTENCE_CHECK_MS);
    timer.unref();
    return timer;
  }

  private contextOf(source: DataSourceEntity, connector: Connector, signal: AbortSignal): ConnectorContext<object, unknown> {
    return {
      source: { id: source.id, orgId: source.orgId, config: source.config },
      checkpoint: source.syncCheckpoint ?? null,
      ...this.sessions.forSource(source, connector, signal),
      signal,
    };
  }

  /** Everything the source holds now, read in full before any change is applied (a partial listing throws). */
  private async listing(connector: Connector, context: ConnectorContext<object, unknown>): Promise<ListedDocument[]> {
    const listed: ListedDocument[] = [];
    for await (const document of connector.listDocuments?.(context) ?? []) {
      listed.push(document);
    }
    return listed;
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

  private async index(source: DataSourceEntity, identity: DocumentIdentity, item: SourceDocument, counters: RunCounters, signal: AbortSignal): Promise<void> {
    let input: DocumentInput;
    try {
      input = await item.input();
    } catch (error) {
      // The item vanished or cannot be had (too large, refused): its own failure. Anything else fails the attempt.
      if (error instanceof ProviderCallError && (error.failure.kind === 'not_found' || error.failure.kind === 'fatal')) {
        await this.recordFailure(identity, error.message, counters);
        return;
      }
      throw error;
    }
    const prepared = await this.preparer.prepare(input);
    signal.throwIfAborted();
    if (!prepared.ok) {
      await this.recordFailure(identity, prepared.message, counters);
      return;
    }
    const { title, contentHash, chunks } = prepared.document;
    const existing = await this.documents.findByKey(source.orgId, source.id, identity.key);
    if (existing?.status === 'indexed' && existing.contentHash === contentHash) {
      await this.documents.markSeen(source.orgId, existing.id, identity.runId);
      counters.documentsUnchanged += 1;
      return;
    }
    const document = { ...identity, title: item.title || title || identity.key };
    const written = await this.indexer.indexChunks(document, chunks, contentHash, signal);
    if (!written) {
      await this.recordFailure(document, 'The document holds no text', counters);
      return;
    }
    counters.documentsIndexed += 1;
    counters.chunksWritten += written.chunks;
    counters.tokensProcessed += written.tokens;
  }

  /** A failure that may pass (a server error, a timeout) leaves an indexed document's content in place, the error noted on it. */
  private async recordFailure(identity: DocumentIdentity, error: string, counters: RunCounters, transient = false): Promise<void> {
    if (!transient || !(await this.documents.keepThroughFailure(identity, error))) {
      await this.documents.markFailed(identity, error);
    }
    counters.documentsFailed += 1;
  }

  /**
   * The stats of `datasource.processed` are the whole sync's, an attempt that failed and was retried included:
   * the documents it left indexed, counted once, the tokens it embedded, and the time from its start to its end.
   */
  private async succeed(source: DataSourceEntity, run: SyncRunEntity, counters: RunCounters): Promise<void> {
    const durationMs = Date.now() - (run.startedAt ?? new Date()).getTime();
    await this.whileSourceExists(source, async (tx, current) => {
      await this.runs.finish(source.orgId, run.id, { status: 'succeeded', ...counters }, tx);
      // Disconnected while the sync ran: it stays disconnected, whatever the sync managed to read.
      if (current.status === 'Disconnected') {
        return;
      }
      await this.sources.setStatus(source.orgId, source.id, isOAuthConnectorType(source.type) ? 'Connected' : 'active', null, tx, new Date());
      await this.events.record(tx, source.orgId, 'datasource.processed', {
        dataSource: {
          ...toDataSourceEvent(await this.afterChange(source, tx), 'completed'),
          stats: {
            documentsProcessed: await this.documentsProcessed(source, run, counters, tx),
            tokensProcessed: counters.tokensProcessed,
            duration: durationMs,
          },
        },
      });
    });
    this.logger.log({ data_source_id: source.id, run_id: run.id, ...counters, duration_ms: durationMs }, 'Sync finished');
  }

  /**
   * An attempt that ran alone counted its documents as it went. After a retry, the documents an earlier attempt
   * indexed are read again as unchanged, so they are counted in the index instead, each once.
   */
  private async documentsProcessed(source: DataSourceEntity, run: SyncRunEntity, counters: RunCounters, tx: Tx): Promise<number> {
    if (run.attempts <= 1) {
      return counters.documentsIndexed + counters.documentsUnchanged;
    }
    return this.documents.countProcessedBy(source.orgId, source.id, run.id, tx);
  }

  private async fail(source: DataSourceEntity, run: SyncRunEntity, counters: RunCounters, error: string, status: DataSourceStatus = 'failed'): Promise<void> {
    await this.whileSourceExists(source, async (tx, current) => {
      await this.runs.finish(source.orgId, run.id, { status: 'failed', error, ...counters }, tx);
      // Disconnected while the sync ran: the sync's failure to call the provider says nothing new.
      if (current.status === 'Disconnected') {
        return;
      }
      await this.sources.setStatus(source.orgId, source.id, status, error, tx);
      await this.events.record(tx, source.orgId, 'datasource.failed', {
        dataSource: { ...toDataSourceEvent(await this.afterChange(source, tx), 'failed'), error },
        error,
      });
    });
  }

  /** The source as the change just made left it, for its event (its `updatedAt` included). */
  private async afterChange(source: DataSourceEntity, tx: Tx): Promise<DataSourceEntity> {
    return (await this.sources.findById(source.orgId, source.id, tx)) ?? source;
  }

  /**
   * Finishes a run in one transaction that locks the source row first, as a delete does before its cascade
   * reaches the run: taking the two rows in the other order deadlocks with a delete. A deleted source has
   * nothing left to finish.
   */
  private async whileSourceExists(source: DataSourceEntity, work: (tx: Tx, current: DataSourceEntity) => Promise<void>): Promise<void> {
    await this.transactions.run(async (tx) => {
      const current = await this.sources.lockById(source.orgId, source.id, tx);
      if (current) {
        await work(tx, current);
      }
    });
  }
}

/**
 * The counters an attempt starts from. What earlier attempts of the run wrote (documents indexed and removed,
 * chunks, tokens) is not written again by this one, which finds those documents unchanged: it carries on from
 * there. What it reads again (seen, unchanged, failed) it counts afresh.
 */
function countersOf(run: SyncRunEntity): RunCounters {
  return {
    documentsExpected: run.documentsExpected,
    documentsSeen: 0,
    documentsIndexed: run.documentsIndexed,
    documentsUnchanged: 0,
    documentsFailed: 0,
    documentsRemoved: run.documentsRemoved,
    chunksWritten: run.chunksWritten,
    tokensProcessed: run.tokensProcessed,
  };
}

/**
 * The counters a run shows while it is unfinished. An attempt reads every document again, so until it has
 * seen more of them than an earlier attempt had, the run keeps showing that attempt's count: its progress
 * never goes back. The finished run records what its last attempt saw.
 */
function shownProgress(run: SyncRunEntity, counters: RunCounters): RunCounters {
  return { ...counters, documentsSeen: Math.max(run.documentsSeen, counters.documentsSeen) };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
