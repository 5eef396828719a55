import type { MigrationInterface, QueryRunner } from 'typeorm';

const FILE_NAME = `CASE WHEN document_url ~ '^([a-z][a-z0-9+.-]*:|/)' THEN '' ELSE document_url || ' ' || regexp_replace(document_url, '[._/-]+', ' ', 'g') END`;
const HEADING_TSV = `to_tsvector('english', document_title || ' ' || section || ' ' || ${FILE_NAME})`;
const TSV = `to_tsvector('english', document_title || ' ' || section || ' ' || ${FILE_NAME} || ' ' || text)`;
const OLD_TSV = `to_tsvector('english', document_title || ' ' || section || ' ' || text)`;

/**
 * Keyword search weighs a term found in a chunk's title or heading path more than one in its text, and
 * finds an uploaded file by its name (docs/retrieval.md, "keyword"):
 * - `heading_tsv`: the title, the heading path and, for an uploaded file, its name;
 * - `tsv` gains the file name too, so a chunk matched through it is a candidate like any other.
 * The table is rewritten once and the full-text index rebuilt. The stored term statistics no longer
 * count what `tsv` holds: they are emptied, and recounted at the next start of a process that runs jobs
 * (search-stats-backfill.ts), keyword search counting live until then.
 */
export class ChunkHeadingsAndFileNames1795641958427 implements MigrationInterface {
  name = 'ChunkHeadingsAndFileNames1795641958427';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await this.setGenerated(queryRunner, 'heading_tsv', HEADING_TSV);
    await queryRunner.query(`DROP INDEX "public"."ix_chunk_tsv_gin"`);
    await this.replaceGenerated(queryRunner, 'tsv', TSV);
    await this.indexTsv(queryRunner);
    await queryRunner.query(`TRUNCATE "search_lexeme_stats", "search_scope_stats"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_chunk_tsv_gin"`);
    await this.replaceGenerated(queryRunner, 'tsv', OLD_TSV);
    await this.indexTsv(queryRunner);
    await this.dropGenerated(queryRunner, 'heading_tsv');
    await queryRunner.query(`TRUNCATE "search_lexeme_stats", "search_scope_stats"`);
  }

  private async replaceGenerated(queryRunner: QueryRunner, column: string, expression: string): Promise<void> {
    await this.dropGenerated(queryRunner, column);
    await this.setGenerated(queryRunner, column, expression);
  }

  private async setGenerated(queryRunner: QueryRunner, column: string, expression: string): Promise<void> {
    await queryRunner.query(`ALTER TABLE "chunk" ADD "${column}" tsvector GENERATED ALWAYS AS (${expression}) STORED NOT NULL`);
    await queryRunner.query(`INSERT INTO "typeorm_metadata"("database", "schema", "table", "type", "name", "value") VALUES ($1, $2, $3, $4, $5, $6)`, [
      await queryRunner.getCurrentDatabase(),
      'public',
      'chunk',
      'GENERATED_COLUMN',
      column,
      expression,
    ]);
  }

  private async dropGenerated(queryRunner: QueryRunner, column: string): Promise<void> {
    await queryRunner.query(`DELETE FROM "typeorm_metadata" WHERE "type" = $1 AND "name" = $2 AND "database" = $3 AND "schema" = $4 AND "table" = $5`, [
      'GENERATED_COLUMN',
      column,
      await queryRunner.getCurrentDatabase(),
      'public',
      'chunk',
    ]);
    await queryRunner.query(`ALTER TABLE "chunk" DROP COLUMN "${column}"`);
  }

  /** The full-text index, and the tsvector kept in the row (ChunkTsvInline). */
  private async indexTsv(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "chunk" ALTER COLUMN "tsv" SET STORAGE MAIN`);
    await queryRunner.query(`CREATE INDEX "ix_chunk_tsv_gin" ON "chunk" USING gin ("tsv")`);
  }
}
