import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import { ConnectorCredentialEntity } from '#src/modules/connectors/oauth/connector-credential.entity.js';

/** A connector source's sealed tokens, one row per data source: keyed by the data source's id. */
@Injectable()
export class ConnectorCredentialsRepository extends OrgScopedRepository<ConnectorCredentialEntity, 'dataSourceId'> {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, ConnectorCredentialEntity, 'dataSourceId');
  }
}
