import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Connector sources: their sealed provider tokens, consents in progress, and each source's sync checkpoint. */
export class ConnectorConnections1795673947307 implements MigrationInterface {
  name = 'ConnectorConnections1795673947307';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "connector_authorization" ("state_hash" character(64) NOT NULL, "org_id" character varying(40) NOT NULL, "data_source_id" character varying(40) NOT NULL, "user_id" character varying(40), "credential_kind" character varying(20) NOT NULL, "credential_id" character varying(60) NOT NULL, "browser_binding_hash" character(64), "code_verifier" jsonb, "redirect_uri" text NOT NULL, "expires_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_32dcea0dd09c8d29f4e36e0c403" PRIMARY KEY ("state_hash"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_connector_authorization_expires" ON "connector_authorization"  ("expires_at") `);
    await queryRunner.query(
      `CREATE TABLE "connector_credential" ("data_source_id" character varying(40) NOT NULL, "org_id" character varying(40) NOT NULL, "access_token" jsonb NOT NULL, "refresh_token" jsonb, "expires_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, "scope" text, "account" character varying(300), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6a9e83db00301115c72fb86e551" PRIMARY KEY ("data_source_id"))`,
    );
    await queryRunner.query(`ALTER TABLE "data_source" ADD "sync_checkpoint" jsonb`);
    await queryRunner.query(
      `ALTER TABLE "connector_authorization" ADD CONSTRAINT "FK_8d4ef6b0d0775d7c08b7cde2dd7" FOREIGN KEY ("data_source_id") REFERENCES "data_source"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "connector_credential" ADD CONSTRAINT "FK_6a9e83db00301115c72fb86e551" FOREIGN KEY ("data_source_id") REFERENCES "data_source"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "connector_credential" DROP CONSTRAINT "FK_6a9e83db00301115c72fb86e551"`);
    await queryRunner.query(`ALTER TABLE "connector_authorization" DROP CONSTRAINT "FK_8d4ef6b0d0775d7c08b7cde2dd7"`);
    await queryRunner.query(`ALTER TABLE "data_source" DROP COLUMN "sync_checkpoint"`);
    await queryRunner.query(`DROP TABLE "connector_credential"`);
    await queryRunner.query(`DROP INDEX "public"."ix_connector_authorization_expires"`);
    await queryRunner.query(`DROP TABLE "connector_authorization"`);
  }
}
