import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKFILL_CITATION_COUNT } from '#src/common/database/migrations/1795312436058-Analytics.js';
import { newId } from '#src/common/ids/ids.js';
import { citationCount } from '#src/modules/query/query.service.js';
import { AnalyticsRepository, lastClosedDay } from '#src/modules/analytics/analytics.repository.js';
import { expectVersionedError } from '#test/utils/api-expect.js';
import { bearer, createKey, createOrg, type TestOrg } from '#test/utils/factories.js';
import { ingestionEnv, settled, waitForStatus } from '#test/utils/ingestion.js';
import { MovableClock } from '#test/utils/movable-clock.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';
import { createTestApp, type TestApp, useTestApp } from '#test/utils/test-app.js';
import { adminQuery, createTestDatabase, SERVER_URL } from '#test/utils/test-database.js';
import { utcDate } from '#test/utils/utc-days.js';

interface Seed {
  at: string;
  agentId: string;
  status?: 'completed' | 'failed' | 'pending';
  latencyMs?: number;
  userId?: string | null;
  apiKeyId?: string | null;
  feedback?: 'positive' | 'negative' | null;
  citations?: number;
  costUsd?: number;
}

interface Point {
  timestamp: string;
  queries: number;
  latency_p50: number | null;
  latency_p95: number | null;
}

/** PostgreSQL's percentile_cont, computed independently: linear interpolation between the two closest ranks. */
function percentileCont(values: number[], fraction: number): number | null {
  if (values.length === 0) {
    return null;
  }
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * fraction;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower] + (position - lower) * (sorted[upper] - sorted[lower]);
}

const oneDecimal = (value: number | null): number | null => (value === null ? null : Math.round(value * 10) / 10);

/** The expected point of a bucket holding these completed latencies. */
const point = (timestamp: string, queries: number, latencies: number[] = []): Point => ({
  timestamp,
  queries,
  latency_p50: oneDecimal(percentileCont(latencies, 0.5)),
  latency_p95: oneDecimal(percentileCont(latencies, 0.95)),
});

const empty = (timestamp: string): Point => point(timestamp, 0);

/** GET /api/v1/analytics with `key`, expecting 200. */
async function report(http: TestApp['http'], key: string, query: string): Promise<{ metrics: Record<string, unknown>; time_series: Point[] }> {
  const response = await request(http)
    .get(`/api/v1/analytics${query}`)
    .set(...bearer(key));
  expect(response.status, response.text).toBe(200);
  return response.body;
}

async function seed(dataSource: DataSource, orgId: string, rows: Seed[]): Promise<void> {
  for (const row of rows) {
    await dataSource.query(
      `INSERT INTO interaction (id, org_id, agent_id, user_id, api_key_id, query, response, status, sources, feedback, latency_ms, cost_usd,
                                citation_count, rag_strategy, model, created_at)
       VALUES ($1, $2, $3, $4, $5, 'Question?', 'Answer.', $6, '[]', $7, $8, $9, $10, 'hybrid', 'extractive', $11::timestamptz)`,
      [
        newId('interaction'),
        orgId,
        row.agentId,
        row.userId ?? null,
        row.apiKeyId ?? null,
        row.status ?? 'completed',
        row.feedback ?? null,
        row.latencyMs ?? 0,
        row.costUsd ?? 0,
        row.citations ?? 0,
        row.at,
      ],
    );
  }
}

