import fc from 'fast-check';
import type { OpenAPIV3 } from 'openapi-types';
import request, { type Response } from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey, createOrg, type TestOrg } from '#test/utils/factories.js';
import { rawResponseOf } from '#test/utils/fuzz/http-exchange.js';
import { strangerId } from '#test/utils/fuzz/ids.js';
import { ApiDocument, type Schema } from '#test/utils/fuzz/openapi.js';
import { problemsOf } from '#test/utils/fuzz/response-check.js';
import { ingestionEnv } from '#test/utils/ingestion.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';
import { createTestApp, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';
import { until } from '#test/utils/until.js';
import { acceptInvitation, type WebSession } from '#test/utils/web-sessions.js';

/**
 * What the schema-driven fuzzing (test/utils/fuzz/suite.ts) found, each case shrunk to explicit requests:
 * answers the OpenAPI document did not describe, and a request that held the process for minutes.
 */
describe('fuzzing findings', () => {
  let t: TestApp;
  let stub: OpenAIStub;
  let org: TestOrg;
  let document: ApiDocument;
  let dropDatabase: () => Promise<void>;

  /** The answer, after checking it against what the document says `label` answers. */
  const documented = async (label: string, sent: request.Test): Promise<Response> => {
    const response = await sent;
    expect(problemsOf(document, document.operation(label), rawResponseOf(response)), `${label}: ${response.status} ${response.text}`).toEqual([]);
    return response;
  };

  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    stub = await OpenAIStub.start({ dimensions: 512 });
    t = await createTestApp({ databaseUrl: database.url, env: ingestionEnv(stub, { SLACK_CLIENT_ID: 'fuzz-client', SLACK_CLIENT_SECRET: 'fuzz-secret' }) });
    org = await createOrg(t.app);
    document = new ApiDocument((await request(t.http).get('/openapi.json').expect(200)).body as OpenAPIV3.Document);
  });

  afterAll(async () => {
    await t?.close();
    await stub?.close();
    await dropDatabase?.();
  });

  it('should document the details of a validation failure in the legacy envelope', async () => {
    const response = await documented(
      'GET /api/agents',
      request(t.http)
        .get('/api/agents?limit=0')
        .set(...bearer(org.adminKey)),
    );
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 400, error: { code: 'invalid_request', details: { limit: [expect.any(String)] } } });
  });

  it('should document the 401 and 403 of legacy routes in the legacy envelope', async () => {
    const missing = await documented('GET /api/api-keys', request(t.http).get('/api/api-keys'));
    expect(missing.body).toMatchObject({ status: 401, error: { code: 'invalid_api_key' } });

    const { key: narrow } = await createKey(t.app, org.orgId, { scopes: ['agents:read'] });
    const refused = await documented(
      'GET /api/webhooks',
      request(t.http)
        .get('/api/webhooks')
        .set(...bearer(narrow)),
    );
    expect(refused.body).toMatchObject({ status: 403, error: { code: 'insufficient_scope' }, required_scope: 'admin', current_scopes: ['agents:read'] });
  });

  it('should document the 403 answers that are not about a scope: CSRF, another organization, the plan', async () => {
    const session: WebSession = await acceptInvitation(t.http, org.adminInvitation);
    const csrf = await documented(
      'POST /api/v1/agents',
      request(t.http).post('/api/v1/agents').set('Cookie', session.cookie).send({ name: 'No token', data_source_ids: [] }),
    );
    expect(csrf.body.error.code).toBe('csrf_failed');

    const otherOrganization = await documented(
      'POST /api/v1/semantic-search',
      request(t.http)
        .post('/api/v1/semantic-search')
        .set(...bearer(org.adminKey))
        .send({ query: 'password', org_id: fc.sample(strangerId('org'), 1)[0] }),
    );
    expect(otherOrganization.status).toBe(403);

    const plan = await documented(
      'PUT /api/v1/organization',
      request(t.http)
        .put('/api/v1/organization?confirm=true')
        .set(...bearer(org.adminKey))
        .send({ ip_allowlist: ['203.0.113.0/24'] }),
    );
    expect(plan.body.error.code).toBe('plan_required');

    const { key: narrow } = await createKey(t.app, org.orgId, { scopes: ['agents:read'] });
    const scope = await documented(
      'PUT /api/v1/organization',
      request(t.http)
        .put('/api/v1/organization')
        .set(...bearer(narrow))
        .send({ name: 'Renamed' }),
    );
    expect(scope.body).toMatchObject({ required_scope: 'admin', current_scopes: ['agents:read'] });
  });

  it('should answer a sync asked of a connector source not yet connected as documented: 202, queued', async () => {
    const source = await request(t.http)
      .post('/api/v1/data-sources')
      .set(...bearer(org.adminKey))
      .send({ type: 'slack', name: 'Slack', config: {} })
      .expect(201);
    const sync = await documented(
      'POST /api/v1/data-sources/{id}/sync',
      request(t.http)
        .post(`/api/v1/data-sources/${source.body.id}/sync`)
        .set(...bearer(org.adminKey)),
    );
    expect(sync.status).toBe(202);
  });

  it('should document the failure page of an SSO sign-in started with an unknown connection, and its connection id', async () => {
    const connection = fc.sample(strangerId('sso'), 1)[0];
    for (const label of ['GET /api/auth/oidc/{connection_id}/login', 'GET /api/auth/saml/{connection_id}/login']) {
      const page = await documented(label, request(t.http).get(label.slice(4).replace('{connection_id}', connection)));
      expect(page.status).toBe(401);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(document.operation(label).parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'connection_id', required: true }));
    }
  });

  it('should document the wait a throttled sign-in answers with', async () => {
    let response: Response | undefined;
    for (let attempt = 0; attempt < 6 && response?.status !== 429; attempt++) {
      response = await documented(
        'POST /api/auth/login',
        request(t.http)
          .post('/api/auth/login')
          .send({ email: org.adminEmail, password: `wrong password ${attempt}` }),
      );
    }
    expect(response?.status).toBe(429);
    expect(response?.body).toMatchObject({ error: { code: 'too_many_attempts' }, retry_after: expect.any(Number) });
  });

  it('should tell a non-integer limit that it is no integer, and document every count as an integer', async () => {
    const response = await documented(
      'GET /api/v1/agents',
      request(t.http)
        .get('/api/v1/agents?limit=1.0000000000000002')
        .set(...bearer(org.adminKey)),
    );
    expect(response.body.error.details).toEqual({ limit: ['limit must be an integer'] });

    const limit = document.operation('GET /api/v1/agents').parameters.find((parameter) => parameter.name === 'limit')?.schema as Schema;
    expect(limit.type).toBe('integer');
    const propertyType = (schema: string, property: string): unknown => (document.schema(schema).properties?.[property] as Schema | undefined)?.type;
    expect(propertyType('CreateAgentDto', 'max_tokens')).toBe('integer');
    expect(propertyType('QueryRequestDto', 'max_tokens')).toBe('integer');
    expect(propertyType('SemanticSearchRequestDto', 'top_k')).toBe('integer');
    expect(propertyType('WebsiteConfigDto', 'max_pages')).toBe('integer');
  });

  it('should answer a date range that ends on the last day a date can name', async () => {
    for (const [label, path] of [
      ['GET /api/v1/interactions', '/api/v1/interactions?start_date=0100-01-01&end_date=9999-12-31'],
      ['GET /api/v1/audit-log', '/api/v1/audit-log?start_date=0100-01-01&end_date=9999-12-31'],
      ['GET /api/v1/analytics', '/api/v1/analytics?start_date=9999-12-01&end_date=9999-12-31&granularity=day'],
      ['GET /api/v1/analytics', '/api/v1/analytics?start_date=0100-01-01&end_date=0100-01-31&granularity=day'],
    ] as const) {
      const response = await documented(
        label,
        request(t.http)
          .get(path)
          .set(...bearer(org.adminKey)),
      );
      expect(response.status, path).toBe(200);
    }
  });

  it('should take a date of the first century as that date, and refuse year 0 and days no calendar has', async () => {
    for (const [path, status] of [
      ['/api/v1/interactions?start_date=0001-01-01&end_date=0099-12-31', 200],
      ['/api/v1/audit-log?start_date=0050-02-28&end_date=0050-03-01', 200],
      ['/api/v1/interactions?start_date=0000-01-01', 400],
      ['/api/v1/interactions?start_date=2021-02-29', 400],
      ['/api/v1/audit-log?end_date=2021-04-31', 400],
    ] as const) {
      const response = await documented(
        path.startsWith('/api/v1/audit-log') ? 'GET /api/v1/audit-log' : 'GET /api/v1/interactions',
        request(t.http)
          .get(path)
          .set(...bearer(org.adminKey)),
      );
      expect(response.status, path).toBe(status);
    }
    const first = await request(t.http)
      .get('/api/v1/analytics?start_date=0001-01-01&end_date=0001-01-03&granularity=day')
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(JSON.stringify(first.body)).toContain('0001-01-02');
  });

  it('should refuse an unknown field named after a method every object inherits, as any unknown field', async () => {
    for (const key of ['valueOf', 'toString', 'hasOwnProperty']) {
      const response = await documented(
        'POST /api/v1/kb',
        request(t.http)
          .post('/api/v1/kb')
          .set(...bearer(org.adminKey))
          .set('Content-Type', 'application/json')
          .send(`{"title":"!","content":"x","${key}":1}`),
      );
      expect(response.status, key).toBe(400);
      expect(response.body.error.details, key).toHaveProperty([key]);
    }
  });

  it('should index a published article of one 200,000-character word, and go on answering meanwhile', async () => {
    const article = await request(t.http)
      .post('/api/v1/kb')
      .set(...bearer(org.adminKey))
      .send({ title: 'One long word', content: 'é'.repeat(200_000), status: 'published' })
      .expect(201);
    // Indexing ran in this process for minutes, holding every request: the probe gives up long before that.
    const chunks = await until(
      async () => {
        await request(t.http).get('/healthz').timeout(10_000).expect(200);
        const [row] = await t.app
          .get(DataSource)
          .query<Array<{ count: string | number }>>(
            'SELECT count(*) AS count FROM chunk JOIN document ON document.id = chunk.document_id WHERE document.kb_article_id = $1',
            [article.body.id],
          );
        return Number(row.count) > 0 ? Number(row.count) : undefined;
      },
      20_000,
      'the article to be indexed',
    );
    expect(chunks).toBeGreaterThan(100);
  });
});
