import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { EVERY_ROW, sql } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Page } from '#src/common/validation/validators.js';
import { OAuthClientEntity } from '#src/modules/oauth/clients/oauth-client.entity.js';

@Injectable()
export class OAuthClientsRepository extends OrgScopedRepository<OAuthClientEntity> {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, OAuthClientEntity);
  }

  list(orgId: string, page: Page): Promise<{ items: OAuthClientEntity[]; total: number }> {
    return this.page(orgId, EVERY_ROW, sql`created_at DESC, id DESC`, page);
  }

  /** Across organizations: the authorization server knows a client by its `client_id` alone, which names the organization. */
  async findByClientId(clientId: string): Promise<OAuthClientEntity | null> {
    const [client] = await this.findAcrossOrganizations(sql`id = ${clientId}`, { limit: 1 });
    return client ?? null;
  }

  /** The stored hash of a confidential client's secret; across organizations, as findByClientId. */
  async secretHashOf(clientId: string): Promise<string | null> {
    const [row] = await this.sqlClient.query<{ secret_hash: string | null }>(`SELECT secret_hash FROM ${this.rows.table} WHERE id = $1`, [clientId]);
    return row?.secret_hash ?? null;
  }
}
