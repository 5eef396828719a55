import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { sql } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { newId } from '#src/common/ids/ids.js';
import { DataSourceEntity } from '#src/modules/data-sources/data-source.entity.js';
import { DataSourcesRepository } from '#src/modules/data-sources/data-sources.repository.js';
import { DocumentsRepository, type ChunkToStore, type DocumentIdentity } from '#src/modules/data-sources/documents.repository.js';
import { chunkDocument } from '#src/modules/ingestion/chunker.js';
import type { ParsedDocument } from '#src/modules/ingestion/parsed-document.js';
import { readCorpus, type CorpusEntry } from '#src/modules/retrieval/evaluation/beir.js';
import { Embedder } from '#src/modules/retrieval/embeddings/embedder.js';
import { embeddingText } from '#src/modules/retrieval/embeddings/embedding-text.js';
import { SearchStatsRepository } from '#src/modules/retrieval/search-stats.repository.js';

/** Bump when what is indexed for a corpus entry changes, so cached indexes are rebuilt. */
const INDEX_FORMAT = 1;
const ORGANIZATION_NAME = 'Evaluation harness';
/** Corpus entries embedded together (the embedder spreads them over its threads). */
const BATCH = 128;

export interface IndexedCorpus {
  orgId: string;
  dataSourceId: string;
  /** The index already held this corpus, chunked and embedded the same way. */
  reused: boolean;
  documents: number;
  chunks: number;
  /** Seconds spent indexing in this run. */
  seconds: number;
  /** document id -> corpus id */
  corpusIdOf: Map<string, string>;
}

interface Prepared {
  identity: DocumentIdentity;
  contentHash: string;
  chunks: Omit<ChunkToStore, 'embedding'>[];
  texts: string[];
}

/**
 * Indexes a BEIR corpus the way a sync indexes a data source: one document per corpus entry (its
 * title, and its text as the body), chunked by the project's chunker, embedded by the configured
 * Embedder (title and heading path, then text), and stored by DocumentsRepository.replace, the sync's
 * own statements. The corpus lives in a data source of its own named after a hash of the corpus file,
 * the embedding model and the chunking settings: a later run with the same hash reuses it (and an
 * interrupted one resumes it), a run with another hash replaces it.
 */
