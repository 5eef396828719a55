import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConfluenceFake } from '#test/fakes/confluence/fake-confluence.js';
import type { FakeProvider } from '#test/fakes/fake-provider.js';
import { startGoogleDriveFake } from '#test/fakes/google-drive/fake-google-drive.js';
import { startSharePointFake } from '#test/fakes/sharepoint/fake-sharepoint.js';
import { startSlackFake } from '#test/fakes/slack/fake-slack.js';
import { completeConsent } from '#test/utils/connector-consent.js';
import { bearer, createOrg } from '#test/utils/factories.js';
import { ingestionEnv } from '#test/utils/ingestion.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';
import { startProcess, type RunningProcess } from '#test/utils/processes.js';
import { createTestApp, TEST_KEY_SECRET } from '#test/utils/test-app.js';
import { createTestDatabase, REDIS_URL, SERVER_URL } from '#test/utils/test-database.js';
import { until } from '#test/utils/until.js';

const ITEMS = 6;
const PROVIDERS: Array<[string, () => Promise<FakeProvider>]> = [
  ['confluence', startConfluenceFake],
  ['slack', startSlackFake],
  ['google_drive', startGoogleDriveFake],
  ['sharepoint', startSharePointFake],
];

describe.skipIf(!SERVER_URL || !REDIS_URL).each(PROVIDERS)('a %s sync whose worker is killed', (type, startFake) => {
  let stub: OpenAIStub;

  beforeAll(async () => {
    stub = await OpenAIStub.start({ dimensions: 512 });
  });

  afterAll(async () => {
    await stub?.close();
  });

  it('should be resumed by another worker from its checkpoint, with no document lost or duplicated', async () => {
    const fake = await startFake();
    for (let index = 1; index <= ITEMS; index++) {
      fake.put({ id: `item-${index}`, title: `Note ${index}`, text: `Note ${index} records the ${index}th step of the recovery drill.` });
    }
    const { url: databaseUrl, drop } = await createTestDatabase();
    const prefix = `aqs-connector-recovery-${process.pid}-${randomBytes(3).toString('hex')}`;
    // Both processes open the tokens the other sealed.
    const secrets = { SECRET_ENCRYPTION_KEYS: `test:${randomBytes(32).toString('base64')}` };
    const api = await createTestApp({
      databaseUrl,
      redisPrefix: prefix,
      env: ingestionEnv(stub, { ...fake.environment, ...secrets, EMBEDDED_WORKER: 'false' }),
    });
    const workers: RunningProcess[] = [];
    const worker = (): RunningProcess => {
      const env = {
        ...ingestionEnv(stub, { ...fake.environment, ...secrets, QUEUE_LOCK_MS: '1500', LOG_LEVEL: 'warn' }),
        API_KEY_SECRET: TEST_KEY_SECRET,
        DATABASE_URL: databaseUrl,
        REDIS_URL,
        REDIS_PREFIX: prefix,
        EMBEDDED_WORKER: undefined,
      };
      const started = startProcess('dist/src/worker.js', [], env);
      workers.push(started);
      return started;
    };
    try {
      const org = await createOrg(api.app);
      const db = api.app.get(DataSource);
      const first = worker();
      const created = await request(api.http)
        .post('/api/v1/data-sources')
        .set(...bearer(org.adminKey))
        .send({ type, name: 'Recovery drill', config: fake.sourceConfig })
        .expect(201);
      const id = created.body.id as string;
      fake.slowDown(250);
      expect((await completeConsent(api.http, org.adminKey, created.body.authorize_url, fake)).status).toBe(303);
      const count = async (): Promise<number> =>
        Number((await db.query<Array<{ count: string }>>('SELECT count(*) AS count FROM document WHERE data_source_id = $1', [id]))[0].count);

      await until(async () => ((await count()) >= 2 ? true : undefined), 60_000, 'the first documents');
      await first.stop('SIGKILL');
      expect(await count()).toBeLessThan(ITEMS);

      fake.slowDown(0);
      worker();
      await until(
        async () => {
          const [source] = await db.query<Array<{ status: string }>>('SELECT status FROM data_source WHERE id = $1', [id]);
          return source.status === 'Connected' ? true : undefined;
        },
        90_000,
        'the sync to finish on the second worker',
      );

      const documents = await db.query<Array<{ url: string; status: string }>>('SELECT url, status FROM document WHERE data_source_id = $1', [id]);
      expect(documents.map((document) => document.url).sort()).toEqual(
        Array.from({ length: ITEMS }, (_, index) => fake.documentUrl(`item-${index + 1}`)).sort(),
      );
      expect(documents.every((document) => document.status === 'indexed')).toBe(true);
      const [totals] = await db.query<Array<{ chunks: string; declared: string }>>(
        `SELECT count(c.id) AS chunks, (SELECT sum(chunk_count) FROM document WHERE data_source_id = $1) AS declared
         FROM document d JOIN chunk c ON c.document_id = d.id WHERE d.data_source_id = $1`,
        [id],
      );
      expect(Number(totals.chunks)).toBe(Number(totals.declared));
      const runs = await db.query<Array<{ status: string; attempts: number }>>('SELECT status, attempts FROM sync_run WHERE data_source_id = $1', [id]);
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ status: 'succeeded' });
      expect(runs[0].attempts).toBeGreaterThanOrEqual(2);
      const [events] = await db.query<Array<{ count: string }>>(
        `SELECT count(*) AS count FROM event WHERE type = 'datasource.processed' AND data->'dataSource'->>'id' = $1`,
        [id],
      );
      expect(Number(events.count)).toBe(1);
    } finally {
      await Promise.all(workers.map((running) => running.stop('SIGKILL')));
      await api.close();
      await fake.close();
      await drop();
    }
  }, 180_000);
});
