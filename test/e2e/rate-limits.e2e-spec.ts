import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LimitClock, LimitsService } from '#src/modules/limits/limits.service.js';
import type { Plan } from '#src/modules/organizations/organization.entity.js';
import { OrganizationsService } from '#src/modules/organizations/organizations.service.js';
import { expectLegacyError, expectVersionedError, ISO_TIMESTAMP, REQUEST_ID } from '#test/utils/api-expect.js';
import { bearer, createKey, createOrg, type TestOrg } from '#test/utils/factories.js';
import { ingestionEnv } from '#test/utils/ingestion.js';
import { OpenAIStub, type StubRequest } from '#test/utils/openai-stub.js';
import { listening, postSse } from '#test/utils/sse.js';
import { createTestApp, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase, REDIS_URL } from '#test/utils/test-database.js';
import { clearOfMidnight } from '#test/utils/utc-days.js';
import { acceptInvitation, TEST_PASSWORD, webSessionOf, type WebSession } from '#test/utils/web-sessions.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** The limiter's clock is frozen 15.25 s into a minute: 44.75 s (Retry-After 45) before the window ends. */
const minuteStart = (): number => Math.floor(Date.now() / MINUTE) * MINUTE;
const minuteEndOf = (at: number): number => (Math.floor(at / MINUTE) + 1) * MINUTE;
const HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-ratelimit-used'];

function limitHeaders(response: request.Response): Record<string, number> {
  return Object.fromEntries(HEADERS.map((name) => [name.replace('x-ratelimit-', ''), Number(response.headers[name])]));
}