describe('analytics', () => {
  let t: TestApp;
  let stub: OpenAIStub;
  let org: TestOrg;
  let other: TestOrg;
  let dropDatabase: () => Promise<void>;
  let agentA: string;
  let agentB: string;
  let otherAgent: string;
  const [u1, u2, u3, u4] = [newId('user'), newId('user'), newId('user'), newId('user')];
  const [k1, k2, k3] = [newId('apiKey'), newId('apiKey'), newId('apiKey')];
  /** 2026-11-10: seven completed answers of agent A, without feedback, every other one citing. */
  const tenth = [120, 80, 450, 300, 95, 1000, 210];

  const analytics = (query: string, key = org.adminKey): request.Test =>
    request(t.http)
      .get(`/api/v1/analytics${query}`)
      .set(...bearer(key));

  const ok = (query: string, key = org.adminKey): ReturnType<typeof report> => report(t.http, key, query);

  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    stub = await OpenAIStub.start({ dimensions: 512 });
    t = await createTestApp({ databaseUrl: database.url, env: ingestionEnv(stub) });
    org = await createOrg(t.app);
    other = await createOrg(t.app);
    const newAgent = async (owner: TestOrg, name: string): Promise<string> =>
      (
        await request(t.http)
          .post('/api/v1/agents')
          .set(...bearer(owner.adminKey))
          .send({ name, data_source_ids: [] })
          .expect(201)
      ).body.id as string;
    agentA = await newAgent(org, 'Support');
    agentB = await newAgent(org, 'Sales');
    otherAgent = await newAgent(other, 'Elsewhere');

    const dataSource = t.app.get(DataSource);
    await seed(dataSource, org.orgId, [
      { at: '2026-10-31T23:59:59.999Z', agentId: agentA, latencyMs: 700, userId: u3, citations: 1, costUsd: 0.0005 },
      { at: '2026-11-01T00:00:00.000Z', agentId: agentA, latencyMs: 100, userId: u1, apiKeyId: k1, feedback: 'positive', citations: 2, costUsd: 0.001 },
      { at: '2026-11-01T12:00:00.000Z', agentId: agentA, latencyMs: 300, apiKeyId: k1, feedback: 'negative', costUsd: 0.002 },
      { at: '2026-11-01T23:59:59.999Z', agentId: agentB, latencyMs: 200, userId: u2, apiKeyId: k2, citations: 1, costUsd: 0.003 },
      { at: '2026-11-03T05:00:00.000Z', agentId: agentA, status: 'failed', latencyMs: 5000, userId: u1, costUsd: 0.5 },
      { at: '2026-11-03T06:00:00.000Z', agentId: agentB, status: 'pending', apiKeyId: k3 },
      { at: '2026-11-04T23:59:59.999Z', agentId: agentB, latencyMs: 1000, userId: u1, feedback: 'positive', citations: 3, costUsd: 0.004 },
      { at: '2026-11-05T00:00:00.000Z', agentId: agentA, latencyMs: 50, userId: u4, costUsd: 0.0001 },
      ...tenth.map((latencyMs, i) => ({ at: `2026-11-10T${10 + i}:00:00.000Z`, agentId: agentA, latencyMs, apiKeyId: k1, citations: i % 2, costUsd: 0.0001 })),
    ]);
    // Another organization on the same days, one row even under the first organization's agent id.
    await seed(dataSource, other.orgId, [
      { at: '2026-11-01T08:00:00.000Z', agentId: otherAgent, latencyMs: 9000, userId: u1, feedback: 'negative', citations: 0, costUsd: 1 },
      { at: '2026-11-02T08:00:00.000Z', agentId: agentA, latencyMs: 8000, userId: newId('user'), feedback: 'negative', costUsd: 2 },
      { at: '2026-11-04T08:00:00.000Z', agentId: otherAgent, status: 'failed', apiKeyId: newId('apiKey') },
    ]);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await stub?.close();
    await dropDatabase?.();
  });

  it('should answer the organization\u2019s metrics and daily series, hand-computed, empty days included', async () => {
    const body = await ok('?start_date=2026-11-01&end_date=2026-11-04');
    expect(Object.keys(body).sort()).toEqual(['metrics', 'time_series']);
    // Six interactions (any status); callers u1 (three times), k1 (a key without user), u2 and k3; completed latencies 100, 300, 200, 1000.
    expect(body.metrics).toStrictEqual({
      total_queries: 6,
      unique_users: 4,
      avg_latency_ms: 400,
      accuracy_rate: 0.6667,
      citation_rate: 0.75,
      total_cost_usd: 0.01,
    });
    expect(body.time_series).toStrictEqual([
      point('2026-11-01T00:00:00.000Z', 3, [100, 300, 200]),
      empty('2026-11-02T00:00:00.000Z'),
      point('2026-11-03T00:00:00.000Z', 2),
      point('2026-11-04T00:00:00.000Z', 1, [1000]),
    ]);
    expect(body.time_series[0]).toMatchObject({ latency_p50: 200, latency_p95: 290 });
  });

  it('should default to daily buckets and include both end days whole, 00:00:00.000 to 23:59:59.999 UTC', async () => {
    expect(await ok('?start_date=2026-11-01&end_date=2026-11-04&granularity=day')).toStrictEqual(await ok('?start_date=2026-11-01&end_date=2026-11-04'));
    const lastMoment = await ok('?start_date=2026-10-31&end_date=2026-10-31');
    expect(lastMoment.time_series).toStrictEqual([point('2026-10-31T00:00:00.000Z', 1, [700])]);
    expect(lastMoment.metrics).toMatchObject({ total_queries: 1, unique_users: 1, avg_latency_ms: 700, citation_rate: 1, total_cost_usd: 0.0005 });
    const firstMoment = await ok('?start_date=2026-11-05&end_date=2026-11-05');
    expect(firstMoment.time_series).toStrictEqual([point('2026-11-05T00:00:00.000Z', 1, [50])]);
  });

  it('should compute percentile_cont over the completed latencies of each bucket', async () => {
    const body = await ok('?start_date=2026-11-10&end_date=2026-11-10');
    // Sorted 80, 95, 120, 210, 300, 450, 1000: the median is the 4th; p95 sits at rank 5.7, between 450 and 1000.
    expect(body.time_series).toStrictEqual([{ timestamp: '2026-11-10T00:00:00.000Z', queries: 7, latency_p50: 210, latency_p95: 835 }]);
    // No feedback at all: accuracy_rate is null, not 0.
    expect(body.metrics).toStrictEqual({
      total_queries: 7,
      unique_users: 1,
      avg_latency_ms: 322.1,
      accuracy_rate: null,
      citation_rate: 0.4286,
      total_cost_usd: 0.0007,
    });
  });

  it('should bucket by UTC hour', async () => {
    const body = await ok('?start_date=2026-11-01&end_date=2026-11-01&granularity=hour');
    const hours = Array.from({ length: 24 }, (_, hour) => `2026-11-01T${String(hour).padStart(2, '0')}:00:00.000Z`);
    expect(body.time_series).toStrictEqual(
      hours.map((timestamp, hour) =>
        hour === 0 ? point(timestamp, 1, [100]) : hour === 12 ? point(timestamp, 1, [300]) : hour === 23 ? point(timestamp, 1, [200]) : empty(timestamp),
      ),
    );
    expect(body.metrics).toMatchObject({ total_queries: 3, unique_users: 3 });
  });

  it('should bucket by ISO week from Monday, counting only the days inside the range', async () => {
    // 2026-11-01 is a Sunday: its week starts on Monday 2026-10-26, but 2026-10-31 lies before the range.
    expect((await ok('?start_date=2026-11-01&end_date=2026-11-04&granularity=week')).time_series).toStrictEqual([
      point('2026-10-26T00:00:00.000Z', 3, [100, 300, 200]),
      point('2026-11-02T00:00:00.000Z', 3, [1000]),
    ]);
    expect((await ok('?start_date=2026-11-01&end_date=2026-11-16&granularity=week')).time_series).toStrictEqual([
      point('2026-10-26T00:00:00.000Z', 3, [100, 300, 200]),
      point('2026-11-02T00:00:00.000Z', 4, [1000, 50]),
      point('2026-11-09T00:00:00.000Z', 7, tenth),
      empty('2026-11-16T00:00:00.000Z'),
    ]);
  });

  it('should bucket by calendar month, empty months included', async () => {
    const body = await ok('?start_date=2026-10-31&end_date=2026-12-01&granularity=month');
    const november = [100, 300, 200, 1000, 50, ...tenth];
    expect(body.time_series).toStrictEqual([
      point('2026-10-01T00:00:00.000Z', 1, [700]),
      point('2026-11-01T00:00:00.000Z', 14, november),
      empty('2026-12-01T00:00:00.000Z'),
    ]);
    // 13 completed: 700 + 1650 + 2255 ms; citing: those of 700, 100, 200 and 1000 ms and three of the tenth\u2019s; the failed one\u2019s cost is left out.
    expect(body.metrics).toStrictEqual({
      total_queries: 15,
      unique_users: 6,
      avg_latency_ms: 354.2,
      accuracy_rate: 0.6667,
      citation_rate: 0.5385,
      total_cost_usd: 0.0113,
    });
  });

  it('should filter by agent', async () => {
    const body = await ok(`?start_date=2026-11-01&end_date=2026-11-04&agent_id=${agentB}`);
    expect(body.metrics).toStrictEqual({
      total_queries: 3,
      unique_users: 3,
      avg_latency_ms: 600,
      accuracy_rate: 1,
      citation_rate: 1,
      total_cost_usd: 0.007,
    });
    expect(body.time_series).toStrictEqual([
      point('2026-11-01T00:00:00.000Z', 1, [200]),
      empty('2026-11-02T00:00:00.000Z'),
      point('2026-11-03T00:00:00.000Z', 1),
      point('2026-11-04T00:00:00.000Z', 1, [1000]),
    ]);
    const a = await ok(`?start_date=2026-11-01&end_date=2026-11-04&agent_id=${agentA}`);
    expect(a.metrics).toMatchObject({ total_queries: 3, unique_users: 2, avg_latency_ms: 200, accuracy_rate: 0.5, citation_rate: 0.5, total_cost_usd: 0.003 });
  });

  it('should never count another organization\u2019s interactions, and answer each organization its own', async () => {
    const theirs = await ok('?start_date=2026-11-01&end_date=2026-11-04', other.adminKey);
    expect(theirs.metrics).toStrictEqual({
      total_queries: 3,
      unique_users: 3,
      avg_latency_ms: 8500,
      accuracy_rate: 0,
      citation_rate: 0,
      total_cost_usd: 3,
    });
    expect(theirs.time_series.map((p) => p.queries)).toEqual([1, 1, 0, 1]);
    const ownAgentUnderTheirs = await ok(`?start_date=2026-11-01&end_date=2026-11-04&agent_id=${otherAgent}`, other.adminKey);
    expect(ownAgentUnderTheirs.metrics).toMatchObject({ total_queries: 2 });
  });

  it('should answer 404 for an agent of another organization and for an unknown agent', async () => {
    const foreign = await analytics(`?start_date=2026-11-01&end_date=2026-11-04&agent_id=${otherAgent}`);
    expectVersionedError(foreign, 404, 'not_found');
    expect(foreign.body.error.message).toContain(otherAgent);
    expectVersionedError(await analytics(`?start_date=2026-11-01&end_date=2026-11-04&agent_id=${newId('agent')}`), 404, 'not_found');
    // The other way round too: the first organization's agent is unknown to the second.
    expectVersionedError(await analytics(`?start_date=2026-11-01&end_date=2026-11-04&agent_id=${agentA}`, other.adminKey), 404, 'not_found');
  });

  it('should answer zeros, nulls and empty buckets for a range without interactions', async () => {
    const body = await ok('?start_date=2025-02-27&end_date=2025-03-01');
    expect(body).toStrictEqual({
      metrics: { total_queries: 0, unique_users: 0, avg_latency_ms: null, accuracy_rate: null, citation_rate: null, total_cost_usd: 0 },
      time_series: [empty('2025-02-27T00:00:00.000Z'), empty('2025-02-28T00:00:00.000Z'), empty('2025-03-01T00:00:00.000Z')],
    });
    // Only a failed and a pending interaction: counted as queries, but no latency, citation or cost figure.
    expect((await ok('?start_date=2026-11-03&end_date=2026-11-03')).metrics).toStrictEqual({
      total_queries: 2,
      unique_users: 2,
      avg_latency_ms: null,
      accuracy_rate: null,
      citation_rate: null,
      total_cost_usd: 0,
    });
  });

  it('should accept a legacy analytics:read key and refuse keys without the analytics permission', async () => {
    const legacy = await createKey(t.app, org.orgId, { scopes: ['analytics:read'], format: 'legacy' });
    expect(await ok('?start_date=2026-11-01&end_date=2026-11-04', legacy.key)).toStrictEqual(await ok('?start_date=2026-11-01&end_date=2026-11-04'));
    for (const scopes of [['read'], ['execute'], ['agents:read']]) {
      const { key } = await createKey(t.app, org.orgId, { scopes, format: scopes[0] === 'agents:read' ? 'legacy' : 'versioned' });
      const refused = await analytics('?start_date=2026-11-01&end_date=2026-11-04', key);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ required_scope: 'admin', current_scopes: scopes });
    }
  });

  it('should refuse bad dates, ranges, granularities, unknown fields and malformed agent ids with 400 naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['?end_date=2026-11-04', 'start_date'],
      ['?start_date=2026-11-01', 'end_date'],
      ['', 'start_date'],
      ['?start_date=2026-02-30&end_date=2026-03-01', 'start_date'],
      ['?start_date=2026-02-01&end_date=2026-02-29', 'end_date'],
      ['?start_date=2026-13-01&end_date=2026-12-01', 'start_date'],
      ['?start_date=2026-1-05&end_date=2026-01-06', 'start_date'],
      ['?start_date=20261101&end_date=2026-11-04', 'start_date'],
      ['?start_date=2026-11-01T00:00:00Z&end_date=2026-11-04', 'start_date'],
      ['?start_date=&end_date=2026-11-04', 'start_date'],
      ['?start_date=0000-01-01&end_date=2026-11-04', 'start_date'],
      ['?start_date=2026-11-01&start_date=2026-11-02&end_date=2026-11-04', 'start_date'],
      ['?start_date=2026-11-05&end_date=2026-11-04', 'start_date'],
      ['?start_date=2026-11-01&end_date=2026-11-04&granularity=year', 'granularity'],
      ['?start_date=2026-11-01&end_date=2026-11-04&granularity=DAY', 'granularity'],
      ['?start_date=2026-11-01&end_date=2026-11-04&granularity=', 'granularity'],
      ['?start_date=2026-11-01&end_date=2026-11-04&granularity[]=day', 'granularity[]'],
      ['?start_date=2026-11-01&end_date=2026-11-04&agent_id=agt_123', 'agent_id'],
      ['?start_date=2026-11-01&end_date=2026-11-04&agent_id=usr_01JD8X0Q5W3V7N2K4M6P8R9T1A', 'agent_id'],
      ['?start_date=2026-11-01&end_date=2026-11-04&agent_id=', 'agent_id'],
      ['?start_date=2026-11-01&end_date=2026-11-04&timezone=Europe/Paris', 'timezone'],
      ['?start_date=2026-11-01&end_date=2026-11-04&org_id=x', 'org_id'],
    ];
    for (const [query, field] of cases) {
      const response = await analytics(query);
      expect(response.status, `${query}: ${response.text}`).toBe(400);
      expectVersionedError(response, 400, 'invalid_request', [field]);
    }
  });

  it('should refuse more than 1,000 buckets with a clear message, and answer the longest series allowed', async () => {
    const yearByHour = await analytics('?start_date=2026-01-01&end_date=2026-12-31&granularity=hour');
    expectVersionedError(yearByHour, 400, 'invalid_request', ['granularity']);
    expect(yearByHour.body.error.message).toBe(
      '2026-01-01 to 2026-12-31 by hour makes 8760 buckets, more than the 1000 allowed: narrow the range or choose a coarser granularity',
    );
    expectVersionedError(await analytics('?start_date=2026-10-01&end_date=2026-11-11&granularity=hour'), 400, 'invalid_request', ['granularity']);
    expectVersionedError(await analytics('?start_date=0100-01-01&end_date=9999-12-31&granularity=month'), 400, 'invalid_request', ['granularity']);
    expectVersionedError(await analytics('?start_date=2024-01-01&end_date=2026-09-27'), 400, 'invalid_request', ['granularity']);

    // 41 days by hour: 984 buckets.
    const hourly = await ok('?start_date=2026-10-01&end_date=2026-11-10&granularity=hour');
    expect(hourly.time_series).toHaveLength(984);
    expect(hourly.time_series.at(-1)!.timestamp).toBe('2026-11-10T23:00:00.000Z');
    expect(hourly.time_series.reduce((sum, p) => sum + p.queries, 0)).toBe(hourly.metrics.total_queries);
    expect(hourly.metrics.total_queries).toBe(15);
    // 1,000 days: the most a daily series may have.
    expect((await ok('?start_date=2024-01-01&end_date=2026-09-26')).time_series).toHaveLength(1000);
    // The ends of the calendar.
    expect((await ok('?start_date=9999-12-31&end_date=9999-12-31&granularity=month')).time_series).toStrictEqual([empty('9999-12-01T00:00:00.000Z')]);
    expect((await ok('?start_date=0100-01-01&end_date=0100-01-01&granularity=week')).time_series).toStrictEqual([empty('0099-12-28T00:00:00.000Z')]);
  });

  it('should record how many sources a real answer cites, and count it in citation_rate', async () => {
    const owner = await createOrg(t.app);
    const created = await request(t.http)
      .post('/api/v1/data-sources')
      .set(...bearer(owner.adminKey))
      .send({ type: 'file', name: 'Docs' })
      .expect(201);
    await waitForStatus(t.http, owner.adminKey, created.body.id, settled);
    await request(t.http)
      .post(`/api/v1/data-sources/${created.body.id}/files`)
      .set(...bearer(owner.adminKey))
      .attach(
        'file',
        Buffer.from('# Resetting your password\n\nTo reset your password, open Settings, choose Security, then click Reset password.'),
        'password.md',
      )
      .attach('file', Buffer.from('# Holidays\n\nThe office is closed on public holidays. Support answers email within one business day.'), 'holidays.md')
      .expect(202);
    expect((await waitForStatus(t.http, owner.adminKey, created.body.id, settled)).at(-1)!.status).toBe('active');
    const agent = await request(t.http)
      .post('/api/v1/agents')
      .set(...bearer(owner.adminKey))
      .send({ name: 'Docs', data_source_ids: [created.body.id] })
      .expect(201);

    const answered = await request(t.http)
      .post('/api/v1/query')
      .set(...bearer(owner.adminKey))
      .send({ agent_id: agent.body.id, query: 'How do I reset my password?' })
      .expect(200);
    const [stored] = await t.app
      .get(DataSource)
      .query<Array<{ citation_count: number }>>('SELECT citation_count FROM interaction WHERE id = $1', [answered.body.metadata.interaction_id]);
    expect(stored.citation_count).toBeGreaterThan(0);
    expect(stored.citation_count).toBe(citationCount(answered.body.response, answered.body.sources.length));

    // From yesterday to tomorrow: the one interaction of this organization, whenever midnight falls.
    const body = await ok(`?start_date=${utcDate(-1)}&end_date=${utcDate(1)}`, owner.adminKey);
    expect(body.metrics).toMatchObject({ total_queries: 1, unique_users: 1, citation_rate: 1, accuracy_rate: null, total_cost_usd: 0 });
    expect(body.metrics.avg_latency_ms).toBe(answered.body.metadata.latency_ms);
  });

  it('should backfill citation_count from answer texts exactly as the query service counts new answers', async () => {
    const texts: Array<[string, number]> = [
      ['Open Settings [1]. Then Security [2], as [1] says.', 3],
      ['Both [1, 3], a range [2-3] and a prefixed [Source 2].', 3],
      ['Beyond the sources [7] and [0].', 3],
      ['Not citations: [abc], [[1]] and [].', 3],
      ['An en dash [1\u20132]; semicolons [sources 1; 3]; upper case [REF 2].', 3],
      ['No sources at all [1].', 0],
      ['A wide range [1-9999].', 5],
      ['Reversed [3-1], padded [ 2 ].', 3],
      ['Plain text.', 2],
    ];
    const holder = await createOrg(t.app);
    const dataSource = t.app.get(DataSource);
    const ids: string[] = [];
    for (const [text, sources] of texts) {
      const id = newId('interaction');
      ids.push(id);
      await dataSource.query(
        `INSERT INTO interaction (id, org_id, agent_id, query, response, sources, rag_strategy, model)
         VALUES ($1, $2, $3, 'Question?', $4, $5::jsonb, 'hybrid', 'extractive')`,
        [id, holder.orgId, newId('agent'), text, JSON.stringify(Array.from({ length: sources }, (_, i) => ({ chunkId: `chk_${i}` })))],
      );
    }
    await dataSource.query(BACKFILL_CITATION_COUNT);
    const rows = await dataSource.query<Array<{ id: string; citation_count: number }>>('SELECT id, citation_count FROM interaction WHERE org_id = $1', [
      holder.orgId,
    ]);
    const counted = new Map(rows.map((row) => [row.id, row.citation_count]));
    expect(texts.map(([text], i) => [text, counted.get(ids[i])])).toEqual(texts.map(([text, sources]) => [text, citationCount(text, sources)]));
    expect(texts.map(([text, sources]) => citationCount(text, sources))).toEqual([2, 3, 0, 0, 3, 0, 5, 1, 0]);
  });
});

