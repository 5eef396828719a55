import type { MigrationInterface, QueryRunner } from 'typeorm';

/** OAuth clients: the applications an organization registers to act for its people. */
export class OAuthClients1795655717107 implements MigrationInterface {
  name = 'OAuthClients1795655717107';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "oauth_client" ("id" character varying(40) NOT NULL, "org_id" character varying(40) NOT NULL, "name" character varying(200) NOT NULL, "type" character varying(20) NOT NULL, "redirect_uris" jsonb NOT NULL, "scopes" jsonb NOT NULL, "secret_hash" character(64), "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d6e58a7e0ec3ac17a67ba7f97cd" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_oauth_client_org" ON "oauth_client"  ("org_id", "created_at") `);
    await queryRunner.query(
      `ALTER TABLE "oauth_client" ADD CONSTRAINT "FK_8c63dca3be787b703134ca10254" FOREIGN KEY ("org_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "oauth_client" DROP CONSTRAINT "FK_8c63dca3be787b703134ca10254"`);
    await queryRunner.query(`DROP INDEX "public"."ix_oauth_client_org"`);
    await queryRunner.query(`DROP TABLE "oauth_client"`);
  }
}
