import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKey, hashKey } from '#src/modules/keys/api-key.format.js';
import { bearer, createKey, createOrg, type TestOrg } from '#test/utils/factories.js';
import { TcpFaultProxy } from '#test/utils/faults/tcp-fault-proxy.js';
import { startPeer, waitForSubscribers } from '#test/utils/redis-subscribers.js';
import { createTestApp, sameDatabaseAs, TEST_KEY_SECRET, type TestApp, useTestApp } from '#test/utils/test-app.js';
import { REDIS_URL } from '#test/utils/test-database.js';
import { acceptInvitation } from '#test/utils/web-sessions.js';

const REQUEST_ID = /^req_[0-9A-HJKMNP-TV-Z]{26}$/;
const idOf = (prefix: string): RegExp => new RegExp(`^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$`);

type Form = 'versioned' | 'legacy';

/** One endpoint of each path form that any key with a read scope may call. */
const READ_PATH: Record<Form, string> = { versioned: '/api/v1/agents', legacy: '/api/agents' };

/** `{"error":{"code":"unauthorized","message"},"request_id":"req_…"}` on /api/v1, `{"error":{"code":"invalid_api_key","message"},"status":401}` on /api. */
function expect401(response: request.Response, form: Form, code?: 'expired_api_key'): void {
  expect(response.status).toBe(401);
  expect(response.headers['x-request-id']).toMatch(REQUEST_ID);
  if (form === 'versioned') {
    expect(response.body).toEqual({
      error: { code: code ?? 'unauthorized', message: expect.any(String), details: {} },
      request_id: response.headers['x-request-id'],
    });
  } else {
    expect(response.body).toEqual({ error: { code: code ?? 'invalid_api_key', message: expect.any(String) }, status: 401 });
  }
  expect(response.body.error.message.length).toBeGreaterThan(0);
}

function expect403(response: request.Response, form: Form, requiredScope: string, currentScopes: string[]): void {
  expect(response.status).toBe(403);
  expect(response.body).toMatchObject({
    error: { code: form === 'versioned' ? 'forbidden' : 'insufficient_scope', message: expect.any(String) },
    required_scope: requiredScope,
    current_scopes: currentScopes,
    ...(form === 'versioned' ? { request_id: response.headers['x-request-id'] } : { status: 403 }),
  });
}

/** A well-formed key that was never stored. */
const unknownKey = (prefix: 'svcsk_live_' | 'svcsk_test_' | 'sk_live_'): string =>
  prefix === 'sk_live_' ? generateKey('legacy', 'live').key : generateKey('versioned', prefix === 'svcsk_test_' ? 'test' : 'live').key;

