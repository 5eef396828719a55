import { Injectable } from '@nestjs/common';
import type { SealedSecretsRow, SealedSecretsTable } from '#src/common/crypto/sealed-secrets.js';
import type { SealedKey } from '#src/common/crypto/secret-cipher.js';
import { DataSource } from 'typeorm';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { EVERY_ROW, sql } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import { SsoConnectionEntity } from '#src/modules/sso/connections/sso-connection.entity.js';

@Injectable()
export class SsoConnectionsRepository extends OrgScopedRepository<SsoConnectionEntity> implements SealedSecretsTable {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, SsoConnectionEntity);
  }

  list(orgId: string): Promise<SsoConnectionEntity[]> {
    return this.findMany(orgId, EVERY_ROW, { orderBy: sql`created_at ASC` });
  }

  /** Across organizations: the connection id in a sign-in route's path is what names the organization. */
  async findByIdAcrossOrganizations(id: string): Promise<SsoConnectionEntity | null> {
    const [connection] = await this.findAcrossOrganizations(sql`id = ${id}`, { limit: 1 });
    return connection ?? null;
  }

  /** Across organizations, for the re-encryption of stored secrets (reencryptTable): client secrets and signing keys sealed by another key. */
  async staleSecrets(currentKeyId: string, afterId: string, limit: number): Promise<SealedSecretsRow[]> {
    const connections = await this.findAcrossOrganizations(sql`secret IS NOT NULL AND secret->>'keyId' <> ${currentKeyId} AND id > ${afterId}`, {
      orderBy: sql`id`,
      limit,
    });
    return connections.map((connection) => ({ id: connection.id, orgId: connection.orgId, secrets: { secret: connection.secret } }));
  }

  async countSecretRows(): Promise<number> {
    const [row] = await this.sqlClient.query<{ total: string | number }>('SELECT count(*) AS total FROM sso_connection WHERE secret IS NOT NULL', []);
    return Number(row?.total ?? 0);
  }

  async replaceSecrets(row: SealedSecretsRow, resealed: Record<string, SealedKey | null>): Promise<boolean> {
    const where = sql`id = ${row.id} AND secret = ${JSON.stringify(row.secrets.secret)}::jsonb`;
    return (await this.updateWhere(row.orgId, where, { secret: resealed.secret })) > 0;
  }
}
