import { rm } from 'node:fs/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { TransactionRunner, type Tx } from '#src/common/database/transaction.js';
import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import { newId } from '#src/common/ids/ids.js';
import type { Page } from '#src/common/validation/validators.js';
import { AgentCache } from '#src/modules/agents/agent-cache.js';
import type { Connector } from '#src/modules/connectors/connector.js';
import { validateConnectorConfig } from '#src/modules/connectors/connector-config.js';
import { ConnectorRegistry } from '#src/modules/connectors/connector-registry.js';
import { awaitsConnection, isOAuthConnectorType } from '#src/modules/connectors/connector-types.js';
import { ConnectorCredentials } from '#src/modules/connectors/oauth/connector-credentials.js';
import { FileStorageService } from '#src/modules/connectors/file/file-storage.service.js';
import { SourceFileEntity } from '#src/modules/connectors/file/source-file.entity.js';
import { SourceFilesRepository } from '#src/modules/connectors/file/source-files.repository.js';
import { DataSourceEntity, type DataSourceType } from '#src/modules/data-sources/data-source.entity.js';
import { DataSourcesRepository } from '#src/modules/data-sources/data-sources.repository.js';
import {
  toDataSourceEvent,
  type CreateDataSourceDto,
  type DataSourceStatusResponseDto,
  type StatusFilter,
  type UpdateDataSourceDto,
  type UploadedFileDto,
} from '#src/modules/data-sources/dto/data-source.dto.js';
import type { DocumentEntity, DocumentStatus } from '#src/modules/data-sources/document.entity.js';
import { DocumentsRepository } from '#src/modules/data-sources/documents.repository.js';
import { SyncScheduler } from '#src/modules/data-sources/sync/sync-scheduler.js';
import type { SyncRunEntity, SyncTrigger } from '#src/modules/data-sources/sync-run.entity.js';
import { SyncRunsRepository } from '#src/modules/data-sources/sync-runs.repository.js';
import { toAgentEvent } from '#src/modules/agents/agent-event.js';
import { DomainEventsService } from '#src/modules/events/domain-events.service.js';
import { diffChanges } from '#src/modules/events/event-map.js';
import { SearchStatsRepository } from '#src/modules/retrieval/search-stats.repository.js';

export interface IncomingFile {
  originalName: string;
  temporaryPath: string;
  size: number;
  contentType: string | undefined;
}