describe('analytics over rolled-up days', () => {
  let org: TestOrg;
  let agent: string;
  const DAY_MS = 86_400_000;
  // The service reads noon UTC of today: the days below cannot change under the test at midnight, nor the
  // closed ones an hour after it.
  const clock = new MovableClock();
  const today = new Date().toISOString().slice(0, 10);
  clock.advance(Date.parse(`${today}T12:00:00.000Z`) - Date.now());
  const t = useTestApp({ clock });
  const dayOf = (offset: number): string => new Date(clock.now().getTime() - offset * DAY_MS).toISOString().slice(0, 10);

  const ok = (query: string): ReturnType<typeof report> => report(t.http, org.adminKey, query);
  const rolledDays = async (): Promise<string[]> =>
    (
      await t.app
        .get(DataSource)
        .query<Array<{ day: string }>>(`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM analytics_day WHERE org_id = $1 AND agent_id = '' ORDER BY day`, [
          org.orgId,
        ])
    ).map((row) => row.day);

  beforeAll(async () => {
    org = await createOrg(t.app);
    agent = (
      await request(t.http)
        .post('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .send({ name: 'Support', data_source_ids: [] })
        .expect(201)
    ).body.id as string;
    const at = (offset: number, hour: number): string => `${dayOf(offset)}T${String(hour).padStart(2, '0')}:30:00.000Z`;
    await seed(t.app.get(DataSource), org.orgId, [
      { at: at(5, 9), agentId: agent, latencyMs: 100, userId: newId('user'), citations: 1, costUsd: 0.001 },
      { at: at(5, 10), agentId: agent, latencyMs: 300, apiKeyId: newId('apiKey'), feedback: 'negative', costUsd: 0.002 },
      { at: at(3, 11), agentId: newId('agent'), latencyMs: 500, apiKeyId: newId('apiKey'), feedback: 'positive', citations: 2, costUsd: 0.004 },
      { at: at(3, 12), agentId: agent, status: 'failed', latencyMs: 9000, apiKeyId: newId('apiKey') },
      // Today, and yesterday: not rolled up yet while the day is recent.
      { at: new Date(clock.now().getTime() - 60_000).toISOString(), agentId: agent, latencyMs: 40, userId: newId('user'), citations: 1, costUsd: 0.0005 },
    ]);
  }, 120_000);

  it('should answer the same figures from roll-ups as from the interactions themselves, today included', async () => {
    const query = `?start_date=${dayOf(6)}&end_date=${dayOf(0)}`;
    const repository = t.app.get(AnalyticsRepository);

    const first = await ok(query);
    // From the first interaction's day on: the day before it had none.
    expect(await rolledDays()).toEqual([5, 4, 3, 2, 1].map(dayOf).filter((day) => day <= lastClosedDay(clock.now())));
    expect(await ok(query)).toStrictEqual(first);
    expect(first.metrics).toMatchObject({ total_queries: 5, unique_users: 5, accuracy_rate: 0.5, total_cost_usd: 0.0075 });
    expect(first.time_series.map((bucket) => bucket.queries)).toEqual([0, 2, 0, 2, 0, 0, 1]);
    expect(first.time_series[1]).toMatchObject({ latency_p50: 200, latency_p95: 290 });

    // As a report made before the range began would compute it: nothing closed, every day read live.
    const scope = {
      orgId: org.orgId,
      startDate: dayOf(6),
      endDate: dayOf(0),
      firstBucket: `${dayOf(6)} 00:00:00`,
      lastBucket: `${dayOf(0)} 00:00:00`,
      step: '1 day',
    };
    const live = await repository.report(scope, new Date(`${dayOf(7)}T00:30:00.000Z`));
    expect(await repository.report(scope, clock.now())).toStrictEqual(live);
    expect(await repository.report({ ...scope, agentId: agent }, clock.now())).toStrictEqual(
      await repository.report({ ...scope, agentId: agent }, new Date(`${dayOf(7)}T00:30:00.000Z`)),
    );

    const perAgent = await ok(`${query}&agent_id=${agent}`);
    expect(perAgent.metrics).toMatchObject({ total_queries: 4, unique_users: 4 });
    expect(perAgent.time_series.map((bucket) => bucket.queries)).toEqual([0, 2, 0, 1, 0, 0, 1]);
  });

  it('should roll up no day before the organization\u2019s first interaction, however far back the range starts', async () => {
    const rolled = await rolledDays();
    const decades = await ok(`?start_date=1950-01-01&end_date=${dayOf(0)}&granularity=month`);
    expect(await rolledDays()).toEqual(rolled);
    expect(decades.metrics).toMatchObject({ total_queries: 5, unique_users: 5 });
    expect(decades.time_series[0]).toMatchObject({ timestamp: '1950-01-01T00:00:00.000Z', queries: 0, latency_p50: null });
    expect(decades.time_series.reduce((sum, bucket) => sum + bucket.queries, 0)).toBe(5);
  });

  it('should forget a rolled-up day when one of its interactions changes or arrives late', async () => {
    const query = `?start_date=${dayOf(6)}&end_date=${dayOf(2)}`;
    const before = await ok(query);
    expect(await rolledDays()).toContain(dayOf(5));
    const dataSource = t.app.get(DataSource);

    await dataSource.query(`UPDATE interaction SET feedback = 'positive' WHERE org_id = $1 AND feedback = 'negative'`, [org.orgId]);
    expect(await rolledDays()).not.toContain(dayOf(5));
    const changed = await ok(query);
    expect(changed.metrics).toMatchObject({ total_queries: before.metrics.total_queries, accuracy_rate: 1 });

    await seed(dataSource, org.orgId, [{ at: `${dayOf(4)}T08:00:00.000Z`, agentId: agent, latencyMs: 70 }]);
    const late = await ok(query);
    expect(late.metrics.total_queries).toBe((before.metrics.total_queries as number) + 1);
    expect(late.time_series.find((bucket) => bucket.timestamp.startsWith(dayOf(4)))).toMatchObject({ queries: 1, latency_p50: 70 });

    await dataSource.query(`DELETE FROM interaction WHERE org_id = $1 AND created_at >= $2::date AND created_at < $2::date + 1`, [org.orgId, dayOf(4)]);
    expect((await ok(query)).metrics.total_queries).toBe(before.metrics.total_queries);
  });
});

describe('analytics in a database session on another time zone', () => {
  const ZONE = 'America/St_Johns';
  let t: TestApp;
  let org: TestOrg;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    if (database.url && SERVER_URL) {
      // Every connection the app opens starts on this time zone.
      await adminQuery(SERVER_URL, `ALTER DATABASE "${new URL(database.url).pathname.slice(1)}" SET timezone TO '${ZONE}'`);
    }
    t = await createTestApp({ databaseUrl: database.url });
    const dataSource = t.app.get(DataSource);
    if (!database.url) {
      // The embedded database has a single session.
      await dataSource.query(`SET TIME ZONE '${ZONE}'`);
    }
    expect(await dataSource.query('SHOW TimeZone')).toEqual([{ TimeZone: ZONE }]);
    org = await createOrg(t.app);
    const agentId = (
      await request(t.http)
        .post('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .send({ name: 'Support', data_source_ids: [] })
        .expect(201)
    ).body.id as string;
    // St John's is UTC-02:30 until 2026-11-01 04:30 UTC, then UTC-03:30: local dates and hours differ from UTC ones.
    await seed(dataSource, org.orgId, [
      { at: '2026-10-31T23:59:59.999Z', agentId, latencyMs: 10, userId: newId('user') },
      { at: '2026-11-01T00:00:00.000Z', agentId, latencyMs: 20, userId: newId('user') },
      { at: '2026-11-01T01:30:00.000Z', agentId, latencyMs: 30, userId: newId('user') },
      { at: '2026-11-02T02:00:00.000Z', agentId, latencyMs: 40, userId: newId('user') },
      { at: '2026-11-30T23:00:00.000Z', agentId, latencyMs: 50, userId: newId('user') },
      { at: '2026-12-01T00:30:00.000Z', agentId, latencyMs: 60, userId: newId('user') },
    ]);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await dropDatabase?.();
  });

  const ok = (query: string): ReturnType<typeof report> => report(t.http, org.adminKey, query);

  it('should still bucket by UTC day', async () => {
    const body = await ok('?start_date=2026-11-01&end_date=2026-11-02');
    expect(body.time_series).toStrictEqual([point('2026-11-01T00:00:00.000Z', 2, [20, 30]), point('2026-11-02T00:00:00.000Z', 1, [40])]);
    expect(body.metrics).toMatchObject({ total_queries: 3, unique_users: 3 });
    expect((await ok('?start_date=2026-10-31&end_date=2026-10-31')).time_series).toStrictEqual([point('2026-10-31T00:00:00.000Z', 1, [10])]);
  });

  it('should still bucket by UTC hour, on whole UTC hours', async () => {
    const body = await ok('?start_date=2026-11-01&end_date=2026-11-01&granularity=hour');
    expect(body.time_series).toHaveLength(24);
    expect(body.time_series.slice(0, 3)).toStrictEqual([
      point('2026-11-01T00:00:00.000Z', 1, [20]),
      point('2026-11-01T01:00:00.000Z', 1, [30]),
      empty('2026-11-01T02:00:00.000Z'),
    ]);
  });

  it('should still bucket by UTC week and month', async () => {
    expect((await ok('?start_date=2026-10-31&end_date=2026-11-02&granularity=week')).time_series).toStrictEqual([
      point('2026-10-26T00:00:00.000Z', 3, [10, 20, 30]),
      point('2026-11-02T00:00:00.000Z', 1, [40]),
    ]);
    expect((await ok('?start_date=2026-10-31&end_date=2026-12-01&granularity=month')).time_series).toStrictEqual([
      point('2026-10-01T00:00:00.000Z', 1, [10]),
      point('2026-11-01T00:00:00.000Z', 4, [20, 30, 40, 50]),
      point('2026-12-01T00:00:00.000Z', 1, [60]),
    ]);
  });
});
