import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A consent an OAuth application started names its access token, which must still stand when the consent completes. */
export class ConnectorConsentAccessToken1795790000000 implements MigrationInterface {
  name = 'ConnectorConsentAccessToken1795790000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "connector_authorization" ADD "access_token_id" character varying(200)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "connector_authorization" DROP COLUMN "access_token_id"`);
  }
}
