import { Injectable } from '@nestjs/common';
import { SqlClient } from '#src/common/database/sql-client.js';
import { TransactionRunner, type Tx } from '#src/common/database/transaction.js';
import { ANALYTICS_LOCK_CLASS } from '#src/common/database/migrations/1795320000000-AnalyticsDailyRollup.js';

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

/** [start 00:00, end + 1 day 00:00) in UTC, from the dates themselves: the session's time zone plays no part. */
const range = (from: string, to: string): string =>
  `created_at >= (${from}::date::timestamp AT TIME ZONE 'UTC') AND created_at < ((${to}::date + 1)::timestamp AT TIME ZONE 'UTC')`;

/** The agent filter of a statement over interactions. */
const agentCondition = (withAgent: boolean, placeholder: string): string => (withAgent ? `AND agent_id = ${placeholder}` : '');

/** The organization-wide rows of analytics_day carry this agent id; they also mark a day as rolled up. */
const WHOLE_ORGANIZATION = '';

/*
 * Closed days come from analytics_day ($3 to $4, rows of agent $2, or of the whole organization); the days
 * not closed yet ($5 to $6) from the interactions themselves, through the covering index
 * ix_interaction_org_created (org_id, created_at) INCLUDE (...). Distinct callers are the union of both.
 */
const totalsSql = (withAgent: boolean): string => `
  WITH rolled AS (
    SELECT * FROM analytics_day WHERE org_id = $1 AND agent_id = $2 AND day >= $3::date AND day <= $4::date
  ), recent AS (
    SELECT coalesce(user_id, api_key_id) AS caller, status, latency_ms, feedback, citation_count, cost_usd
      FROM interaction
     WHERE org_id = $1 AND ${range('$5', '$6')} ${agentCondition(withAgent, '$2')}
  )
  SELECT (SELECT count(*) FROM (SELECT unnest(callers) FROM rolled UNION SELECT caller FROM recent WHERE caller IS NOT NULL) AS c) AS callers,
         r.queries + n.queries AS queries, r.completed + n.completed AS completed, r.latency_sum + n.latency_sum AS latency_sum,
         r.positive + n.positive AS positive, r.negative + n.negative AS negative, r.cited + n.cited AS cited,
         (r.cost_usd + n.cost_usd)::text AS cost_usd
    FROM (SELECT coalesce(sum(queries), 0) AS queries, coalesce(sum(completed), 0) AS completed, coalesce(sum(latency_sum), 0) AS latency_sum,
                 coalesce(sum(positive), 0) AS positive, coalesce(sum(negative), 0) AS negative, coalesce(sum(cited), 0) AS cited,
                 coalesce(sum(cost_usd), 0) AS cost_usd
            FROM rolled) AS r,
         (SELECT count(*) AS queries,
                 count(*) FILTER (WHERE status = 'completed') AS completed,
                 coalesce(sum(latency_ms) FILTER (WHERE status = 'completed'), 0) AS latency_sum,
                 count(*) FILTER (WHERE feedback = 'positive') AS positive,
                 count(*) FILTER (WHERE feedback = 'negative') AS negative,
                 count(*) FILTER (WHERE status = 'completed' AND citation_count > 0) AS cited,
                 coalesce(sum(cost_usd) FILTER (WHERE status = 'completed'), 0) AS cost_usd
            FROM recent) AS n`;

/*
 * Buckets are UTC wall-clock timestamps (timestamp without time zone) turned into instants with an explicit
 * AT TIME ZONE 'UTC', so neither the session's time zone nor its daylight saving rules can move them. Each
 * bucket aggregates its own index range (a lateral subquery), which keeps every percentile sort small and
 * in memory and returns empty buckets as they are. $2 and $3 bound the days read.
 */
const seriesSql = (withAgent: boolean): string => `
  SELECT to_char(b.bucket, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS start, s.queries, s.latency
    FROM generate_series($4::timestamp, $5::timestamp, $6::interval) AS b(bucket)
   CROSS JOIN LATERAL (
      SELECT count(*) AS queries,
             percentile_cont(ARRAY[0.5, 0.95]) WITHIN GROUP (ORDER BY latency_ms) FILTER (WHERE status = 'completed') AS latency
        FROM interaction
       WHERE org_id = $1
         AND created_at >= greatest(b.bucket AT TIME ZONE 'UTC', ($2::date::timestamp AT TIME ZONE 'UTC'))
         AND created_at < least((b.bucket + $6::interval) AT TIME ZONE 'UTC', (($3::date + 1)::timestamp AT TIME ZONE 'UTC'))
         ${agentCondition(withAgent, '$7')}
   ) s
   ORDER BY b.bucket`;

