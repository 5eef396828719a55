import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { and, sql, type SqlFragment } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
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
export class InteractionsRepository extends OrgScopedRepository<InteractionEntity> {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, InteractionEntity);
  }

  /** The last `limit` completed exchanges of a session with one agent, oldest first. */
  history(orgId: string, sessionId: string, agentId: string, limit: number): Promise<Array<{ query: string; response: string }>> {
    const { text, params } = sql`SELECT query, response FROM (
         SELECT query, response, created_at FROM interaction
          WHERE ${this.scopedCondition(orgId, sql`session_id = ${sessionId} AND agent_id = ${agentId} AND status = 'completed'`)}
          ORDER BY created_at DESC LIMIT ${limit}
       ) recent ORDER BY created_at ASC`.render();
    return this.sqlClient.query<{ query: string; response: string }>(text, params);
  }

  /** Model tokens (input + output) the organization's interactions created since `since` used. */
  async tokensUsedSince(orgId: string, since: Date): Promise<number> {
    const { text, params } = this.scoped(orgId, sql`created_at >= ${since}`);
    const [row] = await this.sqlClient.query<{ used: string | number }>(
      `SELECT COALESCE(SUM(tokens_input + tokens_output), 0) AS used FROM interaction WHERE ${text}`,
      params,
    );
    return Number(row?.used ?? 0);
  }

  /**
   * Marks failed, with `error`, up to `limit` interactions still pending `olderThanMs` after they were
   * recorded, oldest first; answers how many. Across organizations: the sweep serves every organization.
   */
  async failPendingOlderThan(olderThanMs: number, error: string, limit: number): Promise<number> {
    const failed = await this.sqlClient.query<{ id: string }>(
      `UPDATE interaction SET status = 'failed', error = $1
        WHERE id IN (SELECT id FROM interaction WHERE status = 'pending' AND created_at < now() - ($2 || ' milliseconds')::interval ORDER BY created_at LIMIT $3)
          AND status = 'pending'
        RETURNING id`,
      [error, String(olderThanMs), limit],
    );
    return failed.length;
  }

  list(orgId: string, filter: InteractionFilter, page: Page): Promise<{ items: InteractionEntity[]; total: number }> {
    const conditions: SqlFragment[] = [];
    if (filter.agentId) {
      conditions.push(sql`agent_id = ${filter.agentId}`);
    }
    if (filter.from) {
      conditions.push(sql`created_at >= ${filter.from}`);
    }
    if (filter.to) {
      conditions.push(sql`created_at < ${filter.to}`);
    }
    if (filter.feedback === null) {
      conditions.push(sql`feedback IS NULL`);
    } else if (filter.feedback) {
      conditions.push(sql`feedback = ${filter.feedback}`);
    }
    return this.page(orgId, and(...conditions), sql`created_at DESC, id DESC`, page);
  }
}