describe('rate limits', () => {
  let t: TestApp;
  let stub: OpenAIStub;
  let dropDatabase: () => Promise<void>;
  let databaseUrl: string | undefined;
  let now: number;

  const api = () => request(t.http);
  const clock = (): LimitClock => t.app.get(LimitClock);
  const changePlan = (org: TestOrg, plan: Plan, limits?: Record<string, unknown> | null) =>
    t.app.get(OrganizationsService).changePlan(org.orgId, { plan, limits });
  const getAgents = (key: string, path = '/api/v1/agents') =>
    api()
      .get(path)
      .set(...bearer(key));

  async function agentOf(org: TestOrg, model = 'extractive'): Promise<string> {
    const created = await api()
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .send({ name: 'Support', data_source_ids: [], model });
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  beforeAll(async () => {
    const database = await createTestDatabase();
    databaseUrl = database.url;
    dropDatabase = database.drop;
    stub = await OpenAIStub.start({ dimensions: 512 });
    t = await createTestApp({
      databaseUrl,
      rateLimits: true,
      env: ingestionEnv(stub, { OPENAI_BASE_URL: stub.baseUrl, OPENAI_API_KEY: 'sk-operator-test' }),
    });
  }, 120_000);

  // Token counts are per UTC day, read by the limiter's frozen clock and by the database's: both must see one day.
  beforeEach(async () => {
    await clearOfMidnight(2 * MINUTE);
    now = minuteStart() + 15_250;
    vi.spyOn(clock(), 'now').mockImplementation(() => now);
  }, 3 * MINUTE);

  afterEach(() => {
    vi.restoreAllMocks();
    stub.reset();
  });

  afterAll(async () => {
    await t?.close();
    await stub?.close();
    await dropDatabase?.();
  });

  describe('headers', () => {
    it('should describe the tightest limit on every authenticated success, in both path forms', async () => {
      const pro = await createOrg(t.app, { plan: 'pro' });
      // A read route (whatever the key's scopes): the pro plan's minute (100) has the fewest requests left.
      const first = await getAgents(pro.adminKey).expect(200);
      expect(limitHeaders(first)).toEqual({ limit: 100, remaining: 99, used: 1, reset: minuteEndOf(now) / 1_000 });
      // An admin route: the admin bucket (60, 50 per minute) has fewer left than the minute.
      const keys = await api()
        .get('/api/v1/api-keys')
        .set(...bearer(pro.adminKey))
        .expect(200);
      expect(limitHeaders(keys)).toEqual({
        limit: 60,
        remaining: 59,
        used: 1,
        reset: Math.ceil((now + MINUTE / 50) / 1_000),
      });

      const reader = await createKey(t.app, pro.orgId, { scopes: ['read'] });
      const read = await getAgents(reader.key).expect(200);
      expect(limitHeaders(read)).toEqual({ limit: 100, remaining: 97, used: 3, reset: minuteEndOf(now) / 1_000 });
      const legacy = await getAgents(reader.key, '/api/agents').expect(200);
      expect(limitHeaders(legacy)).toEqual({ limit: 100, remaining: 96, used: 4, reset: minuteEndOf(now) / 1_000 });

      // Enterprise: 1,000 per minute and no daily limit, so the key's read bucket (250, 200 per minute) is the tightest.
      const enterprise = await createOrg(t.app, { plan: 'enterprise' });
      const bucket = await getAgents((await createKey(t.app, enterprise.orgId, { scopes: ['read'] })).key).expect(200);
      expect(limitHeaders(bucket)).toEqual({ limit: 250, remaining: 249, used: 1, reset: Math.ceil((now + 300) / 1_000) });
    });

    it('should leave public routes, failed authentication and unknown routes unlimited', async () => {
      for (const path of ['/healthz', '/readyz', '/openapi.json']) {
        const response = await api().get(path);
        expect(response.status, path).toBe(200);
        expect(response.headers['x-ratelimit-limit'], path).toBeUndefined();
      }
      const unauthenticated = await api().get('/api/v1/agents').set('Authorization', 'Bearer svcsk_live_nope');
      expect(unauthenticated.status).toBe(401);
      expect(unauthenticated.headers['x-ratelimit-limit']).toBeUndefined();
      expect((await api().get('/readyz')).body.checks.rate_limits).toEqual({ status: 'ok', store: REDIS_URL ? 'redis' : 'memory' });
    });
  });

  describe('plan limits', () => {
    it('should refuse the 21st request of a minute for a free organization, with the limit and when it resets', async () => {
      const free = await createOrg(t.app, { plan: 'free' });
      for (let i = 1; i <= 20; i++) {
        const response = await getAgents(free.adminKey);
        expect(response.status).toBe(200);
        expect(limitHeaders(response)).toMatchObject({ limit: 20, remaining: 20 - i, used: i });
      }
      const minuteEnd = minuteEndOf(now);

      const refused = await getAgents(free.adminKey);
      expectVersionedError(refused, 429, 'rate_limit_exceeded');
      expect(refused.headers['retry-after']).toBe('45');
      expect(limitHeaders(refused)).toEqual({ limit: 20, remaining: 0, used: 20, reset: minuteEnd / 1_000 });
      expect(refused.body).toEqual({
        error: {
          code: 'rate_limit_exceeded',
          message: 'Rate limit exceeded: the free plan allows 20 requests per minute; retry after 45 s',
          details: { limit_type: 'requests_per_minute', plan: 'free', retry_after: 45 },
        },
        request_id: expect.stringMatching(REQUEST_ID),
        limit: 20,
        reset_at: new Date(minuteEnd).toISOString(),
      });
      expect(refused.body.reset_at).toMatch(ISO_TIMESTAMP);

      const legacy = await getAgents(free.adminKey, '/api/agents');
      expectLegacyError(legacy, 429, 'rate_limit_exceeded');
      expect(legacy.headers['retry-after']).toBe('45');
      expect(limitHeaders(legacy)).toEqual({ limit: 20, remaining: 0, used: 20, reset: minuteEnd / 1_000 });
      expect(legacy.body).toEqual({
        error: { code: 'rate_limit_exceeded', message: 'Rate limit exceeded: the free plan allows 20 requests per minute; retry after 45 s' },
        status: 429,
        retryAfter: 45,
      });

      // Refused requests were not counted: the next minute starts from zero.
      now = minuteEnd + 10;
      const next = await getAgents(free.adminKey).expect(200);
      expect(limitHeaders(next)).toMatchObject({ limit: 20, remaining: 19, used: 1 });
    });

    it('should apply a plan change to the very next request', async () => {
      const org = await createOrg(t.app, { plan: 'free' });
      for (let i = 0; i < 20; i++) {
        await getAgents(org.adminKey).expect(200);
      }
      await getAgents(org.adminKey).expect(429);
      await changePlan(org, 'pro');
      const upgraded = await getAgents(org.adminKey).expect(200);
      expect(limitHeaders(upgraded)).toMatchObject({ limit: 100, remaining: 79, used: 21 });

      await changePlan(org, 'enterprise', { requests_per_day: 21 });
      const capped = await getAgents(org.adminKey);
      expectVersionedError(capped, 429, 'rate_limit_exceeded');
      expect(capped.body).toMatchObject({ limit: 21, error: { details: { limit_type: 'requests_per_day' } } });
      await changePlan(org, 'enterprise', null);
      await getAgents(org.adminKey).expect(200);
    });

    it('should count requests per UTC day, and start again the next day', async () => {
      const org = await createOrg(t.app, { plan: 'enterprise' });
      await changePlan(org, 'enterprise', { requests_per_day: 3 });
      const dayEnd = (Math.floor(now / DAY) + 1) * DAY;
      for (let i = 1; i <= 3; i++) {
        expect(limitHeaders(await getAgents(org.adminKey).expect(200))).toEqual({ limit: 3, remaining: 3 - i, used: i, reset: dayEnd / 1_000 });
      }
      now += 2 * MINUTE;
      const refused = await getAgents(org.adminKey);
      expectVersionedError(refused, 429, 'rate_limit_exceeded');
      const retryAfter = Math.ceil((dayEnd - now) / 1_000);
      expect(refused.headers['retry-after']).toBe(String(retryAfter));
      expect(refused.body).toMatchObject({ limit: 3, reset_at: new Date(dayEnd).toISOString(), error: { details: { limit_type: 'requests_per_day' } } });
      const legacy = await getAgents(org.adminKey, '/api/agents');
      expect(legacy.body).toEqual({
        error: { code: 'rate_limit_exceeded', message: expect.stringContaining('3 requests per UTC day') },
        status: 429,
        retryAfter,
      });

      now = dayEnd + 1;
      expect(limitHeaders(await getAgents(org.adminKey).expect(200))).toMatchObject({ limit: 3, remaining: 2, used: 1 });
    });
  });

  describe('per-key buckets', () => {
    it('should give each key a bucket per scope class: a burst at once, then one request per refill', async () => {
      const org = await createOrg(t.app, { plan: 'enterprise' });
      const writer = await createKey(t.app, org.orgId, { scopes: ['read', 'write'] });
      const create = (key: string) =>
        api()
          .post('/api/v1/agents')
          .set(...bearer(key))
          .send({ name: 'Burst', data_source_ids: [] });
      for (let i = 1; i <= 15; i++) {
        const response = await create(writer.key);
        expect(response.status).toBe(201);
        expect(response.headers['x-ratelimit-remaining']).toBe(String(15 - i));
      }
      const refused = await create(writer.key);
      expectVersionedError(refused, 429, 'rate_limit_exceeded');
      // Write: 10 per minute, so the next token comes 6 s later; the bucket is full again after 90 s.
      expect(refused.headers['retry-after']).toBe('6');
      expect(limitHeaders(refused)).toEqual({ limit: 15, remaining: 0, used: 15, reset: Math.ceil((now + 90_000) / 1_000) });
      expect(refused.body).toMatchObject({
        limit: 15,
        error: {
          message: 'Rate limit exceeded: this API key may make 10 write requests per minute, in bursts of up to 15; retry after 6 s',
          details: { limit_type: 'key_bucket', scope: 'write', plan: 'enterprise', retry_after: 6 },
        },
      });

      // Another scope class of the same key, and another key, have buckets of their own.
      await getAgents(writer.key).expect(200);
      await create(org.adminKey).expect(201);

      now += 5_999;
      await create(writer.key).expect(429);
      now += 1;
      await create(writer.key).expect(201);
      await create(writer.key).expect(429);
    });

    it('should give each web session a bucket of its own, as a key has', async () => {
      const org = await createOrg(t.app, { plan: 'enterprise' });
      const first = await acceptInvitation(t.http, org.adminInvitation);
      const second = webSessionOf(await api().post('/api/auth/login').send({ email: org.adminEmail, password: TEST_PASSWORD }));
      const create = (session: WebSession) =>
        api().post('/api/v1/agents').set('Cookie', session.cookie).set('X-CSRF-Token', session.csrf).send({ name: 'Burst', data_source_ids: [] });
      for (let i = 1; i <= 15; i++) {
        const response = await create(first);
        expect(response.status).toBe(201);
        expect(response.headers['x-ratelimit-remaining']).toBe(String(15 - i));
      }
      const refused = await create(first);
      expectVersionedError(refused, 429, 'rate_limit_exceeded');
      expect(refused.body.error.message).toMatch(/^Rate limit exceeded: this session may make 10 write requests per minute/);
      await create(second).expect(201);
    });
  });

  describe('model tokens per day', () => {
    it('should count the tokens of every answer, streamed or not, and refuse queries at the limit', async () => {
      const org = await createOrg(t.app, { plan: 'enterprise' });
      await changePlan(org, 'enterprise', { tokens_per_day: 1 });
      const agentId = await agentOf(org);
      const query = { agent_id: agentId, query: 'How do I reset my password?' };

      const streamed = await postSse(t.app, '/api/v1/query', org.adminKey, { ...query, stream: true });
      expect(streamed.status).toBe(200);
      const done = streamed.events.find((event) => event.event === 'done')?.data as { tokens_input: number; tokens_output: number };
      expect(done.tokens_input + done.tokens_output).toBeGreaterThan(0);

      const dayEnd = (Math.floor(now / DAY) + 1) * DAY;
      const refused = await api()
        .post('/api/v1/query')
        .set(...bearer(org.adminKey))
        .send(query);
      expectVersionedError(refused, 429, 'token_limit_exceeded');
      expect(refused.headers['retry-after']).toBe(String(Math.ceil((dayEnd - now) / 1_000)));
      expect(refused.body).toMatchObject({ limit: 1, reset_at: new Date(dayEnd).toISOString(), error: { details: { limit_type: 'tokens_per_day' } } });
      expect(limitHeaders(refused)).toEqual({ limit: 1, remaining: 0, used: done.tokens_input + done.tokens_output, reset: dayEnd / 1_000 });

      const legacy = await api()
        .post('/api/chat')
        .set(...bearer(org.adminKey))
        .send({ agentId, prompt: 'How do I reset my password?' });
      expect(legacy.status).toBe(429);
      expect(legacy.body).toEqual({
        error: { code: 'token_limit_exceeded', message: expect.any(String) },
        status: 429,
        retryAfter: Math.ceil((dayEnd - now) / 1_000),
      });

      // Only answering spends tokens: the rest of the API goes on.
      await getAgents(org.adminKey).expect(200);
      await changePlan(org, 'enterprise', { tokens_per_day: 1_000_000 });
      await api()
        .post('/api/chat')
        .set(...bearer(org.adminKey))
        .send({ agentId, prompt: 'How do I reset my password?' })
        .expect(200);
    });

    it('should refuse a free organization at 100,000 tokens, counting answers recorded today', async () => {
      const org = await createOrg(t.app, { plan: 'free' });
      const agentId = await agentOf(org);
      const ask = () =>
        api()
          .post('/api/v1/query')
          .set(...bearer(org.adminKey))
          .send({ agent_id: agentId, query: 'What does the widget cost?' });
      const answered = await ask().expect(200);
      const spent = answered.body.metadata.tokens_input + answered.body.metadata.tokens_output;
      await t.app.get(LimitsService).recordTokens(org.orgId, 100_000 - spent - 1);
      await ask().expect(200);
      const refused = await ask();
      expectVersionedError(refused, 429, 'token_limit_exceeded');
      expect(refused.body.limit).toBe(100_000);
      expect(Number(refused.headers['x-ratelimit-used'])).toBeGreaterThanOrEqual(100_000);
    });

    it('should seed a new instance\u2019s count from the interactions already recorded today', async () => {
      const org = await createOrg(t.app, { plan: 'enterprise' });
      await changePlan(org, 'enterprise', { tokens_per_day: 1 });
      const agentId = await agentOf(org);
      await api()
        .post('/api/v1/query')
        .set(...bearer(org.adminKey))
        .send({ agent_id: agentId, query: 'Hello?' })
        .expect(200);

      // Another instance with counters of its own (a fresh store): what it knows comes from the database.
      const other = await createTestApp({
        databaseUrl,
        rateLimits: true,
        dataSource: databaseUrl ? undefined : t.app.get(DataSource),
        env: ingestionEnv(stub),
      });
      try {
        const refused = await request(other.http)
          .post('/api/v1/query')
          .set(...bearer(org.adminKey))
          .send({ agent_id: agentId, query: 'Hello again?' });
        expectVersionedError(refused, 429, 'token_limit_exceeded');
      } finally {
        await other.close();
      }
    }, 60_000);
  });

  describe('concurrency', () => {
    /** A free organization with an agent on the stub's model and something to retrieve, set up as pro (the polling would use up a free minute), moved to free in a new minute. */
    async function freeOrgWithAgent(): Promise<{ org: TestOrg; agentId: string }> {
      const org = await createOrg(t.app, { plan: 'pro' });
      const agentId = await agentOf(org, 'gpt-4o-mini');
      await api()
        .post('/api/v1/kb')
        .set(...bearer(org.adminKey))
        .send({ title: 'Holding', content: 'Requests are held open while the provider thinks.', status: 'published' })
        .expect(201);
      const retrieved = async (): Promise<number> =>
        (
          await api()
            .post('/api/v1/semantic-search')
            .set(...bearer(org.adminKey))
            .send({ query: 'held open provider', org_id: org.orgId, top_k: 5 })
            .expect(200)
        ).body.chunks.length;
      await expect.poll(retrieved, { timeout: 10_000, interval: 250 }).toBeGreaterThan(0);
      await changePlan(org, 'free');
      now += MINUTE;
      return { org, agentId };
    }

    it('should refuse a third concurrent request of a free organization, and free the slot when a client goes away', async () => {
      const { org, agentId } = await freeOrgWithAgent();

      // A provider that never answers keeps both streamed queries open.
      stub.chat.stallAfterChunks = 0;
      const open = [await openStream(t, org.adminKey, agentId), await openStream(t, org.adminKey, agentId)];
      try {
        expect(open.map((stream) => stream.response.statusCode)).toEqual([200, 200]);
        const refused = await getAgents(org.adminKey);
        expectVersionedError(refused, 429, 'concurrency_limit_exceeded');
        expect(refused.headers['retry-after']).toBe('1');
        expect(refused.body).toMatchObject({
          limit: 2,
          error: { message: 'Concurrency limit exceeded: the free plan allows 2 concurrent requests; retry when one of them has finished' },
        });
        expect(limitHeaders(refused)).toMatchObject({ limit: 2, remaining: 0, used: 2 });
        const legacy = await getAgents(org.adminKey, '/api/agents');
        expect(legacy.body).toEqual({ error: { code: 'concurrency_limit_exceeded', message: expect.any(String) }, status: 429, retryAfter: 1 });

        open.shift()!.request.destroy();
        await expect.poll(async () => (await getAgents(org.adminKey)).status, { timeout: 5_000, interval: 50 }).toBe(200);
        expect(open[0].body()).not.toContain('event: done');
      } finally {
        open.forEach((stream) => stream.request.destroy());
      }
    });

    it('should stop the provider call of a query or chat whose client went away, so the plan\u2019s concurrent requests bound the calls open', async () => {
      const { org, agentId } = await freeOrgWithAgent();
      const { port } = await listening(t.app);
      const calls = (): StubRequest[] => stub.requestsTo('/v1/chat/completions');
      // The provider takes every call and never answers.
      stub.delayNext(100, 30_000, '/v1/chat/completions');
      const asked = [
        ['/api/v1/query', { agent_id: agentId, query: 'Hold on' }],
        ['/api/chat', { agentId, prompt: 'Hold on' }],
      ] as const;
      for (let round = 0; round < 3; round++) {
        const before = calls().length;
        const clients = asked.map(([path, body]) => postAndWait(port, path, org.adminKey, body));
        await expect.poll(() => calls().length, { timeout: 5_000, interval: 20 }).toBe(before + 2);
        expectVersionedError(await getAgents(org.adminKey), 429, 'concurrency_limit_exceeded');
        clients.forEach((client) => client.destroy());
        // Free again once both calls have ended, not before: then the next round asks.
        await expect.poll(async () => (await getAgents(org.adminKey)).status, { timeout: 5_000, interval: 20 }).toBe(200);
      }
      expect(mostAtOnce(calls())).toBe(2);
      expect(await Promise.all(calls().map((call) => call.closedEarly))).toEqual(Array<boolean>(6).fill(true));
    });
  });

  describe('bad input', () => {
    it('should fall back to the plan\u2019s numbers for stored overrides it cannot use, and never answer 500', async () => {
      const org = await createOrg(t.app, { plan: 'enterprise' });
      const dataSource = t.app.get(DataSource);
      for (const limits of ['"garbage"', '{"requests_per_minute": -5, "key_buckets": {"read": 7}}', '[1, 2]', 'null']) {
        await dataSource.query(`UPDATE organization SET settings = jsonb_build_object('limits', $1::jsonb) WHERE id = $2`, [limits, org.orgId]);
        await changePlan(org, 'enterprise'); // evicts the cached key
        const response = await getAgents(org.adminKey);
        expect(response.status, limits).toBe(200);
        expect(limitHeaders(response).limit, limits).toBe(250);
      }
      await dataSource.query(`UPDATE organization SET plan = 'platinum' WHERE id = $1`, [org.orgId]);
      await t.app.get(OrganizationsService).changePlan(org.orgId, {});
      const unknownPlan = await getAgents(org.adminKey).expect(200);
      expect(limitHeaders(unknownPlan).limit).toBe(20);

      await expect(changePlan(org, 'enterprise', { requests_per_minute: 'many' })).rejects.toMatchObject({
        status: 400,
        details: { requests_per_minute: expect.any(Array) },
      });
      // The enterprise row reads "1,000 and more": overrides raise it, never lower it.
      await expect(changePlan(org, 'enterprise', { requests_per_minute: 21, key_buckets: { read: { burst: 10 } } })).rejects.toMatchObject({
        status: 400,
        details: { requests_per_minute: [expect.stringContaining('at least 1000')], 'key_buckets.read': [expect.stringContaining('burst at least 250')] },
      });
    });
  });
});

interface OpenStream {
  request: ClientRequest;
  response: IncomingMessage;
  body: () => string;
}

/** A streamed query held open by a stalled provider, until the caller destroys it. */
/** POSTs a JSON body whose answer nobody reads: the request, for the caller to destroy as a client going away. */
function postAndWait(port: number, path: string, key: string, body: unknown): ClientRequest {
  const payload = JSON.stringify(body);
  const outgoing = httpRequest({
    host: '127.0.0.1',
    port,
    path,
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
  });
  outgoing.on('error', () => undefined);
  outgoing.end(payload);
  return outgoing;
}

/** The most calls that were open at the same moment. */
function mostAtOnce(calls: StubRequest[]): number {
  const changes = calls.flatMap((call) => [
    { at: call.receivedAt, change: 1 },
    { at: call.endedAt ?? Number.POSITIVE_INFINITY, change: -1 },
  ]);
  changes.sort((a, b) => a.at - b.at || a.change - b.change);
  let open = 0;
  let most = 0;
  for (const { change } of changes) {
    open += change;
    most = Math.max(most, open);
  }
  return most;
}

async function openStream(t: TestApp, key: string, agentId: string): Promise<OpenStream> {
  const { port } = await listening(t.app);
  const payload = JSON.stringify({ agent_id: agentId, query: 'Hold on', stream: true });
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/api/v1/query',
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        resolve({ request: outgoing, response, body: () => body });
      },
    );
    outgoing.on('error', (error) => {
      if (!outgoing.destroyed) {
        reject(error);
      }
    });
    outgoing.end(payload);
  });
}
