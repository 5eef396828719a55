import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { EntityRows } from '#src/common/database/entity-rows.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import type { Page } from '#src/common/validation/validators.js';
import { InteractionEntity, type Feedback } from '#src/modules/interactions/interaction.entity.js';

export interface InteractionFilter {
  agentId?: string;
  from?: Date;
  to?: Date;
  /** `null` selects interactions without feedback. */
  feedback?: Feedback | null;
}

@Injectable()
export class InteractionsRepository {
  private readonly rows: EntityRows<InteractionEntity>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: SqlClient,
  ) {
    this.rows = new EntityRows(sql, dataSource, InteractionEntity);
  }

  private repo(tx?: Tx): Repository<InteractionEntity> {
    return (tx?.manager ?? this.dataSource.manager).getRepository(InteractionEntity);
  }

  async insert(interaction: InteractionEntity, tx?: Tx): Promise<InteractionEntity> {
    return this.repo(tx).save(interaction);
  }

  async save(interaction: InteractionEntity, tx: Tx): Promise<InteractionEntity> {
    return this.repo(tx).save(interaction);
  }

  async findByIdForUpdate(orgId: string, id: string, tx: Tx): Promise<InteractionEntity | null> {
    return this.repo(tx).findOne({ where: { orgId, id }, lock: { mode: 'pessimistic_write' } });
  }

  /** The last `limit` completed exchanges of a session, oldest first. */
  async history(orgId: string, sessionId: string, limit: number): Promise<Array<{ query: string; response: string }>> {
    const rows = await this.sql.query<{ query: string; response: string }>(
      `SELECT query, response FROM (
         SELECT query, response, created_at FROM interaction
          WHERE org_id = $1 AND session_id = $2 AND status = 'completed'
          ORDER BY created_at DESC LIMIT $3
       ) recent ORDER BY created_at ASC`,
      [orgId, sessionId, limit],
    );
    return rows;
  }

  /** Model tokens (input + output) the organization's interactions created since `since` used. */
  async tokensUsedSince(orgId: string, since: Date): Promise<number> {
    const rows = await this.sql.query<{ used: string | number }>(
      'SELECT COALESCE(SUM(tokens_input + tokens_output), 0) AS used FROM interaction WHERE org_id = $1 AND created_at >= $2',
      [orgId, since],
    );
    return Number(rows[0]?.used ?? 0);
  }

  async findById(orgId: string, id: string, tx?: Tx): Promise<InteractionEntity | null> {
    return this.rows.findOne('org_id = $1 AND id = $2', [orgId, id], tx);
  }

  async list(orgId: string, filter: InteractionFilter, page: Page): Promise<{ items: InteractionEntity[]; total: number }> {
    const conditions = ['org_id = $1'];
    const params: unknown[] = [orgId];
    const add = (condition: (placeholder: string) => string, value: unknown): void => {
      params.push(value);
      conditions.push(condition(`$${params.length}`));
    };
    if (filter.agentId) {
      add((p) => `agent_id = ${p}`, filter.agentId);
    }
    if (filter.from) {
      add((p) => `created_at >= ${p}`, filter.from);
    }
    if (filter.to) {
      add((p) => `created_at < ${p}`, filter.to);
    }
    if (filter.feedback === null) {
      conditions.push('feedback IS NULL');
    } else if (filter.feedback) {
      add((p) => `feedback = ${p}`, filter.feedback);
    }
    return this.rows.page({ where: conditions.join(' AND '), params, orderBy: 'created_at DESC, id DESC' }, page);
  }
}
