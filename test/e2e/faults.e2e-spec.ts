import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetRedisPrefix } from '#bench/redis-prefix.js';
import { JobName, QueueName } from '#src/common/queue/queue-name.enum.js';
import { expectVersionedError } from '#test/utils/api-expect.js';
import { bearer, createOrg } from '#test/utils/factories.js';
import { HangingReceiver } from '#test/utils/faults/hanging-receiver.js';
import { HEALTHY_ANSWER, MisbehavingProvider, type ProviderBehaviour } from '#test/utils/faults/misbehaving-provider.js';
import { PrivateRedis } from '#test/utils/faults/private-redis.js';
import { queuedJobs } from '#test/utils/faults/queued-jobs.js';
import { ReadinessLog, type ReadinessSample } from '#test/utils/faults/readiness-log.js';
import { RequestLoad } from '#test/utils/faults/request-load.js';
import { creator, startServiceProcesses, type ServiceProcesses } from '#test/utils/faults/service-processes.js';
import { SmallDisk } from '#test/utils/faults/small-disk.js';
import { expectSyncedOnce, runStatuses, slowSite, sourceStatus, syncTotals } from '#test/utils/faults/sync-outcome.js';
import { TcpFaultProxy } from '#test/utils/faults/tcp-fault-proxy.js';
import { withTeardown } from '#test/utils/faults/teardown.js';
import { expectUploadsConsistent, paddedManual } from '#test/utils/faults/upload-folder.js';
import { FixtureSite } from '#test/utils/fixture-site.js';
import { ingestionEnv, settled, waitForStatus } from '#test/utils/ingestion.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';
import { postSse, postSseTo } from '#test/utils/sse.js';
import { createTestApp, TEST_KEY_SECRET, type TestApp } from '#test/utils/test-app.js';
import { adminQuery, createTestDatabase, REDIS_URL, SERVER_URL } from '#test/utils/test-database.js';
import { createTestCertificates, type TestCertificates } from '#test/utils/tls.js';
import { until } from '#test/utils/until.js';
import { signatureIsValid, WebhookReceiver } from '#test/utils/webhook-receiver.js';

/** Low, so a provider that never answers costs the suite little; with no retries one timeout bounds a query. */
const PROVIDER_TIMEOUT_MS = 1_500;
const WEBHOOK_TIMEOUT_MS = 3_000;
/** Webhook retries 5 times sooner: the second attempt comes 1 s after the first. */
const WEBHOOK_RETRY_TIME_SCALE = 0.2;
/** What a loaded 2-core machine may add to a call besides the wait it is bounded by. */
const OVERHEAD_MS = 2_000;
/** Longer than a sync job's own retries (three attempts, 5 s and 10 s apart): the sync must wait the database out. */
const DATABASE_OUTAGE_MS = 20_000;
/** Answers in flight at SIGTERM get half of it to finish. */
const SHUTDOWN_TIMEOUT_MS = 6_000;

/** Each way a model provider misbehaves (a plain query then answers 503 service_unavailable), and what its message says. */
const PROVIDER_FAULTS: Array<{ behaviour: ProviderBehaviour; what: string; message: RegExp }> = [
  { behaviour: 'hang', what: 'takes the request and never answers', message: /did not answer within 1500 ms/ },
  { behaviour: 'reset', what: 'resets the connection', message: /Could not reach/ },
  { behaviour: 'invalid-json', what: 'answers something that is not JSON', message: /cannot be used: it is not JSON/ },
  { behaviour: 'wrong-shape', what: 'answers JSON that is not a chat completion', message: /cannot be used: .*no choices/ },
  { behaviour: 'cut-short', what: 'stops half-way through its answer', message: /cut off|ended before the answer was complete/ },
];

/** An inspector on a test database (no queue, no Redis): creates organizations and reads rows directly. */
function inspectorOn(databaseUrl: string | undefined): Promise<TestApp> {
  return createTestApp({ databaseUrl, role: 'cli', redisPrefix: false });
}

