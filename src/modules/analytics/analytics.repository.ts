import { Injectable } from '@nestjs/common';
import { SqlClient } from '#src/common/database/sql-client.js';
import { TransactionRunner } from '#src/common/database/transaction.js';

/** The interactions one report covers: whole UTC days of one organization, optionally one agent, cut into buckets. */
export interface AnalyticsScope {
  orgId: string;
  agentId?: string;
  /** First and last UTC day included, `YYYY-MM-DD`. */
  startDate: string;
  endDate: string;
  /** Start of the first and of the last bucket, UTC wall-clock time (`2026-11-02 00:00:00`). */
  firstBucket: string;
  lastBucket: string;
  /** Bucket length as a PostgreSQL interval (`1 day`, `1 month`). */
  step: string;
}

export interface AnalyticsTotals {
  queries: number;
  callers: number;
  completed: number;
  latencySumMs: number;
  positive: number;
  negative: number;
  cited: number;
  costUsd: number;
}

export interface AnalyticsBucket {
  /** ISO 8601, UTC. */
  start: string;
  queries: number;
  latencyP50: number | null;
  latencyP95: number | null;
}

interface TotalsRow {
  queries: number | string | null;
  callers: number | string;
  completed: number | string | null;
  latency_sum: number | string | null;
  positive: number | string | null;
  negative: number | string | null;
  cited: number | string | null;
  cost_usd: string | null;
}

interface BucketRow {
  start: string;
  queries: number | string;
  latency: number[] | null;
}

/** [start_date 00:00, end_date + 1 day 00:00) in UTC, from the dates themselves: the session's time zone plays no part. */
const FROM = `($2::date::timestamp AT TIME ZONE 'UTC')`;
const TO = `(($3::date + 1)::timestamp AT TIME ZONE 'UTC')`;

/** The agent filter is the last parameter of either statement. */
const agentCondition = (withAgent: boolean, placeholder: string): string => (withAgent ? `AND agent_id = ${placeholder}` : '');

/*
 * Every figure reads the covering index ix_interaction_org_created (org_id, created_at) INCLUDE (...), so
 * a report is an index-only range scan, never a heap or answer-text scan. Caller by caller first: the
 * per-caller groups make unique_users a count of groups instead of a DISTINCT sort.
 */
const totalsSql = (withAgent: boolean): string => `
  SELECT count(caller) AS callers, sum(queries) AS queries, sum(completed) AS completed, sum(latency_sum) AS latency_sum,
         sum(positive) AS positive, sum(negative) AS negative, sum(cited) AS cited, sum(cost_usd)::text AS cost_usd
    FROM (
      SELECT coalesce(user_id, api_key_id) AS caller,
             count(*) AS queries,
             count(*) FILTER (WHERE status = 'completed') AS completed,
             sum(latency_ms) FILTER (WHERE status = 'completed') AS latency_sum,
             count(*) FILTER (WHERE feedback = 'positive') AS positive,
             count(*) FILTER (WHERE feedback = 'negative') AS negative,
             count(*) FILTER (WHERE status = 'completed' AND citation_count > 0) AS cited,
             sum(cost_usd) FILTER (WHERE status = 'completed') AS cost_usd
        FROM interaction
       WHERE org_id = $1 AND created_at >= ${FROM} AND created_at < ${TO} ${agentCondition(withAgent, '$4')}
       GROUP BY 1
    ) per_caller`;

/*
 * Buckets are UTC wall-clock timestamps (timestamp without time zone) turned into instants with an explicit
 * AT TIME ZONE 'UTC', so neither the session's time zone nor its daylight saving rules can move them. Each
 * bucket aggregates its own index range (a lateral subquery), which keeps every percentile sort small and
 * in memory and returns empty buckets as they are.
 */
const seriesSql = (withAgent: boolean): string => `
  SELECT to_char(b.bucket, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS start, s.queries, s.latency
    FROM generate_series($4::timestamp, $5::timestamp, $6::interval) AS b(bucket)
   CROSS JOIN LATERAL (
      SELECT count(*) AS queries,
             percentile_cont(ARRAY[0.5, 0.95]) WITHIN GROUP (ORDER BY latency_ms) FILTER (WHERE status = 'completed') AS latency
        FROM interaction
       WHERE org_id = $1
         AND created_at >= greatest(b.bucket AT TIME ZONE 'UTC', ${FROM})
         AND created_at < least((b.bucket + $6::interval) AT TIME ZONE 'UTC', ${TO})
         ${agentCondition(withAgent, '$7')}
   ) s
   ORDER BY b.bucket`;

const SQL = {
  totals: { all: totalsSql(false), agent: totalsSql(true) },
  series: { all: seriesSql(false), agent: seriesSql(true) },
};

const toNumber = (value: number | string | null): number => (value === null ? 0 : Number(value));

/** Read-only aggregates over the interaction table for the analytics endpoint. */
@Injectable()
export class AnalyticsRepository {
  constructor(
    private readonly sql: SqlClient,
    private readonly transactions: TransactionRunner,
  ) {}

  async totals(scope: AnalyticsScope): Promise<AnalyticsTotals> {
    const withAgent = scope.agentId !== undefined;
    const params = [scope.orgId, scope.startDate, scope.endDate, ...(withAgent ? [scope.agentId] : [])];
    const [row] = await this.read<TotalsRow>(withAgent ? SQL.totals.agent : SQL.totals.all, params);
    return {
      queries: toNumber(row.queries),
      callers: toNumber(row.callers),
      completed: toNumber(row.completed),
      latencySumMs: toNumber(row.latency_sum),
      positive: toNumber(row.positive),
      negative: toNumber(row.negative),
      cited: toNumber(row.cited),
      costUsd: toNumber(row.cost_usd),
    };
  }

  async series(scope: AnalyticsScope): Promise<AnalyticsBucket[]> {
    const withAgent = scope.agentId !== undefined;
    const params = [scope.orgId, scope.startDate, scope.endDate, scope.firstBucket, scope.lastBucket, scope.step, ...(withAgent ? [scope.agentId] : [])];
    const rows = await this.read<BucketRow>(withAgent ? SQL.series.agent : SQL.series.all, params);
    return rows.map((row) => ({
      start: row.start,
      queries: toNumber(row.queries),
      latencyP50: row.latency?.[0] ?? null,
      latencyP95: row.latency?.[1] ?? null,
    }));
  }

  /**
   * One statement in its own short transaction with JIT off: the planner's estimates for these scans are large
   * enough to trigger JIT compilation, which costs more than the query itself.
   */
  private async read<T>(text: string, params: unknown[]): Promise<T[]> {
    return this.transactions.run(async (tx) => {
      await this.sql.query('SET LOCAL jit = off', [], tx);
      return this.sql.query<T>(text, params, tx);
    });
  }
}
