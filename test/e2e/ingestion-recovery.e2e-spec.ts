import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createOrg } from '#test/utils/factories.js';
import { FixtureSite } from '#test/utils/fixture-site.js';
import { docsSite, ingestionEnv, page } from '#test/utils/ingestion.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';
import { freePort, startProcess, type RunningProcess } from '#test/utils/processes.js';
import { createTestApp, TEST_KEY_SECRET } from '#test/utils/test-app.js';
import { createTestDatabase, REDIS_URL, SERVER_URL } from '#test/utils/test-database.js';
import { until } from '#test/utils/until.js';

const PAGES = 12;
const PAGE_DELAY_MS = 300;

/** Twelve pages served slowly, one at a time, so a sync is still running when its process is killed. */
function slowSite(site: FixtureSite): void {
  const slugs = Array.from({ length: PAGES }, (_, i) => `page-${i + 1}`);
  docsSite(site, Object.fromEntries(slugs.map((slug) => [slug, `Content of ${slug}.`])));
  for (const slug of slugs) {
    site.route(`/docs/${slug}`, {
      delayMs: PAGE_DELAY_MS,
      body: page(slug, `Content of ${slug} about widgets and gadgets.`),
      headers: { 'content-type': 'text/html' },
    });
  }
}

describe('a sync whose process is killed', () => {
  let stub: OpenAIStub;
  let site: FixtureSite;

  beforeAll(async () => {
    stub = await OpenAIStub.start({ dimensions: 512 });
    site = await FixtureSite.start();
    slowSite(site);
  });

  afterAll(async () => {
    await site?.close();
    await stub?.close();
  });

  const processEnv = (extra: Record<string, string | undefined>): Record<string, string | undefined> => ({
    ...ingestionEnv(stub, { CRAWL_CONCURRENCY: '1', QUEUE_LOCK_MS: '1500', LOG_LEVEL: 'warn' }),
    API_KEY_SECRET: TEST_KEY_SECRET,
    ...extra,
  });

  it.skipIf(!SERVER_URL || !REDIS_URL)(
    'should be taken over by another worker and finish without duplicates',
    async () => {
      const { url: databaseUrl, drop } = await createTestDatabase();
      const prefix = `aqs-recovery-${process.pid}`;
      const api = await createTestApp({ databaseUrl, redisPrefix: prefix, env: ingestionEnv(stub, { EMBEDDED_WORKER: 'false' }) });
      const workers: RunningProcess[] = [];
      const worker = (): RunningProcess => {
        const started = startProcess(
          'dist/src/worker.js',
          [],
          processEnv({ DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: prefix, EMBEDDED_WORKER: undefined }),
        );
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
          .send({ type: 'website', name: 'Slow docs', config: { url: site.url('/docs/'), max_pages: 50 } })
          .expect(201);
        const count = async (): Promise<number> =>
          Number((await db.query<Array<{ count: string }>>('SELECT count(*) AS count FROM document WHERE data_source_id = $1', [created.body.id]))[0].count);

        await until(async () => ((await count()) >= 3 ? true : undefined), 30_000, 'the first documents');
        await first.stop('SIGKILL');
        const indexedBeforeKill = await count();
        expect(indexedBeforeKill).toBeLessThan(PAGES + 1);

        worker();
        await until(
          async () => {
            const [source] = await db.query<Array<{ status: string }>>('SELECT status FROM data_source WHERE id = $1', [created.body.id]);
            return source.status === 'active' ? true : undefined;
          },
          60_000,
          'the sync to finish on the second worker',
        );

        expect(await count()).toBe(PAGES + 1);
        const [totals] = await db.query<Array<{ documents: string; chunks: string; declared: string }>>(
          `SELECT count(DISTINCT d.id) AS documents, count(c.id) AS chunks, (SELECT sum(chunk_count) FROM document WHERE data_source_id = $1) AS declared
           FROM document d JOIN chunk c ON c.document_id = d.id WHERE d.data_source_id = $1`,
          [created.body.id],
        );
        expect(Number(totals.documents)).toBe(PAGES + 1);
        expect(Number(totals.chunks)).toBe(Number(totals.declared));
        const runs = await db.query<Array<{ status: string; attempts: number }>>('SELECT status, attempts FROM sync_run WHERE data_source_id = $1', [
          created.body.id,
        ]);
        expect(runs).toHaveLength(1);
        expect(runs[0].status).toBe('succeeded');
        expect(runs[0].attempts).toBeGreaterThanOrEqual(2);
        const events = await db.query<Array<{ count: string }>>(
          `SELECT count(*) AS count FROM event WHERE type = 'datasource.processed' AND data->'dataSource'->>'id' = $1`,
          [created.body.id],
        );
        expect(Number(events[0].count)).toBe(1);
      } finally {
        await Promise.all(workers.map((running) => running.stop('SIGKILL')));
        await api.close();
        await drop();
      }
    },
    120_000,
  );

  it.skipIf(!SERVER_URL || !REDIS_URL)(
    'should survive its worker being stopped with SIGTERM more times than a sync has attempts, and finish without duplicates',
    async () => {
      const { url: databaseUrl, drop } = await createTestDatabase();
      const prefix = `aqs-recovery-term-${process.pid}`;
      const api = await createTestApp({ databaseUrl, redisPrefix: prefix, env: ingestionEnv(stub, { EMBEDDED_WORKER: 'false' }) });
      const workers: RunningProcess[] = [];
      const worker = (): RunningProcess => {
        const started = startProcess(
          'dist/src/worker.js',
          [],
          processEnv({ DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: prefix, EMBEDDED_WORKER: undefined, SYNC_RETRY_TIME_SCALE: '0.1' }),
        );
        workers.push(started);
        return started;
      };
      try {
        const org = await createOrg(api.app);
        const db = api.app.get(DataSource);
        const created = await request(api.http)
          .post('/api/v1/data-sources')
          .set(...bearer(org.adminKey))
          .send({ type: 'website', name: 'Slow docs', config: { url: site.url('/docs/'), max_pages: 50 } })
          .expect(201);
        const count = async (): Promise<number> =>
          Number((await db.query<Array<{ count: string }>>('SELECT count(*) AS count FROM document WHERE data_source_id = $1', [created.body.id]))[0].count);
        const status = async (): Promise<string> =>
          (await db.query<Array<{ status: string }>>('SELECT status FROM data_source WHERE id = $1', [created.body.id]))[0].status;
        // Each worker reads the pages again from the first: what a person watching sees must never go back.
        const shown: number[] = [];
        let watching = true;
        const watched = (async () => {
          while (watching) {
            const response = await request(api.http)
              .get(`/api/v1/data-sources/${created.body.id}/status`)
              .set(...bearer(org.adminKey));
            shown.push(response.body.progress_pct as number);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        })();

        try {
          // A sync has three attempts: a rolling deploy (each worker stopped as it should be) must spend none of them.
          for (let stop = 0; stop < 3; stop += 1) {
            const running = worker();
            const before = await count();
            await until(async () => ((await count()) > before ? true : undefined), 30_000, `documents indexed by worker ${stop + 1}`);
            expect(await running.stop('SIGTERM')).toBe(0);
            expect(await status()).toBe('processing');
          }
          expect(await count()).toBeLessThan(PAGES + 1);

          worker();
          await until(async () => ((await status()) === 'active' ? true : undefined), 60_000, 'the sync to finish on the last worker');
        } finally {
          watching = false;
          await watched;
        }
        expect(shown.filter((pct, i) => i > 0 && pct < shown[i - 1])).toEqual([]);
        expect(Math.max(...shown.slice(0, -1))).toBeGreaterThan(0);
        expect(await count()).toBe(PAGES + 1);
        const runs = await db.query<Array<{ status: string; error: string | null }>>('SELECT status, error FROM sync_run WHERE data_source_id = $1', [
          created.body.id,
        ]);
        expect(runs).toEqual([{ status: 'succeeded', error: null }]);
        const failed = await db.query<Array<{ count: string }>>(
          `SELECT count(*) AS count FROM event WHERE type = 'datasource.failed' AND data->'dataSource'->>'id' = $1`,
          [created.body.id],
        );
        expect(Number(failed[0].count)).toBe(0);
      } finally {
        await Promise.all(workers.map((running) => running.stop('SIGKILL')));
        await api.close();
        await drop();
      }
    },
    150_000,
  );

  it.skipIf(Boolean(SERVER_URL))(
    'should resume after the embedded api restarts, and finish without duplicates',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'aqs-recovery-'));
      const port = await freePort();
      const env = processEnv({ DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: undefined, REDIS_URL: undefined });
      const base = `http://127.0.0.1:${port}`;
      let running = startProcess('dist/src/main.js', [], env);
      try {
        const [key] = await running.waitFor(/svcsk_live_[A-Za-z0-9]{40}/, 60_000);
        const auth = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
        await until(async () => ((await fetch(`${base}/healthz`).catch(() => undefined))?.ok ? true : undefined), 60_000, 'the api');
        const created = (await (
          await fetch(`${base}/api/v1/data-sources`, {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({ type: 'website', name: 'Slow', config: { url: site.url('/docs/') } }),
          })
        ).json()) as { id: string };
        const documents = async (): Promise<number> => {
          const response = await fetch(`${base}/api/v1/data-sources/${created.id}/documents?limit=200`, { headers: auth }).catch(() => undefined);
          return response?.ok ? ((await response.json()) as { total: number }).total : -1;
        };
        await until(async () => ((await documents()) >= 3 ? true : undefined), 30_000, 'the first documents');
        await running.stop('SIGKILL');

        running = startProcess('dist/src/main.js', [], env);
        const status = await until(
          async () => {
            const response = await fetch(`${base}/api/v1/data-sources/${created.id}/status`, { headers: auth }).catch(() => undefined);
            const body = response?.ok ? ((await response.json()) as { status: string; chunks_indexed: number }) : undefined;
            return body?.status === 'active' ? body : undefined;
          },
          60_000,
          'the resumed sync',
        );
        expect(await documents()).toBe(PAGES + 1);
        expect(status.chunks_indexed).toBeGreaterThanOrEqual(PAGES + 1);
      } finally {
        await running.stop('SIGKILL');
      }
    },
    150_000,
  );
});
