import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createOrg, type TestOrg } from '#test/utils/factories.js';
import { makeDocx } from '#test/utils/fixture-files.js';
import { FixtureSite } from '#test/utils/fixture-site.js';
import { hostileFiles } from '#test/utils/hostile-files.js';
import { serveHostileSite } from '#test/utils/hostile-sites.js';
import { ingestionEnv, settled, waitForStatus } from '#test/utils/ingestion.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';
import { createTestApp, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';

const MIB = 1024 * 1024;
// The crawl shares its event loop with the embedded database and the sync: a second is too short on a busy machine.
const CRAWL_LIMITS = { timeoutMs: 3_000, maxPageBytes: MIB };
const PARSE_TIMEOUT_MS = 5_000;
/** Markdown whose emphasis rules cost marked time that grows with the square of its length: over a minute for these 200,000 characters. */
const SLOW_MARKDOWN = '_a'.repeat(100_000);

interface DocumentBody {
  url: string;
  status: string;
  error: string | null;
  chunk_count: number;
}

describe('hostile uploads and websites through the API', () => {
  let t: TestApp;
  let org: TestOrg;
  let stub: OpenAIStub;
  let site: FixtureSite;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    stub = await OpenAIStub.start({ dimensions: 512 });
    site = await FixtureSite.start();
    t = await createTestApp({
      databaseUrl: database.url,
      env: ingestionEnv(stub, {
        CRAWL_TIMEOUT_MS: String(CRAWL_LIMITS.timeoutMs),
        CRAWL_MAX_PAGE_BYTES: String(CRAWL_LIMITS.maxPageBytes),
        PARSE_TIMEOUT_MS: String(PARSE_TIMEOUT_MS),
      }),
    });
    org = await createOrg(t.app);
  });

  afterAll(async () => {
    await t?.close();
    await site?.close();
    await stub?.close();
    await dropDatabase?.();
  });

  const api = () => request(t.http);

  async function documentsOf(id: string): Promise<Map<string, DocumentBody>> {
    const response = await api()
      .get(`/api/v1/data-sources/${id}/documents?limit=100`)
      .set(...bearer(org.adminKey))
      .expect(200);
    return new Map((response.body.documents as DocumentBody[]).map((document) => [document.url, document]));
  }

  it('should fail each bomb on its own with the reason, index the good file beside them, and keep the source active', async () => {
    const created = await api()
      .post('/api/v1/data-sources')
      .set(...bearer(org.adminKey))
      .send({ type: 'file', name: 'Uploads' })
      .expect(201);
    await waitForStatus(t.http, org.adminKey, created.body.id, settled);
    const bombs = hostileFiles();
    const good = await makeDocx([{ heading: 'Travel', paragraphs: ['Book trains for journeys under four hours.'] }], { title: 'Travel policy' });
    const upload = bombs.reduce(
      (pending, bomb) => pending.attach('file', bomb.bytes, bomb.name),
      api()
        .post(`/api/v1/data-sources/${created.body.id}/files`)
        .set(...bearer(org.adminKey)),
    );
    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 10);
    try {
      expect((await upload.attach('file', good, 'travel.docx')).status).toBe(202);
      const final = (await waitForStatus(t.http, org.adminKey, created.body.id, settled, 60_000)).at(-1)!;
      expect(final).toMatchObject({ status: 'active', error: null, progress_pct: 100 });
    } finally {
      clearInterval(sampler);
    }

    const documents = await documentsOf(created.body.id);
    expect(documents.get('travel.docx')).toMatchObject({ status: 'indexed', error: null });
    expect(documents.get('travel.docx')!.chunk_count).toBeGreaterThan(0);
    for (const bomb of bombs) {
      expect(documents.get(bomb.name), bomb.name).toMatchObject({ status: 'failed', chunk_count: 0, error: expect.stringMatching(bomb.error) });
    }
    expect(peak - baseline).toBeLessThan(512 * MIB);
  });

  it('should crawl a hostile website to its end: each trap failed with its reason, the normal pages indexed, the source active', async () => {
    const hostile = serveHostileSite(site, CRAWL_LIMITS);
    const created = await api()
      .post('/api/v1/data-sources')
      .set(...bearer(org.adminKey))
      .send({ type: 'website', name: 'Hostile site', config: { url: hostile.startUrl, max_pages: 40 } })
      .expect(201);

    const final = (await waitForStatus(t.http, org.adminKey, created.body.id, settled, 60_000)).at(-1)!;
    expect(final).toMatchObject({ status: 'active', error: null });

    const documents = await documentsOf(created.body.id);
    for (const path of hostile.goodPages) {
      expect(documents.get(site.url(path)), path).toMatchObject({ status: 'indexed', error: null });
    }
    for (const [path, error] of Object.entries(hostile.failures)) {
      expect(documents.get(site.url(path)), path).toMatchObject({ status: 'failed', error: expect.stringMatching(error) });
    }
  });

  it('should fail a file and leave out an article that take longer than PARSE_TIMEOUT_MS to read, and index the rest', async () => {
    const created = await api()
      .post('/api/v1/data-sources')
      .set(...bearer(org.adminKey))
      .send({ type: 'file', name: 'Slow uploads' })
      .expect(201);
    await waitForStatus(t.http, org.adminKey, created.body.id, settled);
    await api()
      .post(`/api/v1/data-sources/${created.body.id}/files`)
      .set(...bearer(org.adminKey))
      .attach('file', Buffer.from(SLOW_MARKDOWN), 'emphasis.md')
      .attach('file', Buffer.from('# Parking\n\nVisitors park in the north garage.'), 'parking.md')
      .expect(202);
    const slowArticle = await api()
      .post('/api/v1/kb')
      .set(...bearer(org.adminKey))
      .send({ title: 'Emphasis', content: SLOW_MARKDOWN, status: 'published' })
      .expect(201);
    await api()
      .post('/api/v1/kb')
      .set(...bearer(org.adminKey))
      .send({ title: 'Lockers', content: 'Lockers are on the second floor, beside the lifts.', status: 'published' })
      .expect(201);

    const final = (await waitForStatus(t.http, org.adminKey, created.body.id, settled, 60_000)).at(-1)!;
    expect(final).toMatchObject({ status: 'active', error: null });
    const documents = await documentsOf(created.body.id);
    expect(documents.get('parking.md')).toMatchObject({ status: 'indexed', error: null });
    expect(documents.get('emphasis.md')).toMatchObject({
      status: 'failed',
      chunk_count: 0,
      error: 'Reading the document takes more than 5 s, the limit of a parse thread (PARSE_TIMEOUT_MS)',
    });

    const db = t.app.get(DataSource);
    const articleIndexed = async (id: string): Promise<boolean> =>
      (await db.query<Array<{ in_step: boolean }>>(`SELECT indexed_at = updated_at AS in_step FROM kb_article WHERE id = $1`, [id]))[0].in_step;
    await expect.poll(() => articleIndexed(slowArticle.body.id), { timeout: 30_000 }).toBe(true);
    const titles = async (query: string): Promise<string[]> =>
      (
        await api()
          .post('/api/v1/semantic-search')
          .set(...bearer(org.adminKey))
          .send({ query, org_id: org.orgId, top_k: 20 })
          .expect(200)
      ).body.chunks.map((chunk: { document_title: string }) => chunk.document_title);
    await expect.poll(() => titles('lockers second floor'), { timeout: 10_000 }).toContain('Lockers');
    expect(await titles('emphasis')).not.toContain('Emphasis');
  });
});
