import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ConnectorConsentActor1795746885743 implements MigrationInterface {
  name = 'ConnectorConsentActor1795746885743';

  // Consents in progress live minutes and recorded the credential, not the actor: they are started again.
  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "connector_authorization"`);
    await queryRunner.query(`ALTER TABLE "connector_authorization" DROP COLUMN "credential_kind"`);
    await queryRunner.query(`ALTER TABLE "connector_authorization" DROP COLUMN "credential_id"`);
    await queryRunner.query(`ALTER TABLE "connector_authorization" ADD "actor_type" character varying(20) NOT NULL`);
    await queryRunner.query(`ALTER TABLE "connector_authorization" ADD "actor_id" character varying(40)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "connector_authorization"`);
    await queryRunner.query(`ALTER TABLE "connector_authorization" DROP COLUMN "actor_id"`);
    await queryRunner.query(`ALTER TABLE "connector_authorization" DROP COLUMN "actor_type"`);
    await queryRunner.query(`ALTER TABLE "connector_authorization" ADD "credential_id" character varying(60) NOT NULL`);
    await queryRunner.query(`ALTER TABLE "connector_authorization" ADD "credential_kind" character varying(20) NOT NULL`);
  }
}
