import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Term statistics for keyword search (BM25), one set per search scope: a data source's chunks, or an
 * organization's knowledge base (`scope = 'kb'`). Counting a common lexeme's chunks at query time reads
 * every one of them (19,500 rows for the commonest term of a 100,000-chunk scope); here it is one index
 * probe. Derived data, rewritten after every sync that changed the scope (SearchStatsRepository):
 * truncating both tables is safe, keyword search then counts live until the next refresh.
 */
export class SearchStats1795340000000 implements MigrationInterface {
  name = 'SearchStats1795340000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "search_scope_stats" (
        "org_id" character varying(40) NOT NULL,
        "scope" character varying(40) NOT NULL,
        "chunks" integer NOT NULL,
        "tokens" bigint NOT NULL,
        "refreshed_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_search_scope_stats" PRIMARY KEY ("org_id", "scope")
      )`);
    await queryRunner.query(`
      CREATE TABLE "search_lexeme_stats" (
        "org_id" character varying(40) NOT NULL,
        "scope" character varying(40) NOT NULL,
        "lexeme" text NOT NULL,
        "df" integer NOT NULL,
        CONSTRAINT "PK_search_lexeme_stats" PRIMARY KEY ("org_id", "scope", "lexeme")
      )`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "search_lexeme_stats"`);
    await queryRunner.query(`DROP TABLE "search_scope_stats"`);
  }
}
