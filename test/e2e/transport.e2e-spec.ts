import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createOrg, type TestOrg } from '#test/utils/factories.js';
import { createTestApp, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';

describe('transport security', () => {
  let dropDatabase: () => Promise<void>;
  let databaseUrl: string | undefined;

  beforeAll(async () => {
    ({ url: databaseUrl, drop: dropDatabase } = await createTestDatabase());
  });

  afterAll(async () => dropDatabase?.());

  describe('in development', () => {
    let t: TestApp;
    let org: TestOrg;

    beforeAll(async () => {
      t = await createTestApp({ databaseUrl });
      org = await createOrg(t.app);
    });

    afterAll(async () => t?.close());

    it('should send HSTS and the other security headers on API responses', async () => {
      const response = await request(t.http)
        .get('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(response.headers['x-powered-by']).toBeUndefined();
    });

    it('should let no cache keep an API answer, least of all a key shown once', async () => {
      const created = await request(t.http)
        .post('/api/v1/api-keys')
        .set(...bearer(org.adminKey))
        .send({ name: 'uncached' })
        .expect(201);
      expect(created.headers['cache-control']).toBe('no-store');
      for (const path of ['/api/v1/agents', '/api/api-keys']) {
        const response = await request(t.http)
          .get(path)
          .set(...bearer(org.adminKey))
          .expect(200);
        expect(response.headers['cache-control'], path).toBe('no-store');
      }
      const refused = await request(t.http).get('/api/v1/agents').expect(401);
      expect(refused.headers['cache-control']).toBe('no-store');
    });

    it('should serve plain HTTP so the quick start works', async () => {
      await request(t.http).get('/healthz').expect(200, { status: 'ok' });
    });

    it('should serve Swagger UI at /docs and the document at /openapi.json', async () => {
      const ui = await request(t.http).get('/docs/').expect(200);
      expect(ui.text).toContain('swagger-ui');
      expect(ui.headers['content-security-policy']).toContain("script-src 'self'");
      const document = await request(t.http).get('/openapi.json').expect(200);
      expect(document.body.openapi).toMatch(/^3\./);
    });
  });

  describe('in production', () => {
    let t: TestApp;
    let org: TestOrg;

    beforeAll(async () => {
      t = await createTestApp({ databaseUrl, env: { NODE_ENV: 'production' } });
      org = await createOrg(t.app);
    });

    afterAll(async () => t?.close());

    it('should redirect plain HTTP to HTTPS, keeping path and query', async () => {
      const get = await request(t.http)
        .get('/api/v1/agents?limit=5')
        .set('Host', 'api.example.test')
        .set(...bearer(org.adminKey));
      expect(get.status).toBe(301);
      expect(get.headers.location).toBe('https://api.example.test/api/v1/agents?limit=5');

      const post = await request(t.http).post('/api/v1/agents').set('Host', 'api.example.test').send({ name: 'x', data_source_ids: [] });
      expect(post.status).toBe(308);
      expect(post.headers.location).toBe('https://api.example.test/api/v1/agents');
    });

    it('should honour X-Forwarded-Proto from a trusted proxy', async () => {
      await request(t.http)
        .get('/api/v1/agents')
        .set('X-Forwarded-Proto', 'https')
        .set(...bearer(org.adminKey))
        .expect(200);
    });

    it('should still answer health probes over plain HTTP', async () => {
      await request(t.http).get('/healthz').expect(200);
    });

    it('should refuse to redirect to a malformed Host', async () => {
      const response = await request(t.http).get('/api/v1/agents').set('Host', 'evil.test/@other');
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_request');
    });
  });

  describe('in production with PUBLIC_URL', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ databaseUrl, env: { NODE_ENV: 'production', PUBLIC_URL: 'https://console.example.test' } });
    });

    afterAll(async () => t?.close());

    it('should redirect to the public address, whatever Host the client sends', async () => {
      const response = await request(t.http).get('/api/v1/agents?limit=5').set('Host', 'evil.test');
      expect(response.status).toBe(301);
      expect(response.headers.location).toBe('https://console.example.test/api/v1/agents?limit=5');
    });
  });

  describe('behind an untrusted proxy', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ databaseUrl, env: { NODE_ENV: 'production', TRUST_PROXY: '10.1.2.3' } });
    });

    afterAll(async () => t?.close());

    it('should ignore X-Forwarded-Proto from a peer it does not trust', async () => {
      const response = await request(t.http).get('/api/v1/agents').set('X-Forwarded-Proto', 'https').set('Host', 'api.example.test');
      expect(response.status).toBe(301);
    });
  });
});
