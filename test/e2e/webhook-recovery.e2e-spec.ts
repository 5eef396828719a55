import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createOrg } from '#test/utils/factories.js';
import { ingestionEnv } from '#test/utils/ingestion.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';
import { freePort, startProcess, type RunningProcess } from '#test/utils/processes.js';
import { createTestApp, TEST_KEY_SECRET } from '#test/utils/test-app.js';
import { createTestDatabase, REDIS_URL, SERVER_URL } from '#test/utils/test-database.js';
import { createTestCertificates, type TestCertificates } from '#test/utils/tls.js';
import { signatureIsValid, WebhookReceiver } from '#test/utils/webhook-receiver.js';
import { until } from '#test/utils/until.js';

/** The second attempt comes 5 s × 0.4 = 2 s after the first. */
const TIME_SCALE = 0.4;
const SECOND_ATTEMPT_MS = 5_000 * TIME_SCALE;

interface DeliveryState {
  status: string;
  attempts: number;
  last_status_code: number | null;
}

describe('a webhook delivery whose process is killed between attempts', () => {
  let stub: OpenAIStub;
  let certificates: TestCertificates;
  let receiver: WebhookReceiver;
  const encryptionKeys = `k1:${randomBytes(32).toString('base64')}`;

  beforeAll(async () => {
    stub = await OpenAIStub.start({ dimensions: 512 });
    certificates = createTestCertificates();
    receiver = await WebhookReceiver.start(certificates);
  });

  afterAll(async () => {
    await receiver?.close();
    await stub?.close();
  });

  const webhookEnv = (): Record<string, string> =>
    ingestionEnv(stub, {
      LOG_LEVEL: 'warn',
      API_KEY_SECRET: TEST_KEY_SECRET,
      WEBHOOK_CA_CERTS: certificates.caCertPath,
      WEBHOOK_RETRY_TIME_SCALE: String(TIME_SCALE),
      SECRET_ENCRYPTION_KEYS: encryptionKeys,
    });

  /** The first attempt failed and was recorded: the delivery waits for its second. */
  const betweenAttempts = (state: DeliveryState | undefined): boolean => state?.status === 'pending' && state.attempts === 1 && state.last_status_code === 500;

  it.skipIf(!SERVER_URL || !REDIS_URL)(
    'should make the second attempt on another worker, on schedule, exactly once',
    async () => {
      const { url: databaseUrl, drop } = await createTestDatabase();
      const prefix = `aqs-webhook-recovery-${process.pid}`;
      const env = { ...webhookEnv(), DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: prefix, EMBEDDED_WORKER: undefined };
      const api = await createTestApp({ databaseUrl, redisPrefix: prefix, env: { ...webhookEnv(), EMBEDDED_WORKER: 'false' } });
      const workers: RunningProcess[] = [];
      const worker = (): RunningProcess => {
        const started = startProcess('dist/src/worker.js', [], env);
        workers.push(started);
        return started;
      };
      try {
        const org = await createOrg(api.app);
        const db = api.app.get(DataSource);
        const path = '/hooks/recovery-worker';
        receiver.respond(path, { statuses: [500, 200] });
        const webhook = await request(api.http)
          .post('/api/v1/webhooks')
          .set(...bearer(org.adminKey))
          .send({ url: receiver.url(path), events: ['agent.created'] })
          .expect(201);
        const first = worker();
        await request(api.http)
          .post('/api/v1/agents')
          .set(...bearer(org.adminKey))
          .send({ name: 'Recovered', data_source_ids: [] })
          .expect(201);

        const delivery = async (): Promise<DeliveryState | undefined> =>
          (await db.query<DeliveryState[]>('SELECT status, attempts, last_status_code FROM webhook_delivery WHERE webhook_id = $1', [webhook.body.id]))[0];
        await until(async () => (betweenAttempts(await delivery()) ? true : undefined), 60_000, 'the first attempt to be recorded');
        await first.stop('SIGKILL');

        worker();
        const [attempt1, attempt2] = await receiver.waitFor(path, 2, 60_000);
        expect(attempt2.receivedAt - attempt1.receivedAt).toBeGreaterThanOrEqual(SECOND_ATTEMPT_MS - 50);
        expect(attempt2.raw.equals(attempt1.raw)).toBe(true);
        expect(signatureIsValid(attempt2, webhook.body.secret as string)).toBe(true);
        await until(async () => ((await delivery())?.status === 'succeeded' ? true : undefined), 10_000, 'the delivery to succeed');
        expect(await delivery()).toMatchObject({ status: 'succeeded', attempts: 2, last_status_code: 200 });
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(receiver.at(path)).toHaveLength(2);
      } finally {
        await Promise.all(workers.map((running) => running.stop('SIGKILL')));
        await api.close();
        await drop();
      }
    },
    150_000,
  );

  it.skipIf(Boolean(SERVER_URL))(
    'should make the second attempt after the embedded api restarts',
    async () => {
      const port = await freePort();
      const env = {
        ...webhookEnv(),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'aqs-webhook-recovery-')),
        PORT: String(port),
        DATABASE_URL: undefined,
        REDIS_URL: undefined,
      };
      const base = `http://127.0.0.1:${port}`;
      const path = '/hooks/recovery-embedded';
      receiver.respond(path, { statuses: [500, 200] });
      let running = startProcess('dist/src/main.js', [], env);
      try {
        const [key] = await running.waitFor(/svcsk_live_[A-Za-z0-9]{40}/, 60_000);
        const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
        await until(async () => ((await fetch(`${base}/healthz`).catch(() => undefined))?.ok ? true : undefined), 60_000, 'the api');
        const post = async (route: string, body: unknown): Promise<Record<string, string>> => {
          const response = await fetch(`${base}${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
          expect(response.status).toBe(201);
          return (await response.json()) as Record<string, string>;
        };
        const webhook = await post('/api/v1/webhooks', { url: receiver.url(path), events: ['agent.created'] });
        await post('/api/v1/agents', { name: 'Recovered', data_source_ids: [] });
        const delivery = async (): Promise<DeliveryState | undefined> => {
          const response = await fetch(`${base}/api/v1/webhooks/${webhook.id}/deliveries`, { headers }).catch(() => undefined);
          return response?.ok ? ((await response.json()) as { deliveries: DeliveryState[] }).deliveries[0] : undefined;
        };
        await until(async () => (betweenAttempts(await delivery()) ? true : undefined), 30_000, 'the first attempt to be recorded');
        await running.stop('SIGKILL');

        running = startProcess('dist/src/main.js', [], env);
        const [attempt1, attempt2] = await receiver.waitFor(path, 2, 60_000);
        expect(attempt2.receivedAt - attempt1.receivedAt).toBeGreaterThanOrEqual(SECOND_ATTEMPT_MS - 50);
        expect(signatureIsValid(attempt2, webhook.secret)).toBe(true);
        const done = await until(async () => ((await delivery())?.status === 'succeeded' ? delivery() : undefined), 30_000, 'the delivery to succeed');
        expect(done).toMatchObject({ attempts: 2, last_status_code: 200 });
        expect(receiver.at(path)).toHaveLength(2);
      } finally {
        await running.stop('SIGKILL');
      }
    },
    150_000,
  );
});
