import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Init1795303492799 implements MigrationInterface {
  name = 'Init1795303492799';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS vector`);
    await queryRunner.query(
      `CREATE TABLE "organization" ("id" character varying(40) NOT NULL, "name" character varying(200) NOT NULL, "plan" character varying(20) NOT NULL DEFAULT 'free', "settings" jsonb NOT NULL DEFAULT '{}', "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_472c1f99a32def1b0abb219cd67" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "agent" ("id" character varying(40) NOT NULL, "org_id" character varying(40) NOT NULL, "name" character varying(200) NOT NULL, "system_prompt" text, "rag_strategy" character varying(40) NOT NULL, "model" character varying(120) NOT NULL, "temperature" double precision NOT NULL, "max_tokens" integer NOT NULL, "status" character varying(20) NOT NULL DEFAULT 'active', "data_source_ids" text array NOT NULL DEFAULT '{}', "provider_key_id" character varying(40), "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_1000e989398c5d4ed585cf9a46f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_agent_org_created" ON "agent"  ("org_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "data_source" ("id" character varying(40) NOT NULL, "org_id" character varying(40) NOT NULL, "type" character varying(20) NOT NULL, "name" character varying(200) NOT NULL, "config" jsonb NOT NULL DEFAULT '{}', "sync_frequency" character varying(10) NOT NULL DEFAULT 'manual', "status" character varying(20) NOT NULL DEFAULT 'pending', "error" text, "last_synced_at" TIMESTAMP(3) WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9775f6b6312a926ed37d3af7d95" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_data_source_org_created" ON "data_source"  ("org_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "event" ("id" character varying(40) NOT NULL, "org_id" character varying(40) NOT NULL, "type" character varying(60) NOT NULL, "data" jsonb NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_30c2f3bbaf6d34a55f8ae6e4614" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_event_org_created" ON "event"  ("org_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "interaction" ("id" character varying(40) NOT NULL, "org_id" character varying(40) NOT NULL, "agent_id" character varying(40) NOT NULL, "session_id" character varying(40), "user_id" character varying(40), "api_key_id" character varying(40), "query" text NOT NULL, "response" text NOT NULL DEFAULT '', "sources" jsonb NOT NULL DEFAULT '[]', "feedback" character varying(10), "comment" text, "feedback_at" TIMESTAMP(3) WITH TIME ZONE, "latency_ms" integer NOT NULL DEFAULT '0', "tokens_input" integer NOT NULL DEFAULT '0', "tokens_output" integer NOT NULL DEFAULT '0', "cost_usd" numeric(14,8) NOT NULL DEFAULT '0', "rag_strategy" character varying(40) NOT NULL, "model" character varying(120) NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9204371ccb2c9dab5428b406413" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_interaction_session" ON "interaction"  ("org_id", "session_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "ix_interaction_org_agent_created" ON "interaction"  ("org_id", "agent_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "ix_interaction_org_created" ON "interaction"  ("org_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "api_key" ("id" character varying(40) NOT NULL, "org_id" character varying(40) NOT NULL, "user_id" character varying(40), "name" character varying(200) NOT NULL, "prefix" character varying(32) NOT NULL, "hash" character(64) NOT NULL, "scopes" text array NOT NULL, "environment" character varying(10) NOT NULL, "format" character varying(10) NOT NULL, "expires_at" TIMESTAMP(3) WITH TIME ZONE, "last_used_at" TIMESTAMP(3) WITH TIME ZONE, "revoked_at" TIMESTAMP(3) WITH TIME ZONE, "replaced_by_id" character varying(40), "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b1bd840641b8acbaad89c3d8d11" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_api_key_hash" ON "api_key"  ("hash") `);
    await queryRunner.query(`CREATE INDEX "ix_api_key_org_created" ON "api_key"  ("org_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "kb_article" ("id" character varying(40) NOT NULL, "org_id" character varying(40) NOT NULL, "title" character varying(300) NOT NULL, "content" text NOT NULL, "tags" text array NOT NULL DEFAULT '{}', "status" character varying(20) NOT NULL, "version" integer NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_314e8c89f96287f959bbe4dba27" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_kb_article_org_created" ON "kb_article"  ("org_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "kb_article_version" ("article_id" character varying(40) NOT NULL, "version" integer NOT NULL, "org_id" character varying(40) NOT NULL, "title" character varying(300) NOT NULL, "content" text NOT NULL, "tags" text array NOT NULL, "status" character varying(20) NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_49bf0292a104a6cd8a4d36ad717" PRIMARY KEY ("article_id", "version"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "user" ("id" character varying(40) NOT NULL, "org_id" character varying(40) NOT NULL, "email" character varying(320) NOT NULL, "name" character varying(200), "role" character varying(20) NOT NULL, "password_hash" character varying(200), "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_cace4a159ff9f2512dd42373760" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_user_org_email" ON "user"  ("org_id", "email") `);
    await queryRunner.query(
      `ALTER TABLE "agent" ADD CONSTRAINT "FK_72f7d7075ea187527b742b0a1eb" FOREIGN KEY ("org_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "data_source" ADD CONSTRAINT "FK_70af1569604f21216144dd99ad2" FOREIGN KEY ("org_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "event" ADD CONSTRAINT "FK_fb93a11412f2d5873f91517bb18" FOREIGN KEY ("org_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "interaction" ADD CONSTRAINT "FK_1aec99dd9abbca2b176e0dc1de9" FOREIGN KEY ("org_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "api_key" ADD CONSTRAINT "FK_80f6e510b9dbf92323d35e4c5d1" FOREIGN KEY ("org_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "kb_article" ADD CONSTRAINT "FK_375a264f51749df498daa678531" FOREIGN KEY ("org_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "kb_article_version" ADD CONSTRAINT "FK_4faa43c4b559a8e1d92ba31b970" FOREIGN KEY ("article_id") REFERENCES "kb_article"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "user" ADD CONSTRAINT "FK_9f695092793e9177b98621da0be" FOREIGN KEY ("org_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user" DROP CONSTRAINT "FK_9f695092793e9177b98621da0be"`);
    await queryRunner.query(`ALTER TABLE "kb_article_version" DROP CONSTRAINT "FK_4faa43c4b559a8e1d92ba31b970"`);
    await queryRunner.query(`ALTER TABLE "kb_article" DROP CONSTRAINT "FK_375a264f51749df498daa678531"`);
    await queryRunner.query(`ALTER TABLE "api_key" DROP CONSTRAINT "FK_80f6e510b9dbf92323d35e4c5d1"`);
    await queryRunner.query(`ALTER TABLE "interaction" DROP CONSTRAINT "FK_1aec99dd9abbca2b176e0dc1de9"`);
    await queryRunner.query(`ALTER TABLE "event" DROP CONSTRAINT "FK_fb93a11412f2d5873f91517bb18"`);
    await queryRunner.query(`ALTER TABLE "data_source" DROP CONSTRAINT "FK_70af1569604f21216144dd99ad2"`);
    await queryRunner.query(`ALTER TABLE "agent" DROP CONSTRAINT "FK_72f7d7075ea187527b742b0a1eb"`);
    await queryRunner.query(`DROP INDEX "public"."uq_user_org_email"`);
    await queryRunner.query(`DROP TABLE "user"`);
    await queryRunner.query(`DROP TABLE "kb_article_version"`);
    await queryRunner.query(`DROP INDEX "public"."ix_kb_article_org_created"`);
    await queryRunner.query(`DROP TABLE "kb_article"`);
    await queryRunner.query(`DROP INDEX "public"."ix_api_key_org_created"`);
    await queryRunner.query(`DROP INDEX "public"."uq_api_key_hash"`);
    await queryRunner.query(`DROP TABLE "api_key"`);
    await queryRunner.query(`DROP INDEX "public"."ix_interaction_org_created"`);
    await queryRunner.query(`DROP INDEX "public"."ix_interaction_org_agent_created"`);
    await queryRunner.query(`DROP INDEX "public"."ix_interaction_session"`);
    await queryRunner.query(`DROP TABLE "interaction"`);
    await queryRunner.query(`DROP INDEX "public"."ix_event_org_created"`);
    await queryRunner.query(`DROP TABLE "event"`);
    await queryRunner.query(`DROP INDEX "public"."ix_data_source_org_created"`);
    await queryRunner.query(`DROP TABLE "data_source"`);
    await queryRunner.query(`DROP INDEX "public"."ix_agent_org_created"`);
    await queryRunner.query(`DROP TABLE "agent"`);
    await queryRunner.query(`DROP TABLE "organization"`);
  }
}