describe('authentication', () => {
  const t = useTestApp();
  let org: TestOrg;
  let other: TestOrg;

  /** A request with the Authorization header exactly as given, or none. */
  const call = (app: TestApp, method: 'get' | 'post' | 'put' | 'delete', path: string, authorization?: string): request.Test => {
    const test = request(app.http)[method](path);
    return authorization === undefined ? test : test.set('Authorization', authorization);
  };
  const read = (key: string, form: Form = 'versioned', app: TestApp = t): request.Test => call(app, 'get', READ_PATH[form], `Bearer ${key}`);

  const sameDatabase = (): ReturnType<typeof sameDatabaseAs> => sameDatabaseAs(t);

  beforeAll(async () => {
    org = await createOrg(t.app);
    other = await createOrg(t.app);
  });

  describe('key formats', () => {
    it.each([
      ['svcsk_live_', { format: 'versioned', environment: 'live' }],
      ['svcsk_test_', { format: 'versioned', environment: 'test' }],
      ['sk_live_', { format: 'legacy' }],
    ] as const)('should accept a %s key on both path forms', async (prefix, overrides) => {
      const { key } = await createKey(t.app, org.orgId, { scopes: ['read'], ...overrides });
      expect(key.startsWith(prefix)).toBe(true);
      for (const form of ['versioned', 'legacy'] as const) {
        const response = await read(key, form);
        expect(response.status).toBe(200);
        expect(response.headers['x-request-id']).toMatch(REQUEST_ID);
      }
    });

    it('should accept the Bearer scheme name in any case, as RFC 9110 makes it case-insensitive', async () => {
      for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
        const response = await call(t, 'get', READ_PATH.versioned, `${scheme} ${org.adminKey}`);
        expect(response.status).toBe(200);
      }
    });

    it('should scope a key to its own organization', async () => {
      const created = await request(t.http)
        .post('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .send({ name: 'Private', data_source_ids: [] })
        .expect(201);
      const response = await request(t.http)
        .get(`/api/v1/agents/${created.body.id}`)
        .set(...bearer(other.adminKey));
      expect(response.status).toBe(404);
    });
  });

  describe.each(['versioned', 'legacy'] as const)('401 on the %s path form', (form) => {
    const path = READ_PATH[form];

    it('should answer 401 without an Authorization header', async () => {
      expect401(await call(t, 'get', path), form);
    });

    it('should answer 401 for an empty Authorization header', async () => {
      expect401(await call(t, 'get', path, ''), form);
    });

    it('should answer 401 for two Authorization headers, whichever comes first', async () => {
      for (const headers of [
        [`Bearer ${org.adminKey}`, `Bearer ${unknownKey('svcsk_live_')}`],
        [`Bearer ${unknownKey('svcsk_live_')}`, `Bearer ${org.adminKey}`],
        [`Bearer ${org.adminKey}`, `Bearer ${org.adminKey}`],
      ]) {
        const response = await request(t.http)
          .get(path)
          .set('Authorization', headers as unknown as string);
        expect401(response, form);
        expect(response.body.error.message).toContain('one Authorization header');
      }
    });

    it.each([
      ['the raw key', (key: string) => key],
      ['Basic credentials', () => 'Basic dXNlcjpwYXNz'],
      ['another scheme with the key', (key: string) => `Token ${key}`],
      ['the scheme glued to the key', (key: string) => `Bearer${key}`],
      ['the scheme alone', () => 'Bearer'],
      ['the scheme and a trailing space', () => 'Bearer '],
      ['a colon after the scheme', (key: string) => `Bearer: ${key}`],
      ['the key quoted', (key: string) => `Bearer "${key}"`],
    ])('should answer 401 for %s instead of "Bearer <key>"', async (_case, header) => {
      expect401(await call(t, 'get', path, header(org.adminKey)), form);
    });

    it.each([
      ['two spaces after Bearer', (key: string) => `Bearer  ${key}`],
      ['a tab after Bearer', (key: string) => `Bearer\t${key}`],
      ['a tab and a space after Bearer', (key: string) => `Bearer \t${key}`],
      ['a space inside the key', (key: string) => `Bearer ${key.slice(0, 15)} ${key.slice(15)}`],
      ['a tab inside the key', (key: string) => `Bearer ${key.slice(0, 15)}\t${key.slice(15)}`],
      ['a second key after a space', (key: string) => `Bearer ${key} ${key}`],
    ])('should answer 401 for extra whitespace: %s', async (_case, header) => {
      expect401(await call(t, 'get', path, header(org.adminKey)), form);
    });

    it('should answer 401 "Invalid API key" for a well-formed key that was never issued', async () => {
      for (const key of [unknownKey('svcsk_live_'), unknownKey('svcsk_test_'), unknownKey('sk_live_')]) {
        const response = await read(key, form);
        expect401(response, form);
        expect(response.body.error.message).toBe('Invalid API key');
      }
    });

    it('should answer 401 for a key that differs from a real one in its last character', async () => {
      const last = org.adminKey.at(-1) === 'a' ? 'b' : 'a';
      expect401(await read(`${org.adminKey.slice(0, -1)}${last}`, form), form);
    });

    it.each([
      ['too short', 'svcsk_live_abc'],
      ['an unknown type prefix', `svcsk_prod_${'a'.repeat(40)}`],
      ['a legacy test key', `sk_test_${'a'.repeat(40)}`],
      ['an upper-case type prefix', `SVCSK_LIVE_${'a'.repeat(40)}`],
      ['punctuation in the random part', `svcsk_live_${'a'.repeat(39)}-`],
      ['a random part over 128 characters', `svcsk_live_${'a'.repeat(129)}`],
      ['a session-token-like value', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig'],
      ['a very long value', 'x'.repeat(4000)],
    ])('should answer 401 "Invalid API key" for a malformed key: %s', async (_case, key) => {
      const response = await read(key, form);
      expect401(response, form);
      expect(response.body.error.message).toBe('Invalid API key');
    });

    it('should answer 401 for a revoked key', async () => {
      const { id, key } = await createKey(t.app, org.orgId, { scopes: ['read'] });
      await call(t, 'delete', `/api/v1/api-keys/${id}`, `Bearer ${org.adminKey}`).expect(204);
      const response = await read(key, form);
      expect401(response, form);
      expect(response.body.error.message).toBe('Invalid API key');
    });

    it('should answer 401 expired_api_key for a legacy key past its expiry date', async () => {
      const { key } = await createKey(t.app, org.orgId, { scopes: ['agents:read'], format: 'legacy', expiresAt: new Date(Date.now() - 60_000) });
      expect401(await read(key, form), form, 'expired_api_key');
    });

    it('should challenge with Bearer alone when no bearer credential was sent (RFC 6750)', async () => {
      for (const authorization of [undefined, '', 'Basic dXNlcjpwYXNz', org.adminKey, `Token ${org.adminKey}`]) {
        const response = await call(t, 'get', path, authorization);
        expect401(response, form);
        expect(response.headers['www-authenticate'], authorization).toBe('Bearer');
      }
    });

    it('should challenge a malformed Bearer header or several Authorization headers with invalid_request', async () => {
      for (const authorization of ['Bearer', 'Bearer ', `Bearer  ${org.adminKey}`, `Bearer\t${org.adminKey}`, `Bearer ${org.adminKey} ${org.adminKey}`]) {
        const response = await call(t, 'get', path, authorization);
        expect401(response, form);
        expect(response.headers['www-authenticate'], authorization).toBe('Bearer error="invalid_request"');
      }
      const twice = await request(t.http)
        .get(path)
        .set('Authorization', [`Bearer ${org.adminKey}`, `Bearer ${org.adminKey}`] as unknown as string);
      expect401(twice, form);
      expect(twice.headers['www-authenticate']).toBe('Bearer error="invalid_request"');
    });

    it('should challenge an unknown, revoked or expired key, or a dead access token, with invalid_token', async () => {
      const revoked = await createKey(t.app, org.orgId, { scopes: ['read'] });
      await call(t, 'delete', `/api/v1/api-keys/${revoked.id}`, `Bearer ${org.adminKey}`).expect(204);
      const expired = await createKey(t.app, org.orgId, { scopes: ['agents:read'], format: 'legacy', expiresAt: new Date(Date.now() - 60_000) });
      for (const [key, code] of [
        [unknownKey('svcsk_live_'), undefined],
        [unknownKey('sk_live_'), undefined],
        ['not-a-key', undefined],
        [`svcat_${'A'.repeat(43)}`, undefined],
        [revoked.key, undefined],
        [expired.key, 'expired_api_key'],
      ] as const) {
        const response = await read(key, form);
        expect401(response, form, code);
        expect(response.headers['www-authenticate'], key).toBe('Bearer error="invalid_token"');
      }
    });

    it('should name the missing scope in the challenge of a key\u2019s 403, and challenge no session', async () => {
      const { key } = await createKey(t.app, org.orgId, { scopes: ['read'] });
      const denied = form === 'versioned' ? { path: '/api/v1/query', scope: 'execute' } : { path: '/api/chat', scope: 'chat' };
      const refused = await request(t.http)
        .post(denied.path)
        .set(...bearer(key))
        .send({});
      expect403(refused, form, denied.scope, ['read']);
      expect(refused.headers['www-authenticate']).toBe(`Bearer error="insufficient_scope", scope="${denied.scope}"`);

      const user = await request(t.http)
        .post('/api/v1/users')
        .set(...bearer(org.adminKey))
        .send({ email: `reader-${randomBytes(4).toString('hex')}@example.test`, role: 'readonly' })
        .expect(201);
      const session = await acceptInvitation(t.http, user.body.invitation.token as string);
      const bySession = await request(t.http).post(denied.path).set('Cookie', session.cookie).set('X-CSRF-Token', session.csrf).send({});
      expect403(bySession, form, denied.scope, ['read']);
      expect(bySession.headers['www-authenticate']).toBeUndefined();
    });
  });

  describe('expiry', () => {
    it('should accept a legacy key before its expiry date and list it as active', async () => {
      const created = await request(t.http)
        .post('/api/api-keys')
        .set(...bearer(org.adminKey))
        .send({ name: 'Expiring', scopes: ['agents:read'], expiresAt: '2999-01-31T00:00:00.000Z' })
        .expect(201);
      expect(created.body).toMatchObject({ expiresAt: '2999-01-31T00:00:00.000Z' });
      expect((await read(created.body.key, 'legacy')).status).toBe(200);
      const listed = await request(t.http)
        .get('/api/api-keys')
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(listed.body.apiKeys.find((key: { id: string }) => key.id === created.body.id)).toMatchObject({ status: 'active' });
    });

    it('should reject a key that expires while it sits in the verification cache', async () => {
      const expiresAt = new Date(Date.now() + 1_500);
      const { key } = await createKey(t.app, org.orgId, { scopes: ['agents:read'], format: 'legacy', expiresAt });
      expect((await read(key, 'legacy')).status).toBe(200);
      await sleep(expiresAt.getTime() - Date.now() + 100);
      expect401(await read(key, 'legacy'), 'legacy', 'expired_api_key');
      expect401(await read(key, 'versioned'), 'versioned', 'expired_api_key');
    });

    it('should refuse to create a key that has already expired', async () => {
      const response = await request(t.http)
        .post('/api/api-keys')
        .set(...bearer(org.adminKey))
        .send({ name: 'Stale', scopes: ['agents:read'], expiresAt: new Date(Date.now() - 1_000).toISOString() });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: { code: 'invalid_request' }, status: 400 });
    });

    it('should list an expired key as expired', async () => {
      const { id } = await createKey(t.app, org.orgId, { scopes: ['agents:read'], format: 'legacy', expiresAt: new Date(Date.now() - 60_000) });
      const list = await request(t.http)
        .get('/api/api-keys?limit=200')
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(list.body.apiKeys.find((item: { id: string }) => item.id === id)).toMatchObject({ status: 'expired' });
    });
  });

  describe('revocation', () => {
    it('should stop a cached key at once when it is revoked', async () => {
      const { id, key } = await createKey(t.app, org.orgId, { scopes: ['read'] });
      expect((await read(key)).status).toBe(200);
      expect((await read(key)).status).toBe(200);
      await call(t, 'delete', `/api/v1/api-keys/${id}`, `Bearer ${org.adminKey}`).expect(204);
      expect401(await read(key), 'versioned');
      expect401(await read(key, 'legacy'), 'legacy');
    });

    it('should revoke through the legacy path as well', async () => {
      const { id, key } = await createKey(t.app, org.orgId, { scopes: ['agents:read'], format: 'legacy' });
      expect((await read(key, 'legacy')).status).toBe(200);
      const response = await call(t, 'delete', `/api/api-keys/${id}`, `Bearer ${org.adminKey}`).expect(204);
      expect(response.text).toBe('');
      expect401(await read(key, 'legacy'), 'legacy');
    });

    it('should let a key revoke itself, and refuse it right after', async () => {
      const { id, key } = await createKey(t.app, org.orgId, { scopes: ['admin'] });
      await call(t, 'delete', `/api/v1/api-keys/${id}`, `Bearer ${key}`).expect(204);
      expect401(await read(key), 'versioned');
    });

    it('should answer 404 for a key of another organization and leave that key working', async () => {
      const { id, key } = await createKey(t.app, other.orgId, { scopes: ['read'] });
      const response = await call(t, 'delete', `/api/v1/api-keys/${id}`, `Bearer ${org.adminKey}`);
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('not_found');
      expect((await read(key)).status).toBe(200);
    });

    it('should answer 400 for a key id of the wrong shape and 404 for an unknown one', async () => {
      expect((await call(t, 'delete', '/api/v1/api-keys/not-an-id', `Bearer ${org.adminKey}`)).status).toBe(400);
      expect((await call(t, 'delete', '/api/v1/api-keys/key_01JD8X0Q5W3V7N2K4M6P8R9T1A', `Bearer ${org.adminKey}`)).status).toBe(404);
    });
  });

  describe('creation and rotation', () => {
    it('should return a new versioned key once, at creation, and never in lists', async () => {
      const created = await request(t.http)
        .post('/api/v1/api-keys')
        .set(...bearer(org.adminKey))
        .send({ name: 'Backend', scopes: ['read', 'execute'] })
        .expect(201);
      expect(created.body).toEqual({
        id: expect.stringMatching(idOf('key')),
        name: 'Backend',
        key: expect.stringMatching(/^svcsk_live_[A-Za-z0-9]{40}$/),
        prefix: expect.any(String),
        scopes: ['read', 'execute'],
        environment: 'live',
        expires_at: null,
        created_at: expect.any(String),
      });
      expect(created.body.key.startsWith(created.body.prefix)).toBe(true);
      expect(created.body.prefix.length).toBeLessThan(20);
      expect((await read(created.body.key)).status).toBe(200);

      const testKey = await request(t.http)
        .post('/api/v1/api-keys')
        .set(...bearer(org.adminKey))
        .send({ name: 'Staging', environment: 'test' })
        .expect(201);
      expect(testKey.body).toMatchObject({ environment: 'test', scopes: ['read'] });
      expect(testKey.body.key).toMatch(/^svcsk_test_[A-Za-z0-9]{40}$/);

      await expectListsHide([created.body.key, testKey.body.key]);
    });

    it('should rotate a key: 201 with the new value once, the new one works, the old one is refused at once', async () => {
      const created = await request(t.http)
        .post('/api/v1/api-keys')
        .set(...bearer(org.adminKey))
        .send({ name: 'Rotating', scopes: ['read'] })
        .expect(201);
      const oldKey: string = created.body.key;
      expect((await read(oldKey)).status).toBe(200);

      const rotated = await request(t.http)
        .post(`/api/v1/api-keys/${created.body.id}/rotate`)
        .set(...bearer(org.adminKey))
        .expect(201);
      expect(rotated.body).toMatchObject({ name: 'Rotating', scopes: ['read'], environment: 'live' });
      expect(rotated.body.id).toMatch(idOf('key'));
      expect(rotated.body.id).not.toBe(created.body.id);
      expect(rotated.body.key).toMatch(/^svcsk_live_[A-Za-z0-9]{40}$/);
      expect(rotated.body.key).not.toBe(oldKey);
      expect(rotated.body.key.startsWith(rotated.body.prefix)).toBe(true);

      expect401(await read(oldKey), 'versioned');
      expect401(await read(oldKey, 'legacy'), 'legacy');
      expect((await read(rotated.body.key)).status).toBe(200);
      expect((await read(rotated.body.key, 'legacy')).status).toBe(200);

      const again = await request(t.http)
        .post(`/api/v1/api-keys/${created.body.id}/rotate`)
        .set(...bearer(org.adminKey));
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('conflict');

      const list = await request(t.http)
        .get('/api/v1/api-keys?limit=200')
        .set(...bearer(org.adminKey))
        .expect(200);
      const byId = new Map<string, { status: string; revoked_at: string | null }>(list.body.api_keys.map((item: { id: string }) => [item.id, item]));
      expect(byId.get(created.body.id)).toMatchObject({ status: 'revoked', revoked_at: expect.any(String) });
      expect(byId.get(rotated.body.id)).toMatchObject({ status: 'active', revoked_at: null });
      await expectListsHide([oldKey, rotated.body.key]);
    });

    it('should rotate a legacy key into a legacy key with the same expiry, through the legacy path', async () => {
      const created = await request(t.http)
        .post('/api/api-keys')
        .set(...bearer(org.adminKey))
        .send({ name: 'Legacy', scopes: ['agents:read', 'chat'], expiresAt: '2999-06-30T00:00:00.000Z' })
        .expect(201);
      expect(created.body.key).toMatch(/^sk_live_[A-Za-z0-9]{40}$/);
      expect((await read(created.body.key, 'legacy')).status).toBe(200);

      const rotated = await request(t.http)
        .post(`/api/api-keys/${created.body.id}/rotate`)
        .set(...bearer(org.adminKey))
        .expect(201);
      expect(rotated.body).toMatchObject({ name: 'Legacy', scopes: ['agents:read', 'chat'], expiresAt: '2999-06-30T00:00:00.000Z' });
      expect(rotated.body.key).toMatch(/^sk_live_[A-Za-z0-9]{40}$/);
      expect401(await read(created.body.key, 'legacy'), 'legacy');
      expect((await read(rotated.body.key, 'legacy')).status).toBe(200);
      await expectListsHide([created.body.key, rotated.body.key]);
    });

    it('should keep a test key a test key through rotation', async () => {
      const { id } = await createKey(t.app, org.orgId, { scopes: ['read'], environment: 'test' });
      const rotated = await request(t.http)
        .post(`/api/v1/api-keys/${id}/rotate`)
        .set(...bearer(org.adminKey))
        .expect(201);
      expect(rotated.body.key).toMatch(/^svcsk_test_/);
      expect(rotated.body.environment).toBe('test');
    });

    it('should not rotate another organization\u2019s key', async () => {
      const { id, key } = await createKey(t.app, other.orgId, { scopes: ['read'] });
      const response = await request(t.http)
        .post(`/api/v1/api-keys/${id}/rotate`)
        .set(...bearer(org.adminKey));
      expect(response.status).toBe(404);
      expect((await read(key)).status).toBe(200);
    });

    /** Neither list form returns a key value, its random part or its stored hash. */
    async function expectListsHide(keys: string[]): Promise<void> {
      for (const [path, field] of [
        ['/api/v1/api-keys?limit=200', 'api_keys'],
        ['/api/api-keys?limit=200', 'apiKeys'],
      ] as const) {
        const list = await request(t.http)
          .get(path)
          .set(...bearer(org.adminKey))
          .expect(200);
        expect(list.body[field].length).toBeGreaterThan(0);
        for (const item of list.body[field]) {
          expect(item).not.toHaveProperty('key');
          expect(item).not.toHaveProperty('hash');
          expect(item.prefix.length).toBeLessThan(20);
        }
        for (const key of [...keys, org.adminKey]) {
          expect(list.text).not.toContain(key.slice(-30));
          expect(list.text).not.toContain(hashKey(key, TEST_KEY_SECRET));
        }
      }
    }
  });

  describe('personal keys', () => {
    const createUser = async (role: string): Promise<string> => {
      const response = await request(t.http)
        .post('/api/v1/users')
        .set(...bearer(org.adminKey))
        .send({ email: `user-${randomBytes(4).toString('hex')}@example.test`, name: 'Personal', role })
        .expect(201);
      expect(response.body.role).toBe(role);
      return response.body.id as string;
    };

    it('should let a readonly user\u2019s key with the admin scope only read', async () => {
      const userId = await createUser('readonly');
      const { key } = await createKey(t.app, org.orgId, { userId, scopes: ['admin'] });
      const agent = await request(t.http)
        .post('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .send({ name: 'Target', data_source_ids: [] })
        .expect(201);

      for (const path of ['/api/v1/agents', `/api/v1/agents/${agent.body.id}`, '/api/v1/kb', '/api/v1/interactions', '/api/agents']) {
        expect((await call(t, 'get', path, `Bearer ${key}`)).status, path).toBe(200);
      }
      const denied: Array<[request.Test, Form, string]> = [
        [request(t.http).post('/api/v1/agents').send({ name: 'Nope', data_source_ids: [] }), 'versioned', 'write'],
        [request(t.http).put(`/api/v1/agents/${agent.body.id}`).send({ name: 'Nope' }), 'versioned', 'write'],
        [request(t.http).delete(`/api/v1/agents/${agent.body.id}`), 'versioned', 'write'],
        [request(t.http).post('/api/v1/kb').send({ title: 'Nope', content: 'Nope' }), 'versioned', 'write'],
        [request(t.http).get('/api/v1/users'), 'versioned', 'admin'],
        [request(t.http).post('/api/v1/users').send({ email: 'escalate@example.test', role: 'admin' }), 'versioned', 'admin'],
        [request(t.http).get('/api/v1/audit-log'), 'versioned', 'admin'],
        [request(t.http).get('/api/webhooks'), 'legacy', 'admin'],
      ];
      // current_scopes names what the key holds in effect: its admin scope, capped by the role, is read.
      for (const [test, form, requiredScope] of denied) {
        expect403(await test.set(...bearer(key)), form, requiredScope, ['read']);
      }
      // Keys of its owner's own it may make and see, and one made with it is as capped: no way up.
      const own = await call(t, 'get', '/api/v1/api-keys', `Bearer ${key}`).expect(200);
      expect(own.body.api_keys).toHaveLength(1);
      const made = await request(t.http)
        .post('/api/v1/api-keys')
        .set(...bearer(key))
        .send({ name: 'Escalate', scopes: ['admin'] })
        .expect(201);
      expect403(
        await request(t.http)
          .get('/api/v1/users')
          .set(...bearer(made.body.key)),
        'versioned',
        'admin',
        ['read'],
      );
      await request(t.http)
        .get(`/api/v1/agents/${agent.body.id}`)
        .set(...bearer(org.adminKey))
        .expect(200);
    });

    it('should cap a personal key by its scopes as well as by its owner\u2019s role', async () => {
      const { key } = await createKey(t.app, org.orgId, { userId: org.adminUserId, scopes: ['read'] });
      expect((await read(key)).status).toBe(200);
      const response = await request(t.http)
        .post('/api/v1/agents')
        .set(...bearer(key))
        .send({ name: 'Nope', data_source_ids: [] });
      expect403(response, 'versioned', 'write', ['read']);
    });

    it('should apply a role change to the user\u2019s cached key at once', async () => {
      const userId = await createUser('readonly');
      const { key } = await createKey(t.app, org.orgId, { userId, scopes: ['admin'] });
      const createAgent = (): request.Test =>
        request(t.http)
          .post('/api/v1/agents')
          .set(...bearer(key))
          .send({ name: 'By a personal key', data_source_ids: [] });
      const createArticle = (): request.Test =>
        request(t.http)
          .post('/api/v1/kb')
          .set(...bearer(key))
          .send({ title: 'By a personal key', content: 'Text' });
      const setRole = (role: string): request.Test =>
        request(t.http)
          .put(`/api/v1/users/${userId}`)
          .set(...bearer(org.adminKey))
          .send({ role })
          .expect(200);

      expect((await read(key)).status).toBe(200);
      expect403(await createAgent(), 'versioned', 'write', ['read']);

      await setRole('configure');
      expect((await createAgent()).status).toBe(201);
      expect403(
        await request(t.http)
          .get('/api/v1/users')
          .set(...bearer(key)),
        'versioned',
        'admin',
        ['read', 'write', 'execute'],
      );

      await setRole('train');
      expect403(await createAgent(), 'versioned', 'write', ['read', 'kb:write', 'feedback']);
      expect((await createArticle()).status).toBe(201);

      await setRole('admin');
      expect(
        (
          await request(t.http)
            .get('/api/v1/users')
            .set(...bearer(key))
        ).status,
      ).toBe(200);

      await setRole('readonly');
      expect403(await createArticle(), 'versioned', 'write', ['read']);
      expect403(
        await request(t.http)
          .get('/api/v1/users')
          .set(...bearer(key)),
        'versioned',
        'admin',
        ['read'],
      );
      expect((await read(key)).status).toBe(200);
    });

    it('should refuse a removed user\u2019s key at once', async () => {
      const userId = await createUser('configure');
      const { key } = await createKey(t.app, org.orgId, { userId, scopes: ['read'] });
      expect((await read(key)).status).toBe(200);
      await request(t.http)
        .delete(`/api/v1/users/${userId}`)
        .set(...bearer(org.adminKey))
        .expect(204);
      expect401(await read(key), 'versioned');
    });
  });

  describe('production', () => {
    let production: TestApp;

    beforeAll(async () => {
      // APP_ENV only: NODE_ENV=production would also redirect plain HTTP to HTTPS.
      production = await createTestApp({ ...sameDatabase(), env: { APP_ENV: 'production' } });
    });

    afterAll(async () => {
      await production?.close();
    });

    it('should reject a svcsk_test_ key with 401 on both path forms when APP_ENV=production', async () => {
      const { key } = await createKey(t.app, org.orgId, { scopes: ['read'], environment: 'test' });
      expect((await read(key, 'versioned', t)).status).toBe(200);
      expect401(await read(key, 'versioned', production), 'versioned');
      expect401(await read(key, 'legacy', production), 'legacy');
    });

    it('should still accept live keys of both forms when APP_ENV=production', async () => {
      const live = await createKey(t.app, org.orgId, { scopes: ['read'], environment: 'live' });
      const legacy = await createKey(t.app, org.orgId, { scopes: ['agents:read'], format: 'legacy' });
      for (const key of [live.key, legacy.key, org.adminKey]) {
        for (const form of ['versioned', 'legacy'] as const) {
          expect((await read(key, form, production)).status).toBe(200);
        }
      }
    });
  });

  describe('several instances', () => {
    it.skipIf(!REDIS_URL)('should make a revocation, rotation or role change through one instance apply at once on another', async () => {
      const b = await startPeer(t, 'keys:invalidate');
      try {
        const dataSource = t.app.get(DataSource, { strict: false });

        // Revocation. First show that B serves the key from its cache: a change made behind the
        // service's back (straight in the database) does not reach it.
        const revoked = await createKey(t.app, org.orgId, { scopes: ['read'] });
        expect((await read(revoked.key, 'versioned', b)).status).toBe(200);
        await dataSource.query('UPDATE api_key SET revoked_at = now() WHERE id = $1', [revoked.id]);
        expect((await read(revoked.key, 'versioned', b)).status).toBe(200);
        await call(t, 'delete', `/api/v1/api-keys/${revoked.id}`, `Bearer ${org.adminKey}`).expect(204);
        expect401(await read(revoked.key, 'versioned', b), 'versioned');

        const plain = await createKey(t.app, org.orgId, { scopes: ['read'] });
        expect((await read(plain.key, 'versioned', b)).status).toBe(200);
        expect((await read(plain.key, 'versioned', t)).status).toBe(200);
        await call(t, 'delete', `/api/v1/api-keys/${plain.id}`, `Bearer ${org.adminKey}`).expect(204);
        expect401(await read(plain.key, 'versioned', b), 'versioned');
        expect401(await read(plain.key, 'legacy', b), 'legacy');

        // Rotation.
        const rotating = await createKey(t.app, org.orgId, { scopes: ['read'] });
        expect((await read(rotating.key, 'versioned', b)).status).toBe(200);
        const rotated = await call(t, 'post', `/api/v1/api-keys/${rotating.id}/rotate`, `Bearer ${org.adminKey}`).expect(201);
        expect401(await read(rotating.key, 'versioned', b), 'versioned');
        expect((await read(rotated.body.key, 'versioned', b)).status).toBe(200);

        // Role change of a personal key's owner.
        const user = await call(t, 'post', '/api/v1/users', `Bearer ${org.adminKey}`)
          .send({ email: `b-${randomBytes(4).toString('hex')}@example.test`, role: 'readonly' })
          .expect(201);
        const personal = await createKey(t.app, org.orgId, { userId: user.body.id, scopes: ['admin'] });
        const createAgent = (): request.Test =>
          request(b.http)
            .post('/api/v1/agents')
            .set(...bearer(personal.key))
            .send({ name: 'Through B', data_source_ids: [] });
        expect403(await createAgent(), 'versioned', 'write', ['read']);
        await call(t, 'put', `/api/v1/users/${user.body.id}`, `Bearer ${org.adminKey}`).send({ role: 'configure' }).expect(200);
        expect((await createAgent()).status).toBe(201);
      } finally {
        await b.close();
      }
    });

    it.skipIf(!REDIS_URL)('should not trust its key cache while it cannot hear the other instances\u2019 revocations', async () => {
      const redis = new URL(REDIS_URL!);
      const proxy = await TcpFaultProxy.start({ host: redis.hostname, port: Number(redis.port || 6379) });
      const prefix = t.config.redis!.prefix;
      const b = await createTestApp({ ...sameDatabaseAs(t), redisPrefix: prefix, env: { REDIS_URL: proxy.urlFor(REDIS_URL!), REDIS_PREFIX: prefix } });
      try {
        await waitForSubscribers(`${prefix}:keys:invalidate`, 2);
        const key = await createKey(t.app, org.orgId, { scopes: ['read'] });
        expect((await read(key.key, 'versioned', b)).status).toBe(200);
        // B loses Redis (the database stays): the revocation through A cannot reach it.
        proxy.refuse();
        proxy.resetAll();
        await sleep(100);
        await call(t, 'delete', `/api/v1/api-keys/${key.id}`, `Bearer ${org.adminKey}`).expect(204);
        expect401(await read(key.key, 'versioned', b), 'versioned');
        const live = await createKey(t.app, org.orgId, { scopes: ['read'] });
        expect((await read(live.key, 'versioned', b)).status).toBe(200);
      } finally {
        await b.close();
        await proxy.close();
      }
    });
  });
});
