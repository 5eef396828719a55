import request from 'supertest';
import { DataSource } from 'typeorm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/common/ids/ids.js';
import { ApiKeyEntity } from '#src/modules/keys/api-key.entity.js';
import { hashKey } from '#src/modules/keys/api-key.format.js';
import { expectLegacyError, expectPaginationBounds, expectVersionedError, idOf, ISO_TIMESTAMP } from '#test/utils/api-expect.js';
import { bearer, createKey, createOrg, type TestOrg } from '#test/utils/factories.js';
import { useTestApp } from '#test/utils/test-app.js';
import { acceptInvitation, type WebSession } from '#test/utils/web-sessions.js';

const V1 = '/api/v1/api-keys';
const LEGACY = '/api/api-keys';
const RANDOM = '[A-Za-z0-9]{40}';
const VERSIONED_FIELDS = ['created_at', 'environment', 'expires_at', 'id', 'last_used_at', 'name', 'prefix', 'revoked_at', 'scopes', 'status', 'user_id'];
const LEGACY_FIELDS = ['createdAt', 'environment', 'expiresAt', 'id', 'lastUsedAt', 'name', 'prefix', 'revokedAt', 'scopes', 'status', 'userId'];
/** What SPEC-DECISIONS ("Keys") names for a creation (and a rotation) response, in each path form's casing. */
const CREATED_FIELDS = ['created_at', 'environment', 'expires_at', 'id', 'key', 'name', 'prefix', 'scopes'];
const LEGACY_CREATED_FIELDS = ['createdAt', 'environment', 'expiresAt', 'id', 'key', 'name', 'prefix', 'scopes'];

/** A creation response; the other fields depend on the path form. */
interface CreatedKey {
  id: string;
  key: string;
  prefix: string;
  [field: string]: unknown;
}

