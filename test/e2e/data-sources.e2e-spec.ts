import { createHash } from 'node:crypto';
import { chmodSync, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearer, createOrg, type TestOrg } from '#test/utils/factories.js';
import { makeDocx, makeEncryptedPdf, makeHtmlPage, makeMarkdown, makePdf, makeCsv, makeJson, truncate } from '#test/utils/fixture-files.js';
import { FixtureSite } from '#test/utils/fixture-site.js';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { SyncRunsRepository } from '#src/modules/data-sources/sync-runs.repository.js';
import { SearchStatsBackfill } from '#src/modules/data-sources/sync/search-stats-backfill.js';
import { docsSite, ingestionEnv, page, settled, waitForStatus, type StatusBody } from '#test/utils/ingestion.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';
import { createTestApp, sameDatabaseAs, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';
import { until } from '#test/utils/until.js';

const REQUEST_ID = /^req_/;

interface EventData {
  dataSource: Record<string, unknown> & { stats?: { tokensProcessed: number } };
  error?: string;
}

describe('data sources', () => {
  let t: TestApp;
  let org: TestOrg;
  let other: TestOrg;
  let site: FixtureSite;
  let stub: OpenAIStub;
  let databaseUrl: string | undefined;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    ({ url: databaseUrl, drop: dropDatabase } = await createTestDatabase());
    stub = await OpenAIStub.start({ dimensions: 512 });
    site = await FixtureSite.start();
    t = await createTestApp({ databaseUrl, env: ingestionEnv(stub) });
    org = await createOrg(t.app);
    other = await createOrg(t.app);
  });

  afterAll(async () => {
    await t?.close();
    await site?.close();
    await stub?.close();
    await dropDatabase?.();
  });

  beforeEach(() => stub.reset());

  const api = () => request(t.http);
  const db = () => t.app.get(DataSource);
  const createWebsite = async (path: string, extra: Record<string, unknown> = {}) =>
    api()
      .post('/api/v1/data-sources')
      .set(...bearer(org.adminKey))
      .send({ type: 'website', name: 'Docs', config: { url: site.url(path), max_pages: 20 }, ...extra });

  describe('a website source', () => {
    it('should be created pending, synced to active, and report its chunks, documents and events', async () => {
      docsSite(site, { install: 'Run the installer and accept the licence.', configure: 'Edit the settings file to choose a port.' });
      const created = await createWebsite('/docs/');
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        type: 'website',
        name: 'Docs',
        status: 'pending',
        sync_frequency: 'manual',
        config: { url: site.url('/docs/'), max_pages: 20 },
      });
      expect(created.body.id).toMatch(/^ds_/);

      const statuses = await waitForStatus(t.http, org.adminKey, created.body.id, settled);
      const final = statuses.at(-1)!;
      expect(final).toMatchObject({ status: 'active', progress_pct: 100, estimated_completion: null, error: null });
      expect(final.chunks_indexed).toBeGreaterThanOrEqual(3);
      expect(Date.parse(final.last_synced_at!)).not.toBeNaN();
      const [stats] = await db().query<Array<{ chunks: number }>>(`SELECT chunks FROM search_scope_stats WHERE org_id = $1 AND scope = $2`, [
        org.orgId,
        created.body.id,
      ]);
      expect(stats.chunks, 'keyword search statistics refreshed by the sync').toBe(final.chunks_indexed);

      const documents = await api()
        .get(`/api/v1/data-sources/${created.body.id}/documents`)
        .set(...bearer(org.adminKey))
        .expect(200);
      // In the order of their address, whatever order the crawl met them in.
      expect(documents.body.documents.map((document: { url: string }) => document.url)).toEqual([
        site.url('/docs/'),
        site.url('/docs/configure'),
        site.url('/docs/install'),
      ]);
      expect(documents.body.documents.every((document: { status: string }) => document.status === 'indexed')).toBe(true);

      const events = await db().query<Array<{ type: string; data: EventData }>>(
        `SELECT type, data FROM event WHERE org_id = $1 AND type LIKE 'datasource.%' ORDER BY created_at`,
        [org.orgId],
      );
      expect(events.map((event) => event.type)).toEqual(['datasource.created', 'datasource.processed']);
      expect(events[0].data.dataSource).toMatchObject({ id: created.body.id, name: 'Docs', type: 'WEBSITE', status: 'PENDING' });
      expect(events[1].data.dataSource).toMatchObject({ id: created.body.id, type: 'WEBSITE', status: 'COMPLETED' });
      expect(events[1].data.dataSource.stats).toEqual({ documentsProcessed: 3, tokensProcessed: expect.any(Number), duration: expect.any(Number) });
      expect(events[1].data.dataSource.stats?.tokensProcessed).toBeGreaterThan(0);
      await db().query(`DELETE FROM event WHERE org_id = $1`, [org.orgId]);
    });

    it('should skip unchanged pages, re-index changed ones, add new ones and remove vanished ones on re-sync', async () => {
      docsSite(site, { alpha: 'Alpha explains the first step.', beta: 'Beta explains the second step.', gamma: 'Gamma explains the third step.' });
      const created = await createWebsite('/docs/');
      await waitForStatus(t.http, org.adminKey, created.body.id, settled);
      const chunksOf = async (url: string): Promise<string[]> =>
        (
          await db().query<Array<{ id: string }>>(
            `SELECT c.id FROM chunk c JOIN document d ON d.id = c.document_id WHERE d.data_source_id = $1 AND d.url = $2 ORDER BY c.chunk_index`,
            [created.body.id, site.url(url)],
          )
        ).map((row) => row.id);
      const alphaBefore = await chunksOf('/docs/alpha');
      const betaBefore = await chunksOf('/docs/beta');
      expect(alphaBefore.length).toBeGreaterThan(0);

      docsSite(site, { alpha: 'Alpha explains the first step.', beta: 'Beta now explains a different second step.', delta: 'Delta is a brand new page.' });
      site.route('/docs/gamma', { status: 404 });
      stub.reset();
      const sync = await api()
        .post(`/api/v1/data-sources/${created.body.id}/sync`)
        .set(...bearer(org.adminKey))
        .expect(202);
      expect(sync.body).toEqual({ job_id: expect.stringMatching(/^job_/), data_source_id: created.body.id, status: 'queued' });
      await waitForStatus(t.http, org.adminKey, created.body.id, settled);

      expect(await chunksOf('/docs/alpha')).toEqual(alphaBefore);
      const betaAfter = await chunksOf('/docs/beta');
      expect(betaAfter.length).toBeGreaterThan(0);
      expect(betaAfter.some((id) => betaBefore.includes(id))).toBe(false);
      expect((await chunksOf('/docs/delta')).length).toBeGreaterThan(0);
      expect(await chunksOf('/docs/gamma')).toEqual([]);

      const embedded = stub.requestsTo('/v1/embeddings').flatMap((call) => (call.body as { input: string[] }).input);
      expect(embedded.some((text) => text.includes('Alpha explains'))).toBe(false);
      expect(embedded.some((text) => text.includes('different second step'))).toBe(true);
      const urls = (
        await api()
          .get(`/api/v1/data-sources/${created.body.id}/documents?status=indexed`)
          .set(...bearer(org.adminKey))
      ).body.documents.map((d: { url: string }) => d.url);
      expect(urls).not.toContain(site.url('/docs/gamma'));
    });

    it('should keep an indexed page through a server error on re-sync, noting the error, and remove it once it is gone', async () => {
      docsSite(site, { steady: 'Steady explains the wolverine.', flaky: 'Flaky explains the serval.' });
      const created = await createWebsite('/docs/');
      await waitForStatus(t.http, org.adminKey, created.body.id, settled);
      const chunksOfFlaky = async (): Promise<string[]> =>
        (
          await db().query<Array<{ id: string }>>(
            `SELECT c.id FROM chunk c JOIN document d ON d.id = c.document_id WHERE d.data_source_id = $1 AND d.url = $2 ORDER BY c.chunk_index`,
            [created.body.id, site.url('/docs/flaky')],
          )
        ).map((row) => row.id);
      const flakyDocument = async (): Promise<{ status: string; error: string | null; chunk_count: number } | undefined> =>
        (
          await api()
            .get(`/api/v1/data-sources/${created.body.id}/documents`)
            .set(...bearer(org.adminKey))
            .expect(200)
        ).body.documents.find((document: { url: string }) => document.url === site.url('/docs/flaky'));
      const resync = async (): Promise<StatusBody> => {
        await api()
          .post(`/api/v1/data-sources/${created.body.id}/sync`)
          .set(...bearer(org.adminKey))
          .expect(202);
        return (await waitForStatus(t.http, org.adminKey, created.body.id, settled)).at(-1)!;
      };
      const before = await chunksOfFlaky();
      expect(before.length).toBeGreaterThan(0);

      site.route('/docs/flaky', { status: 500 });
      expect(await resync()).toMatchObject({ status: 'active' });
      expect(await chunksOfFlaky()).toEqual(before);
      expect(await flakyDocument()).toMatchObject({ status: 'indexed', error: 'HTTP 500', chunk_count: before.length });
      const [run] = await db().query<Array<{ documents_failed: number }>>(
        `SELECT documents_failed FROM sync_run WHERE data_source_id = $1 ORDER BY created_at DESC LIMIT 1`,
        [created.body.id],
      );
      expect(run.documents_failed).toBe(1);

      docsSite(site, { steady: 'Steady explains the wolverine.', flaky: 'Flaky explains the serval.' });
      await resync();
      expect(await flakyDocument()).toMatchObject({ status: 'indexed', error: null });

      site.route('/docs/flaky', { status: 404 });
      await resync();
      expect(await chunksOfFlaky()).toEqual([]);
      expect(await flakyDocument()).toMatchObject({ status: 'failed', error: 'HTTP 404', chunk_count: 0 });
    });

    it('should share one queued sync between requests made while it waits', async () => {
      docsSite(site, { one: 'One.' });
      const created = await createWebsite('/docs/');
      await waitForStatus(t.http, org.adminKey, created.body.id, settled);
      site.route('/docs/', { delayMs: 400, body: page('Docs home', 'Slow home page.'), headers: { 'content-type': 'text/html' } });
      const first = await api()
        .post(`/api/v1/data-sources/${created.body.id}/sync`)
        .set(...bearer(org.adminKey))
        .expect(202);
      const second = await api()
        .post(`/api/v1/data-sources/${created.body.id}/sync`)
        .set(...bearer(org.adminKey))
        .expect(202);
      expect([first.body.job_id, second.body.job_id]).toContain(first.body.job_id);
      expect(
        (
          await api()
            .get(`/api/v1/data-sources/${created.body.id}`)
            .set(...bearer(org.adminKey))
        ).body.status,
      ).toBe('processing');
      await waitForStatus(t.http, org.adminKey, created.body.id, settled);
    });

    it('should show progress and an estimated completion while processing', async () => {
      const slugs = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
      docsSite(site, Object.fromEntries(slugs.map((slug) => [slug, `Page ${slug} has content.`])));
      for (const slug of slugs) {
        site.route(`/docs/${slug}`, { delayMs: 250, body: page(slug, `Page ${slug} has content.`), headers: { 'content-type': 'text/html' } });
      }
      const created = await createWebsite('/docs/', { config: { url: site.url('/docs/'), max_pages: 7 } });
      const seen: Array<{ at: number; status: StatusBody }> = [];
      await until(
        async () => {
          const response = await request(t.http)
            .get(`/api/v1/data-sources/${created.body.id}/status`)
            .set(...bearer(org.adminKey))
            .expect(200);
          seen.push({ at: Date.now(), status: response.body as StatusBody });
          return settled(response.body as StatusBody) ? true : undefined;
        },
        30_000,
        'the sync to end',
      );
      const processing = seen.filter(({ status }) => status.status === 'processing');
      expect(processing.length).toBeGreaterThan(0);
      expect(processing.some(({ status }) => status.progress_pct > 0 && status.progress_pct < 100)).toBe(true);
      // While it runs there is always an estimate, and never one already past.
      for (const { at, status } of processing) {
        expect(Date.parse(status.estimated_completion!), JSON.stringify(status)).toBeGreaterThan(at);
      }
      expect(seen.at(-1)!.status).toMatchObject({ status: 'active', progress_pct: 100, estimated_completion: null });
      // Not processing (still pending, or done): no estimate.
      expect(seen.filter(({ status }) => status.status !== 'processing' && status.estimated_completion !== null)).toEqual([]);

      // A second sync, before it has a rate of its own, is estimated from the first one's duration.
      await request(t.http)
        .post(`/api/v1/data-sources/${created.body.id}/sync`)
        .set(...bearer(org.adminKey))
        .expect(202);
      const askedAt = Date.now();
      const queued = await request(t.http)
        .get(`/api/v1/data-sources/${created.body.id}/status`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(queued.body).toMatchObject({ status: 'processing', progress_pct: 0 });
      expect(Date.parse(queued.body.estimated_completion as string)).toBeGreaterThan(askedAt);
      await waitForStatus(t.http, org.adminKey, created.body.id, settled);
    });

    it('should report the running sync\u2019s progress while another waits behind it, counting documents once done', async () => {
      const slugs = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8'];
      docsSite(site, Object.fromEntries(slugs.map((slug) => [slug, `Page ${slug} has content.`])));
      for (const slug of slugs) {
        site.route(`/docs/${slug}`, { delayMs: 1_000, body: page(slug, `Page ${slug} has content.`), headers: { 'content-type': 'text/html' } });
      }
      const created = await createWebsite('/docs/', { config: { url: site.url('/docs/'), max_pages: 9 } });
      const status = async (id: string): Promise<StatusBody> =>
        (
          await api()
            .get(`/api/v1/data-sources/${id}/status`)
            .set(...bearer(org.adminKey))
            .expect(200)
        ).body as StatusBody;
      const running = await until(
        async () => {
          const current = await status(created.body.id);
          return current.progress_pct > 0 ? current : undefined;
        },
        20_000,
        'the sync to show progress',
      );
      await api()
        .post(`/api/v1/data-sources/${created.body.id}/sync`)
        .set(...bearer(org.adminKey))
        .expect(202);
      const [queued] = await db().query<Array<{ count: string }>>(`SELECT count(*) AS count FROM sync_run WHERE data_source_id = $1 AND status = 'queued'`, [
        created.body.id,
      ]);
      expect(Number(queued.count)).toBe(1);
      expect((await status(created.body.id)).progress_pct).toBeGreaterThanOrEqual(running.progress_pct);
      await waitForStatus(t.http, org.adminKey, created.body.id, settled);

      // Files count once parsed and embedded, not when handed over.
      const files = await api()
        .post('/api/v1/data-sources')
        .set(...bearer(org.adminKey))
        .send({ type: 'file', name: 'Slow embedding' })
        .expect(201);
      await waitForStatus(t.http, org.adminKey, files.body.id, settled);
      // The first file is embedded at once, the other two slowly: meanwhile one file of three is done.
      stub.delayNext(1, 0, '/v1/embeddings');
      stub.delayNext(10, 2_500, '/v1/embeddings');
      const upload = api()
        .post(`/api/v1/data-sources/${files.body.id}/files`)
        .set(...bearer(org.adminKey));
      for (const name of ['a', 'b', 'c']) {
        upload.attach('file', Buffer.from(`# ${name}\n\nThe file ${name} takes a while to embed.\n`), `${name}.md`);
      }
      await upload.expect(202);
      const partly = await until(
        async () => {
          const current = await status(files.body.id);
          return current.progress_pct > 0 ? current : undefined;
        },
        10_000,
        'a first file done',
      );
      expect(partly).toMatchObject({ status: 'processing', progress_pct: 33 });
      await waitForStatus(t.http, org.adminKey, files.body.id, settled);
    });

    it('should mark the source failed, with the reason, when its start page cannot be read', async () => {
      site.route('/missing/', { status: 404 });
      const created = await createWebsite('/missing/');
      const final = (await waitForStatus(t.http, org.adminKey, created.body.id, settled)).at(-1)!;
      expect(final.status).toBe('failed');
      expect(final.error).toMatch(/404/);
      const [event] = await db().query<Array<{ data: EventData }>>(
        `SELECT data FROM event WHERE type = 'datasource.failed' AND data->'dataSource'->>'id' = $1`,
        [created.body.id],
      );
      expect(event.data.dataSource).toMatchObject({ id: created.body.id, status: 'FAILED', type: 'WEBSITE' });
      expect(event.data.error).toMatch(/404/);

      // A new address starts a new sync: the last one's failure is no longer the source's error.
      docsSite(site, { fixed: 'The start page moved here.' });
      const updated = await api()
        .put(`/api/v1/data-sources/${created.body.id}`)
        .set(...bearer(org.adminKey))
        .send({ config: { url: site.url('/docs/'), max_pages: 20 } })
        .expect(200);
      expect(updated.body).toMatchObject({ status: 'processing', error: null });
      const again = await api()
        .get(`/api/v1/data-sources/${created.body.id}`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(again.body.error).toBeNull();
      expect((await waitForStatus(t.http, org.adminKey, created.body.id, settled)).at(-1)).toMatchObject({ status: 'active', error: null });
    });

    it('should retry a sync whose embedding calls failed, and index every page exactly once', async () => {
      docsSite(site, { retry: 'A page indexed after a failed attempt.' });
      stub.failNext(1, { status: 400, message: 'rejected once', path: '/v1/embeddings' });
      const created = await createWebsite('/docs/');
      const final = (await waitForStatus(t.http, org.adminKey, created.body.id, settled, 60_000)).at(-1)!;
      expect(final.status).toBe('active');
      const duplicates = await db().query<Array<{ count: string }>>(
        `SELECT count(*) AS count FROM (SELECT document_id, chunk_index FROM chunk WHERE data_source_id = $1 GROUP BY 1, 2 HAVING count(*) > 1) d`,
        [created.body.id],
      );
      expect(Number(duplicates[0].count)).toBe(0);
      const documents = await db().query<Array<{ count: string }>>(`SELECT count(*) AS count FROM document WHERE data_source_id = $1`, [created.body.id]);
      expect(Number(documents[0].count)).toBe(2);
      const [run] = await db().query<Array<{ attempts: number; status: string }>>(`SELECT attempts, status FROM sync_run WHERE data_source_id = $1`, [
        created.body.id,
      ]);
      expect(run).toMatchObject({ attempts: 2, status: 'succeeded' });
    });

    it('should retry a sync whose progress could not be written, failing the attempt instead of the process', async () => {
      docsSite(site, { progress: 'A page whose progress report was lost once.' });
      const progress = vi.spyOn(t.app.get(SyncRunsRepository), 'progress').mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
      // A worker process ends on an unhandled rejection: the failed report must reach the attempt, not the process.
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      try {
        const created = await createWebsite('/docs/');
        const final = (await waitForStatus(t.http, org.adminKey, created.body.id, settled, 60_000)).at(-1)!;
        expect(final.status).toBe('active');
        const [run] = await db().query<Array<{ attempts: number; status: string }>>(`SELECT attempts, status FROM sync_run WHERE data_source_id = $1`, [
          created.body.id,
        ]);
        expect(run).toMatchObject({ attempts: 2, status: 'succeeded' });
        const [documents] = await db().query<Array<{ count: string }>>(`SELECT count(*) AS count FROM document WHERE data_source_id = $1`, [created.body.id]);
        expect(Number(documents.count)).toBe(2);
        expect(unhandled).toEqual([]);
      } finally {
        process.off('unhandledRejection', onUnhandled);
        progress.mockRestore();
      }
    });
  });

  describe('a file source', () => {
    it('should index uploaded files, and mark unreadable ones failed without failing the source', async () => {
      const created = await api()
        .post('/api/v1/data-sources')
        .set(...bearer(org.adminKey))
        .send({ type: 'file', name: 'Handbook' })
        .expect(201);
      expect(created.body.config).toEqual({});
      await waitForStatus(t.http, org.adminKey, created.body.id, settled);

      const pdf = await makePdf([{ heading: 'Holiday policy', paragraphs: ['Employees receive twenty days of paid leave each year.'] }], { title: 'Holidays' });
      const upload = await api()
        .post(`/api/v1/data-sources/${created.body.id}/files`)
        .set(...bearer(org.adminKey))
        .attach('file', Buffer.from(pdf), { filename: 'holidays.pdf', contentType: 'application/pdf' })
        .attach('file', await makeDocx([{ heading: 'Expenses', paragraphs: ['Submit receipts within thirty days.'] }]), 'expenses.docx')
        .attach(
          'file',
          Buffer.from(makeHtmlPage({ title: 'Security', sections: [{ heading: 'Passwords', paragraphs: ['Use a password manager.'] }] })),
          'security.html',
        )
        .attach('file', Buffer.from(makeMarkdown()), 'guide.md')
        .attach('file', Buffer.from(makeCsv()), 'offices.csv')
        .attach('file', Buffer.from(makeJson()), 'settings.json')
        .attach('file', Buffer.from(pdf), { filename: 'really-a-pdf.txt', contentType: 'text/plain' })
        .attach('file', Buffer.from(await makeEncryptedPdf('Secret salaries')), 'salaries.pdf')
        .attach('file', Buffer.from(truncate(pdf, 0.4)), 'broken.pdf');
      expect(upload.status).toBe(202);
      expect(upload.body).toMatchObject({ data_source_id: created.body.id, status: 'queued', job_id: expect.stringMatching(/^job_/) });
      expect(upload.body.files).toHaveLength(9);
      expect(upload.body.files[0]).toEqual({
        name: 'holidays.pdf',
        size: pdf.length,
        content_type: 'application/pdf',
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      });

      const final = (await waitForStatus(t.http, org.adminKey, created.body.id, settled)).at(-1)!;
      expect(final.status).toBe('active');
      const documents = (
        await api()
          .get(`/api/v1/data-sources/${created.body.id}/documents`)
          .set(...bearer(org.adminKey))
          .expect(200)
      ).body.documents as Array<{
        url: string;
        status: string;
        error: string | null;
        chunk_count: number;
      }>;
      const byName = Object.fromEntries(documents.map((document) => [document.url, document]));
      for (const name of ['holidays.pdf', 'expenses.docx', 'security.html', 'guide.md', 'offices.csv', 'settings.json', 'really-a-pdf.txt']) {
        expect(byName[name], name).toMatchObject({ status: 'indexed', error: null });
        expect(byName[name].chunk_count, name).toBeGreaterThan(0);
      }
      expect(byName['salaries.pdf']).toMatchObject({ status: 'failed', chunk_count: 0 });
      expect(byName['salaries.pdf'].error).toMatch(/encrypted|password/i);
      expect(byName['broken.pdf']).toMatchObject({ status: 'failed', chunk_count: 0 });
      expect(byName['broken.pdf'].error).toBeTruthy();
      const failed = await api()
        .get(`/api/v1/data-sources/${created.body.id}/documents?status=failed`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(failed.body.total).toBe(2);
    });

    it('should fail a file source none of whose files can be read, and make it active once one can', async () => {
      const created = await api()
        .post('/api/v1/data-sources')
        .set(...bearer(org.adminKey))
        .send({ type: 'file', name: 'Unreadable' })
        .expect(201);
      expect((await waitForStatus(t.http, org.adminKey, created.body.id, settled)).at(-1)).toMatchObject({ status: 'active', chunks_indexed: 0 });
      const pdf = await makePdf([{ heading: 'Travel', paragraphs: ['Book trains for journeys under four hours.'] }], { title: 'Travel' });
      await api()
        .post(`/api/v1/data-sources/${created.body.id}/files`)
        .set(...bearer(org.adminKey))
        .attach('file', Buffer.from(truncate(pdf, 0.4)), 'broken.pdf')
        .expect(202);
      const failed = (await waitForStatus(t.http, org.adminKey, created.body.id, settled)).at(-1)!;
      expect(failed).toMatchObject({ status: 'failed', error: "The file could not be read: the reason is in the source's documents (status failed)" });

      await api()
        .post(`/api/v1/data-sources/${created.body.id}/files`)
        .set(...bearer(org.adminKey))
        .attach('file', Buffer.from(pdf), 'travel.pdf')
        .expect(202);
      expect((await waitForStatus(t.http, org.adminKey, created.body.id, settled)).at(-1)).toMatchObject({ status: 'active', error: null });
    });

    it('should keep nothing on disk of uploads refused because their source was deleted at the same moment', async () => {
      const folderOf = (id: string): string => join(t.app.get<AppConfig>(APP_CONFIG).uploadDir, org.orgId, id);
      for (let round = 0; round < 3; round++) {
        const created = await api()
          .post('/api/v1/data-sources')
          .set(...bearer(org.adminKey))
          .send({ type: 'file', name: `Deleted while uploading ${round}` })
          .expect(201);
        const uploads = Array.from({ length: 4 }, (_, index) =>
          api()
            .post(`/api/v1/data-sources/${created.body.id}/files`)
            .set(...bearer(org.adminKey))
            .attach('file', Buffer.from(`Note ${index}: the racing upload.`), `note-${index}.txt`),
        );
        const deleted = api()
          .delete(`/api/v1/data-sources/${created.body.id}`)
          .set(...bearer(org.adminKey));
        const [removal, ...answers] = await Promise.all([deleted, ...uploads]);
        expect(removal.status).toBe(204);
        expect(answers.every((answer) => answer.status === 202 || answer.status === 404)).toBe(true);
        await vi.waitFor(() => expect(existsSync(folderOf(created.body.id))).toBe(false));
      }
    });

    it('should keep a name sent twice in one upload once, as the later file, and answer it once', async () => {
      const created = await api()
        .post('/api/v1/data-sources')
        .set(...bearer(org.adminKey))
        .send({ type: 'file', name: 'Twice' })
        .expect(201);
      await waitForStatus(t.http, org.adminKey, created.body.id, settled);
      const later = Buffer.from('# Notes\n\nThe later version of the notes.\n');
      const upload = await api()
        .post(`/api/v1/data-sources/${created.body.id}/files`)
        .set(...bearer(org.adminKey))
        .attach('file', Buffer.from('# Notes\n\nThe first version.\n'), 'notes.md')
        .attach('file', Buffer.from('# Other\n\nAnother file.\n'), 'other.md')
        .attach('file', later, 'notes.md')
        .expect(202);
      expect(upload.body.files.map((file: { name: string }) => file.name)).toEqual(['other.md', 'notes.md']);
      expect(upload.body.files[1]).toMatchObject({ size: later.length, sha256: createHash('sha256').update(later).digest('hex') });
      await waitForStatus(t.http, org.adminKey, created.body.id, settled);
      const documents = await api()
        .get(`/api/v1/data-sources/${created.body.id}/documents`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(documents.body.documents.map((document: { url: string }) => document.url).sort()).toEqual(['notes.md', 'other.md']);
    });

    it('should keep uploaded originals readable by the service\u2019s user only, in folders no other user can open', async () => {
      const root = t.app.get<AppConfig>(APP_CONFIG).uploadDir;
      // A folder left open by an earlier start (the usual umask) is closed again by the next one.
      chmodSync(root, 0o755);
      const restarted = await createTestApp({ ...sameDatabaseAs(t), env: { UPLOAD_DIR: root, EMBEDDED_WORKER: 'false' } });
      await restarted.close();
      const created = await api()
        .post('/api/v1/data-sources')
        .set(...bearer(org.adminKey))
        .send({ type: 'file', name: 'Private' })
        .expect(201);
      await api()
        .post(`/api/v1/data-sources/${created.body.id}/files`)
        .set(...bearer(org.adminKey))
        .attach('file', Buffer.from('Salaries are reviewed every March.'), 'salaries.txt')
        .expect(202);
      const [stored] = await db().query<Array<{ storage_path: string }>>('SELECT storage_path FROM source_file WHERE data_source_id = $1', [created.body.id]);
      const modeOf = (path: string): number => statSync(path).mode & 0o777;
      expect(modeOf(join(root, stored.storage_path))).toBe(0o600);
      for (const folder of [root, join(root, '.incoming'), join(root, org.orgId), join(root, org.orgId, created.body.id)]) {
        expect(modeOf(folder), folder).toBe(0o700);
      }
    });

    it('should refuse uploads that are too large, missing, or sent to a website source', async () => {
      const files = await api()
        .post('/api/v1/data-sources')
        .set(...bearer(org.adminKey))
        .send({ type: 'file', name: 'Uploads' })
        .expect(201);
      const tooLarge = await api()
        .post(`/api/v1/data-sources/${files.body.id}/files`)
        .set(...bearer(org.adminKey))
        .attach('file', Buffer.alloc(50 * 1024 * 1024 + 1, 97), 'huge.txt');
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body.error.code).toBe('payload_too_large');

      const none = await api()
        .post(`/api/v1/data-sources/${files.body.id}/files`)
        .set(...bearer(org.adminKey))
        .field('note', 'no file');
      expect(none.status).toBe(400);

      const wrongField = await api()
        .post(`/api/v1/data-sources/${files.body.id}/files`)
        .set(...bearer(org.adminKey))
        .attach('document', Buffer.from('x'), 'x.txt');
      expect(wrongField.status).toBe(400);
      expect(wrongField.body.error.details).toEqual({ document: ['Unexpected file field'] });

      const documentCount = async (): Promise<number> =>
        (
          await api()
            .get(`/api/v1/data-sources/${files.body.id}/documents`)
            .set(...bearer(org.adminKey))
            .expect(200)
        ).body.total as number;
      const before = await documentCount();
      const extraField = await api()
        .post(`/api/v1/data-sources/${files.body.id}/files`)
        .set(...bearer(org.adminKey))
        .attach('file', Buffer.from('x'), 'x.txt')
        .field('note', 'not a file');
      expect(extraField.status).toBe(400);
      expect(extraField.body.error.details).toEqual({ note: [expect.stringMatching(/^note is not a file/)] });
      // A text field sent under the files' own name is not a file either.
      const textAsFile = await api()
        .post(`/api/v1/data-sources/${files.body.id}/files`)
        .set(...bearer(org.adminKey))
        .field('file', 'not a file');
      expect(textAsFile.status).toBe(400);
      expect(Object.keys(textAsFile.body.error.details)).toEqual(['file']);
      expect(readdirSync(join(t.config.uploadDir, '.incoming')), 'no file of a refused upload is left').toEqual([]);

      const tooMany = api()
        .post(`/api/v1/data-sources/${files.body.id}/files`)
        .set(...bearer(org.adminKey));
      for (let index = 0; index <= 20; index++) {
        tooMany.attach('file', Buffer.from(`File ${index}.`), `many-${index}.txt`);
      }
      const tooManyAnswer = await tooMany;
      expect(tooManyAnswer.status).toBe(400);
      expect(tooManyAnswer.body.error.details).toEqual({ file: ['Too many files: at most 20 per upload'] });
      expect(await documentCount()).toBe(before);

      docsSite(site, { z: 'Z.' });
      const website = await createWebsite('/docs/');
      const toWebsite = await api()
        .post(`/api/v1/data-sources/${website.body.id}/files`)
        .set(...bearer(org.adminKey))
        .attach('file', Buffer.from('hello'), 'a.txt');
      expect(toWebsite.status).toBe(400);
      expect(Object.keys(toWebsite.body.error.details)).toEqual(['file']);
      expect(toWebsite.body.request_id).toMatch(REQUEST_ID);
    });
  });

  describe('validation', () => {
    it.each([
      [{ type: 'confluence', name: 'Wiki', config: {} }, 'config.site_url', /site_url/],
      [{ type: 'slack', name: 'Chat', config: { channel_ids: 'C0ENG' } }, 'config.channel_ids', /channel_ids must be an array/],
      [{ type: 'google_drive', name: 'Drive', config: { folder_ids: ['fld_eng'], owner: 'me' } }, 'config.owner', /owner/],
      [{ type: 'sharepoint', name: 'Sites', config: { site_urls: ['ftp://contoso.sharepoint.com/sites/eng'] } }, 'config.site_urls', /site_urls/],
      [{ type: 'ftp', name: 'x' }, 'type', /type/],
      [{ type: 'website', name: 'x', config: {} }, 'config.url', /url/],
      [{ type: 'website', name: 'x', config: { url: 'ftp://example.test/' } }, 'config.url', /url/],
      [{ type: 'website', name: 'x', config: { url: 'not a url' } }, 'config.url', /url/],
      [{ type: 'website', name: 'x', config: { url: 'https://user:pw@docs.example.test/' } }, 'config.url', /password|user/],
      [{ type: 'website', name: 'x', config: { url: 'https://docs.example.test/', max_pages: 0 } }, 'config.max_pages', /max_pages/],
      [{ type: 'website', name: 'x', config: { url: 'https://docs.example.test/', max_pages: 10_001 } }, 'config.max_pages', /max_pages/],
      // The wrong type is named, not a range the value is not even a number of.
      [{ type: 'website', name: 'x', config: { url: 'https://docs.example.test/', max_pages: '10' } }, 'config.max_pages', /max_pages must be an integer/],
      [{ type: 'website', name: 'x', config: { url: 'https://docs.example.test/', depth: 3 } }, 'config.depth', /depth/],
      [{ type: 'file', name: 'x', config: { url: 'https://docs.example.test/' } }, 'config.url', /url/],
      [{ type: 'website', name: 'x', config: 'https://docs.example.test/' }, 'config', /config/],
      [{ type: 'website', name: '', config: { url: 'https://docs.example.test/' } }, 'name', /name/],
      [{ type: 'website', name: 'x', config: { url: 'https://docs.example.test/' }, sync_frequency: 'monthly' }, 'sync_frequency', /sync_frequency/],
    ])('should refuse %j naming %s', async (body, field, message) => {
      const response = await api()
        .post('/api/v1/data-sources')
        .set(...bearer(org.adminKey))
        .send(body);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_request');
      expect(response.body.error.details).toHaveProperty([field]);
      expect(response.body.error.message).toMatch(message);
    });

    it('should accept a website whose host does not resolve yet, and fail its sync instead', async () => {
      const created = await api()
        .post('/api/v1/data-sources')
        .set(...bearer(org.adminKey))
        .send({ type: 'website', name: 'Offline', config: { url: 'https://docs.invalid/' } });
      expect(created.status).toBe(201);
      const final = (await waitForStatus(t.http, org.adminKey, created.body.id, settled)).at(-1)!;
      expect(final.status).toBe('failed');
    });

    it('should refuse to change the type and refuse unknown fields on update', async () => {
      docsSite(site, { u: 'U.' });
      const created = await createWebsite('/docs/');
      for (const body of [{ type: 'file' }, { name: null }, { config: { url: 'javascript:alert(1)' } }, { surprise: 1 }]) {
        const response = await api()
          .put(`/api/v1/data-sources/${created.body.id}`)
          .set(...bearer(org.adminKey))
          .send(body);
        expect(response.status, JSON.stringify(body)).toBe(400);
      }
    });
  });

  describe('lifecycle', () => {
    it('should update name, config and schedule, and re-sync when the config changes', async () => {
      docsSite(site, { v1: 'Version one.' });
      const created = await createWebsite('/docs/');
      await waitForStatus(t.http, org.adminKey, created.body.id, settled);
      const updated = await api()
        .put(`/api/v1/data-sources/${created.body.id}`)
        .set(...bearer(org.adminKey))
        .send({ name: 'Renamed', config: { url: site.url('/docs/'), max_pages: 1 }, sync_frequency: 'daily' })
        .expect(200);
      expect(updated.body).toMatchObject({ name: 'Renamed', sync_frequency: 'daily', config: { max_pages: 1 }, status: 'processing' });
      await waitForStatus(t.http, org.adminKey, created.body.id, settled);
      const documents = await api()
        .get(`/api/v1/data-sources/${created.body.id}/documents`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(documents.body.total).toBe(1);
    });

    it('should delete the source with its documents and chunks, and drop it from agents, each with an agent.updated event', async () => {
      docsSite(site, { gone: 'This will be deleted.' });
      const created = await createWebsite('/docs/');
      await waitForStatus(t.http, org.adminKey, created.body.id, settled);
      const agent = await api()
        .post('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .send({ name: 'Uses it', data_source_ids: [created.body.id] })
        .expect(201);
      const statsRows = await db().query<Array<{ scope: string }>>(`SELECT scope FROM search_scope_stats WHERE scope = $1`, [created.body.id]);
      expect(statsRows).toHaveLength(1);

      await api()
        .delete(`/api/v1/data-sources/${created.body.id}`)
        .set(...bearer(org.adminKey))
        .expect(204);
      await api()
        .get(`/api/v1/data-sources/${created.body.id}`)
        .set(...bearer(org.adminKey))
        .expect(404);
      const refreshed = await api()
        .get(`/api/v1/agents/${agent.body.id}`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(refreshed.body.data_source_ids).toEqual([]);
      const updates = await db().query<Array<{ data: { agent: { id: string; dataSourceIds: string[] }; changes: object } }>>(
        `SELECT data FROM event WHERE type = 'agent.updated' AND data->'agent'->>'id' = $1`,
        [agent.body.id],
      );
      expect(updates.map((update) => update.data)).toEqual([
        {
          agent: expect.objectContaining({ id: agent.body.id, dataSourceIds: [] }),
          changes: { dataSourceIds: { previous: [created.body.id], current: [] } },
        },
      ]);
      for (const [table, column] of [
        ['document', 'data_source_id'],
        ['chunk', 'data_source_id'],
        ['sync_run', 'data_source_id'],
        ['search_scope_stats', 'scope'],
        ['search_lexeme_stats', 'scope'],
      ]) {
        const [row] = await db().query<Array<{ count: string }>>(`SELECT count(*) AS count FROM ${table} WHERE ${column} = $1`, [created.body.id]);
        expect(Number(row.count), table).toBe(0);
      }
    });

    it('should stop a sync whose source is deleted while it runs, and leave nothing of the source behind', async () => {
      const slugs = Array.from({ length: 30 }, (_, index) => `slow-${index}`);
      docsSite(site, Object.fromEntries(slugs.map((slug) => [slug, `Page ${slug} is served slowly.`])));
      for (const slug of slugs) {
        site.route(`/docs/${slug}`, { delayMs: 300, body: page(slug, `Page ${slug} is served slowly.`), headers: { 'content-type': 'text/html' } });
      }
      const created = await createWebsite('/docs/', { config: { url: site.url('/docs/'), max_pages: 40 } });
      const id = created.body.id as string;
      await until(
        async () => {
          const [row] = await db().query<Array<{ count: string }>>(`SELECT count(*) AS count FROM chunk WHERE data_source_id = $1`, [id]);
          return Number(row.count) > 0 ? true : undefined;
        },
        20_000,
        'a first page indexed',
      );
      await api()
        .delete(`/api/v1/data-sources/${id}`)
        .set(...bearer(org.adminKey))
        .expect(204);

      // A short grace for requests already under way, then the site and the embedder hear no more of it.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const requests = site.requests.length;
      const embeddings = stub.requestsTo('/v1/embeddings').length;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(site.requests.length - requests).toBe(0);
      expect(stub.requestsTo('/v1/embeddings').length - embeddings).toBe(0);
      expect(site.requests.filter((request) => request.path.startsWith('/docs/slow-')).length).toBeLessThan(slugs.length);

      for (const [table, column] of [
        ['document', 'data_source_id'],
        ['chunk', 'data_source_id'],
        ['sync_run', 'data_source_id'],
        ['search_scope_stats', 'scope'],
        ['search_lexeme_stats', 'scope'],
      ]) {
        const [row] = await db().query<Array<{ count: string }>>(`SELECT count(*) AS count FROM ${table} WHERE ${column} = $1`, [id]);
        expect(Number(row.count), table).toBe(0);
      }
      expect(existsSync(join(t.app.get<AppConfig>(APP_CONFIG).uploadDir, org.orgId, id))).toBe(false);
    });

    it('should delete sources whose sync is finishing at that moment, every time', async () => {
      const outcomes: Array<{ id: string; status: number; body: string }> = [];
      for (let delayMs = 0; delayMs < 60; delayMs += 1) {
        const created = await api()
          .post('/api/v1/data-sources')
          .set(...bearer(org.adminKey))
          .send({ type: 'file', name: `Racing ${delayMs}` })
          .expect(201);
        await new Promise((resolve) => setTimeout(resolve, delayMs / 3));
        const deleted = await api()
          .delete(`/api/v1/data-sources/${created.body.id}`)
          .set(...bearer(org.adminKey));
        outcomes.push({ id: created.body.id as string, status: deleted.status, body: deleted.text });
      }

      expect(outcomes.filter((outcome) => outcome.status !== 204)).toEqual([]);
      const ids = outcomes.map((outcome) => outcome.id);
      const [sources] = await db().query<Array<{ count: string }>>(`SELECT count(*) AS count FROM data_source WHERE id = ANY($1)`, [ids]);
      const [runs] = await db().query<Array<{ count: string }>>(`SELECT count(*) AS count FROM sync_run WHERE data_source_id = ANY($1)`, [ids]);
      expect([Number(sources.count), Number(runs.count)]).toEqual([0, 0]);
    });

    it('should compute at start the search statistics of sources synced before they were stored', async () => {
      docsSite(site, { older: 'Synced by an earlier version.' });
      const created = await createWebsite('/docs/');
      const final = (await waitForStatus(t.http, org.adminKey, created.body.id, settled)).at(-1)!;
      await db().query(`DELETE FROM search_lexeme_stats WHERE scope = $1`, [created.body.id]);
      await db().query(`DELETE FROM search_scope_stats WHERE scope = $1`, [created.body.id]);

      await t.app.get(SearchStatsBackfill).run();
      const [stats] = await db().query<Array<{ chunks: number; lexemes: string }>>(
        `SELECT s.chunks, (SELECT count(*) FROM search_lexeme_stats l WHERE l.scope = s.scope) AS lexemes FROM search_scope_stats s WHERE s.scope = $1`,
        [created.body.id],
      );
      expect(stats.chunks).toBe(final.chunks_indexed);
      expect(Number(stats.lexemes)).toBeGreaterThan(0);
    });

    it('should list with a status filter and pagination', async () => {
      const list = await api()
        .get('/api/v1/data-sources?status=active&limit=2')
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(list.body.limit).toBe(2);
      expect(list.body.data_sources.length).toBeLessThanOrEqual(2);
      expect(list.body.data_sources.every((source: { status: string }) => source.status === 'active')).toBe(true);
      const failed = await api()
        .get('/api/v1/data-sources?status=failed')
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(failed.body.data_sources.every((source: { status: string }) => source.status === 'failed')).toBe(true);
      await api()
        .get('/api/v1/data-sources?status=deleted')
        .set(...bearer(org.adminKey))
        .expect(400);
      await api()
        .get('/api/v1/data-sources?limit=500')
        .set(...bearer(org.adminKey))
        .expect(400);
    });

    it('should hide one organization\u2019s sources from another', async () => {
      docsSite(site, { mine: 'Mine.' });
      const created = await createWebsite('/docs/');
      const id = created.body.id as string;
      const calls = [
        api().get(`/api/v1/data-sources/${id}`),
        api().put(`/api/v1/data-sources/${id}`).send({ name: 'Stolen' }),
        api().delete(`/api/v1/data-sources/${id}`),
        api().post(`/api/v1/data-sources/${id}/sync`),
        api().get(`/api/v1/data-sources/${id}/status`),
        api().get(`/api/v1/data-sources/${id}/documents`),
        api().post(`/api/v1/data-sources/${id}/files`).attach('file', Buffer.from('x'), 'x.txt'),
      ];
      for (const call of calls) {
        const response = await call.set(...bearer(other.adminKey));
        expect(response.status).toBe(404);
        expect(response.body.error.code).toBe('not_found');
      }
      const list = await api()
        .get('/api/v1/data-sources')
        .set(...bearer(other.adminKey))
        .expect(200);
      expect(list.body.data_sources.map((source: { id: string }) => source.id)).not.toContain(id);
      const agent = await api()
        .post('/api/v1/agents')
        .set(...bearer(other.adminKey))
        .send({ name: 'x', data_source_ids: [id] });
      expect(agent.status).toBe(404);
    });

    it('should answer 400 for a malformed id and 404 for an unknown one', async () => {
      await api()
        .get('/api/v1/data-sources/nope')
        .set(...bearer(org.adminKey))
        .expect(400);
      await api()
        .get('/api/v1/data-sources/ds_01JD8X0Q5W3V7N2K4M6P8R9T1A/status')
        .set(...bearer(org.adminKey))
        .expect(404);
    });
  });
});

describe('data sources without ALLOW_PRIVATE_TARGETS', () => {
  let t: TestApp;
  let org: TestOrg;
  let stub: OpenAIStub;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    stub = await OpenAIStub.start({ dimensions: 512 });
    t = await createTestApp({ databaseUrl: database.url, env: ingestionEnv(stub, { ALLOW_PRIVATE_TARGETS: 'false' }) });
    org = await createOrg(t.app);
  });

  afterAll(async () => {
    await t?.close();
    await stub?.close();
    await dropDatabase?.();
  });

  it.each([
    'http://127.0.0.1:8080/',
    'http://169.254.169.254/latest/meta-data/',
    'http://localhost:3000/docs',
    'http://[::1]/',
    'http://10.1.2.3/',
    'http://0.0.0.0/',
  ])('should refuse a website at %s', async (url) => {
    const response = await request(t.http)
      .post('/api/v1/data-sources')
      .set(...bearer(org.adminKey))
      .send({ type: 'website', name: 'Internal', config: { url } });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toHaveProperty(['config.url']);
  });
});