@Injectable()
export class CorpusIndexer {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sql: SqlClient,
    private readonly sources: DataSourcesRepository,
    private readonly documents: DocumentsRepository,
    private readonly transactions: TransactionRunner,
    private readonly embedder: Embedder,
    private readonly searchStats: SearchStatsRepository,
  ) {}

  async index(dataset: string, progress: (message: string) => void = () => undefined): Promise<IndexedCorpus> {
    const started = performance.now();
    const datasetName = basename(resolve(dataset));
    const hash = await this.indexHash(dataset);
    const sourceName = `eval ${datasetName} ${hash.slice(0, 16)}`;
    const orgId = await this.organization();
    await this.sources.deleteWhere(orgId, sql`name LIKE ${`eval ${datasetName} %`} AND name <> ${sourceName}`);
    const existing = await this.sources.findOne(orgId, sql`name = ${sourceName}`);
    let dataSourceId = existing?.id;
    const reused = existing?.status === 'active';
    if (!dataSourceId) {
      dataSourceId = newId('dataSource');
      await this.sources.insert(
        orgId,
        Object.assign(new DataSourceEntity(), {
          id: dataSourceId,
          orgId,
          type: 'file',
          name: sourceName,
          config: { dataset: resolve(dataset), hash },
          syncFrequency: 'manual',
          status: 'processing',
          error: null,
          lastSyncedAt: null,
        }),
      );
    }
    if (!reused) {
      await this.ingest(dataset, datasetName, orgId, dataSourceId, progress);
      await this.sources.setStatus(orgId, dataSourceId, 'active', null, undefined, new Date());
      await this.sql.query('VACUUM ANALYZE chunk', []).catch(() => this.sql.query('ANALYZE chunk', []));
    }
    // As a sync ends: keyword search reads the corpus's term statistics from here (an index reused from
    // before they were stored gets them now).
    await this.searchStats.refresh({ orgId, scope: dataSourceId });
    const documents = await this.documents.findMany(orgId, sql`data_source_id = ${dataSourceId}`, { orderBy: sql`key` });
    return {
      orgId,
      dataSourceId,
      reused,
      documents: documents.length,
      chunks: documents.reduce((sum, document) => sum + document.chunkCount, 0),
      seconds: (performance.now() - started) / 1000,
      corpusIdOf: new Map(documents.map((document) => [document.id, document.key])),
    };
  }

  /** The harness's own organization, found by its name (created on the first run). */
  private async organization(): Promise<string> {
    const [row] = await this.sql.query<{ id: string }>(`SELECT id FROM organization WHERE name = $1 ORDER BY created_at LIMIT 1`, [ORGANIZATION_NAME]);
    if (row) {
      return row.id;
    }
    const id = newId('organization');
    await this.sql.query(`INSERT INTO organization (id, name, plan) VALUES ($1, $2, 'enterprise')`, [id, ORGANIZATION_NAME]);
    return id;
  }

  /** What the index of a corpus depends on: the file's bytes, the embedding model, the chunking. */
  private async indexHash(dataset: string): Promise<string> {
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(join(dataset, 'corpus.jsonl'))) {
      hash.update(chunk as Buffer);
    }
    hash.update(JSON.stringify({ format: INDEX_FORMAT, model: this.embedder.model, dimensions: this.embedder.dimensions, chunking: this.config.chunking }));
    return hash.digest('hex');
  }

  private async ingest(dataset: string, datasetName: string, orgId: string, dataSourceId: string, progress: (message: string) => void): Promise<void> {
    const done = new Set(
      (await this.documents.findMany(orgId, sql`data_source_id = ${dataSourceId} AND status = 'indexed'`, { orderBy: sql`key` })).map(
        (document) => document.key,
      ),
    );
    if (done.size > 0) {
      progress(`resuming: ${done.size} documents already indexed`);
    }
    let batch: Prepared[] = [];
    let writing: Promise<void> = Promise.resolve();
    let indexed = done.size;
    const started = performance.now();
    const flush = async (): Promise<void> => {
      const prepared = batch;
      batch = [];
      const vectors = await this.embedder.embedDocuments(prepared.flatMap((document) => document.texts));
      await writing;
      writing = this.write(prepared, vectors).then(() => {
        indexed += prepared.length;
        const rate = (indexed - done.size) / ((performance.now() - started) / 1000);
        progress(`indexed ${indexed} documents (${rate.toFixed(1)}/s)`);
      });
      // Awaited by the next flush; until then a failure must not count as unhandled.
      writing.catch(() => undefined);
    };
    for await (const entry of readCorpus(dataset)) {
      if (done.has(entry.id)) {
        continue;
      }
      const prepared = this.prepare(entry, datasetName, orgId, dataSourceId);
      if (prepared) {
        batch.push(prepared);
      }
      if (batch.length >= BATCH) {
        await flush();
      }
    }
    if (batch.length > 0) {
      await flush();
    }
    await writing;
  }

  private prepare(entry: CorpusEntry, datasetName: string, orgId: string, dataSourceId: string): Prepared | undefined {
    const title = entry.title.trim();
    const body = entry.text.trim() || title;
    if (body === '') {
      return undefined;
    }
    const parsed: ParsedDocument = { title, blocks: [{ kind: 'text', text: body }] };
    const chunks = chunkDocument(parsed, this.config.chunking);
    return {
      identity: { orgId, dataSourceId, key: entry.id, url: `beir:${datasetName}/${encodeURIComponent(entry.id)}`, title, runId: 'eval' },
      contentHash: createHash('sha256')
        .update(JSON.stringify([title, body]))
        .digest('hex'),
      chunks: chunks.map((chunk) => ({ index: chunk.index, text: chunk.text, tokenCount: chunk.tokenCount, headingPath: chunk.headingPath })),
      texts: chunks.map((chunk) => embeddingText(title, chunk.headingPath, chunk.text)),
    };
  }

  private async write(prepared: Prepared[], vectors: number[][]): Promise<void> {
    let offset = 0;
    for (const document of prepared) {
      const chunks = document.chunks.map((chunk, i) => ({ ...chunk, embedding: vectors[offset + i] }));
      offset += chunks.length;
      await this.transactions.run((tx) => this.documents.replace(document.identity, document.contentHash, chunks, this.embedder.model, tx));
    }
  }
}
