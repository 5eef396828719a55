import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { EVERY_ROW, sql } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import { SsoConnectionEntity } from '#src/modules/sso/connections/sso-connection.entity.js';

@Injectable()
export class SsoConnectionsRepository extends OrgScopedRepository<SsoConnectionEntity> {
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
}
