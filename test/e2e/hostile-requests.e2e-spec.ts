import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createOrg, type TestOrg } from '#test/utils/factories.js';
import { HttpExchange, type RawResponse } from '#test/utils/fuzz/http-exchange.js';
import { useTestApp } from '#test/utils/test-app.js';

const REQUEST_ID = /^req_[0-9A-HJKMNP-TV-Z]{26}$/;
const REDIRECT = 'https://app.acme.test/callback';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

/** Requests no schema describes: the Host header, and the authorization server's own endpoints, which the OpenAPI fuzz does not reach. */
describe('hostile requests outside the OpenAPI document', () => {
  const t = useTestApp();
  let org: TestOrg;
  let clientId: string;

  beforeAll(async () => {
    org = await createOrg(t.app);
    const registered = await request(t.http)
      .post('/api/v1/oauth-clients')
      .set(...bearer(org.adminKey))
      .send({ name: 'Acme CLI', type: 'public', redirect_uris: [REDIRECT], scopes: ['read'] })
      .expect(201);
    clientId = registered.body.client_id as string;
  });

  describe('a Host header that names no host', () => {
    const HOSTS = ['[::1', 'a b', 'acme.test:99999', 'acme.test:-1', 'acme.test:80:1', 'acme.test?x', 'acme.test#x', 'user@acme.test', 'acme.test/x'];
    const PATHS = ['/.well-known/oauth-authorization-server', '/oauth/.well-known/openid-configuration', `/oauth/auth?client_id=oac_x`, '/api/v1/agents', '/'];

    it('should be refused with 400 in the versioned envelope, on the authorization server as everywhere', async () => {
      for (const host of HOSTS) {
        for (const path of PATHS) {
          const response = await request(t.http).get(path).set('Host', host);
          expect(response.status, `${host} ${path}`).toBe(400);
          expect(response.body).toEqual({
            error: { code: 'invalid_request', message: 'The Host header is not a valid host name', details: { host: [expect.any(String)] } },
            request_id: expect.stringMatching(REQUEST_ID),
          });
        }
      }
    });

    it('should be refused in the legacy envelope on a legacy path, and the token endpoint refuses it before reading the body', async () => {
      const legacy = await request(t.http)
        .get('/api/agents')
        .set('Host', 'a b')
        .set(...bearer(org.adminKey));
      expect(legacy.status).toBe(400);
      expect(legacy.body).toEqual({
        error: { code: 'invalid_request', message: 'The Host header is not a valid host name', details: { host: [expect.any(String)] } },
        status: 400,
      });

      const token = await request(t.http).post('/oauth/token').set('Host', '[::1').type('form').send({ grant_type: 'authorization_code', code: 'x' });
      expect(token.status).toBe(400);
      expect(token.body.error.code).toBe('invalid_request');
    });

    it('should take host names, addresses and ports a client may send, and the metadata names the host as sent', async () => {
      for (const host of ['acme.test', 'ACME.test:8443', 'api_1:3000', '127.0.0.1', '[::1]:3000', '[2001:db8::1]']) {
        const agents = await request(t.http)
          .get('/api/v1/agents')
          .set('Host', host)
          .set(...bearer(org.adminKey));
        expect(agents.status, host).toBe(200);
      }
      const metadata = await request(t.http).get('/.well-known/oauth-authorization-server').set('Host', 'api_1:3000').expect(200);
      expect(metadata.body.issuer).toBe('http://api_1:3000/oauth');
    });
  });

  describe('a JSON body whose bytes are not UTF-8', () => {
    let exchange: HttpExchange;
    beforeAll(async () => {
      await t.app.listen(0, '127.0.0.1');
      exchange = new HttpExchange(`http://127.0.0.1:${(t.http.address() as AddressInfo).port}`);
    });
    afterAll(() => exchange?.close());

    /** Sends the bytes as they are: a client library would encode a string as UTF-8, and serialise a Buffer. */
    const post = (target: string, body: Buffer, contentType = 'application/json'): Promise<RawResponse> =>
      exchange.send({ method: 'POST', target, headers: { Authorization: `Bearer ${org.adminKey}`, 'Content-Type': contentType }, body });
    const latin1 = (text: string): Buffer => Buffer.from(text, 'latin1');
    const BODIES: Array<[string, Buffer]> = [
      ['Latin-1 é', latin1('{"name":"Caf\u00e9","data_source_ids":[]}')],
      ['a UTF-8-encoded surrogate', Buffer.concat([latin1('{"name":"'), Buffer.from([0xed, 0xa0, 0x80]), latin1('","data_source_ids":[]}')])],
      ['a cut sequence', Buffer.concat([latin1('{"name":"'), Buffer.from([0xe2, 0x82]), latin1('","data_source_ids":[]}')])],
      ['an overlong slash', Buffer.concat([latin1('{"name":"'), Buffer.from([0xc0, 0xaf]), latin1('","data_source_ids":[]}')])],
    ];

    it('should be refused with 400 on versioned and legacy paths, storing nothing in place of the bytes sent', async () => {
      const before = await request(t.http)
        .get('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .expect(200);
      for (const [what, body] of BODIES) {
        const versioned = await post('/api/v1/agents', body);
        expect(versioned.status, what).toBe(400);
        expect((versioned.json as { error: unknown }).error).toEqual({
          code: 'invalid_request',
          message: 'The request body is not valid UTF-8',
          details: { body: ['The request body is not valid UTF-8'] },
        });

        const legacy = await post('/api/chat', body, 'application/json; charset=utf-8');
        expect(legacy.status, what).toBe(400);
        expect(legacy.json).toMatchObject({ error: { code: 'invalid_request', message: 'The request body is not valid UTF-8' }, status: 400 });
      }
      const after = await request(t.http)
        .get('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(after.body.total).toBe(before.body.total);
    });

    it('should take the same text in UTF-8, with or without a byte order mark', async () => {
      const text = '{"name":"Caf\u00e9 \u{1F600}","data_source_ids":[]}';
      for (const body of [Buffer.from(text), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])]) {
        const created = await post('/api/v1/agents', body);
        expect(created.status).toBe(201);
        expect((created.json as { name: string }).name).toBe('Caf\u00e9 \u{1F600}');
      }
    });
  });

  it('should answer a JSON read in full whatever its preconditions, as its answers carry no validator', async () => {
    for (const [header, value] of [
      ['If-None-Match', '*'],
      ['If-None-Match', 'W/"x", *'],
      ['If-Modified-Since', 'Sat, 01 Jan 2000 00:00:00 GMT'],
    ]) {
      for (const path of ['/api/v1/agents', '/api/agents', '/api/v1/organization', '/healthz']) {
        const response = await request(t.http)
          .get(path)
          .set(...bearer(org.adminKey))
          .set(header, value);
        expect(response.status, `${header}: ${value} ${path}`).toBe(200);
        expect(response.body).toBeTypeOf('object');
        expect(Object.keys(response.body as object).length).toBeGreaterThan(0);
      }
    }
  });

  describe('upload file names', () => {
    it('should keep a name once whether its accents come composed or decomposed, and cut a long one between characters', async () => {
      const source = await request(t.http)
        .post('/api/v1/data-sources')
        .set(...bearer(org.adminKey))
        .send({ type: 'file', name: 'Names' })
        .expect(201);
      const long = `${'a'.repeat(254)}\u{1F600}\u{1F600}`;
      const upload = await request(t.http)
        .post(`/api/v1/data-sources/${source.body.id}/files`)
        .set(...bearer(org.adminKey))
        .attach('file', Buffer.from('# Caf\u00e9\n\nDecomposed.\n'), 'cafe\u0301.md')
        .attach('file', Buffer.from('# Caf\u00e9\n\nComposed.\n'), 'caf\u00e9.md')
        .attach('file', Buffer.from('# Long\n\nA long name.\n'), long)
        .expect(202);
      const names = (upload.body.files as Array<{ name: string }>).map((file) => file.name);
      expect(names).toEqual(['caf\u00e9.md', `${'a'.repeat(254)}\u{1F600}`]);
      expect(names.some((name) => /\p{Cs}/u.test(name))).toBe(false);

      const again = await request(t.http)
        .post(`/api/v1/data-sources/${source.body.id}/files`)
        .set(...bearer(org.adminKey))
        .attach('file', Buffer.from('# Caf\u00e9\n\nDecomposed again.\n'), 'cafe\u0301.md')
        .expect(202);
      expect(again.body.files).toMatchObject([{ name: 'caf\u00e9.md' }]);
    });
  });

  describe('NUL characters sent to the authorization server', () => {
    const authorization = (parameters: Record<string, string>) =>
      request(t.http)
        .get('/oauth/auth')
        .query({
          client_id: clientId,
          response_type: 'code',
          redirect_uri: REDIRECT,
          scope: 'read',
          code_challenge: CHALLENGE,
          code_challenge_method: 'S256',
          ...parameters,
        });

    it('should answer a client id holding NUL as an unknown client, with the error page', async () => {
      const response = await authorization({ client_id: 'oac_\u0000' });
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.text).toContain('invalid_client');
    });

    it('should send the client back invalid_request for a state or challenge holding NUL, and leave out a scope holding one', async () => {
      const refused: Array<Record<string, string>> = [{ state: 'a\u0000b' }, { code_challenge: `${CHALLENGE}\u0000` }];
      for (const parameters of refused) {
        const response = await authorization(parameters);
        expect(response.status, JSON.stringify(parameters)).toBe(303);
        const location = new URL(response.headers.location);
        expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
        expect(location.searchParams.get('error')).toBe('invalid_request');
        expect(location.searchParams.get('error_description')).toMatch(/NUL|invalid char/);
      }
      // Scopes the server does not know are dropped before anything is stored: the sign-in step follows.
      const unknownScope = await authorization({ scope: 'read\u0000' });
      expect(unknownScope.status).toBe(303);
      expect(unknownScope.headers.location).toMatch(/^\/oauth\/interaction\//);
    });

    it('should refuse a token or revocation request naming a client, code or token with NUL as the library refuses any unknown one', async () => {
      const token = await request(t.http)
        .post('/oauth/token')
        .type('form')
        .send({ grant_type: 'authorization_code', code: 'a\u0000', client_id: 'oac_\u0000', redirect_uri: REDIRECT, code_verifier: 'v'.repeat(43) });
      expect(token.status).toBe(401);
      expect(token.body).toMatchObject({ error: 'invalid_client' });

      const code = await request(t.http)
        .post('/oauth/token')
        .type('form')
        .send({ grant_type: 'authorization_code', code: 'a\u0000', client_id: clientId, redirect_uri: REDIRECT, code_verifier: 'v'.repeat(43) });
      expect(code.status).toBe(400);
      expect(code.body).toMatchObject({ error: 'invalid_grant' });

      const refresh = await request(t.http)
        .post('/oauth/token')
        .type('form')
        .send({ grant_type: 'refresh_token', refresh_token: 'svcrt_\u0000', client_id: clientId });
      expect(refresh.status).toBeGreaterThanOrEqual(400);
      expect(refresh.status).toBeLessThan(500);

      const revoked = await request(t.http).post('/oauth/token/revocation').type('form').send({ token: 'svcat_\u0000', client_id: clientId });
      expect(revoked.status).toBe(200);
    });
  });
});
