import { Injectable } from '@nestjs/common';
import { SqlClient } from '#src/common/database/sql-client.js';
import { TransactionRunner, type Tx } from '#src/common/database/transaction.js';

/** The scope of an organization's knowledge base; data source ids carry a prefix, so none can take this key. */
export const KNOWLEDGE_BASE_SCOPE = 'kb';

/** First key of the advisory lock a refresh holds (the second is a hash of its organization and scope). */
const REFRESH_LOCK_CLASS = 7302;

/** A scope's chunks, as a condition on `$1` (organization) and `$2` (scope). */
const DATA_SOURCE_CHUNKS = 'c.org_id = $1 AND c.data_source_id = $2';
const KNOWLEDGE_BASE_CHUNKS = 'c.org_id = $1 AND c.kb_article_id IS NOT NULL';

/** The same condition for format(), which builds ts_stat's query text: `$n` becomes the quoted literal `%n$L`. */
const asFormat = (condition: string): string => condition.replace(/\$(\d)/g, '%$1$$L');

/** A scope whose term statistics keyword search should have and has not. */
export interface StatsScope {
  orgId: string;
  scope: string;
}

/**
 * The stored term statistics of keyword search (migration SearchStats): per scope, its chunk and token
 * counts and each lexeme's document frequency, computed by PostgreSQL's ts_stat from the chunks' own
 * tsvectors. A refresh rewrites one scope in a transaction, so a search reads either the old statistics
 * or the new ones; searches between two refreshes see the scope as it was at the last one.
 */
@Injectable()
export class SearchStatsRepository {
  constructor(
    private readonly sql: SqlClient,
    private readonly transactions: TransactionRunner,
  ) {}

  refresh({ orgId, scope }: StatsScope): Promise<void> {
    const chunks = scope === KNOWLEDGE_BASE_SCOPE ? KNOWLEDGE_BASE_CHUNKS : DATA_SOURCE_CHUNKS;
    return this.transactions.run(async (tx) => {
      // Refreshes of one scope take turns: each then rewrites it from what was committed before it began.
      await this.sql.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [REFRESH_LOCK_CLASS, `${orgId}/${scope}`], tx);
      // A data source deleted meanwhile gets no statistics again: its delete locks its row, then forgets them.
      if (scope !== KNOWLEDGE_BASE_SCOPE) {
        const source = await this.sql.query('SELECT 1 FROM data_source WHERE org_id = $1 AND id = $2 FOR SHARE', [orgId, scope], tx);
        if (source.length === 0) {
          return;
        }
      }
      await this.sql.query('DELETE FROM search_lexeme_stats WHERE org_id = $1 AND scope = $2', [orgId, scope], tx);
      await this.sql.query(
        `INSERT INTO search_scope_stats (org_id, scope, chunks, tokens, refreshed_at)
         SELECT $1::varchar, $2::varchar, count(*), coalesce(sum(c.token_count), 0), now() FROM chunk c WHERE ${chunks}
         ON CONFLICT (org_id, scope) DO UPDATE SET chunks = excluded.chunks, tokens = excluded.tokens, refreshed_at = excluded.refreshed_at`,
        [orgId, scope],
        tx,
      );
      await this.sql.query(
        `INSERT INTO search_lexeme_stats (org_id, scope, lexeme, df)
         SELECT $1::varchar, $2::varchar, s.word, s.ndoc FROM ts_stat(format('SELECT c.tsv FROM chunk c WHERE ${asFormat(chunks)}', $1::varchar, $2::varchar)) AS s`,
        [orgId, scope],
        tx,
      );
    });
  }

  /** Drops a scope's statistics (its data source is being deleted), in the caller's transaction. */
  async forget({ orgId, scope }: StatsScope, tx: Tx): Promise<void> {
    await this.sql.query('DELETE FROM search_lexeme_stats WHERE org_id = $1 AND scope = $2', [orgId, scope], tx);
    await this.sql.query('DELETE FROM search_scope_stats WHERE org_id = $1 AND scope = $2', [orgId, scope], tx);
  }

  /** Refreshes every scope (of every organization) that has no statistics, one after the other, until `stop` says so; answers how many. */
  async refreshMissing(stop: () => boolean = () => false): Promise<number> {
    let refreshed = 0;
    for (const scope of await this.missing()) {
      if (stop()) {
        break;
      }
      await this.refresh(scope);
      refreshed += 1;
    }
    return refreshed;
  }

  /**
   * Data sources, and knowledge bases holding chunks, that have no statistics yet (made before they existed),
   * across organizations: the backfill at start-up computes every organization's.
   */
  async missing(): Promise<StatsScope[]> {
    return this.sql.query<StatsScope>(
      `SELECT d.org_id AS "orgId", d.id AS scope FROM data_source d
       WHERE NOT EXISTS (SELECT 1 FROM search_scope_stats s WHERE s.org_id = d.org_id AND s.scope = d.id)
       UNION ALL
       SELECT o.id AS "orgId", '${KNOWLEDGE_BASE_SCOPE}' AS scope FROM organization o
       WHERE EXISTS (SELECT 1 FROM chunk c WHERE c.org_id = o.id AND c.kb_article_id IS NOT NULL)
         AND NOT EXISTS (SELECT 1 FROM search_scope_stats s WHERE s.org_id = o.id AND s.scope = '${KNOWLEDGE_BASE_SCOPE}')`,
      [],
    );
  }
}
