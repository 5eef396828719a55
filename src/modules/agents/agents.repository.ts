import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { EVERY_ROW, sql } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Page } from '#src/common/validation/validators.js';
import { AgentEntity } from '#src/modules/agents/agent.entity.js';

@Injectable()
export class AgentsRepository extends OrgScopedRepository<AgentEntity> {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, AgentEntity);
  }

  list(orgId: string, page: Page): Promise<{ items: AgentEntity[]; total: number }> {
    return this.page(orgId, EVERY_ROW, sql`created_at DESC, id DESC`, page);
  }
}