/** Daily buckets of closed days, $2 to $3, straight from analytics_day (a day without a row of agent $4 had none of its answers). */
const rolledSeriesSql = `
  SELECT to_char(d.day, 'YYYY-MM-DD"T00:00:00.000Z"') AS start, coalesce(a.queries, 0) AS queries,
         CASE WHEN a.latency_p50 IS NULL THEN NULL ELSE ARRAY[a.latency_p50, a.latency_p95] END AS latency
    FROM generate_series($2::date, $3::date, interval '1 day') AS d(day)
    LEFT JOIN analytics_day a ON a.org_id = $1 AND a.agent_id = $4 AND a.day = d.day::date
   ORDER BY d.day`;

/**
 * The days from $2 to $3 (ascending) that have no roll-up yet, from the organization's first interaction on:
 * the days before it had none, and reads as empty without a row. A range may span decades (a thousand
 * monthly buckets): rolling up every day of it would write tens of thousands of empty rows per request.
 */
const missingDaysSql = `
  WITH first AS (SELECT (min(created_at) AT TIME ZONE 'UTC')::date AS day FROM interaction WHERE org_id = $1)
  SELECT to_char(d.day, 'YYYY-MM-DD') AS day
    FROM first, generate_series(greatest($2::date, first.day), $3::date, interval '1 day') AS d(day)
   WHERE first.day IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM analytics_day a WHERE a.org_id = $1 AND a.agent_id = '${WHOLE_ORGANIZATION}' AND a.day = d.day::date)
   ORDER BY d.day`;

/**
 * Rolls up whole UTC days ($2) of one organization: a row for the organization (grouping set (day)) and
 * one per agent active that day, percentiles by percentile_cont as the live series computes them.
 */
const rollUpSql = `
  INSERT INTO analytics_day (org_id, agent_id, day, queries, completed, latency_sum, positive, negative, cited, cost_usd, callers, latency_p50, latency_p95)
  SELECT $1, CASE WHEN GROUPING(i.agent_id) = 1 THEN '${WHOLE_ORGANIZATION}' ELSE i.agent_id END, d.day,
         count(i.org_id),
         count(*) FILTER (WHERE i.status = 'completed'),
         coalesce(sum(i.latency_ms) FILTER (WHERE i.status = 'completed'), 0),
         count(*) FILTER (WHERE i.feedback = 'positive'),
         count(*) FILTER (WHERE i.feedback = 'negative'),
         count(*) FILTER (WHERE i.status = 'completed' AND i.citation_count > 0),
         coalesce(sum(i.cost_usd) FILTER (WHERE i.status = 'completed'), 0),
         coalesce(array_agg(DISTINCT coalesce(i.user_id, i.api_key_id)) FILTER (WHERE coalesce(i.user_id, i.api_key_id) IS NOT NULL), '{}'),
         percentile_cont(0.5) WITHIN GROUP (ORDER BY i.latency_ms) FILTER (WHERE i.status = 'completed'),
         percentile_cont(0.95) WITHIN GROUP (ORDER BY i.latency_ms) FILTER (WHERE i.status = 'completed')
    FROM unnest($2::date[]) AS d(day)
    LEFT JOIN interaction i
      ON i.org_id = $1 AND i.created_at >= (d.day::timestamp AT TIME ZONE 'UTC') AND i.created_at < ((d.day + 1)::timestamp AT TIME ZONE 'UTC')
   GROUP BY GROUPING SETS ((d.day), (d.day, i.agent_id))
  HAVING GROUPING(i.agent_id) = 1 OR i.agent_id IS NOT NULL
  ON CONFLICT DO NOTHING`;

const SQL = {
  totals: { all: totalsSql(false), agent: totalsSql(true) },
  series: { all: seriesSql(false), agent: seriesSql(true) },
};

const toNumber = (value: number | string | null): number => (value === null ? 0 : Number(value));

const DAY_MS = 86_400_000;

/**
 * The last UTC day a report may take from analytics_day: days end an hour before they are rolled up, so a
 * write whose transaction began before midnight (and so did not forget its day) has committed by then.
 */
