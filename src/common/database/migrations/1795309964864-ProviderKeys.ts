import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ProviderKeys1795309964864 implements MigrationInterface {
  name = 'ProviderKeys1795309964864';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "provider_key" ("id" character varying(40) NOT NULL, "org_id" character varying(40) NOT NULL, "provider" character varying(20) NOT NULL, "name" character varying(200), "base_url" character varying(2048), "ciphertext" text NOT NULL, "encryption_key_id" character varying(32) NOT NULL, "last_four" character varying(4) NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_69313ed3f20b886e1a58585bdf0" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_provider_key_org_created" ON "provider_key"  ("org_id", "created_at") `);
    await queryRunner.query(
      `ALTER TABLE "provider_key" ADD CONSTRAINT "FK_6dec72a192e679fd2ca55c334de" FOREIGN KEY ("org_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "provider_key" DROP CONSTRAINT "FK_6dec72a192e679fd2ca55c334de"`);
    await queryRunner.query(`DROP INDEX "public"."ix_provider_key_org_created"`);
    await queryRunner.query(`DROP TABLE "provider_key"`);
  }
}
