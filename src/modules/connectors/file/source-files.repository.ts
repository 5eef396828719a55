import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { sql } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import { SourceFileEntity } from '#src/modules/connectors/file/source-file.entity.js';

@Injectable()
export class SourceFilesRepository extends OrgScopedRepository<SourceFileEntity> {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, SourceFileEntity);
  }

  findByName(orgId: string, dataSourceId: string, name: string, tx?: Tx): Promise<SourceFileEntity | null> {
    return this.findOne(orgId, sql`data_source_id = ${dataSourceId} AND name = ${name}`, tx);
  }

  ofSource(orgId: string, dataSourceId: string): Promise<SourceFileEntity[]> {
    return this.findMany(orgId, sql`data_source_id = ${dataSourceId}`, { orderBy: sql`name ASC` });
  }
}
