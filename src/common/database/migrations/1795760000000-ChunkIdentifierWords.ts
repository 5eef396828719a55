import type { MigrationInterface, QueryRunner } from 'typeorm';

const FILE_NAME = `CASE WHEN document_url ~ '^([a-z][a-z0-9+.-]*:|/)' THEN '' ELSE document_url || ' ' || regexp_replace(document_url, '[._/-]+', ' ', 'g') END`;
const OLD_HEADING_TSV = `to_tsvector('english', document_title || ' ' || section || ' ' || ${FILE_NAME})`;
const OLD_TSV = `to_tsvector('english', document_title || ' ' || section || ' ' || ${FILE_NAME} || ' ' || text)`;
const HEADING_TSV = `to_tsvector('english', document_title || ' ' || section || ' ' || ${FILE_NAME} || ' ' || identifier_words(document_title || ' ' || section))`;
const TSV = `to_tsvector('english', document_title || ' ' || section || ' ' || ${FILE_NAME} || ' ' || text || ' ' || identifier_words(document_title || ' ' || section || ' ' || text))`;

/**
 * The words of the camel-case identifiers in a text, each identifier once as its words ("ServerTokens
 * and keepAliveTimeout" gives "Server Tokens keep Alive Timeout"): a part is a capital and two or more
 * lower-case letters (the first may be lower-case), so acronyms and short mixed tokens ("IgG", "mRNA")
 * are left alone. Immutable, so generated columns can use it.
 */
const IDENTIFIER_WORDS = `CREATE FUNCTION identifier_words(input text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(DISTINCT regexp_replace(m[1], '([[:lower:]])([[:upper:]])', '\\1 \\2', 'g'), ' '), '')
  FROM regexp_matches(input, '([[:upper:]]?[[:lower:]]{2,}(?:[[:upper:]][[:lower:]]{2,})+)', 'g') AS m
$$`;

/**
 * Keyword search finds a camel-case identifier by its words: a question about the "document root" finds
 * the `DocumentRoot` directive, one about "background tasks" `BackgroundTasks` (docs/retrieval.md,
 * "keyword"). `tsv` and `heading_tsv` also hold the words of the identifiers in the chunk, the table is
 * rewritten once and the full-text index rebuilt; the stored term statistics are emptied and recounted
 * as after ChunkHeadingsAndFileNames.
 */
export class ChunkIdentifierWords1795760000000 implements MigrationInterface {
  name = 'ChunkIdentifierWords1795760000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(IDENTIFIER_WORDS);
    await this.rebuild(queryRunner, TSV, HEADING_TSV);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await this.rebuild(queryRunner, OLD_TSV, OLD_HEADING_TSV);
    await queryRunner.query(`DROP FUNCTION identifier_words(text)`);
  }

  private async rebuild(queryRunner: QueryRunner, tsv: string, headingTsv: string): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_chunk_tsv_gin"`);
    await this.replaceGenerated(queryRunner, 'tsv', tsv);
    await this.replaceGenerated(queryRunner, 'heading_tsv', headingTsv);
    await queryRunner.query(`ALTER TABLE "chunk" ALTER COLUMN "tsv" SET STORAGE MAIN`);
    await queryRunner.query(`CREATE INDEX "ix_chunk_tsv_gin" ON "chunk" USING gin ("tsv")`);
    await queryRunner.query(`TRUNCATE "search_lexeme_stats", "search_scope_stats"`);
  }

  private async replaceGenerated(queryRunner: QueryRunner, column: string, expression: string): Promise<void> {
    const where = [await queryRunner.getCurrentDatabase(), 'public', 'chunk', 'GENERATED_COLUMN', column];
    await queryRunner.query(`DELETE FROM "typeorm_metadata" WHERE "database" = $1 AND "schema" = $2 AND "table" = $3 AND "type" = $4 AND "name" = $5`, where);
    await queryRunner.query(`ALTER TABLE "chunk" DROP COLUMN "${column}"`);
    await queryRunner.query(`ALTER TABLE "chunk" ADD "${column}" tsvector GENERATED ALWAYS AS (${expression}) STORED NOT NULL`);
    await queryRunner.query(`INSERT INTO "typeorm_metadata"("database", "schema", "table", "type", "name", "value") VALUES ($1, $2, $3, $4, $5, $6)`, [
      ...where,
      expression,
    ]);
  }
}
