import request from 'supertest';
import { DataSource } from 'typeorm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/common/ids/ids.js';
import { KbArticleVersionEntity } from '#src/modules/kb/kb-article-version.entity.js';
import { KbArticleEntity } from '#src/modules/kb/kb-article.entity.js';
import { expectPaginationBounds, expectVersionedError, idOf, ISO_TIMESTAMP } from '#test/utils/api-expect.js';
import { bearer, createKey, createOrg, type TestOrg } from '#test/utils/factories.js';
import { useTestApp } from '#test/utils/test-app.js';

const ARTICLE_FIELDS = ['content', 'created_at', 'id', 'status', 'tags', 'title', 'updated_at', 'version'];
const VERSION_FIELDS = ['content', 'created_at', 'status', 'tags', 'title', 'version'];
const MAX_CONTENT = 200_000;

interface Article {
  id: string;
  title: string;
  content: string;
  tags: string[];
  status: string;
  version: number;
  created_at: string;
  updated_at: string;
}

describe('knowledge base', () => {
  const t = useTestApp();
  let org: TestOrg;
  let other: TestOrg;

  beforeAll(async () => {
    org = await createOrg(t.app);
    other = await createOrg(t.app);
  });

  const createArticle = async (target: TestOrg, body: Record<string, unknown>): Promise<Article> => {
    const response = await request(t.http)
      .post('/api/v1/kb')
      .set(...bearer(target.adminKey))
      .send(body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };

  const getArticle = async (target: TestOrg, id: string): Promise<Article> => {
    const response = await request(t.http)
      .get(`/api/v1/kb/${id}`)
      .set(...bearer(target.adminKey))
      .expect(200);
    return response.body;
  };

  const counts = async (orgId: string): Promise<{ articles: number; versions: number }> => {
    const dataSource = t.app.get(DataSource);
    return {
      articles: await dataSource.getRepository(KbArticleEntity).count({ where: { orgId } }),
      versions: await dataSource.getRepository(KbArticleVersionEntity).count({ where: { orgId } }),
    };
  };

  it('should create an article as version 1, a draft with no tags by default, with exactly the documented fields', async () => {
    const response = await request(t.http)
      .post('/api/v1/kb')
      .set(...bearer(org.adminKey))
      .send({ title: '  Resetting your password  ', content: 'Open Settings, then Security.\n\nClick "Reset".' })
      .expect(201);
    expect(Object.keys(response.body).sort()).toEqual(ARTICLE_FIELDS);
    expect(response.body).toMatchObject({
      title: 'Resetting your password',
      content: 'Open Settings, then Security.\n\nClick "Reset".',
      tags: [],
      status: 'draft',
      version: 1,
    });
    expect(response.body.id).toMatch(idOf('kb'));
    expect(response.body.created_at).toMatch(ISO_TIMESTAMP);
    expect(response.body.updated_at).toMatch(ISO_TIMESTAMP);

    expect(await getArticle(org, response.body.id)).toEqual(response.body);

    const versions = await request(t.http)
      .get(`/api/v1/kb/${response.body.id}/versions`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(versions.body).toMatchObject({ article_id: response.body.id, total: 1, limit: 50, offset: 0 });
    expect(versions.body.versions).toEqual([
      {
        version: 1,
        title: 'Resetting your password',
        content: response.body.content,
        tags: [],
        status: 'draft',
        created_at: expect.stringMatching(ISO_TIMESTAMP),
      },
    ]);
  });

  it('should create a published article with tags, and accept content of exactly the maximum length', async () => {
    const published = await createArticle(org, { title: 'Billing', content: 'Invoices are monthly.', tags: ['billing', 'invoices'], status: 'published' });
    expect(published).toMatchObject({ tags: ['billing', 'invoices'], status: 'published', version: 1 });

    const longest = await createArticle(org, { title: 'Long', content: 'x'.repeat(MAX_CONTENT) });
    expect(longest.content).toHaveLength(MAX_CONTENT);

    const unicode = await createArticle(org, { title: 'Ünïcödé 文章 🚀', content: 'Emoji 🚀 and accents é', tags: ['日本語'] });
    expect(await getArticle(org, unicode.id)).toMatchObject({ title: 'Ünïcödé 文章 🚀', content: 'Emoji 🚀 and accents é', tags: ['日本語'] });
  });

  it('should store a new version on every PUT and keep every version\u2019s content, newest first', async () => {
    const created = await createArticle(org, { title: 'Onboarding', content: 'Version one.', tags: ['start'] });

    const second = await request(t.http)
      .put(`/api/v1/kb/${created.id}`)
      .set(...bearer(org.adminKey))
      .send({ content: 'Version two.' })
      .expect(200);
    expect(Object.keys(second.body).sort()).toEqual(ARTICLE_FIELDS);
    expect(second.body).toMatchObject({
      id: created.id,
      title: 'Onboarding',
      content: 'Version two.',
      tags: ['start'],
      status: 'draft',
      version: 2,
      created_at: created.created_at,
    });
    expect(Date.parse(second.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.updated_at));

    const third = await request(t.http)
      .put(`/api/v1/kb/${created.id}`)
      .set(...bearer(org.adminKey))
      .send({ title: '  Onboarding guide ', tags: ['start', 'guide'], status: 'published' })
      .expect(200);
    expect(third.body).toMatchObject({ title: 'Onboarding guide', content: 'Version two.', tags: ['start', 'guide'], status: 'published', version: 3 });

    // Even a PUT that changes nothing is a new version.
    const fourth = await request(t.http)
      .put(`/api/v1/kb/${created.id}`)
      .set(...bearer(org.adminKey))
      .send({})
      .expect(200);
    expect(fourth.body).toMatchObject({ title: 'Onboarding guide', content: 'Version two.', version: 4 });

    // Clearing the tags and going back to draft.
    const fifth = await request(t.http)
      .put(`/api/v1/kb/${created.id}`)
      .set(...bearer(org.adminKey))
      .send({ tags: [], status: 'draft', content: 'Version five.' })
      .expect(200);
    expect(fifth.body).toMatchObject({ tags: [], status: 'draft', content: 'Version five.', version: 5 });

    expect(await getArticle(org, created.id)).toEqual(fifth.body);

    const versions = await request(t.http)
      .get(`/api/v1/kb/${created.id}/versions`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(versions.body).toMatchObject({ article_id: created.id, total: 5, limit: 50, offset: 0 });
    for (const version of versions.body.versions) {
      expect(Object.keys(version).sort()).toEqual(VERSION_FIELDS);
    }
    expect(
      versions.body.versions.map((version: Record<string, unknown>) => [version.version, version.title, version.content, version.tags, version.status]),
    ).toEqual([
      [5, 'Onboarding guide', 'Version five.', [], 'draft'],
      [4, 'Onboarding guide', 'Version two.', ['start', 'guide'], 'published'],
      [3, 'Onboarding guide', 'Version two.', ['start', 'guide'], 'published'],
      [2, 'Onboarding', 'Version two.', ['start'], 'draft'],
      [1, 'Onboarding', 'Version one.', ['start'], 'draft'],
    ]);
    const times = versions.body.versions.map((version: { created_at: string }) => Date.parse(version.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const page = await request(t.http)
      .get(`/api/v1/kb/${created.id}/versions?limit=2&offset=1`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(page.body).toMatchObject({ total: 5, limit: 2, offset: 1 });
    expect(page.body.versions.map((version: { version: number }) => version.version)).toEqual([4, 3]);
  });

  it('should give concurrent updates distinct, consecutive versions', async () => {
    const created = await createArticle(org, { title: 'Concurrent', content: 'v1' });
    const responses = await Promise.all(
      ['a', 'b', 'c', 'd'].map((content) =>
        request(t.http)
          .put(`/api/v1/kb/${created.id}`)
          .set(...bearer(org.adminKey))
          .send({ content }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(responses.map((response) => response.body.version).sort()).toEqual([2, 3, 4, 5]);
    const versions = await request(t.http)
      .get(`/api/v1/kb/${created.id}/versions`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(versions.body.versions.map((version: { version: number }) => version.version)).toEqual([5, 4, 3, 2, 1]);
    expect((await getArticle(org, created.id)).version).toBe(5);
  });

  it('should list articles newest first, filter by status and paginate', async () => {
    const fresh = await createOrg(t.app);
    const drafts = [
      await createArticle(fresh, { title: 'Draft A', content: 'a' }),
      await createArticle(fresh, { title: 'Draft B', content: 'b', status: 'draft' }),
    ];
    const published = [
      await createArticle(fresh, { title: 'Published A', content: 'a', status: 'published' }),
      await createArticle(fresh, { title: 'Published B', content: 'b', status: 'published' }),
      await createArticle(fresh, { title: 'Published C', content: 'c', status: 'published' }),
    ];
    // Publishing a draft moves it to the published list.
    const promoted = await request(t.http)
      .put(`/api/v1/kb/${drafts[0].id}`)
      .set(...bearer(fresh.adminKey))
      .send({ status: 'published' })
      .expect(200);

    const all = await request(t.http)
      .get('/api/v1/kb')
      .set(...bearer(fresh.adminKey))
      .expect(200);
    expect(Object.keys(all.body).sort()).toEqual(['articles', 'limit', 'offset', 'total']);
    expect(all.body).toMatchObject({ total: 5, limit: 50, offset: 0 });
    for (const article of all.body.articles) {
      expect(Object.keys(article).sort()).toEqual(ARTICLE_FIELDS);
    }
    const created = all.body.articles.map((article: Article) => Date.parse(article.created_at));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    expect(new Set(all.body.articles.map((article: Article) => article.id))).toEqual(new Set([...drafts, ...published].map((article) => article.id)));
    expect(all.body.articles.find((article: Article) => article.id === drafts[0].id)).toEqual(promoted.body);

    const onlyPublished = await request(t.http)
      .get('/api/v1/kb?status=published')
      .set(...bearer(fresh.adminKey))
      .expect(200);
    expect(onlyPublished.body.total).toBe(4);
    expect(new Set(onlyPublished.body.articles.map((article: Article) => article.id))).toEqual(new Set([drafts[0], ...published].map((article) => article.id)));
    expect(onlyPublished.body.articles.every((article: Article) => article.status === 'published')).toBe(true);

    const onlyDrafts = await request(t.http)
      .get('/api/v1/kb?status=draft')
      .set(...bearer(fresh.adminKey))
      .expect(200);
    expect(onlyDrafts.body).toMatchObject({ total: 1, articles: [{ id: drafts[1].id, status: 'draft' }] });

    // Pages of two cover the published list exactly once, with the total of the filter.
    const seen: string[] = [];
    for (const offset of [0, 2, 4]) {
      const page = await request(t.http)
        .get(`/api/v1/kb?status=published&limit=2&offset=${offset}`)
        .set(...bearer(fresh.adminKey))
        .expect(200);
      expect(page.body).toMatchObject({ total: 4, limit: 2, offset });
      seen.push(...page.body.articles.map((article: Article) => article.id));
    }
    expect(seen).toEqual(onlyPublished.body.articles.map((article: Article) => article.id));

    for (const status of ['archived', 'Published', '', 'null']) {
      expectVersionedError(
        await request(t.http)
          .get(`/api/v1/kb?status=${status}`)
          .set(...bearer(fresh.adminKey)),
        400,
        'invalid_request',
        ['status'],
      );
    }
    expectVersionedError(
      await request(t.http)
        .get('/api/v1/kb?tag=billing')
        .set(...bearer(fresh.adminKey)),
      400,
      'invalid_request',
      ['tag'],
    );
  });

  it('should delete an article with 204, then answer 404 for it and its versions', async () => {
    const created = await createArticle(org, { title: 'Doomed', content: 'Soon gone.' });
    await request(t.http)
      .put(`/api/v1/kb/${created.id}`)
      .set(...bearer(org.adminKey))
      .send({ content: 'Still doomed.' })
      .expect(200);

    const deleted = await request(t.http)
      .delete(`/api/v1/kb/${created.id}`)
      .set(...bearer(org.adminKey))
      .expect(204);
    expect(deleted.text).toBe('');

    for (const call of [
      request(t.http).get(`/api/v1/kb/${created.id}`),
      request(t.http).get(`/api/v1/kb/${created.id}/versions`),
      request(t.http).put(`/api/v1/kb/${created.id}`).send({ content: 'Revived?' }),
      request(t.http).delete(`/api/v1/kb/${created.id}`),
    ]) {
      expectVersionedError(await call.set(...bearer(org.adminKey)), 404, 'not_found');
    }
    const versions = await t.app
      .get(DataSource)
      .getRepository(KbArticleVersionEntity)
      .count({ where: { articleId: created.id } });
    expect(versions).toBe(0);
  });

  it('should refuse invalid articles with 400 naming the field and store nothing', async () => {
    const before = await counts(org.orgId);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ content: 'no title' }, 'title'],
      [{ title: '', content: 'x' }, 'title'],
      [{ title: '   ', content: 'x' }, 'title'],
      [{ title: null, content: 'x' }, 'title'],
      [{ title: 42, content: 'x' }, 'title'],
      [{ title: 'x'.repeat(301), content: 'x' }, 'title'],
      [{ title: 'Nul\u0000', content: 'x' }, 'title'],
      [{ title: 'No content' }, 'content'],
      [{ title: 'Empty', content: '' }, 'content'],
      [{ title: 'Blank', content: ' \n\t ' }, 'content'],
      [{ title: 'Null', content: null }, 'content'],
      [{ title: 'Object', content: { text: 'x' } }, 'content'],
      [{ title: 'Too long', content: 'x'.repeat(MAX_CONTENT + 1) }, 'content'],
      [{ title: 'Nul', content: 'x\u0000y' }, 'content'],
      [{ title: 'Tags', content: 'x', tags: ['ok', 1] }, 'tags'],
      [{ title: 'Tags', content: 'x', tags: 'billing' }, 'tags'],
      [{ title: 'Tags', content: 'x', tags: null }, 'tags'],
      [{ title: 'Tags', content: 'x', tags: [{ name: 'a' }] }, 'tags'],
      [{ title: 'Tags', content: 'x', tags: [''] }, 'tags'],
      [{ title: 'Tags', content: 'x', tags: ['dup', 'dup'] }, 'tags'],
      [{ title: 'Tags', content: 'x', tags: ['  '] }, 'tags'],
      [{ title: 'Tags', content: 'x', tags: ['dup', ' dup '] }, 'tags'],
      [{ title: 'Tags', content: 'x', tags: ['t'.repeat(101)] }, 'tags'],
      [{ title: 'Tags', content: 'x', tags: Array.from({ length: 51 }, (_, i) => `tag${i}`) }, 'tags'],
      [{ title: 'Tags', content: 'x', tags: ['nul\u0000'] }, 'tags'],
      [{ title: 'Status', content: 'x', status: 'archived' }, 'status'],
      [{ title: 'Status', content: 'x', status: 'PUBLISHED' }, 'status'],
      [{ title: 'Status', content: 'x', status: null }, 'status'],
      [{ title: 'Unknown', content: 'x', author: 'me' }, 'author'],
      [{ title: 'Unknown', content: 'x', version: 7 }, 'version'],
      [{ title: 'Unknown', content: 'x', id: newId('kbArticle') }, 'id'],
    ];
    for (const [body, field] of cases) {
      const response = await request(t.http)
        .post('/api/v1/kb')
        .set(...bearer(org.adminKey))
        .send(body);
      expectVersionedError(response, 400, 'invalid_request', [field]);
    }
    for (const raw of ['[]', '"text"', '{"title": "x", "content": "y",}']) {
      expectVersionedError(
        await request(t.http)
          .post('/api/v1/kb')
          .set(...bearer(org.adminKey))
          .set('Content-Type', 'application/json')
          .send(raw),
        400,
        'invalid_request',
      );
    }
    expect(await counts(org.orgId)).toEqual(before);
  });

  it('should refuse invalid updates with 400 naming the field and add no version', async () => {
    const created = await createArticle(org, { title: 'Stable', content: 'Stable content.', tags: ['a'] });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '' }, 'title'],
      [{ title: '  ' }, 'title'],
      [{ title: null }, 'title'],
      [{ content: '' }, 'content'],
      [{ content: null }, 'content'],
      [{ content: 'x'.repeat(MAX_CONTENT + 1) }, 'content'],
      [{ tags: [true] }, 'tags'],
      [{ tags: 'a' }, 'tags'],
      [{ status: 'archived' }, 'status'],
      [{ published: true }, 'published'],
      [{ version: 1 }, 'version'],
    ];
    for (const [body, field] of cases) {
      const response = await request(t.http)
        .put(`/api/v1/kb/${created.id}`)
        .set(...bearer(org.adminKey))
        .send(body);
      expectVersionedError(response, 400, 'invalid_request', [field]);
    }
    expect(await getArticle(org, created.id)).toEqual(created);
    const versions = await request(t.http)
      .get(`/api/v1/kb/${created.id}/versions`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(versions.body.total).toBe(1);
  });

  it('should refuse a malformed article id with 400 and answer 404 for an unknown one', async () => {
    for (const id of ['1', 'kb_1', newId('kbArticle').toLowerCase(), newId('agent')]) {
      for (const call of [
        request(t.http).get(`/api/v1/kb/${id}`),
        request(t.http).get(`/api/v1/kb/${id}/versions`),
        request(t.http).put(`/api/v1/kb/${id}`).send({ title: 'x' }),
        request(t.http).delete(`/api/v1/kb/${id}`),
      ]) {
        expectVersionedError(await call.set(...bearer(org.adminKey)), 400, 'invalid_request', ['id']);
      }
    }
    const unknown = newId('kbArticle');
    for (const call of [
      request(t.http).get(`/api/v1/kb/${unknown}`),
      request(t.http).get(`/api/v1/kb/${unknown}/versions`),
      request(t.http).put(`/api/v1/kb/${unknown}`).send({ title: 'x' }),
      request(t.http).delete(`/api/v1/kb/${unknown}`),
    ]) {
      expectVersionedError(await call.set(...bearer(org.adminKey)), 404, 'not_found');
    }
  });

  it('should hide another organization\u2019s article behind 404 and never list it', async () => {
    const created = await createArticle(org, { title: 'Internal', content: 'Our secret.', status: 'published' });
    for (const call of [
      request(t.http).get(`/api/v1/kb/${created.id}`),
      request(t.http).get(`/api/v1/kb/${created.id}/versions`),
      request(t.http).put(`/api/v1/kb/${created.id}`).send({ content: 'Overwritten' }),
      request(t.http).delete(`/api/v1/kb/${created.id}`),
    ]) {
      expectVersionedError(await call.set(...bearer(other.adminKey)), 404, 'not_found');
    }
    for (const status of ['', '?status=published']) {
      const list = await request(t.http)
        .get(`/api/v1/kb${status}`)
        .set(...bearer(other.adminKey))
        .expect(200);
      expect(list.body.articles.map((article: Article) => article.id)).not.toContain(created.id);
    }
    expect(await getArticle(org, created.id)).toEqual(created);
  });

  it('should let a read key read and refuse it writes, and let a write key write', async () => {
    const created = await createArticle(org, { title: 'Scoped', content: 'x' });
    const reader = await createKey(t.app, org.orgId, { scopes: ['read'] });
    await request(t.http)
      .get(`/api/v1/kb/${created.id}`)
      .set(...bearer(reader.key))
      .expect(200);
    await request(t.http)
      .get('/api/v1/kb')
      .set(...bearer(reader.key))
      .expect(200);
    for (const call of [
      request(t.http).post('/api/v1/kb').send({ title: 'x', content: 'y' }),
      request(t.http).put(`/api/v1/kb/${created.id}`).send({ content: 'y' }),
      request(t.http).delete(`/api/v1/kb/${created.id}`),
    ]) {
      const response = await call.set(...bearer(reader.key));
      expectVersionedError(response, 403, 'forbidden');
      expect(response.body).toMatchObject({ required_scope: 'write', current_scopes: ['read'] });
    }
    const writer = await createKey(t.app, org.orgId, { scopes: ['write'] });
    await request(t.http)
      .put(`/api/v1/kb/${created.id}`)
      .set(...bearer(writer.key))
      .send({ content: 'y' })
      .expect(200);
    expectVersionedError(
      await request(t.http)
        .get(`/api/v1/kb/${created.id}`)
        .set(...bearer(writer.key)),
      403,
      'forbidden',
    );
  });

  it('should keep to the pagination bounds on the article list and the version list', async () => {
    const fresh = await createOrg(t.app);
    const first = await createArticle(fresh, { title: 'One', content: '1' });
    await createArticle(fresh, { title: 'Two', content: '2' });
    await createArticle(fresh, { title: 'Three', content: '3', status: 'published' });
    await expectPaginationBounds({ http: t.http, path: '/api/v1/kb', key: fresh.adminKey, field: 'articles', total: 3 });
    await expectPaginationBounds({ http: t.http, path: '/api/v1/kb?status=draft', key: fresh.adminKey, field: 'articles', total: 2 });

    for (const content of ['2', '3']) {
      await request(t.http)
        .put(`/api/v1/kb/${first.id}`)
        .set(...bearer(fresh.adminKey))
        .send({ content })
        .expect(200);
    }
    await expectPaginationBounds({ http: t.http, path: `/api/v1/kb/${first.id}/versions`, key: fresh.adminKey, field: 'versions', total: 3 });
  });
});
