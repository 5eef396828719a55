import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { and, sql, type SqlFragment } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import type { Page } from '#src/common/validation/validators.js';
import { newId } from '#src/common/ids/ids.js';
import { DocumentEntity, type DocumentStatus } from '#src/modules/data-sources/document.entity.js';

export interface ChunkToStore {
  index: number;
  text: string;
  tokenCount: number;
  headingPath: string[];
  embedding: number[];
}

/** A document of a data source, or (with `kbArticleId` and a null `dataSourceId`) of a knowledge base article. */
export interface DocumentIdentity {
  orgId: string;
  dataSourceId: string | null;
  kbArticleId?: string;
  key: string;
  url: string;
  title: string;
  runId: string;
}

const vectorLiteral = (values: readonly number[]): string => `[${values.join(',')}]`;

/**
 * A vector in pgvector's binary wire format (dimensions and a reserved word as int16, then float4s, all
 * big-endian). node-postgres sends a Buffer parameter as binary, so neither side formats or parses 512
 * decimal numbers per chunk, and a vector takes 2 KB on the wire instead of about 10. PGlite takes
 * parameters as text only.
 */
export function vectorBinary(values: readonly number[]): Buffer {
  const buffer = Buffer.allocUnsafe(4 + 4 * values.length);
  buffer.writeInt16BE(values.length, 0);
  buffer.writeInt16BE(0, 2);
  for (let i = 0; i < values.length; i++) {
    buffer.writeFloatBE(values[i], 4 + 4 * i);
  }
  return buffer;
}

/** Documents and their chunks; a document and its chunks always change together, in one transaction. */
const REMOVE_BATCH = 500;

@Injectable()
export class DocumentsRepository extends OrgScopedRepository<DocumentEntity> {
  private readonly vectorParameter: (values: readonly number[]) => Buffer | string;