/** What /readyz said while `dependency` was away (probes wholly inside the outage), before it, and once ready again. */
function expectReadinessTruthful(
  samples: ReadinessSample[],
  outage: { down: number; up: number; ready: ReadinessSample },
  dependency: 'database' | 'redis',
): void {
  const other = dependency === 'database' ? 'redis' : 'database';
  const during = samples.filter((sample) => sample.sentAt > outage.down && sample.answeredAt < outage.up);
  expect(during.length).toBeGreaterThan(0);
  expect(during.filter((sample) => !(sample.status === 503 && sample[dependency] === 'failed' && sample[other] === 'ok'))).toEqual([]);
  expect(samples.filter((sample) => sample.answeredAt < outage.down && sample.status !== 200)).toEqual([]);
  expect(samples.filter((sample) => sample.sentAt >= outage.ready.sentAt && sample.status !== 200)).toEqual([]);
}

/** The first 200 of /readyz since `since`; fails at once if a process died instead. */
async function readyAgain(service: ServiceProcesses, readiness: ReadinessLog, since: number): Promise<ReadinessSample | undefined> {
  const exited = service.exited();
  if (exited.length > 0) {
    throw new Error(exited.join('\n'));
  }
  return readiness.since(since).find((sample) => sample.status === 200);
}

interface DeliveryRow {
  status: string;
  attempts: number;
  last_status_code: number | null;
}

async function deliveryOf(db: DataSource, webhookId: string): Promise<DeliveryRow | undefined> {
  const [row] = await db.query<DeliveryRow[]>('SELECT status, attempts, last_status_code FROM webhook_delivery WHERE webhook_id = $1', [webhookId]);
  return row;
}

interface DeliveryView extends DeliveryRow {
  id: string;
  last_error: string | null;
  last_duration_ms: number | null;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
}

