import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The authorization server's store: grants, codes, tokens, sessions and interactions, for every instance. */
export class OAuthServerStore1795656107116 implements MigrationInterface {
  name = 'OAuthServerStore1795656107116';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "oauth_payload" ("model" character varying(40) NOT NULL, "id" character varying(200) NOT NULL, "payload" jsonb NOT NULL, "grant_id" character varying(200), "uid" character varying(200), "user_code" character varying(200), "expires_at" TIMESTAMP(3) WITH TIME ZONE, "consumed_at" TIMESTAMP(3) WITH TIME ZONE, CONSTRAINT "PK_ee4d8c617cbf3f006ca0311e7d8" PRIMARY KEY ("model", "id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_oauth_payload_expires" ON "oauth_payload"  ("expires_at") `);
    await queryRunner.query(`CREATE INDEX "ix_oauth_payload_uid" ON "oauth_payload"  ("model", "uid") `);
    await queryRunner.query(`CREATE INDEX "ix_oauth_payload_grant" ON "oauth_payload"  ("grant_id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_oauth_payload_grant"`);
    await queryRunner.query(`DROP INDEX "public"."ix_oauth_payload_uid"`);
    await queryRunner.query(`DROP INDEX "public"."ix_oauth_payload_expires"`);
    await queryRunner.query(`DROP TABLE "oauth_payload"`);
  }
}