@Injectable()
export class DataSourcesService {
  private readonly logger = new Logger('DataSources');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sources: DataSourcesRepository,
    private readonly runs: SyncRunsRepository,
    private readonly files: SourceFilesRepository,
    private readonly documentsRepository: DocumentsRepository,
    private readonly storage: FileStorageService,
    private readonly scheduler: SyncScheduler,
    private readonly events: DomainEventsService,
    private readonly searchStats: SearchStatsRepository,
    private readonly transactions: TransactionRunner,
    private readonly agentCache: AgentCache,
    private readonly connectors: ConnectorRegistry,
    private readonly credentials: ConnectorCredentials,
  ) {}

  /** Creates the source as `pending` and queues its first sync; a connector source's first sync waits for its consent. */
  async create(auth: AuthContext, dto: CreateDataSourceDto): Promise<DataSourceEntity> {
    const config = await this.validConfig(this.connectorOf(dto.type), dto.config ?? {});
    const source = await this.transactions.run(async (tx) => {
      const created = await this.sources.insert(
        auth.orgId,
        Object.assign(new DataSourceEntity(), {
          id: newId('dataSource'),
          orgId: auth.orgId,
          type: dto.type,
          name: dto.name,
          config,
          syncFrequency: dto.sync_frequency ?? 'manual',
          status: 'pending',
          error: null,
          lastSyncedAt: null,
        }),
        tx,
      );
      if (!isOAuthConnectorType(created.type)) {
        await this.queueSync(created, 'created', tx);
      }
      await this.events.record(tx, auth.orgId, 'datasource.created', { dataSource: toDataSourceEvent(created) });
      return created;
    });
    await this.scheduler.apply(source);
    return source;
  }

  async list(auth: AuthContext, status: StatusFilter | undefined, page: Page): Promise<{ items: DataSourceEntity[]; total: number }> {
    return this.sources.list(auth.orgId, status, page);
  }

  async get(auth: AuthContext, id: string): Promise<DataSourceEntity> {
    return this.inOrganization(auth.orgId, id);
  }

  async inOrganization(orgId: string, id: string): Promise<DataSourceEntity> {
    const source = await this.sources.findById(orgId, id);
    if (!source) {
      throw AppError.notFound('Data source', id);
    }
    return source;
  }

  /**
   * A changed config is synced at once, in full: the checkpoint of what was read under the earlier config
   * says nothing of the documents the new one brings in. A changed frequency reschedules.
   */
  async update(auth: AuthContext, id: string, dto: UpdateDataSourceDto): Promise<DataSourceEntity> {
    const current = await this.get(auth, id);
    const config = dto.config === undefined ? undefined : await this.validConfig(this.connectorOf(current.type), dto.config);
    const updated = await this.transactions.run(async (tx) => {
      const source = await this.lockedSource(auth, id, tx);
      const configChanged = config !== undefined && JSON.stringify(config) !== JSON.stringify(source.config);
      Object.assign(source, {
        name: dto.name ?? source.name,
        config: config ?? source.config,
        syncFrequency: dto.sync_frequency ?? source.syncFrequency,
        syncCheckpoint: configChanged ? null : source.syncCheckpoint,
      });
      const saved = await this.sources.save(auth.orgId, source, tx);
      if (configChanged && !awaitsConnection(saved)) {
        await this.queueSync(saved, 'manual', tx);
      }
      return saved;
    });
    await this.scheduler.apply(updated);
    return updated;
  }

  /** Removes the source, its documents, chunks, runs and files, drops it from every agent, and revokes its tokens at the provider. */
  async delete(auth: AuthContext, id: string): Promise<void> {
    // The agents that named the source no longer do.
    await this.agentCache.changing(auth.orgId, () =>
      this.transactions.run(async (tx) => {
        const source = await this.lockedSource(auth, id, tx);
        if (isOAuthConnectorType(source.type)) {
          await this.credentials.disconnect({ ...source, type: source.type }, this.connectorOf(source.type), tx);
        }
        for (const { before, after } of await this.sources.removeFromAgents(auth.orgId, id, tx)) {
          const agent = toAgentEvent(after);
          await this.events.record(tx, auth.orgId, 'agent.updated', { agent, changes: diffChanges(toAgentEvent(before), agent) });
        }
        await this.searchStats.forget({ orgId: auth.orgId, scope: id }, tx);
        await this.sources.delete(auth.orgId, id, tx);
      }),
    );
    await this.scheduler.remove(id);
    await this.storage
      .removeSource(auth.orgId, id)
      .catch((error: unknown) => this.logger.warn({ err: error, data_source_id: id }, 'Could not remove stored files'));
  }

  /**
   * Queues a sync (or joins the one already waiting) and shows the source as processing. A connector
   * source that awaits its consent keeps its status: the job ends at once, failed, and the source's
   * `error` says to connect it.
   */
  async requestSync(auth: AuthContext, id: string): Promise<SyncRunEntity> {
    return this.transactions.run(async (tx) => this.queueSync(await this.lockedSource(auth, id, tx), 'manual', tx));
  }

  async documents(auth: AuthContext, id: string, status: DocumentStatus | undefined, page: Page): Promise<{ items: DocumentEntity[]; total: number }> {
    await this.get(auth, id);
    return this.documentsRepository.list(auth.orgId, id, status, page);
  }

  async status(auth: AuthContext, id: string): Promise<DataSourceStatusResponseDto> {
    const source = await this.get(auth, id);
    const [run, chunks] = await Promise.all([this.runs.current(auth.orgId, id), this.sources.chunkCount(auth.orgId, id)]);
    // The last good sync's duration is read only while a sync that has shown no rate yet is queued or running.
    const waiting = run !== null && (run.status === 'queued' || run.status === 'running') && run.documentsSeen === 0;
    const previous = waiting ? await this.runs.lastSucceeded(auth.orgId, id) : null;
    return { ...progressOf(source, run, previous), chunks_indexed: chunks, error: source.error, last_synced_at: source.lastSyncedAt?.toISOString() ?? null };
  }

  /** Keeps the uploaded originals (a file of the same name is replaced) and queues a sync that reads them. */
  async upload(auth: AuthContext, id: string, incoming: IncomingFile[]): Promise<{ run: SyncRunEntity; files: UploadedFileDto[] }> {
    try {
      const source = await this.get(auth, id);
      if (source.type !== 'file') {
        const message = `Files can only be uploaded to data sources of type file; ${id} is of type ${source.type}`;
        throw AppError.invalid(message, { file: [message] });
      }
      if (incoming.length === 0) {
        throw AppError.invalid('Send at least one file in the multipart field "file"', { file: ['at least one file is required'] });
      }
      const kept: string[] = [];
      try {
        const stored = await Promise.all(
          incoming.map(async (file) => {
            const placed = await this.storage.keep(file.temporaryPath, auth.orgId, id, newId('document'));
            kept.push(placed.storagePath);
            return { file, ...placed };
          }),
        );
        return await this.record(auth, source, stored);
      } catch (error) {
        // Nothing of a refused upload stays: neither its files, nor the source's folder when the source was deleted meanwhile.
        await Promise.all(kept.map((path) => this.storage.remove(path)));
        if (error instanceof AppError && error.code === ErrorCode.NotFound) {
          await this.storage.removeSource(auth.orgId, id);
        }
        throw error;
      }
    } finally {
      await Promise.all(incoming.map((file) => rm(file.temporaryPath, { force: true })));
    }
  }

  /** The kept files as the source's, in one transaction with the sync that reads them. */
  private async record(
    auth: AuthContext,
    source: DataSourceEntity,
    stored: Array<{ file: IncomingFile; storagePath: string; sha256: string }>,
  ): Promise<{ run: SyncRunEntity; files: UploadedFileDto[] }> {
    const id = source.id;
    return this.transactions.run(async (tx) => {
      await this.lockedSource(auth, id, tx);
      // A name sent twice in one upload is kept once, as the later file, and answered once.
      const files = new Map<string, UploadedFileDto>();
      for (const { file, storagePath, sha256 } of stored) {
        const name = safeFileName(file.originalName);
        const existing = await this.files.findByName(auth.orgId, id, name, tx);
        if (existing) {
          const replaced = existing.storagePath;
          tx.afterCommit(() => this.storage.remove(replaced));
        }
        const kept = Object.assign(existing ?? new SourceFileEntity(), {
          id: existing?.id ?? newId('document'),
          orgId: auth.orgId,
          dataSourceId: id,
          name,
          contentType: file.contentType ?? null,
          size: file.size,
          sha256,
          storagePath,
        });
        await (existing ? this.files.save(auth.orgId, kept, tx) : this.files.insert(auth.orgId, kept, tx));
        files.delete(name);
        files.set(name, { name, size: file.size, content_type: file.contentType ?? null, sha256 });
      }
      const run = await this.queueSync(source, 'upload', tx);
      return { run, files: [...files.values()] };
    });
  }

  /**
   * A connector source's consent completed: `store` keeps its tokens, and in the same transaction the source
   * becomes Connected and its sync is queued.
   */
  async connected(orgId: string, id: string, store: (source: DataSourceEntity, tx: Tx) => Promise<void>): Promise<DataSourceEntity> {
    const source = await this.transactions.run(async (tx) => {
      const locked = await this.sources.lockById(orgId, id, tx);
      if (!locked) {
        throw AppError.notFound('Data source', id);
      }
      await store(locked, tx);
      await this.sources.setStatus(orgId, locked.id, 'Connected', null, tx);
      Object.assign(locked, { status: 'Connected', error: null });
      await this.queueSync(locked, 'connected', tx);
      return locked;
    });
    await this.scheduler.apply(source);
    return source;
  }

  /** `revoke` revokes and deletes the tokens; the documents stay searchable until the source is deleted. */
  async disconnected(auth: AuthContext, id: string, revoke: (source: DataSourceEntity, tx: Tx) => Promise<void>): Promise<DataSourceEntity> {
    return this.transactions.run(async (tx) => {
      const source = await this.lockedSource(auth, id, tx);
      if (!isOAuthConnectorType(source.type)) {
        throw AppError.invalid(`Data sources of type ${source.type} have no connection to disconnect`);
      }
      await revoke(source, tx);
      await this.sources.setStatus(auth.orgId, source.id, 'Disconnected', null, tx);
      return (await this.sources.findById(auth.orgId, source.id, tx)) ?? Object.assign(source, { status: 'Disconnected', error: null });
    });
  }

  connectorOf(type: DataSourceType): Connector {
    const connector = this.connectors.find(type);
    if (!connector) {
      throw AppError.invalid(`Data sources of type ${type} are not supported by this service`, { type: [`${type} is not supported`] });
    }
    return connector;
  }

  private validConfig(connector: Connector, config: Record<string, unknown>): Promise<Record<string, unknown>> {
    return validateConnectorConfig(connector, config, { allowPrivateTargets: this.config.allowPrivateTargets });
  }

  private async lockedSource(auth: AuthContext, id: string, tx: Tx): Promise<DataSourceEntity> {
    const source = await this.sources.lockById(auth.orgId, id, tx);
    if (!source) {
      throw AppError.notFound('Data source', id);
    }
    return source;
  }

  /** The durable request first (a run row), then the job that wakes a worker up, once committed. */
  private async queueSync(source: DataSourceEntity, trigger: SyncTrigger, tx: Tx): Promise<SyncRunEntity> {
    const run = await this.runs.queue(source.orgId, source.id, trigger, tx);
    if (trigger !== 'created' && trigger !== 'connected' && !awaitsConnection(source)) {
      await this.sources.setStatus(source.orgId, source.id, 'processing', null, tx);
      Object.assign(source, { status: 'processing', error: null });
    }
    tx.afterCommit(() => this.scheduler.wake(source));
    return run;
  }
}