describe('api keys', () => {
  const t = useTestApp();
  let org: TestOrg;
  let other: TestOrg;

  beforeAll(async () => {
    org = await createOrg(t.app);
    other = await createOrg(t.app);
  });

  const create = async (path: string, body: Record<string, unknown>, key = org.adminKey): Promise<CreatedKey> => {
    const response = await request(t.http)
      .post(path)
      .set(...bearer(key))
      .send(body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };

  const keyCount = async (orgId: string): Promise<number> => t.app.get(DataSource).getRepository(ApiKeyEntity).count({ where: { orgId } });

  const agentsWith = (key: string, path = '/api/v1/agents'): request.Test =>
    request(t.http)
      .get(path)
      .set(...bearer(key));

  it('should create a live key on /api/v1/api-keys, in snake_case, with the value shown once', async () => {
    const response = await request(t.http)
      .post(V1)
      .set(...bearer(org.adminKey))
      .send({ name: '  Production backend ', scopes: ['read', 'execute'] })
      .expect(201);
    expect(Object.keys(response.body).sort()).toEqual(CREATED_FIELDS);
    expect(response.body).toMatchObject({
      name: 'Production backend',
      scopes: ['read', 'execute'],
      environment: 'live',
      expires_at: null,
    });
    expect(response.body.id).toMatch(idOf('key'));
    expect(response.body.key).toMatch(new RegExp(`^svcsk_live_${RANDOM}$`));
    expect(response.body.prefix).toMatch(/^svcsk_live_[A-Za-z0-9]{6}$/);
    expect(response.body.key.startsWith(response.body.prefix)).toBe(true);
    expect(response.body.created_at).toMatch(ISO_TIMESTAMP);
    expect(response.headers.deprecation).toBeUndefined();
  });

  it('should create a test key when environment is test, and read-only keys by default', async () => {
    const testKey = await create(V1, { name: 'Staging', environment: 'test' });
    expect(testKey).toMatchObject({ environment: 'test', scopes: ['read'] });
    expect(testKey.key).toMatch(new RegExp(`^svcsk_test_${RANDOM}$`));
    expect(testKey.prefix).toMatch(/^svcsk_test_[A-Za-z0-9]{6}$/);

    const liveKey = await create(V1, { name: 'Live', environment: 'live', scopes: ['write'] });
    expect(liveKey.key).toMatch(new RegExp(`^svcsk_live_${RANDOM}$`));

    // Outside production, a test key is accepted.
    await agentsWith(testKey.key).expect(200);
  });

  it('should create a legacy sk_live_ key on /api/api-keys, in camelCase, with its expiry', async () => {
    const response = await request(t.http)
      .post(LEGACY)
      .set(...bearer(org.adminKey))
      .send({ name: 'Old integration', scopes: ['agents:read', 'chat'], expiresAt: '2099-12-31T23:59:59+02:00' })
      .expect(201);
    expect(Object.keys(response.body).sort()).toEqual(LEGACY_CREATED_FIELDS);
    expect(response.body).toMatchObject({
      name: 'Old integration',
      scopes: ['agents:read', 'chat'],
      environment: 'live',
      expiresAt: '2099-12-31T21:59:59.000Z',
    });
    expect(response.body.id).toMatch(idOf('key'));
    expect(response.body.key).toMatch(new RegExp(`^sk_live_${RANDOM}$`));
    expect(response.body.prefix).toMatch(/^sk_live_[A-Za-z0-9]{6}$/);
    expect(response.body.key.startsWith(response.body.prefix)).toBe(true);
    expect(response.body.createdAt).toMatch(ISO_TIMESTAMP);
    expect(response.headers.deprecation).toBe('true');
    expect(response.headers.link).toBe('</api/v1/api-keys>; rel="successor-version"');
    // No versioned path reads one key: a legacy request for one names no successor.
    const one = await request(t.http)
      .get(`/api/api-keys/${response.body.id}`)
      .set(...bearer(org.adminKey));
    expect(one.headers.deprecation).toBe('true');
    expect(one.headers.link).toBeUndefined();

    const dateOnly = await create(LEGACY, { name: 'Date only', expiresAt: '2099-06-30' });
    expect(dateOnly).toMatchObject({ expiresAt: '2099-06-30T00:00:00.000Z', scopes: ['read'] });
    const noExpiry = await create(LEGACY, { name: 'Forever' });
    expect(noExpiry.expiresAt).toBeNull();
  });

  it('should make keys that work at once, on either path form, within their scopes', async () => {
    const reader = await create(V1, { name: 'Reader', scopes: ['read'] });
    await agentsWith(reader.key).expect(200);
    await agentsWith(reader.key, '/api/agents').expect(200);
    const refused = await request(t.http)
      .post('/api/v1/agents')
      .set(...bearer(reader.key))
      .send({ name: 'Nope', data_source_ids: [] });
    expectVersionedError(refused, 403, 'forbidden');
    expect(refused.body).toMatchObject({ required_scope: 'write', current_scopes: ['read'] });

    const legacy = await create(LEGACY, { name: 'Legacy reader', scopes: ['agents:read'], expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    await agentsWith(legacy.key, '/api/agents').expect(200);
    await agentsWith(legacy.key).expect(200);
    expectLegacyError(
      await request(t.http)
        .post('/api/api-keys')
        .set(...bearer(legacy.key))
        .send({ name: 'Escalate' }),
      403,
      'insufficient_scope',
    );

    const admin = await create(V1, { name: 'Admin', scopes: ['admin'] });
    await create(V1, { name: 'Made by a made key' }, admin.key);

    // Use is recorded.
    const list = await request(t.http)
      .get(`${V1}?limit=200`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(list.body.api_keys.find((key: { id: string }) => key.id === reader.id).last_used_at).toMatch(ISO_TIMESTAMP);
  });

  it('should answer 401 expired_api_key once a legacy key\u2019s expiry has passed', async () => {
    const expired = await createKey(t.app, org.orgId, { format: 'legacy', scopes: ['agents:read'], expiresAt: new Date(Date.now() - 1000) });
    expectLegacyError(await agentsWith(expired.key, '/api/agents'), 401, 'expired_api_key');
    expectVersionedError(await agentsWith(expired.key), 401, 'expired_api_key');
  });

  it('should list keys on both paths without their values or hashes', async () => {
    const fresh = await createOrg(t.app);
    const made = [
      await create(V1, { name: 'One', scopes: ['read'] }, fresh.adminKey),
      await create(V1, { name: 'Two', environment: 'test', scopes: ['execute'] }, fresh.adminKey),
      await create(LEGACY, { name: 'Three', scopes: ['data:read'], expiresAt: '2099-01-01' }, fresh.adminKey),
    ];
    const secrets = [fresh.adminKey, ...made.map((key) => key.key)];
    const hashes = secrets.map((secret) => hashKey(secret, t.config.keys.hashSecret));

    const versioned = await request(t.http)
      .get(V1)
      .set(...bearer(fresh.adminKey))
      .expect(200);
    expect(Object.keys(versioned.body).sort()).toEqual(['api_keys', 'limit', 'offset', 'total']);
    expect(versioned.body).toMatchObject({ total: 4, limit: 50, offset: 0 });
    for (const key of versioned.body.api_keys) {
      expect(Object.keys(key).sort()).toEqual(VERSIONED_FIELDS);
    }
    const listedIds = versioned.body.api_keys.map((key: { id: string }) => key.id);
    expect(listedIds).toHaveLength(4);
    expect(listedIds).toEqual(expect.arrayContaining(made.map((key) => key.id)));
    const listedTwo = versioned.body.api_keys.find((key: { id: string }) => key.id === made[1].id);
    const { key: _value, ...createdTwo } = made[1];
    expect(listedTwo).toEqual({ ...createdTwo, status: 'active', user_id: null, last_used_at: null, revoked_at: null });
    const listedThree = versioned.body.api_keys.find((key: { id: string }) => key.id === made[2].id);
    expect(listedThree).toMatchObject({ name: 'Three', expires_at: '2099-01-01T00:00:00.000Z', prefix: made[2].prefix });

    const legacy = await request(t.http)
      .get(LEGACY)
      .set(...bearer(fresh.adminKey))
      .expect(200);
    expect(Object.keys(legacy.body).sort()).toEqual(['apiKeys', 'limit', 'offset', 'total']);
    expect(legacy.body.total).toBe(4);
    for (const key of legacy.body.apiKeys) {
      expect(Object.keys(key).sort()).toEqual(LEGACY_FIELDS);
    }

    for (const body of [JSON.stringify(versioned.body), JSON.stringify(legacy.body)]) {
      for (const secret of [...secrets, ...hashes]) {
        expect(body).not.toContain(secret);
      }
      expect(body).not.toMatch(/svcsk_(live|test)_[A-Za-z0-9]{7,}|sk_live_[A-Za-z0-9]{7,}/);
    }
  });

  it('should refuse invalid keys on /api/v1/api-keys with 400 naming the field and create nothing', async () => {
    const before = await keyCount(org.orgId);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: null }, 'name'],
      [{ name: 5 }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'k', scopes: ['superuser'] }, 'scopes'],
      [{ name: 'k', scopes: ['READ'] }, 'scopes'],
      [{ name: 'k', scopes: ['read', 'read'] }, 'scopes'],
      [{ name: 'k', scopes: [] }, 'scopes'],
      [{ name: 'k', scopes: 'read' }, 'scopes'],
      [{ name: 'k', scopes: null }, 'scopes'],
      [{ name: 'k', scopes: [1] }, 'scopes'],
      [{ name: 'k', scopes: ['__proto__'] }, 'scopes'],
      [{ name: 'k', environment: 'prod' }, 'environment'],
      [{ name: 'k', environment: 'LIVE' }, 'environment'],
      [{ name: 'k', environment: null }, 'environment'],
      [{ name: 'k', expires_at: '2099-01-01' }, 'expires_at'],
      [{ name: 'k', expiresAt: '2099-01-01' }, 'expiresAt'],
      [{ name: 'k', key: 'svcsk_live_chosenbymeaaaaaaaaaaaaaaaaa' }, 'key'],
      [{ name: 'k', user_id: newId('user') }, 'user_id'],
    ];
    for (const [body, field] of cases) {
      const response = await request(t.http)
        .post(V1)
        .set(...bearer(org.adminKey))
        .send(body);
      expectVersionedError(response, 400, 'invalid_request', [field]);
    }
    expect(await keyCount(org.orgId)).toBe(before);
  });

  it('should refuse invalid keys on /api/api-keys with 400 in the legacy envelope and create nothing', async () => {
    const before = await keyCount(org.orgId);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ scopes: ['chat'] }, 'name'],
      [{ name: 'k', scopes: ['agents:admin'] }, 'scopes'],
      [{ name: 'k', scopes: [] }, 'scopes'],
      [{ name: 'k', expiresAt: new Date(Date.now() - 60_000).toISOString() }, 'expiresAt'],
      [{ name: 'k', expiresAt: '2001-01-01' }, 'expiresAt'],
      [{ name: 'k', expiresAt: 'tomorrow' }, 'expiresAt'],
      [{ name: 'k', expiresAt: '2099-02-30' }, 'expiresAt'],
      [{ name: 'k', expiresAt: '31/12/2099' }, 'expiresAt'],
      [{ name: 'k', expiresAt: 4102444800000 }, 'expiresAt'],
      [{ name: 'k', expiresAt: null }, 'expiresAt'],
      [{ name: 'k', expiresAt: '' }, 'expiresAt'],
      [{ name: 'k', environment: 'test' }, 'environment'],
      [{ name: 'k', expires_at: '2099-01-01' }, 'expires_at'],
    ];
    for (const [body, field] of cases) {
      const response = await request(t.http)
        .post(LEGACY)
        .set(...bearer(org.adminKey))
        .send(body);
      expectLegacyError(response, 400, 'invalid_request', [field]);
    }
    expect(await keyCount(org.orgId)).toBe(before);
  });

  it('should revoke a key with 204 at once, idempotently, on both paths', async () => {
    const victim = await create(V1, { name: 'Victim', scopes: ['read'] });
    await agentsWith(victim.key).expect(200); // now cached

    const revoked = await request(t.http)
      .delete(`${V1}/${victim.id}`)
      .set(...bearer(org.adminKey))
      .expect(204);
    expect(revoked.text).toBe('');
    expectVersionedError(await agentsWith(victim.key), 401, 'unauthorized');
    expectLegacyError(await agentsWith(victim.key, '/api/agents'), 401, 'invalid_api_key');

    await request(t.http)
      .delete(`${V1}/${victim.id}`)
      .set(...bearer(org.adminKey))
      .expect(204);
    await request(t.http)
      .delete(`${LEGACY}/${victim.id}`)
      .set(...bearer(org.adminKey))
      .expect(204);

    const list = await request(t.http)
      .get(`${V1}?limit=200`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(list.body.api_keys.find((key: { id: string }) => key.id === victim.id)).toMatchObject({
      status: 'revoked',
      revoked_at: expect.stringMatching(ISO_TIMESTAMP),
    });

    const legacyVictim = await create(LEGACY, { name: 'Legacy victim', scopes: ['agents:read'] });
    await agentsWith(legacyVictim.key, '/api/agents').expect(200);
    await request(t.http)
      .delete(`${LEGACY}/${legacyVictim.id}`)
      .set(...bearer(org.adminKey))
      .expect(204);
    expectLegacyError(await agentsWith(legacyVictim.key, '/api/agents'), 401, 'invalid_api_key');

    // A key can revoke itself; its next request is refused.
    const self = await create(V1, { name: 'Self', scopes: ['admin'] });
    await request(t.http)
      .delete(`${V1}/${self.id}`)
      .set(...bearer(self.key))
      .expect(204);
    expectVersionedError(
      await request(t.http)
        .get(V1)
        .set(...bearer(self.key)),
      401,
      'unauthorized',
    );
  });

  it('should answer 404 for an unknown key id and 400 for a malformed one', async () => {
    const unknown = newId('apiKey');
    expectVersionedError(
      await request(t.http)
        .delete(`${V1}/${unknown}`)
        .set(...bearer(org.adminKey)),
      404,
      'not_found',
    );
    expectVersionedError(
      await request(t.http)
        .post(`${V1}/${unknown}/rotate`)
        .set(...bearer(org.adminKey)),
      404,
      'not_found',
    );
    expectLegacyError(
      await request(t.http)
        .delete(`${LEGACY}/${unknown}`)
        .set(...bearer(org.adminKey)),
      404,
      'not_found',
    );
    for (const id of ['1', 'key_1', unknown.toLowerCase(), newId('user'), `${unknown}Z`]) {
      expectVersionedError(
        await request(t.http)
          .delete(`${V1}/${id}`)
          .set(...bearer(org.adminKey)),
        400,
        'invalid_request',
        ['id'],
      );
      expectVersionedError(
        await request(t.http)
          .post(`${V1}/${id}/rotate`)
          .set(...bearer(org.adminKey)),
        400,
        'invalid_request',
        ['id'],
      );
      expectLegacyError(
        await request(t.http)
          .delete(`${LEGACY}/${id}`)
          .set(...bearer(org.adminKey)),
        400,
        'invalid_request',
        ['id'],
      );
    }
  });

  it('should rotate a key: a new value with the same name, scopes and environment, the old one revoked at once', async () => {
    const original = await create(V1, { name: 'Rotating', scopes: ['read', 'execute'], environment: 'test' });
    await agentsWith(original.key).expect(200); // now cached

    const rotated = await request(t.http)
      .post(`${V1}/${original.id}/rotate`)
      .set(...bearer(org.adminKey))
      .expect(201);
    expect(Object.keys(rotated.body).sort()).toEqual(CREATED_FIELDS);
    expect(rotated.body).toMatchObject({ name: 'Rotating', scopes: ['read', 'execute'], environment: 'test', expires_at: null });
    expect(rotated.body.id).not.toBe(original.id);
    expect(rotated.body.key).toMatch(new RegExp(`^svcsk_test_${RANDOM}$`));
    expect(rotated.body.key).not.toBe(original.key);

    expectVersionedError(await agentsWith(original.key), 401, 'unauthorized');
    await agentsWith(rotated.body.key).expect(200);

    expectVersionedError(
      await request(t.http)
        .post(`${V1}/${original.id}/rotate`)
        .set(...bearer(org.adminKey)),
      409,
      'conflict',
    );

    const legacy = await create(LEGACY, { name: 'Legacy rotating', scopes: ['agents:read'], expiresAt: '2099-03-01T12:00:00Z' });
    const legacyRotated = await request(t.http)
      .post(`${LEGACY}/${legacy.id}/rotate`)
      .set(...bearer(org.adminKey))
      .expect(201);
    expect(Object.keys(legacyRotated.body).sort()).toEqual(LEGACY_CREATED_FIELDS);
    expect(legacyRotated.body).toMatchObject({ name: 'Legacy rotating', scopes: ['agents:read'], expiresAt: '2099-03-01T12:00:00.000Z' });
    expect(legacyRotated.body.key).toMatch(new RegExp(`^sk_live_${RANDOM}$`));
    expectLegacyError(await agentsWith(legacy.key, '/api/agents'), 401, 'invalid_api_key');
    await agentsWith(legacyRotated.body.key, '/api/agents').expect(200);
  });

  it('should hide another organization\u2019s keys: 404 on revoke and rotate, absent from lists', async () => {
    const mine = await create(V1, { name: 'Mine', scopes: ['read'] });
    for (const call of [
      request(t.http).delete(`${V1}/${mine.id}`),
      request(t.http).post(`${V1}/${mine.id}/rotate`),
      request(t.http).delete(`${LEGACY}/${mine.id}`),
      request(t.http).post(`${LEGACY}/${mine.id}/rotate`),
    ]) {
      const response = await call.set(...bearer(other.adminKey));
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
    for (const [path, field] of [
      [`${V1}?limit=200`, 'api_keys'],
      [`${LEGACY}?limit=200`, 'apiKeys'],
    ]) {
      const list = await request(t.http)
        .get(path)
        .set(...bearer(other.adminKey))
        .expect(200);
      expect(list.body[field].map((key: { id: string }) => key.id)).not.toContain(mine.id);
    }
    await agentsWith(mine.key).expect(200);

    // A key of one organization sees only its own organization's keys.
    const theirs = await create(V1, { name: 'Theirs' }, other.adminKey);
    const list = await request(t.http)
      .get(`${V1}?limit=200`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(list.body.api_keys.map((key: { id: string }) => key.id)).not.toContain(theirs.id);
  });

  it('should require the admin scope on both paths', async () => {
    const { key } = await createKey(t.app, org.orgId, { scopes: ['read', 'write', 'execute'] });
    const target = await create(V1, { name: 'Target' });
    for (const call of [
      request(t.http).post(V1).send({ name: 'x' }),
      request(t.http).get(V1),
      request(t.http).delete(`${V1}/${target.id}`),
      request(t.http).post(`${V1}/${target.id}/rotate`),
    ]) {
      const response = await call.set(...bearer(key));
      expectVersionedError(response, 403, 'forbidden');
      expect(response.body).toMatchObject({ required_scope: 'admin', current_scopes: ['read', 'write', 'execute'] });
    }
    for (const call of [request(t.http).post(LEGACY).send({ name: 'x' }), request(t.http).get(LEGACY)]) {
      const response = await call.set(...bearer(key));
      expectLegacyError(response, 403, 'insufficient_scope');
      expect(response.body.required_scope).toBe('admin');
    }
    await agentsWith(target.key).expect(200);
  });

  it('should keep to the pagination bounds on both key lists', async () => {
    const fresh = await createOrg(t.app);
    await create(V1, { name: 'A' }, fresh.adminKey);
    await create(LEGACY, { name: 'B' }, fresh.adminKey);
    await expectPaginationBounds({ http: t.http, path: V1, key: fresh.adminKey, field: 'api_keys', total: 3 });
    await expectPaginationBounds({ http: t.http, path: LEGACY, key: fresh.adminKey, field: 'apiKeys', total: 3, form: 'legacy' });
  });
  describe('personal keys', () => {
    /** A person of `org` with `role`, signed in. */
    async function person(role: string): Promise<{ id: string; session: WebSession }> {
      const created = await request(t.http)
        .post('/api/v1/users')
        .set(...bearer(org.adminKey))
        .send({ email: `${role}-${Math.random().toString(36).slice(2, 8)}@example.test`, role })
        .expect(201);
      return { id: created.body.id as string, session: await acceptInvitation(t.http, created.body.invitation.token as string) };
    }
    const asPerson = (session: WebSession, method: 'get' | 'post' | 'delete', path: string) =>
      request(t.http)[method](path).set('Cookie', session.cookie).set('X-CSRF-Token', session.csrf);
    const setRole = (userId: string, role: string) =>
      request(t.http)
        .put(`/api/v1/users/${userId}`)
        .set(...bearer(org.adminKey))
        .send({ role })
        .expect(200);

    it('should let any person make keys of their own, capped by their role as it changes, and gone with them', async () => {
      const { id, session } = await person('configure');
      const made = await asPerson(session, 'post', V1).send({ name: 'my script', scopes: ['admin'] });
      expect(made.status, made.text).toBe(201);
      const key = made.body.key as string;

      await request(t.http)
        .get('/api/v1/agents')
        .set(...bearer(key))
        .expect(200);
      await request(t.http)
        .post('/api/v1/agents')
        .set(...bearer(key))
        .send({ name: 'By my key', data_source_ids: [] })
        .expect(201);
      // The admin scope asked for gives no more than the person's role.
      expectVersionedError(
        await request(t.http)
          .get('/api/v1/users')
          .set(...bearer(key)),
        403,
        'forbidden',
      );

      // A person sees and acts on their own keys alone; the organization's admin key answers 404.
      const listed = await asPerson(session, 'get', V1).expect(200);
      expect(listed.body.api_keys.map((listedKey: { id: string }) => listedKey.id)).toEqual([made.body.id]);
      const adminKeyId = (
        await request(t.http)
          .get(V1)
          .set(...bearer(org.adminKey))
          .expect(200)
      ).body.api_keys.find((k: { name: string }) => k.name === 'Admin key').id;
      await asPerson(session, 'delete', `${V1}/${adminKeyId}`).expect(404);
      await asPerson(session, 'post', `${V1}/${adminKeyId}/rotate`).expect(404);

      await setRole(id, 'readonly');
      expectVersionedError(
        await request(t.http)
          .post('/api/v1/agents')
          .set(...bearer(key))
          .send({ name: 'Refused', data_source_ids: [] }),
        403,
        'forbidden',
      );
      await request(t.http)
        .get('/api/v1/agents')
        .set(...bearer(key))
        .expect(200);

      await request(t.http)
        .delete(`/api/v1/users/${id}`)
        .set(...bearer(org.adminKey))
        .expect(204);
      await request(t.http)
        .get('/api/v1/agents')
        .set(...bearer(key))
        .expect(401);
    });

    it('should let an admin revoke a person\u2019s key but not rotate it, which would hand them a credential acting as that person', async () => {
      const owner = await person('configure');
      const admin = await person('admin');
      const made = await asPerson(owner.session, 'post', V1)
        .send({ name: 'owner only', scopes: ['read'] })
        .expect(201);
      for (const refused of [
        await asPerson(admin.session, 'post', `${V1}/${made.body.id}/rotate`),
        await request(t.http)
          .post(`${V1}/${made.body.id}/rotate`)
          .set(...bearer(org.adminKey)),
      ]) {
        expectVersionedError(refused, 403, 'forbidden');
        expect(refused.body.error.message).toBe('Only its owner can rotate a personal key: revoke it instead');
      }
      await request(t.http)
        .get('/api/v1/agents')
        .set(...bearer(made.body.key))
        .expect(200);
      const rotated = await asPerson(owner.session, 'post', `${V1}/${made.body.id}/rotate`).expect(201);
      await asPerson(admin.session, 'delete', `${V1}/${rotated.body.id}`).expect(204);
      await request(t.http)
        .get('/api/v1/agents')
        .set(...bearer(rotated.body.key))
        .expect(401);
    });

    it('should make a key of an organization key the organization\u2019s, untouched by what happens to people', async () => {
      const { id, session } = await person('admin');
      const personal = await asPerson(session, 'post', V1)
        .send({ name: 'admin, personally', scopes: ['admin'] })
        .expect(201);
      const organization = await request(t.http)
        .post(V1)
        .set(...bearer(org.adminKey))
        .send({ name: 'integration', scopes: ['admin'] })
        .expect(201);
      // An admin person sees every key of the organization, and whose each one is.
      const listed = await asPerson(session, 'get', `${V1}?limit=200`).expect(200);
      expect(listed.body.api_keys).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: personal.body.id, user_id: id }),
          expect.objectContaining({ id: organization.body.id, user_id: null }),
        ]),
      );

      await setRole(id, 'readonly');
      expectVersionedError(
        await request(t.http)
          .get('/api/v1/users')
          .set(...bearer(personal.body.key)),
        403,
        'forbidden',
      );
      await request(t.http)
        .get('/api/v1/users')
        .set(...bearer(organization.body.key))
        .expect(200);
    });
  });
});
