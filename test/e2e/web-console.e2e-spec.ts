import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { clientTypesOf } from '#src/cli/openapi-document.js';
import { webAppDir } from '#src/modules/web-app/web-app.mount.js';
import { createTestApp, useTestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';

/** The console as the api process serves it (the build of `npm run build` in dist/web), and its API client. */
describe('the web console', () => {
  const t = useTestApp();

  it('should hold API types generated from the API it is served with (npm run web:client)', async () => {
    const document = (await request(t.http).get('/openapi.json').expect(200)).body as OpenAPIObject;
    const checkedIn = await readFile(new URL('../../web/src/api/schema.d.ts', import.meta.url), 'utf8');
    expect(checkedIn === (await clientTypesOf(document)), 'web/src/api/schema.d.ts is out of date: run npm run web:client').toBe(true);
  });

  it('should serve the page at / and at every console address, with a strict Content-Security-Policy and no caching', async () => {
    for (const path of [
      '/',
      '/index.html',
      '/agents',
      '/data-sources/dts_01JD8X0Q5W3V7N2K4M6P8R9T1A',
      '/settings/api-keys?x=1',
      '/knowledge-base/release.notes',
      '/assets',
      '/oauth/interaction/abc-DEF_123',
    ]) {
      const response = await request(t.http).get(path).set('Accept', 'text/html').expect(200);
      expect(response.headers['content-type'], path).toMatch(/^text\/html/);
      expect(response.text, path).toContain('<div id="root"></div>');
      expect(response.headers['cache-control'], path).toBe('no-cache');
      const csp = response.headers['content-security-policy'];
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("style-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
    }
    await request(t.http).head('/agents').expect(200);
  });

  it('should load nothing from another origin and nothing inline', async () => {
    const page = (await request(t.http).get('/').expect(200)).text;
    expect(page).not.toMatch(/<script(?![^>]*\bsrc="\/assets\/)[^>]*>/);
    expect(page).not.toMatch(/<style|style="|https?:\/\//);
  });

  it('should cache hashed assets for a year, and answer a missing one with the API 404', async () => {
    const assets = await readdir(join(t.config.http.webAppDir ?? webAppDir(), 'assets'));
    const script = assets.find((name) => name.endsWith('.js'))!;
    const response = await request(t.http).get(`/assets/${script}`).expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    for (const path of ['/assets/nothing-here.js', '/assets/', '/assets/nested/nothing.css']) {
      const missing = await request(t.http).get(path).expect(404);
      expect(missing.body.error.code, path).toBe('not_found');
    }
  });

  it('should leave the API, the reference, the authorization server and the probes alone', async () => {
    const api = await request(t.http).get('/api/v1/no-such-thing').set('Accept', 'text/html').expect(404);
    expect(api.body.error.code).toBe('not_found');
    await request(t.http).get('/api/v1/agents').set('Accept', 'text/html').expect(401);
    await request(t.http).get('/healthz').expect(200);
    expect((await request(t.http).get('/openapi.json').expect(200)).body.openapi).toMatch(/^3\./);
    // Without PUBLIC_URL the authorization server's issuer is the origin the client reached (RFC 8414 clients compare them).
    for (const host of ['127.0.0.1:3000', 'localhost:8080']) {
      const metadata = await request(t.http).get('/.well-known/oauth-authorization-server').set('Host', host).expect(200);
      expect(metadata.body).toMatchObject({ issuer: `http://${host}/oauth`, token_endpoint: `http://${host}/oauth/token` });
    }
    const details = await request(t.http).get('/oauth/interaction/abc/details').expect(400);
    expect(details.body.error.code).toBe('invalid_request');
    await request(t.http).post('/agents').send({}).expect(404);
  });

  it('should say how to build the console when it was not built', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'aqs-no-console-'));
    const database = await createTestDatabase();
    const unbuilt = await createTestApp({ databaseUrl: database.url, webAppDir: empty });
    try {
      const response = await request(unbuilt.http).get('/agents').expect(503);
      expect(response.text).toContain('npm run build');
      await request(unbuilt.http).get('/healthz').expect(200);
    } finally {
      await unbuilt.close();
      await database.drop();
      await rm(empty, { recursive: true, force: true });
    }
    // A database of its own, migrated from nothing: on the embedded store that alone takes seconds.
  }, 90_000);
});
