import type { MigrationInterface, QueryRunner } from 'typeorm';

const PREFIX = String.raw`(?:(?:sources?|src|refs?|references?)\s*#?\s*)?`;
const NUMBER_OR_RANGE = String.raw`${PREFIX}\d{1,4}(?:\s*[-–]\s*${PREFIX}\d{1,4})?`;

/**
 * citation_count of the answers recorded before the column existed, counted as the query service counts new
 * ones (citedSources): the distinct source numbers n, 1 ≤ n ≤ the number of sources, named by a citation
 * marker (`[2]`, `[1, 3]`, `[2-3]`, `[Source 2]`).
 */
export const BACKFILL_CITATION_COUNT = String.raw`
  UPDATE "interaction" AS i SET "citation_count" = cited.n
    FROM (
      SELECT it.id, count(DISTINCT source) AS n
        FROM "interaction" it
       CROSS JOIN LATERAL regexp_matches(it.response, '\[([^]]{1,48})\]', 'g') AS marker(body)
       CROSS JOIN LATERAL regexp_split_to_table(marker.body[1], '[,;]') AS part(text)
       CROSS JOIN LATERAL (
          SELECT array_agg(d.m[1]::int ORDER BY d.ord) AS bounds FROM regexp_matches(part.text, '\d+', 'g') WITH ORDINALITY AS d(m, ord)
       ) AS numbers
       CROSS JOIN LATERAL generate_series(greatest(numbers.bounds[1], 1), least(numbers.bounds[cardinality(numbers.bounds)], jsonb_array_length(it.sources))) AS source
       WHERE it.status = 'completed' AND marker.body[1] ~* '^\s*${NUMBER_OR_RANGE}(?:\s*[,;]\s*${NUMBER_OR_RANGE})*\s*$'
       GROUP BY it.id
    ) AS cited
   WHERE i.id = cited.id`;

export class Analytics1795312436058 implements MigrationInterface {
  name = 'Analytics1795312436058';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "interaction" ADD "citation_count" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(BACKFILL_CITATION_COUNT);
    // Not expressible in TypeORM's metadata (synchronize: false on the entity): analytics reads only this index.
    await queryRunner.query(`DROP INDEX "public"."ix_interaction_org_created"`);
    await queryRunner.query(
      `CREATE INDEX "ix_interaction_org_created" ON "interaction" ("org_id", "created_at") INCLUDE ("latency_ms", "citation_count", "status", "feedback", "cost_usd", "agent_id", "user_id", "api_key_id")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_interaction_org_created"`);
    await queryRunner.query(`CREATE INDEX "ix_interaction_org_created" ON "interaction" ("org_id", "created_at") `);
    await queryRunner.query(`ALTER TABLE "interaction" DROP COLUMN "citation_count"`);
  }
}