describe('faults', () => {
  let stub: OpenAIStub;
  let site: FixtureSite;
  let certificates: TestCertificates;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    stub = await OpenAIStub.start({ dimensions: 512 });
    site = await FixtureSite.start();
    slowSite(site);
    certificates = createTestCertificates();
    receiver = await WebhookReceiver.start(certificates);
  });

  afterAll(async () => {
    await receiver?.close();
    await site?.close();
    await stub?.close();
  });

  describe('with the api and the worker as processes', () => {
    const processEnv = (stores: Record<string, string | undefined>): Record<string, string | undefined> => ({
      ...ingestionEnv(stub, { CRAWL_CONCURRENCY: '1', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'fatal' }),
      API_KEY_SECRET: TEST_KEY_SECRET,
      ...stores,
    });

    it.skipIf(!SERVER_URL || !REDIS_URL)(
      'should answer 503 while PostgreSQL is away under query and ingest load, longer than a job’s retries, then recover by itself with every document indexed once',
      () =>
        withTeardown(async (teardown) => {
          const { url: databaseUrl } = teardown.add(await createTestDatabase(), (database) => database.drop());
          const direct = new URL(databaseUrl!);
          // Our processes reach PostgreSQL through the proxy; the server itself, shared by every test file, stays up.
          const proxy = teardown.add(await TcpFaultProxy.start({ host: direct.hostname, port: Number(direct.port || 5432) }), (started) => started.close());
          const inspector = teardown.add(await inspectorOn(databaseUrl), (started) => started.close());
          const prefix = teardown.add(`aqs-faults-pg-${randomBytes(4).toString('hex')}`, (name) => forgetRedisPrefix(REDIS_URL!, name));
          const service = teardown.add(
            await startServiceProcesses(processEnv({ DATABASE_URL: proxy.urlFor(databaseUrl!), REDIS_URL, REDIS_PREFIX: prefix })),
            (started) => started.stop(),
          );
          const db = inspector.app.get(DataSource);
          const org = await createOrg(inspector.app);
          const post = creator(service.base, org.adminKey);
          const source = await post('/api/v1/data-sources', { type: 'website', name: 'Slow docs', config: { url: site.url('/docs/'), max_pages: 50 } });
          const agent = await post('/api/v1/agents', { name: 'Docs', data_source_ids: [source.id] });

          const readiness = teardown.add(new ReadinessLog(service.base), (started) => started.stop());
          const load = teardown.add(
            new RequestLoad(
              (signal) =>
                fetch(`${service.base}/api/v1/query`, {
                  method: 'POST',
                  headers: { Authorization: `Bearer ${org.adminKey}`, 'Content-Type': 'application/json' },
                  body: JSON.stringify({ agent_id: agent.id, query: 'How does the widget calibration work?' }),
                  signal,
                }),
              { concurrency: 2, timeoutMs: 15_000 },
            ),
            (started) => started.stop(),
          );
          await until(async () => ((await syncTotals(db, source.id)).documents >= 3 ? true : undefined), 30_000, 'the sync to be under way');
          expect(await sourceStatus(db, source.id)).toBe('processing');

          // The restart lands while a query holds a connection inside a transaction (a search), as one would in production.
          await proxy.whenClientSends('BEGIN READ ONLY');
          const down = performance.now();
          await proxy.restart(DATABASE_OUTAGE_MS, () =>
            adminQuery(
              SERVER_URL!,
              `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${direct.pathname.slice(1)}' AND pid <> pg_backend_pid()`,
            ),
          );
          const up = performance.now();
          const ready = await until(async () => readyAgain(service, readiness, up), 30_000, '/readyz to answer 200 again');
          const afterRecovery = (await load.settledSince(ready.answeredAt, 10, 30_000)).slice(0, 10);
          await until(async () => ((await sourceStatus(db, source.id)) === 'active' ? true : undefined), 60_000, 'the sync to finish');
          const outcomes = await load.stop();

          // Every query got an answer (none hung), and while the database was away that answer was a clean 503.
          expect(outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 503)).toEqual([]);
          const refused = outcomes.filter((outcome) => outcome.status === 503);
          expect(refused.filter((outcome) => outcome.settledAt > down && outcome.sentAt < up).length).toBeGreaterThan(0);
          for (const outcome of refused) {
            expect(outcome.body).toMatchObject({ error: { code: 'service_unavailable', message: expect.any(String) }, request_id: expect.any(String) });
            expect(Number(outcome.headers['retry-after'])).toBeGreaterThan(0);
          }
          expect(afterRecovery.map((outcome) => outcome.status)).toEqual(Array<number>(10).fill(200));
          expectReadinessTruthful(await readiness.stop(), { down, up, ready }, 'database');

          // The sync was interrupted, retried, and indexed every page exactly once.
          expect(await expectSyncedOnce(db, source.id)).toBeGreaterThanOrEqual(2);
          expect(service.exited()).toEqual([]);
        }),
      150_000,
    );

    it.skipIf(!SERVER_URL)(
      'should lose no sync or webhook delivery when Redis restarts empty, and limit requests again once it is back',
      () =>
        withTeardown(async (teardown) => {
          const retryDelayMs = 5_000;
          const redis = teardown.add(await PrivateRedis.start(), (started) => started.kill());
          const { url: databaseUrl } = teardown.add(await createTestDatabase(), (database) => database.drop());
          const inspector = teardown.add(await inspectorOn(databaseUrl), (started) => started.close());
          const prefix = `aqs-faults-redis-${randomBytes(4).toString('hex')}`;
          const service = teardown.add(
            await startServiceProcesses(
              processEnv({
                DATABASE_URL: databaseUrl,
                REDIS_URL: redis.url,
                REDIS_PREFIX: prefix,
                RATE_LIMITS_ENABLED: 'true',
                WEBHOOK_CA_CERTS: certificates.caCertPath,
                SECRET_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
              }),
            ),
            (started) => started.stop(),
          );
          const db = inspector.app.get(DataSource);
          const org = await createOrg(inspector.app, { plan: 'enterprise' });
          const post = creator(service.base, org.adminKey);
          const readiness = teardown.add(new ReadinessLog(service.base), (started) => started.stop());

          // Three syncs for a worker that runs two at a time: two run, the third waits in Redis.
          const ids = (
            await Promise.all(
              ['First', 'Second', 'Third'].map((name) =>
                post('/api/v1/data-sources', { type: 'website', name, config: { url: site.url('/docs/'), max_pages: 50 } }),
              ),
            )
          ).map((source) => source.id);
          // A delivery whose first attempt failed: its second waits in Redis, a delayed job.
          const path = `/hooks/redis-${randomBytes(3).toString('hex')}`;
          receiver.respond(path, { statuses: [500, 200] });
          const webhook = await post<{ id: string; secret: string }>('/api/v1/webhooks', { url: receiver.url(path), events: ['agent.created'] });
          await post('/api/v1/agents', { name: 'Announced', data_source_ids: [] });
          await until(
            async () => ((await runStatuses(db, ids)).join() === 'queued,running,running' ? true : undefined),
            15_000,
            'two syncs running, one waiting',
          );
          const waiting = await until(
            async () => {
              const [sync] = await queuedJobs(redis.url, prefix, QueueName.Ingestion, ['waiting']);
              const retry = (await queuedJobs(redis.url, prefix, QueueName.WebhookDelivery, ['delayed'])).find((job) => job.name === JobName.DeliverWebhook);
              return sync && retry ? { sync, retry } : undefined;
            },
            retryDelayMs,
            'the third sync and the second delivery attempt to wait in Redis',
          );
          const [queuedRun] = await db.query<Array<{ data_source_id: string }>>(
            `SELECT data_source_id FROM sync_run WHERE data_source_id = ANY($1) AND status = 'queued'`,
            [ids],
          );
          expect(waiting.sync.data.dataSourceId).toBe(queuedRun.data_source_id);
          expect(await deliveryOf(db, webhook.id)).toEqual({ status: 'pending', attempts: 1, last_status_code: 500 });

          const down = performance.now();
          await redis.kill();
          await until(
            async () => (readiness.since(down).filter((sample) => sample.status === 503).length >= 3 ? true : undefined),
            10_000,
            '/readyz to see it',
          );
          await redis.restart();
          const up = performance.now();
          const ready = await until(async () => readyAgain(service, readiness, up), 30_000, '/readyz to answer 200 again');
          await until(async () => ((await runStatuses(db, ids)).join() === 'succeeded,succeeded,succeeded' ? true : undefined), 60_000, 'every sync to finish');
          await until(async () => ((await deliveryOf(db, webhook.id))?.status === 'succeeded' ? true : undefined), 30_000, 'the delivery to succeed');

          // Rate limits count again, in the new Redis: a free organization gets its 20 requests a minute, then 429.
          const limited = await createOrg(inspector.app, { plan: 'free' });
          const statuses: number[] = [];
          let refusal: Response | undefined;
          while (!refusal && statuses.length < 25) {
            const response = await fetch(`${service.base}/api/v1/agents`, { headers: { Authorization: `Bearer ${limited.adminKey}` } });
            statuses.push(response.status);
            refusal = response.status === 429 ? response : undefined;
          }
          expect(statuses).toEqual([...Array<number>(20).fill(200), 429]);
          expect(((await refusal!.json()) as { error: { code: string } }).error.code).toBe('rate_limit_exceeded');
          expect(Number(refusal!.headers.get('retry-after'))).toBeGreaterThan(0);
          const newRedis = teardown.add(new Redis(redis.url, { maxRetriesPerRequest: 1 }), async (started) => started.disconnect());
          expect((await newRedis.keys(`${prefix}:rl:{${limited.orgId}}:*`)).length).toBeGreaterThan(0);
          const readyz = (await (await fetch(`${service.base}/readyz`)).json()) as { checks: { rate_limits: unknown } };
          expect(readyz.checks.rate_limits).toEqual({ status: 'ok', store: 'redis' });
          expectReadinessTruthful(await readiness.stop(), { down, up, ready }, 'redis');

          // Nothing requested before the flush was lost or done twice.
          for (const id of ids) {
            await expectSyncedOnce(db, id);
          }
          expect(await deliveryOf(db, webhook.id)).toEqual({ status: 'succeeded', attempts: 2, last_status_code: 200 });
          const [first, second, ...more] = receiver.at(path);
          expect(more).toEqual([]);
          expect(second.raw.equals(first.raw)).toBe(true);
          expect(signatureIsValid(second, webhook.secret)).toBe(true);
          expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(retryDelayMs - 50);
          expect(service.exited()).toEqual([]);
        }),
      120_000,
    );

    it.skipIf(!SERVER_URL || !REDIS_URL)(
      'should end the answers in flight when the api is stopped, within its grace: a stream with its error event, a plain query with 503, both recorded failed',
      () =>
        withTeardown(async (teardown) => {
          const chat = '/v1/chat/completions';
          const { url: databaseUrl } = teardown.add(await createTestDatabase(), (database) => database.drop());
          const inspector = teardown.add(await inspectorOn(databaseUrl), (started) => started.close());
          const prefix = teardown.add(`aqs-faults-term-${randomBytes(4).toString('hex')}`, (name) => forgetRedisPrefix(REDIS_URL!, name));
          const service = teardown.add(
            await startServiceProcesses(
              processEnv({
                DATABASE_URL: databaseUrl,
                REDIS_URL,
                REDIS_PREFIX: prefix,
                CUSTOM_MODEL_BASE_URL: stub.baseUrl,
                SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
              }),
            ),
            (started) => started.stop(),
          );
          teardown.add(stub, async (started) => started.reset());
          const db = inspector.app.get(DataSource);
          const org = await createOrg(inspector.app);
          const post = creator(service.base, org.adminKey);
          await post('/api/v1/kb', { title: 'Widget calibration', content: 'Calibrate the widget with a torque wrench in four steps.', status: 'published' });
          const agent = await post('/api/v1/agents', { name: 'Slow', data_source_ids: [], model: 'custom:slow' });
          await until(
            async () => ((await db.query('SELECT 1 FROM chunk WHERE org_id = $1', [org.orgId])).length > 0 ? true : undefined),
            15_000,
            'the article to be indexed',
          );

          // The stream goes on for 20 s, far past the grace; the plain query's call is never answered.
          stub.chat.answer = Array.from({ length: 100 }, (_, i) => `step${i}`).join(' ');
          stub.chat.chunkDelayMs = 200;
          const calls = stub.requestsTo(chat).length;
          const question = { agent_id: agent.id, query: 'How do I calibrate the widget?' };
          let deltaArrived: () => void = () => undefined;
          const answering = new Promise<void>((resolve) => (deltaArrived = resolve));
          const streamed = postSseTo(
            service.base,
            '/api/v1/query',
            org.adminKey,
            { ...question, stream: true },
            {
              onEvent: (event) => event.event === 'delta' && deltaArrived(),
            },
          );
          await answering;
          stub.delayNext(1, 60_000, chat);
          const plain = fetch(`${service.base}/api/v1/query`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${org.adminKey}`, 'Content-Type': 'application/json' },
            body: JSON.stringify(question),
          });
          await until(async () => (stub.requestsTo(chat).length === calls + 2 ? true : undefined), 5_000, 'the plain query to reach the provider');

          const stopping = performance.now();
          expect(await service.api.stop('SIGTERM')).toBe(0);
          expect(performance.now() - stopping).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
          const restarting = { code: 'service_unavailable', message: 'The service is restarting: ask again' };
          const { events } = await streamed;
          expect(events[0].event).toBe('sources');
          expect(events.map((event) => event.event)).not.toContain('done');
          expect(events.at(-1)).toMatchObject({ event: 'error', data: { error: { ...restarting, details: {} }, request_id: expect.any(String) } });
          const answered = await plain;
          expect(answered.status).toBe(503);
          expect(answered.headers.get('retry-after')).toBe('5');
          expect(await answered.json()).toMatchObject({ error: restarting });

          // Both recorded failed, with no interaction.completed; both provider calls stopped.
          const recorded = await db.query<Array<{ status: string; error: string }>>('SELECT status, error FROM interaction WHERE agent_id = $1', [agent.id]);
          expect(recorded).toEqual([
            { status: 'failed', error: restarting.message },
            { status: 'failed', error: restarting.message },
          ]);
          const [completed] = await db.query<Array<{ count: number }>>(
            `SELECT count(*)::int AS count FROM event WHERE org_id = $1 AND type = 'interaction.completed'`,
            [org.orgId],
          );
          expect(completed.count).toBe(0);
          expect(
            await Promise.all(
              stub
                .requestsTo(chat)
                .slice(calls)
                .map((call) => call.closedEarly),
            ),
          ).toEqual([true, true]);
        }),
      120_000,
    );
  });

  describe('in one api process', () => {
    let disk: SmallDisk | { refused: string };
    let uploadDir: string;
    let provider: MisbehavingProvider;
    let t: TestApp;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      disk = await SmallDisk.mount(512 * 1024);
      uploadDir = disk instanceof SmallDisk ? join(disk.path, 'uploads') : mkdtempSync(join(tmpdir(), 'aqs-uploads-'));
      provider = await MisbehavingProvider.start();
      const database = await createTestDatabase();
      drop = database.drop;
      t = await createTestApp({
        databaseUrl: database.url,
        env: ingestionEnv(stub, {
          UPLOAD_DIR: uploadDir,
          CUSTOM_MODEL_BASE_URL: provider.baseUrl,
          PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
          PROVIDER_MAX_RETRIES: '0',
          WEBHOOK_TIMEOUT_MS: String(WEBHOOK_TIMEOUT_MS),
          WEBHOOK_RETRY_TIME_SCALE: String(WEBHOOK_RETRY_TIME_SCALE),
          WEBHOOK_CA_CERTS: certificates.caCertPath,
          SECRET_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
        }),
      });
    });

    afterAll(async () => {
      await t?.close();
      await provider?.close();
      if (disk instanceof SmallDisk) {
        await disk.unmount();
      }
      await drop?.();
    });

    it('should answer 503 to an upload the full upload folder cannot hold, keep nothing of it, and take uploads again once space is freed', async ({
      skip,
    }) => {
      if (!(disk instanceof SmallDisk)) {
        skip(disk.refused);
        return;
      }
      const db = t.app.get(DataSource);
      const org = await createOrg(t.app);
      const source = await request(t.http)
        .post('/api/v1/data-sources')
        .set(...bearer(org.adminKey))
        .send({ type: 'file', name: 'Manuals' })
        .expect(201);
      const id = source.body.id as string;
      const upload = (...files: Array<[string, Buffer]>): request.Test =>
        files.reduce(
          (sent, [name, bytes]) => sent.attach('file', bytes, { filename: name, contentType: 'text/markdown' }),
          request(t.http)
            .post(`/api/v1/data-sources/${id}/files`)
            .set(...bearer(org.adminKey)),
        );
      const large = paddedManual('Gearbox', 256 * 1024);
      await upload(['pump.md', paddedManual('Pump', 8 * 1024)]).expect(202);
      await waitForStatus(t.http, org.adminKey, id, settled);

      await disk.fillLeaving(64 * 1024);
      const refused = await upload(['gearbox.md', large]);
      expectVersionedError(refused, 503, 'service_unavailable');
      expect(refused.body.error.message).toMatch(/storage space/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Several files in one request: the first fits, the second does not, and neither is kept.
      expectVersionedError(await upload(['valve.md', paddedManual('Valve', 4 * 1024)], ['gearbox.md', large]), 503, 'service_unavailable');
      expect(await expectUploadsConsistent(db, uploadDir, id)).toEqual(['pump.md']);

      await disk.release();
      const accepted = await upload(['gearbox.md', large]).expect(202);
      expect(accepted.body.files).toEqual([expect.objectContaining({ name: 'gearbox.md', size: large.length })]);
      await until(
        async () => ((await sourceStatus(db, id)) === 'active' && (await syncTotals(db, id)).indexed === 2 ? true : undefined),
        20_000,
        'the new file to be indexed',
      );
      expect(await expectUploadsConsistent(db, uploadDir, id)).toEqual(['gearbox.md', 'pump.md']);
      expect(await syncTotals(db, id)).toMatchObject({ documents: 2, indexed: 2, gapped: 0 });
    });

    describe('model providers that misbehave', () => {
      let adminKey: string;
      const agents = new Map<ProviderBehaviour, string>();
      const question = 'How do I calibrate the widget?';

      beforeAll(async () => {
        const org = await createOrg(t.app);
        adminKey = org.adminKey;
        await request(t.http)
          .post('/api/v1/kb')
          .set(...bearer(adminKey))
          .send({ title: 'Widget calibration', content: 'Calibrate the widget with a torque wrench in four steps.', status: 'published' })
          .expect(201);
        const db = t.app.get(DataSource);
        await until(
          async () => ((await db.query('SELECT 1 FROM chunk WHERE org_id = $1', [org.orgId])).length > 0 ? true : undefined),
          15_000,
          'the article to be indexed',
        );
        for (const behaviour of [...PROVIDER_FAULTS.map((fault) => fault.behaviour), 'healthy' as const]) {
          const agent = await request(t.http)
            .post('/api/v1/agents')
            .set(...bearer(adminKey))
            .send({ name: `On a provider that is ${behaviour}`, data_source_ids: [], model: `custom:${behaviour}` })
            .expect(201);
          agents.set(behaviour, agent.body.id as string);
        }
      });

      const ask = (behaviour: ProviderBehaviour): request.Test =>
        request(t.http)
          .post('/api/v1/query')
          .set(...bearer(adminKey))
          .send({ agent_id: agents.get(behaviour), query: question });
      const askStreaming = (behaviour: ProviderBehaviour): ReturnType<typeof postSse> =>
        postSse(t.app, '/api/v1/query', adminKey, { agent_id: agents.get(behaviour), query: question, stream: true });

      it.each(PROVIDER_FAULTS.map((fault) => [fault.what, fault] as const))(
        'should end a query to a provider that %s with 503 service_unavailable, streamed or not, in time, and record it failed',
        async (_what, { behaviour, message }) => {
          const started = performance.now();
          const plain = await ask(behaviour);
          const plainMs = performance.now() - started;
          expectVersionedError(plain, 503, 'service_unavailable');
          expect(plain.body.error.message).toMatch(message);
          expect(plainMs).toBeLessThan(PROVIDER_TIMEOUT_MS + OVERHEAD_MS);
          if (behaviour === 'hang') {
            expect(plainMs).toBeGreaterThanOrEqual(PROVIDER_TIMEOUT_MS);
          }

          const streamed = await askStreaming(behaviour);
          expect(streamed.status).toBe(200);
          const names = streamed.events.map((event) => event.event);
          expect(names[0]).toBe('sources');
          expect(names.at(-1)).toBe('error');
          expect(names).not.toContain('done');
          const failure = streamed.events.at(-1)!;
          expect(failure.at).toBeLessThan(PROVIDER_TIMEOUT_MS + OVERHEAD_MS);
          expect(failure.data).toEqual({
            error: { code: 'service_unavailable', message: expect.stringMatching(message), details: {} },
            request_id: expect.any(String),
          });

          // Both interactions are recorded failed, with the reason their client was given, and no answer.
          const listed = await request(t.http)
            .get(`/api/v1/interactions?agent_id=${agents.get(behaviour)}`)
            .set(...bearer(adminKey))
            .expect(200);
          expect(listed.body.interactions.map((interaction: { response: string }) => interaction.response)).toEqual(['', '']);
          expect(listed.body.interactions.map(({ status, error }: { status: string; error: string }) => ({ status, error }))).toEqual([
            { status: 'failed', error: (failure.data as { error: { message: string } }).error.message },
            { status: 'failed', error: plain.body.error.message },
          ]);
          // What retrieval found is kept, as the streaming client was shown it before the provider failed.
          const shown = (streamed.events[0].data as Array<{ chunk_id: string }>).map((source) => source.chunk_id);
          expect(shown).toHaveLength(1);
          expect(
            listed.body.interactions.map((interaction: { sources: Array<{ chunk_id: string }> }) => interaction.sources.map((source) => source.chunk_id)),
          ).toEqual([shown, shown]);
          const recorded = await t.app
            .get(DataSource)
            .query<Array<{ status: string; error: string }>>('SELECT status, error FROM interaction WHERE agent_id = $1 ORDER BY created_at', [
              agents.get(behaviour),
            ]);
          expect(recorded).toEqual([
            { status: 'failed', error: plain.body.error.message },
            { status: 'failed', error: (failure.data as { error: { message: string } }).error.message },
          ]);
          expect(provider.received(behaviour).map((received) => received.stream)).toEqual([false, true]);
        },
      );

      it('should keep answering queries to a healthy provider while another provider hangs', async () => {
        let settledCount = 0;
        const hanging = [ask('hang').then((response) => response.status), askStreaming('hang').then((exchange) => exchange.events.at(-1)?.event)];
        hanging.forEach((pending) => void pending.then(() => settledCount++));
        const before = provider.received('hang').length;
        await until(async () => (provider.received('hang').length === before + 2 ? true : undefined), PROVIDER_TIMEOUT_MS, 'both calls to reach the provider');

        expect((await ask('healthy').expect(200)).body.response).toBe(HEALTHY_ANSWER);
        expect((await askStreaming('healthy')).events.map((event) => event.event)).toEqual(['sources', 'delta', 'done']);
        expect(settledCount).toBe(0);

        // A person may react while an answer is still coming: the feedback outlasts the answer's failure.
        const [waiting] = await t.app
          .get(DataSource)
          .query<Array<{ id: string }>>(`SELECT id FROM interaction WHERE agent_id = $1 AND status = 'pending' ORDER BY created_at LIMIT 1`, [
            agents.get('hang'),
          ]);
        await request(t.http)
          .post(`/api/v1/interactions/${waiting.id}/feedback`)
          .set(...bearer(adminKey))
          .send({ feedback: 'negative', comment: 'Too slow' })
          .expect(200);
        expect(await Promise.all(hanging)).toEqual([503, 'error']);
        const after = await request(t.http)
          .get(`/api/v1/interactions/${waiting.id}`)
          .set(...bearer(adminKey))
          .expect(200);
        expect(after.body).toMatchObject({ feedback: 'negative', comment: 'Too slow', response: '' });
        const [recorded] = await t.app.get(DataSource).query<Array<{ status: string }>>('SELECT status FROM interaction WHERE id = $1', [waiting.id]);
        expect(recorded.status).toBe('failed');
      });
    });

    it('should time out deliveries to a receiver that hangs, retry them on schedule, and not hold back a healthy receiver of the same events', async () => {
      const secondAttemptDelayMs = 5_000 * WEBHOOK_RETRY_TIME_SCALE;
      const events = 3;
      const hanging = await HangingReceiver.start(certificates, 60_000);
      try {
        const org = await createOrg(t.app);
        const subscribe = async (url: string): Promise<string> =>
          (
            await request(t.http)
              .post('/api/v1/webhooks')
              .set(...bearer(org.adminKey))
              .send({ url, events: ['agent.created'] })
              .expect(201)
          ).body.id as string;
        const deliveriesOf = async (webhookId: string): Promise<DeliveryView[]> =>
          (
            await request(t.http)
              .get(`/api/v1/webhooks/${webhookId}/deliveries`)
              .set(...bearer(org.adminKey))
              .expect(200)
          ).body.deliveries as DeliveryView[];
        const healthyPath = `/hooks/healthy-${randomBytes(3).toString('hex')}`;
        const stuck = await subscribe(hanging.url('/hooks/stuck'));
        const healthy = await subscribe(receiver.url(healthyPath));
        for (let i = 1; i <= events; i++) {
          await request(t.http)
            .post('/api/v1/agents')
            .set(...bearer(org.adminKey))
            .send({ name: `Agent ${i}`, data_source_ids: [] })
            .expect(201);
        }

        // The healthy receiver has every event while the stuck one still holds its first attempts: none timed out yet.
        await receiver.waitFor(healthyPath, events, 10_000);
        expect((await deliveriesOf(stuck)).filter((delivery) => delivery.last_error !== null || delivery.status !== 'pending')).toEqual([]);

        // Each stuck attempt ends at WEBHOOK_TIMEOUT_MS, recorded as a failed attempt with the next one scheduled...
        // Each delivery is taken as first seen failed: under load the first may be in its second attempt before the last times out.
        const firstSeenFailed = new Map<string, DeliveryView>();
        const failed = await until(
          async () => {
            for (const delivery of await deliveriesOf(stuck)) {
              if (delivery.last_error !== null && !firstSeenFailed.has(delivery.id)) {
                firstSeenFailed.set(delivery.id, delivery);
              }
            }
            return firstSeenFailed.size === events ? [...firstSeenFailed.values()] : undefined;
          },
          WEBHOOK_TIMEOUT_MS + 10_000,
          'the stuck attempts to time out',
        );
        for (const delivery of failed) {
          expect(delivery).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null, last_error: 'The receiver did not answer in time' });
          expect(delivery.last_duration_ms).toBeGreaterThanOrEqual(WEBHOOK_TIMEOUT_MS - 10);
          expect(delivery.last_duration_ms).toBeLessThan(WEBHOOK_TIMEOUT_MS + OVERHEAD_MS);
          expect(Date.parse(delivery.next_attempt_at!) - Date.parse(delivery.last_attempt_at!)).toBeGreaterThanOrEqual(secondAttemptDelayMs - 10);
        }

        // ...and made again, the same delivery, on schedule.
        await until(async () => (failed.every((delivery) => hanging.attemptsOf(delivery.id).length === 2) ? true : undefined), 15_000, 'the second attempts');
        for (const delivery of failed) {
          const [first, second] = hanging.attemptsOf(delivery.id);
          expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(secondAttemptDelayMs);
          expect(second.receivedAt).toBeGreaterThanOrEqual(Date.parse(delivery.next_attempt_at!));
          expect(second.receivedAt).toBeLessThan(Date.parse(delivery.next_attempt_at!) + WEBHOOK_TIMEOUT_MS + OVERHEAD_MS);
        }
        expect(hanging.held).toHaveLength(2 * events);
        expect((await deliveriesOf(healthy)).map((delivery) => [delivery.status, delivery.attempts])).toEqual(
          Array.from({ length: events }, () => ['succeeded', 1]),
        );
        expect(receiver.at(healthyPath)).toHaveLength(events);
      } finally {
        await hanging.close();
      }
    });
  });
});
