import { Injectable } from '@nestjs/common';
import type { SealedSecretsRow, SealedSecretsTable } from '#src/common/crypto/sealed-secrets.js';
import type { SealedKey } from '#src/common/crypto/secret-cipher.js';
import { sql } from '#src/common/database/scoped/sql-fragment.js';
import { DataSource } from 'typeorm';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import { ConnectorCredentialEntity } from '#src/modules/connectors/oauth/connector-credential.entity.js';

/** A connector source's sealed tokens, one row per data source: keyed by the data source's id. */
@Injectable()
export class ConnectorCredentialsRepository extends OrgScopedRepository<ConnectorCredentialEntity, 'dataSourceId'> implements SealedSecretsTable {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, ConnectorCredentialEntity, 'dataSourceId');
  }

  /** Across organizations, for the re-encryption of stored secrets (reencryptTable): tokens sealed by another key, by data source. */
  async staleSecrets(currentKeyId: string, afterId: string, limit: number): Promise<SealedSecretsRow[]> {
    const stale = sql`(access_token->>'keyId' <> ${currentKeyId} OR refresh_token->>'keyId' <> ${currentKeyId}) AND data_source_id > ${afterId}`;
    const credentials = await this.findAcrossOrganizations(stale, { orderBy: sql`data_source_id`, limit });
    return credentials.map((credential) => ({
      id: credential.dataSourceId,
      orgId: credential.orgId,
      secrets: { accessToken: credential.accessToken, refreshToken: credential.refreshToken },
    }));
  }

  async countSecretRows(): Promise<number> {
    const [row] = await this.sqlClient.query<{ total: string | number }>('SELECT count(*) AS total FROM connector_credential', []);
    return Number(row?.total ?? 0);
  }

  /** Both tokens at once, and only while neither was renewed meanwhile (a refresh writes newer ones). */
  async replaceSecrets(row: SealedSecretsRow, resealed: Record<string, SealedKey | null>): Promise<boolean> {
    const { accessToken, refreshToken } = row.secrets;
    const unchanged = sql`data_source_id = ${row.id} AND access_token = ${JSON.stringify(accessToken)}::jsonb
      AND refresh_token IS NOT DISTINCT FROM ${refreshToken === null ? null : JSON.stringify(refreshToken)}::jsonb`;
    const changes = { accessToken: resealed.accessToken ?? undefined, refreshToken: resealed.refreshToken, updatedAt: sql`updated_at` };
    return (await this.updateWhere(row.orgId, unchanged, changes)) > 0;
  }
}