  constructor(@Inject(APP_CONFIG) config: AppConfig, dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, DocumentEntity);
    this.vectorParameter = config.database.kind === 'postgres' ? vectorBinary : vectorLiteral;
  }

  list(orgId: string, dataSourceId: string, status: DocumentStatus | undefined, page: Page): Promise<{ items: DocumentEntity[]; total: number }> {
    const where = and(sql`data_source_id = ${dataSourceId}`, ...(status ? [sql`status = ${status}`] : []));
    return this.page(orgId, where, sql`key ASC`, page);
  }

  /** What a sync needs to decide whether a document changed. */
  async findByKey(orgId: string, dataSourceId: string, key: string): Promise<Pick<DocumentEntity, 'id' | 'status' | 'contentHash'> | null> {
    const [row] = await this.select<{ id: string; status: DocumentEntity['status']; content_hash: string | null }>(
      sql`id, status, content_hash`,
      orgId,
      sql`data_source_id = ${dataSourceId} AND key = ${key}`,
    );
    return row ? { id: row.id, status: row.status, contentHash: row.content_hash } : null;
  }

  /** The keys of every document of the source, indexed or failed. */
  async keysOf(orgId: string, dataSourceId: string): Promise<Set<string>> {
    const rows = await this.select<{ key: string }>(sql`key`, orgId, sql`data_source_id = ${dataSourceId}`);
    return new Set(rows.map((row) => row.key));
  }

  /**
   * The source's documents a sync indexed or found unchanged, each once however many attempts it took: those
   * it saw that are indexed without an error (a page kept through a failure that may pass carries one).
   */
  async countProcessedBy(orgId: string, dataSourceId: string, runId: string, tx?: Tx): Promise<number> {
    const [row] = await this.select<{ count: number | string }>(
      sql`count(*) AS count`,
      orgId,
      sql`data_source_id = ${dataSourceId} AND last_seen_run_id = ${runId} AND status = 'indexed' AND error IS NULL`,
      tx,
    );
    return Number(row?.count ?? 0);
  }

  /** Not a change of the document: its update time stays; an error a failed fetch left on it is cleared. */
  async markSeen(orgId: string, id: string, runId: string): Promise<void> {
    const { text, params } = sql`UPDATE document SET last_seen_run_id = ${runId}, error = NULL WHERE ${this.scopedCondition(orgId, sql`id = ${id}`)}`.render();
    await this.sqlClient.query(text, params);
  }

  /**
   * An indexed document whose fetch failed for now keeps its chunks and stays `indexed`, seen by this run (so
   * it is not removed as vanished), with `error` saying what failed. False when there is no indexed document.
   */
  async keepThroughFailure(document: DocumentIdentity, error: string): Promise<boolean> {
    if (!document.dataSourceId) {
      return false;
    }
    const where = sql`data_source_id = ${document.dataSourceId} AND key = ${document.key} AND status = 'indexed'`;
    const { text, params } =
      sql`UPDATE document SET last_seen_run_id = ${document.runId}, error = ${error} WHERE ${this.scopedCondition(document.orgId, where)} RETURNING id`.render();
    const rows = await this.sqlClient.query<{ id: string }>(text, params);
    return rows.length > 0;
  }

  /** Replaces the document's chunks with `chunks` and records its new content hash. */
  async replace(document: DocumentIdentity, contentHash: string, chunks: ChunkToStore[], embeddingModel: string, tx: Tx): Promise<string> {
    const tokenCount = chunks.reduce((sum, chunk) => sum + chunk.tokenCount, 0);
    const id = await this.upsert(document, { contentHash, status: 'indexed', error: null, chunkCount: chunks.length, tokenCount }, tx);
    const section = (path: string[]): string => path.join(' › ');
    for (let start = 0; start < chunks.length; start += 200) {
      const batch = chunks.slice(start, start + 200);
      const values: unknown[] = [];
      const rows = batch.map((chunk) => {
        const offset = values.length;
        values.push(
          newId('chunk'),
          document.orgId,
          document.dataSourceId,
          document.kbArticleId ?? null,
          id,
          chunk.index,
          document.title,
          document.url,
          chunk.headingPath,
          section(chunk.headingPath),
          chunk.text,
          chunk.tokenCount,
          this.vectorParameter(chunk.embedding),
          embeddingModel,
        );
        return `(${Array.from({ length: 14 }, (_, i) => `$${offset + i + 1}`).join(', ')})`;
      });
      await this.sqlClient.query(
        `INSERT INTO chunk (id, org_id, data_source_id, kb_article_id, document_id, chunk_index, document_title, document_url, heading_path, section, text, token_count, embedding, embedding_model)
         VALUES ${rows.join(', ')}`,
        values,
        tx,
      );
    }
    return id;
  }

  /** A document that could not be read keeps no chunks, and says why (one statement: no transaction needed). */
  async markFailed(document: DocumentIdentity, error: string): Promise<void> {
    await this.upsert(document, { contentHash: null, status: 'failed', error, chunkCount: 0, tokenCount: 0 });
  }

  /** A knowledge base article that is no longer published leaves the index. */
  async removeKbArticle(orgId: string, kbArticleId: string): Promise<void> {
    await this.deleteWhere(orgId, sql`kb_article_id = ${kbArticleId}`);
  }

  async kbArticleHash(orgId: string, kbArticleId: string): Promise<string | null> {
    const [row] = await this.select<{ content_hash: string | null }>(sql`content_hash`, orgId, sql`kb_article_id = ${kbArticleId}`);
    return row?.content_hash ?? null;
  }

  /** Documents the source reported deleted. */
  async removeKeys(orgId: string, dataSourceId: string, keys: readonly string[], tx: Tx): Promise<number> {
    if (keys.length === 0) {
      return 0;
    }
    return this.deleteWhere(orgId, sql`data_source_id = ${dataSourceId} AND key = ANY(${[...keys]}::text[])`, tx);
  }

  /**
   * Documents the source no longer lists. One this run wrote or saw is kept even when the listing (taken
   * before it) did not have it: it was created at the source meanwhile.
   */
  async removeUnlisted(orgId: string, dataSourceId: string, listed: ReadonlySet<string>, runId: string, tx: Tx): Promise<number> {
    const candidates = await this.select<{ id: string; key: string }>(
      sql`id, key`,
      orgId,
      sql`data_source_id = ${dataSourceId} AND last_seen_run_id <> ${runId}`,
      tx,
    );
    const gone = candidates.filter((document) => !listed.has(document.key)).map((document) => document.id);
    let removed = 0;
    for (let start = 0; start < gone.length; start += REMOVE_BATCH) {
      removed += await this.deleteWhere(orgId, sql`data_source_id = ${dataSourceId} AND id = ANY(${gone.slice(start, start + REMOVE_BATCH)}::varchar[])`, tx);
    }
    return removed;
  }

  /** After a complete run: documents it did not see have disappeared from the source. */
  async removeUnseen(orgId: string, dataSourceId: string, runId: string, tx: Tx): Promise<number> {
    return this.deleteWhere(orgId, sql`data_source_id = ${dataSourceId} AND last_seen_run_id <> ${runId}`, tx);
  }

  /** A few columns of the organization's documents that match `where`. */
  private select<R>(columns: SqlFragment, orgId: string, where: SqlFragment, tx?: Tx): Promise<R[]> {
    const { text, params } = sql`SELECT ${columns} FROM document WHERE ${this.scopedCondition(orgId, where)}`.render();
    return this.sqlClient.query<R>(text, params, tx);
  }

  /**
   * Inserts or updates the document by (data source, key) and drops its chunks, in one statement (one round
   * trip per document of a sync, and atomic on its own); answers its id. Only a document of the same
   * organization is updated.
   */
  private async upsert(
    document: DocumentIdentity,
    fields: Pick<DocumentEntity, 'contentHash' | 'status' | 'error' | 'chunkCount' | 'tokenCount'>,
    tx?: Tx,
  ): Promise<string> {
    const conflict = document.kbArticleId ? '(kb_article_id)' : '(data_source_id, key)';
    const [row] = await this.sqlClient.query<{ id: string }>(
      `WITH upserted AS (
         INSERT INTO document (id, org_id, data_source_id, kb_article_id, key, url, title, content_hash, status, error, chunk_count, token_count, last_seen_run_id)
         VALUES ($1, $2, $3, $13, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT ${conflict} DO UPDATE SET
           url = EXCLUDED.url, title = EXCLUDED.title, content_hash = EXCLUDED.content_hash, status = EXCLUDED.status, error = EXCLUDED.error,
           chunk_count = EXCLUDED.chunk_count, token_count = EXCLUDED.token_count, last_seen_run_id = EXCLUDED.last_seen_run_id, updated_at = now()
         WHERE document.org_id = EXCLUDED.org_id
         RETURNING id
       ), dropped AS (
         DELETE FROM chunk WHERE document_id = (SELECT id FROM upserted)
       )
       SELECT id FROM upserted`,
      [
        newId('document'),
        document.orgId,
        document.dataSourceId,
        document.key,
        document.url,
        document.title,
        fields.contentHash,
        fields.status,
        fields.error,
        fields.chunkCount,
        fields.tokenCount,
        document.runId,
        document.kbArticleId ?? null,
      ],
      tx,
    );
    if (!row) {
      throw new Error(`Document ${document.key} belongs to another organization than ${document.orgId}`);
    }
    return row.id;
  }
}