export function lastClosedDay(now: Date): string {
  const settled = new Date(now.getTime() - 3_600_000);
  return new Date(Date.UTC(settled.getUTCFullYear(), settled.getUTCMonth(), settled.getUTCDate()) - DAY_MS).toISOString().slice(0, 10);
}

const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10);
const earlier = (a: string, b: string): string => (a < b ? a : b);
const later = (a: string, b: string): string => (a > b ? a : b);

/**
 * Aggregates over the interaction table for the analytics endpoint. Closed days are read from their roll-ups
 * in analytics_day (made here when a report first needs them), the rest from the interactions, in one
 * transaction sharing the organization's analytics lock (see the AnalyticsDailyRollup migration).
 */
@Injectable()
export class AnalyticsRepository {
  constructor(
    private readonly sql: SqlClient,
    private readonly transactions: TransactionRunner,
  ) {}

  /** `now` decides which days are closed, and so read from their roll-ups. */
  async report(scope: AnalyticsScope, now: Date): Promise<{ totals: AnalyticsTotals; buckets: AnalyticsBucket[] }> {
    const closed = { from: scope.startDate, to: earlier(scope.endDate, lastClosedDay(now)) };
    const open = { from: later(scope.startDate, nextDay(closed.to)), to: scope.endDate };
    return this.transactions.run(async (tx) => {
      // The planner's estimates for these scans are large enough to trigger JIT compilation, which costs more than the query.
      await this.sql.query('SET LOCAL jit = off', [], tx);
      await this.sql.query('SELECT pg_advisory_xact_lock_shared($1, hashtext($2))', [ANALYTICS_LOCK_CLASS, scope.orgId], tx);
      if (closed.from <= closed.to) {
        await this.rollUp(scope.orgId, closed.from, closed.to, tx);
      }
      const totals = await this.totals(scope, closed, open, tx);
      const buckets =
        scope.step === '1 day'
          ? [...(await this.rolledSeries(scope, closed, tx)), ...(await this.series({ ...scope, firstBucket: `${open.from} 00:00:00` }, open, tx))]
          : await this.series(scope, { from: scope.startDate, to: scope.endDate }, tx);
      return { totals, buckets };
    });
  }

  private async rollUp(orgId: string, from: string, to: string, tx: Tx): Promise<void> {
    const missing = await this.sql.query<{ day: string }>(missingDaysSql, [orgId, from, to], tx);
    if (missing.length > 0) {
      await this.sql.query(rollUpSql, [orgId, missing.map((row) => row.day)], tx);
    }
  }

  private async totals(scope: AnalyticsScope, closed: DayRange, open: DayRange, tx: Tx): Promise<AnalyticsTotals> {
    const withAgent = scope.agentId !== undefined;
    const params = [scope.orgId, scope.agentId ?? WHOLE_ORGANIZATION, closed.from, closed.to, open.from, open.to];
    const [row] = await this.sql.query<TotalsRow>(withAgent ? SQL.totals.agent : SQL.totals.all, params, tx);
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

  private async rolledSeries(scope: AnalyticsScope, closed: DayRange, tx: Tx): Promise<AnalyticsBucket[]> {
    if (closed.from > closed.to) {
      return [];
    }
    return toBuckets(await this.sql.query<BucketRow>(rolledSeriesSql, [scope.orgId, closed.from, closed.to, scope.agentId ?? WHOLE_ORGANIZATION], tx));
  }

  private async series(scope: AnalyticsScope, days: DayRange, tx: Tx): Promise<AnalyticsBucket[]> {
    if (days.from > days.to) {
      return [];
    }
    const withAgent = scope.agentId !== undefined;
    const params = [scope.orgId, days.from, days.to, scope.firstBucket, scope.lastBucket, scope.step, ...(withAgent ? [scope.agentId] : [])];
    return toBuckets(await this.sql.query<BucketRow>(withAgent ? SQL.series.agent : SQL.series.all, params, tx));
  }
}

interface DayRange {
  /** First and last UTC day, `YYYY-MM-DD`; empty when from > to. */
  from: string;
  to: string;
}

function toBuckets(rows: BucketRow[]): AnalyticsBucket[] {
  return rows.map((row) => ({
    start: row.start,
    queries: toNumber(row.queries),
    latencyP50: row.latency?.[0] ?? null,
    latencyP95: row.latency?.[1] ?? null,
  }));
}
