import type { MigrationInterface, QueryRunner } from 'typeorm';

const CREDENTIAL_MODELS = `'AccessToken', 'RefreshToken', 'AuthorizationCode', 'DeviceCode', 'ClientCredentials', 'BackchannelAuthenticationRequest'`;

/**
 * The authorization server's codes and tokens are now stored under a keyed hash of their value (the key
 * is the service's secret, which SQL does not have): the ones stored as issued are deleted, and the
 * applications holding them sign the person in again.
 */
export class OAuthCredentialsHashed1795770000000 implements MigrationInterface {
  name = 'OAuthCredentialsHashed1795770000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM oauth_payload WHERE model IN (${CREDENTIAL_MODELS}) AND id !~ '^[0-9a-f]{64}$'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM oauth_payload WHERE model IN (${CREDENTIAL_MODELS})`);
  }
}
