import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Single sign-on: identity-provider connections per organization, the e-mail domains organizations claim,
 * the AuthnRequests awaiting an answer (InResponseTo, seen by every instance) and the assertions already
 * used (replays).
 */
export class SingleSignOn1795652770806 implements MigrationInterface {
  name = 'SingleSignOn1795652770806';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "sso_connection" ("id" character varying(40) NOT NULL, "org_id" character varying(40) NOT NULL, "type" character varying(10) NOT NULL, "name" character varying(200) NOT NULL, "config" jsonb NOT NULL, "secret" jsonb, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5158ac85025e15df591a62eb7ab" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_sso_connection_org" ON "sso_connection"  ("org_id") `);
    await queryRunner.query(
      `CREATE TABLE "organization_domain" ("org_id" character varying(40) NOT NULL, "domain" character varying(253) NOT NULL, "verification_token" character varying(64) NOT NULL, "verified_at" TIMESTAMP(3) WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4a6cd6e0b3654aae5f3d0434c7b" PRIMARY KEY ("org_id", "domain"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_organization_domain_verified" ON "organization_domain"  ("domain") WHERE verified_at IS NOT NULL`);
    await queryRunner.query(
      `CREATE TABLE "sso_request" ("id" character varying(100) NOT NULL, "value" character varying(64) NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, CONSTRAINT "PK_f2583f95809ed6479afc63398ef" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_sso_request_created" ON "sso_request"  ("created_at") `);
    await queryRunner.query(
      `CREATE TABLE "sso_assertion" ("connection_id" character varying(40) NOT NULL, "assertion_id" character varying(200) NOT NULL, "expires_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, CONSTRAINT "PK_f4eaff8ab956ee6eb77e5d9d477" PRIMARY KEY ("connection_id", "assertion_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_sso_assertion_expires" ON "sso_assertion"  ("expires_at") `);
    await queryRunner.query(
      `ALTER TABLE "sso_connection" ADD CONSTRAINT "FK_497e6264f419ac210b1202effc3" FOREIGN KEY ("org_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "organization_domain" ADD CONSTRAINT "FK_c1a4e24b3725dfa5647596c6680" FOREIGN KEY ("org_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "organization_domain" DROP CONSTRAINT "FK_c1a4e24b3725dfa5647596c6680"`);
    await queryRunner.query(`ALTER TABLE "sso_connection" DROP CONSTRAINT "FK_497e6264f419ac210b1202effc3"`);
    await queryRunner.query(`DROP INDEX "public"."ix_sso_assertion_expires"`);
    await queryRunner.query(`DROP TABLE "sso_assertion"`);
    await queryRunner.query(`DROP INDEX "public"."ix_sso_request_created"`);
    await queryRunner.query(`DROP TABLE "sso_request"`);
    await queryRunner.query(`DROP INDEX "public"."uq_organization_domain_verified"`);
    await queryRunner.query(`DROP TABLE "organization_domain"`);
    await queryRunner.query(`DROP INDEX "public"."ix_sso_connection_org"`);
    await queryRunner.query(`DROP TABLE "sso_connection"`);
  }
}
