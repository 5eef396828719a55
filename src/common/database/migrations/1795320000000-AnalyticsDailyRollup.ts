import type { MigrationInterface, QueryRunner } from 'typeorm';

/** First key of the advisory locks between analytics reports and writes to closed days (the second is the organization). */
export const ANALYTICS_LOCK_CLASS = 7301;

/**
 * A cache of each organization's closed UTC days for the analytics endpoint: one row per day for the whole
 * organization (`agent_id = ''`, which also marks the day as rolled up) and one per agent active that day.
 * Rows are made by the analytics repository when a report first covers a day, and forgotten by the trigger
 * below whenever an interaction of that day is written afterwards (late feedback, an answer completing
 * after midnight), so a report never reads a stale day. Derived data only: truncating the table is safe.
 *
 * Writers and reports meet on one advisory lock per organization: a write to a closed day takes it
 * exclusively (such writes are rare), a report shares it for its whole transaction, so a report never rolls
 * up or reads a day while a write to it is uncommitted, and writes to the current day never wait.
 */
export class AnalyticsDailyRollup1795320000000 implements MigrationInterface {
  name = 'AnalyticsDailyRollup1795320000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "analytics_day" (
        "org_id" character varying(40) NOT NULL REFERENCES "organization"("id") ON DELETE CASCADE,
        "agent_id" character varying(40) NOT NULL,
        "day" date NOT NULL,
        "queries" integer NOT NULL,
        "completed" integer NOT NULL,
        "latency_sum" bigint NOT NULL,
        "positive" integer NOT NULL,
        "negative" integer NOT NULL,
        "cited" integer NOT NULL,
        "cost_usd" numeric(20,8) NOT NULL,
        "callers" text[] NOT NULL,
        "latency_p50" double precision,
        "latency_p95" double precision,
        CONSTRAINT "PK_analytics_day" PRIMARY KEY ("org_id", "day", "agent_id")
      )`);
    await queryRunner.query(`
      CREATE FUNCTION "analytics_day_forget"(p_org_id varchar, p_at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        v_day date := (p_at AT TIME ZONE 'UTC')::date;
      BEGIN
        IF v_day < (now() AT TIME ZONE 'UTC')::date THEN
          PERFORM pg_advisory_xact_lock(${ANALYTICS_LOCK_CLASS}, hashtext(p_org_id));
          DELETE FROM "analytics_day" WHERE "org_id" = p_org_id AND "day" = v_day;
        END IF;
      END
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION "analytics_day_forget_interaction"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          PERFORM "analytics_day_forget"(OLD."org_id", OLD."created_at");
        END IF;
        IF TG_OP <> 'DELETE' THEN
          PERFORM "analytics_day_forget"(NEW."org_id", NEW."created_at");
        END IF;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(
      `CREATE TRIGGER "tr_interaction_analytics_day" AFTER INSERT OR UPDATE OR DELETE ON "interaction" FOR EACH ROW EXECUTE FUNCTION "analytics_day_forget_interaction"()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "tr_interaction_analytics_day" ON "interaction"`);
    await queryRunner.query(`DROP FUNCTION "analytics_day_forget_interaction"()`);
    await queryRunner.query(`DROP FUNCTION "analytics_day_forget"(varchar, timestamptz)`);
    await queryRunner.query(`DROP TABLE "analytics_day"`);
  }
}
