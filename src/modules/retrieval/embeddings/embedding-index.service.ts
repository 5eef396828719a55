import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, PROCESS_ROLE, type AppConfig, type ProcessRole } from '#src/config/app-config.js';
import { Embedder } from '#src/modules/retrieval/embeddings/embedder.js';
import { embeddingText } from '#src/modules/retrieval/embeddings/embedding-text.js';

const HNSW_INDEX = 'ix_chunk_embedding_hnsw';

export interface ReembedResult {
  model: string;
  dimensions: number;
  previousDimensions: number;
  reembedded: number;
}

interface StaleChunk {
  id: string;
  document_title: string;
  heading_path: string[];
  text: string;
}

/**
 * The vector column must match the configured embedder: a process refuses to start when its
 * dimensions differ, since every search and every sync would fail. `reembed` moves the index to the
 * configured model (and dimensions), resumably, in batches.
 */
@Injectable()
export class EmbeddingIndexService implements OnApplicationBootstrap {
  private readonly logger = new Logger('EmbeddingIndex');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
    private readonly dataSource: DataSource,
    private readonly embedder: Embedder,
  ) {}

  /** Checked by the api and the worker; the CLI skips it so that `reembed` can repair a mismatch. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.role === 'cli') {
      return;
    }
    const dimensions = await this.columnDimensions();
    if (dimensions !== this.embedder.dimensions) {
      throw new Error(
        `The chunk index holds ${dimensions}-dimension embeddings but the configured embedder (${this.embedder.model}) makes ${this.embedder.dimensions}: run "npm run cli -- reembed", or restore the previous EMBEDDING_* settings`,
      );
    }
    const [stale] = await this.dataSource.query<Array<{ count: number | string }>>('SELECT count(*) AS count FROM chunk WHERE embedding_model <> $1', [
      this.embedder.model,
    ]);
    if (Number(stale?.count ?? 0) > 0) {
      this.logger.warn({ chunks: Number(stale.count), model: this.embedder.model }, 'Some chunks were embedded by another model: run "npm run cli -- reembed"');
    }
  }

  async columnDimensions(): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ dimensions: number }>>(
      `SELECT atttypmod AS dimensions FROM pg_attribute WHERE attrelid = 'chunk'::regclass AND attname = 'embedding' AND NOT attisdropped`,
    );
    return Number(row?.dimensions);
  }

  /** Re-embeds chunks made by another model (every chunk with `all`), changing the column first if the dimensions differ. */
  async reembed(options: { all?: boolean; batchSize?: number; onProgress?: (done: number) => void } = {}): Promise<ReembedResult> {
    const previousDimensions = await this.columnDimensions();
    const resize = previousDimensions !== this.embedder.dimensions;
    if (resize) {
      await this.dataSource.transaction(async (manager) => {
        await manager.query(`DROP INDEX IF EXISTS "${HNSW_INDEX}"`);
        await manager.query(`ALTER TABLE chunk ALTER COLUMN embedding DROP NOT NULL`);
        await manager.query(`ALTER TABLE chunk ALTER COLUMN embedding TYPE vector(${this.embedder.dimensions}) USING NULL`);
      });
    } else if (options.all) {
      await this.dataSource.query(`UPDATE chunk SET embedding_model = ''`);
    }

    const batchSize = options.batchSize ?? this.config.embeddings.batchSize * 2;
    let done = 0;
    for (;;) {
      const stale = await this.dataSource.query<StaleChunk[]>(
        `SELECT id, document_title, heading_path, text FROM chunk WHERE embedding IS NULL OR embedding_model <> $1 ORDER BY id LIMIT $2`,
        [this.embedder.model, batchSize],
      );
      if (stale.length === 0) {
        break;
      }
      const vectors = await this.embedder.embedDocuments(stale.map((chunk) => embeddingText(chunk.document_title, chunk.heading_path, chunk.text)));
      await this.dataSource.query(
        `UPDATE chunk SET embedding = v.embedding::vector, embedding_model = $3
           FROM (SELECT unnest($1::text[]) AS id, unnest($2::text[]) AS embedding) v
          WHERE chunk.id = v.id`,
        [stale.map((chunk) => chunk.id), vectors.map((vector) => `[${vector.join(',')}]`), this.embedder.model],
      );
      done += stale.length;
      options.onProgress?.(done);
    }

    if (resize) {
      await this.dataSource.query(`ALTER TABLE chunk ALTER COLUMN embedding SET NOT NULL`);
      await this.dataSource.query(
        `CREATE INDEX IF NOT EXISTS "${HNSW_INDEX}" ON chunk USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64)`,
      );
    }
    return { model: this.embedder.model, dimensions: this.embedder.dimensions, previousDimensions, reembedded: done };
  }
}
