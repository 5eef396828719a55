import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { EntityRows } from '#src/common/database/entity-rows.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import type { Page } from '#src/common/validation/validators.js';
import { AgentEntity } from '#src/modules/agents/agent.entity.js';

@Injectable()
export class AgentsRepository {
  private readonly rows: EntityRows<AgentEntity>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: SqlClient,
  ) {
    this.rows = new EntityRows(sql, dataSource, AgentEntity);
  }

  private repo(tx?: Tx): Repository<AgentEntity> {
    return (tx?.manager ?? this.dataSource.manager).getRepository(AgentEntity);
  }

  async insert(agent: AgentEntity, tx: Tx): Promise<AgentEntity> {
    return this.repo(tx).save(agent);
  }

  async save(agent: AgentEntity, tx: Tx): Promise<AgentEntity> {
    return this.repo(tx).save(agent);
  }

  async findById(orgId: string, id: string): Promise<AgentEntity | null> {
    return this.rows.findOne('org_id = $1 AND id = $2', [orgId, id]);
  }

  async findByIdForUpdate(orgId: string, id: string, tx: Tx): Promise<AgentEntity | null> {
    return this.repo(tx).findOne({ where: { orgId, id }, lock: { mode: 'pessimistic_write' } });
  }

  async list(orgId: string, page: Page): Promise<{ items: AgentEntity[]; total: number }> {
    return this.rows.page({ where: 'org_id = $1', params: [orgId], orderBy: 'created_at DESC, id DESC' }, page);
  }

  async delete(orgId: string, id: string, tx: Tx): Promise<boolean> {
    const result = await this.repo(tx).delete({ orgId, id });
    return (result.affected ?? 0) > 0;
  }
}
