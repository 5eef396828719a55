import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { sql } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { ChunkEntity } from '#src/modules/data-sources/chunk.entity.js';

const HNSW_INDEX = 'ix_chunk_embedding_hnsw';

/**
 * The embedding column and its index, which every organization's chunks share: the start-up check and the
 * operator's re-embed read and write the chunks of all organizations at once.
 */
@Injectable()
export class ChunkEmbeddingsRepository extends OrgScopedRepository<ChunkEntity> {
  constructor(
    dataSource: DataSource,
    sqlClient: SqlClient,
    private readonly transactions: TransactionRunner,
  ) {
    super(dataSource, sqlClient, ChunkEntity);
  }

  async columnDimensions(): Promise<number> {
    const [row] = await this.sqlClient.query<{ dimensions: number }>(
      `SELECT atttypmod AS dimensions FROM pg_attribute WHERE attrelid = 'chunk'::regclass AND attname = 'embedding' AND NOT attisdropped`,
      [],
    );
    return Number(row?.dimensions);
  }

  /** Chunks of every organization embedded by another model than `model`. */
  async countByOtherModels(model: string): Promise<number> {
    const [row] = await this.sqlClient.query<{ count: number | string }>('SELECT count(*) AS count FROM chunk WHERE embedding_model <> $1', [model]);
    return Number(row?.count ?? 0);
  }

  /** Drops the index and empties the column into vectors of `dimensions`, in one transaction: every chunk is then stale. */
  async resize(dimensions: number): Promise<void> {
    await this.transactions.run(async (tx) => {
      await this.sqlClient.query(`DROP INDEX IF EXISTS "${HNSW_INDEX}"`, [], tx);
      await this.sqlClient.query(`ALTER TABLE chunk ALTER COLUMN embedding DROP NOT NULL`, [], tx);
      await this.sqlClient.query(`ALTER TABLE chunk ALTER COLUMN embedding TYPE vector(${Math.trunc(dimensions)}) USING NULL`, [], tx);
    });
  }

  /** Marks every chunk as embedded by no model, so that a re-embed covers them all. */
  async forgetModels(): Promise<void> {
    await this.sqlClient.query(`UPDATE chunk SET embedding_model = ''`, []);
  }

  /** The next `limit` chunks (by id) with no embedding, or one from another model than `model`. */
  stale(model: string, limit: number): Promise<ChunkEntity[]> {
    return this.findAcrossOrganizations(sql`embedding IS NULL OR embedding_model <> ${model}`, { orderBy: sql`id`, limit });
  }

  async storeEmbeddings(ids: string[], vectors: number[][], model: string): Promise<void> {
    await this.sqlClient.query(
      `UPDATE chunk SET embedding = v.embedding::vector, embedding_model = $3
         FROM (SELECT unnest($1::text[]) AS id, unnest($2::text[]) AS embedding) v
        WHERE chunk.id = v.id`,
      [ids, vectors.map((vector) => `[${vector.join(',')}]`), model],
    );
  }

  /** The column made required again and its index rebuilt, once every chunk has its new embedding. */
  async restoreIndex(): Promise<void> {
    await this.transactions.run(async (tx) => {
      await this.sqlClient.query(`ALTER TABLE chunk ALTER COLUMN embedding SET NOT NULL`, [], tx);
      await this.sqlClient.query(
        `CREATE INDEX IF NOT EXISTS "${HNSW_INDEX}" ON chunk USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64)`,
        [],
        tx,
      );
    });
  }
}