/** A first sync's guess before it shows a rate of its own: a few pages or files a second. */
const GUESSED_MS_PER_DOCUMENT = 500;
const GUESSED_FIRST_SYNC_MS = 60_000;
/** An estimate is never in the past while the sync runs: at least this far ahead. */
const MIN_REMAINING_MS = 2_000;

/**
 * `progress_pct` and `estimated_completion` from the current run: the rate it has shown so far; before it
 * shows one, the duration of the source's last good sync, else a guess from the documents expected. While
 * the source is processing there is always an estimate, never one already past; otherwise there is none.
 */
function progressOf(
  source: DataSourceEntity,
  run: SyncRunEntity | null,
  previous: SyncRunEntity | null,
): Pick<DataSourceStatusResponseDto, 'status' | 'progress_pct' | 'estimated_completion'> {
  // A source whose sync is queued or running is processing, except one still pending its first sync or
  // its connection, which keeps its status, with no estimate (as every status but processing).
  const processing = source.status !== 'pending' && !awaitsConnection(source) && run !== null && (run.status === 'running' || run.status === 'queued');
  if (!processing) {
    return { status: source.status, progress_pct: source.status === 'active' || source.status === 'Connected' ? 100 : 0, estimated_completion: null };
  }
  const expected = Math.max(run.documentsExpected ?? 0, run.documentsSeen);
  const done = run.documentsSeen;
  const progress = expected > 0 ? Math.min(99, Math.floor((done / expected) * 100)) : 0;
  const now = Date.now();
  const elapsed = run.status === 'running' && run.startedAt ? now - run.startedAt.getTime() : 0;
  let remaining: number;
  if (elapsed > 0 && done > 0) {
    const perDocument = elapsed / done;
    remaining = Math.max((expected - done) * perDocument, perDocument);
  } else if (previous?.startedAt && previous.finishedAt) {
    remaining = previous.finishedAt.getTime() - previous.startedAt.getTime() - elapsed;
  } else {
    remaining = (expected > 0 ? expected * GUESSED_MS_PER_DOCUMENT : GUESSED_FIRST_SYNC_MS) - elapsed;
  }
  const estimate = new Date(now + Math.max(remaining, MIN_REMAINING_MS)).toISOString();
  return { status: 'processing', progress_pct: progress, estimated_completion: estimate };
}

const MAX_FILE_NAME_CHARACTERS = 255;

/**
 * The name a file is stored and cited under: its base name, without control characters, in Unicode's
 * composed form (macOS sends `é` as `e` and a combining accent: the same name from another system must
 * replace the file, not sit beside it), and cut at 255 characters, never inside one.
 */
function safeFileName(name: string): string {
  const base = name.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const characters = [...base].filter((character) => character.charCodeAt(0) > 0x1f && character.charCodeAt(0) !== 0x7f);
  const cleaned = [...characters.join('').trim()].slice(0, MAX_FILE_NAME_CHARACTERS).join('').trim();
  return cleaned.length > 0 ? cleaned : 'upload';
}
