import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '#src/app.module.js';
import { AppError } from '#src/common/errors/app.error.js';
import { configureHttp } from '#src/common/http/configure-http.js';
import { newId } from '#src/common/ids/ids.js';
import { createLogger, NestPinoLogger } from '#src/common/logging/logger.js';
import { ProviderKeysService } from '#src/modules/provider-keys/provider-keys.service.js';
import { expectPaginationBounds, expectVersionedError, idOf, ISO_TIMESTAMP } from '#test/utils/api-expect.js';
import { bearer, createKey, createOrg, type TestOrg } from '#test/utils/factories.js';
import { createTestApp, testConfig, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';

const PATH = '/api/v1/provider-keys';
const FIELDS = ['base_url', 'created_at', 'id', 'last_four', 'name', 'provider'];
const K1 = randomBytes(32).toString('base64');
const K2 = randomBytes(32).toString('base64');

/** A key value shaped like a real one, unique per call. */
const secret = (prefix = 'sk-proj-'): string => `${prefix}${randomBytes(24).toString('base64url')}`;

/** Every form of a key that could leak: itself, its base64, base64url and hex encodings, and a long piece of it. */
function leakedForms(key: string): string[] {
  const bytes = Buffer.from(key);
  return [key, bytes.toString('base64'), bytes.toString('base64url'), bytes.toString('hex'), key.slice(4, 20)];
}

function expectNoLeak(haystack: string, key: string): void {
  for (const form of leakedForms(key)) {
    expect(haystack.includes(form), `found ${form.slice(0, 6)}… of the key`).toBe(false);
  }
}

describe('provider keys', () => {
  let t: TestApp;
  let org: TestOrg;
  let other: TestOrg;
  let databaseUrl: string | undefined;
  let dropDatabase: () => Promise<void>;
  const extraApps: TestApp[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase();
    databaseUrl = database.url;
    dropDatabase = database.drop;
    t = await createTestApp({ databaseUrl, env: { SECRET_ENCRYPTION_KEYS: `k1:${K1}` } });
    org = await createOrg(t.app);
    other = await createOrg(t.app);
  });

  afterAll(async () => {
    for (const app of extraApps) {
      await app.close();
    }
    await t?.close();
    await dropDatabase?.();
  });

  /** Another instance of the service on the same database, with other encryption keys. */
  async function instanceWithKeys(keys: string): Promise<TestApp> {
    const app = await createTestApp({ databaseUrl, dataSource: t.app.get(DataSource), env: { SECRET_ENCRYPTION_KEYS: keys } });
    extraApps.push(app);
    return app;
  }

  const post = (body: Record<string, unknown>, key = org.adminKey): request.Test =>
    request(t.http)
      .post(PATH)
      .set(...bearer(key))
      .send(body);

  async function create(body: Record<string, unknown>, key = org.adminKey): Promise<Record<string, unknown> & { id: string }> {
    const response = await post(body, key);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  }

  const row = async (id: string): Promise<Record<string, unknown>> => {
    const [found] = await t.app.get(DataSource).query<Array<Record<string, unknown>>>('SELECT * FROM provider_key WHERE id = $1', [id]);
    return found;
  };

  it('should store a key and answer 201 with its last four characters, never the key', async () => {
    const key = secret();
    const response = await post({ provider: 'openai', api_key: key, name: 'Production OpenAI' }).expect(201);

    expect(Object.keys(response.body).sort()).toEqual(FIELDS);
    expect(response.body).toMatchObject({ provider: 'openai', name: 'Production OpenAI', base_url: null, last_four: key.slice(-4) });
    expect(response.body.id).toMatch(idOf('pk'));
    expect(response.body.created_at).toMatch(ISO_TIMESTAMP);
    expectNoLeak(JSON.stringify(response.body), key);

    const fetched = await request(t.http)
      .get(`${PATH}/${response.body.id}`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(fetched.body).toEqual(response.body);
    const listed = await request(t.http)
      .get(PATH)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(listed.body.provider_keys).toContainEqual(response.body);
    expectNoLeak(JSON.stringify(listed.body), key);
  });

  it('should keep the key encrypted at rest, bound to its organization', async () => {
    const key = secret();
    const { id } = await create({ provider: 'anthropic', api_key: key });
    const stored = await row(id);

    expect(stored.org_id).toBe(org.orgId);
    expect(stored.encryption_key_id).toBe('k1');
    expect(stored.ciphertext).toMatch(/^v1\./);
    expect(stored.last_four).toBe(key.slice(-4));
    expectNoLeak(JSON.stringify(stored), key);
  });

  it('should give the query path the key back, decrypted (round trip)', async () => {
    const key = secret('sk-ant-');
    const { id } = await create({ provider: 'custom', api_key: key, base_url: 'https://8.8.8.8/v1/' });
    await expect(t.app.get(ProviderKeysService).credentialsFor(org.orgId, id)).resolves.toEqual({
      provider: 'custom',
      apiKey: key,
      baseUrl: 'https://8.8.8.8/v1',
    });
    expect(await t.app.get(ProviderKeysService).exists(org.orgId, id)).toBe(true);
    expect(await t.app.get(ProviderKeysService).exists(other.orgId, id)).toBe(false);
  });

  it("should not open a key copied into another organization's row (the organization is authenticated data)", async () => {
    const { id } = await create({ provider: 'openai', api_key: secret() });
    const stored = await row(id);
    const copy = newId('providerKey');
    await t.app
      .get(DataSource)
      .query('INSERT INTO provider_key (id, org_id, provider, ciphertext, encryption_key_id, last_four) VALUES ($1, $2, $3, $4, $5, $6)', [
        copy,
        other.orgId,
        'openai',
        stored.ciphertext,
        stored.encryption_key_id,
        stored.last_four,
      ]);
    const error = await t.app
      .get(ProviderKeysService)
      .credentialsFor(other.orgId, copy)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(500);
    expect((error as AppError).message).toBe(`Provider key ${copy} cannot be decrypted with the configured encryption keys`);
    await t.app.get(DataSource).query('DELETE FROM provider_key WHERE id = $1', [copy]);
  });

  it('should answer 409 to the query path for a key the organization does not have', async () => {
    const { id } = await create({ provider: 'openai', api_key: secret() });
    const error = await t.app
      .get(ProviderKeysService)
      .credentialsFor(other.orgId, id)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(409);
  });

  it('should refuse (409) a query whose custom base_url now points at a private address, before recording it', async () => {
    const { id } = await create({ provider: 'custom', api_key: secret(), base_url: 'https://8.8.8.8/v1' });
    const agent = await request(t.http)
      .post('/api/v1/agents')
      .set(...bearer(org.adminKey))
      .send({ name: 'Moved endpoint', data_source_ids: [], model: 'custom:house-model', provider_key_id: id })
      .expect(201);
    await t.app.get(DataSource).query(`UPDATE provider_key SET base_url = 'https://127.0.0.1:9/v1' WHERE id = $1`, [id]);
    const refused = await request(t.http)
      .post('/api/v1/query')
      .set(...bearer(org.adminKey))
      .send({ agent_id: agent.body.id, query: 'Is anyone there?' });
    expectVersionedError(refused, 409, 'conflict');
    expect(refused.body.error.message).toMatch(/base_url cannot be used/);
    const [{ count }] = await t.app.get(DataSource).query<Array<{ count: string }>>(`SELECT count(*) FROM interaction WHERE agent_id = $1`, [agent.body.id]);
    expect(Number(count)).toBe(0);
  });

  describe('validation', () => {
    it.each([
      ['an unknown provider', { provider: 'mistral', api_key: secret() }, 'provider'],
      ['no provider', { api_key: secret() }, 'provider'],
      ['no api_key', { provider: 'openai' }, 'api_key'],
      ['a short api_key', { provider: 'openai', api_key: 'sk-short' }, 'api_key'],
      ['an api_key with spaces', { provider: 'openai', api_key: 'sk-proj has spaces in it' }, 'api_key'],
      ['an api_key that is not a string', { provider: 'openai', api_key: 1234567890123 }, 'api_key'],
      ['a custom provider without base_url', { provider: 'custom', api_key: secret() }, 'base_url'],
      ['a custom provider with a null base_url', { provider: 'custom', api_key: secret(), base_url: null }, 'base_url'],
      ['a base_url over http', { provider: 'custom', api_key: secret(), base_url: 'http://8.8.8.8/v1' }, 'base_url'],
      ['a base_url that is not a URL', { provider: 'custom', api_key: secret(), base_url: 'not a url' }, 'base_url'],
      ['a base_url with credentials', { provider: 'custom', api_key: secret(), base_url: 'https://user:pass@8.8.8.8/v1' }, 'base_url'],
      ['a base_url at a loopback address', { provider: 'custom', api_key: secret(), base_url: 'https://127.0.0.1:8443/v1' }, 'base_url'],
      ['a base_url at localhost', { provider: 'custom', api_key: secret(), base_url: 'https://localhost/v1' }, 'base_url'],
      ['a base_url at a private address', { provider: 'openai', api_key: secret(), base_url: 'https://10.1.2.3/v1' }, 'base_url'],
      ['a base_url at the metadata address', { provider: 'anthropic', api_key: secret(), base_url: 'https://169.254.169.254/' }, 'base_url'],
      ['a base_url at an IPv6 loopback', { provider: 'custom', api_key: secret(), base_url: 'https://[::1]/v1' }, 'base_url'],
      ['a base_url with a query string', { provider: 'custom', api_key: secret(), base_url: 'https://8.8.8.8/v1?x=1' }, 'base_url'],
      ['a name too long', { provider: 'openai', api_key: secret(), name: 'n'.repeat(201) }, 'name'],
      ['an unknown field', { provider: 'openai', api_key: secret(), model: 'gpt-4o' }, 'model'],
    ])('should answer 400 to %s, naming the field', async (_case, body, field) => {
      const before = await request(t.http)
        .get(PATH)
        .set(...bearer(org.adminKey));
      expectVersionedError(await post(body), 400, 'invalid_request', [field]);
      const after = await request(t.http)
        .get(PATH)
        .set(...bearer(org.adminKey));
      expect(after.body.total).toBe(before.body.total);
    });

    it('should accept a base_url for openai and anthropic too, without its trailing slash', async () => {
      const created = await create({ provider: 'openai', api_key: secret(), base_url: 'https://8.8.4.4/openai/v1//' });
      expect(created.base_url).toBe('https://8.8.4.4/openai/v1');
    });

    it('should answer 400 to an id of the wrong shape', async () => {
      expectVersionedError(
        await request(t.http)
          .get(`${PATH}/key_01JD8X0Q5W3V7N2K4M6P8R9T1A`)
          .set(...bearer(org.adminKey)),
        400,
        'invalid_request',
        ['id'],
      );
    });
  });

  describe('access', () => {
    it("should answer 404 to another organization's key, and leave it out of that organization's list", async () => {
      const { id } = await create({ provider: 'openai', api_key: secret() });
      const agent = request(t.http);
      for (const call of [agent.get(`${PATH}/${id}`), agent.delete(`${PATH}/${id}`)]) {
        expectVersionedError(await call.set(...bearer(other.adminKey)), 404, 'not_found');
      }
      const list = await request(t.http)
        .get(PATH)
        .set(...bearer(other.adminKey))
        .expect(200);
      expect(list.body.provider_keys.map((key: { id: string }) => key.id)).not.toContain(id);
      expect((await row(id)).id).toBe(id);
    });

    it('should require the admin scope', async () => {
      for (const scopes of [['read'], ['write'], ['execute'], ['read', 'write', 'execute']]) {
        const { key } = await createKey(t.app, org.orgId, { scopes });
        expectVersionedError(
          await request(t.http)
            .get(PATH)
            .set(...bearer(key)),
          403,
          'forbidden',
        );
        expectVersionedError(await post({ provider: 'openai', api_key: secret() }, key), 403, 'forbidden');
      }
      await request(t.http).get(PATH).expect(401);
    });
  });

  it('should list with pagination: provider_keys, total, limit, offset, newest first', async () => {
    const fresh = await createOrg(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await create({ provider: 'openai', api_key: secret(), name: `key ${i}` }, fresh.adminKey)).id);
    }
    const list = await request(t.http)
      .get(PATH)
      .set(...bearer(fresh.adminKey))
      .expect(200);
    expect(Object.keys(list.body).sort()).toEqual(['limit', 'offset', 'provider_keys', 'total']);
    expect(list.body.provider_keys.map((key: { id: string }) => key.id)).toEqual([...ids].reverse());
    await expectPaginationBounds({ http: t.http, path: PATH, key: fresh.adminKey, field: 'provider_keys', total: 3 });
  });

  describe('delete', () => {
    it('should delete a key (204), which is then gone', async () => {
      const { id } = await create({ provider: 'openai', api_key: secret() });
      await request(t.http)
        .delete(`${PATH}/${id}`)
        .set(...bearer(org.adminKey))
        .expect(204);
      expect(await row(id)).toBeUndefined();
      expectVersionedError(
        await request(t.http)
          .get(`${PATH}/${id}`)
          .set(...bearer(org.adminKey)),
        404,
        'not_found',
      );
      expectVersionedError(
        await request(t.http)
          .delete(`${PATH}/${id}`)
          .set(...bearer(org.adminKey)),
        404,
        'not_found',
      );
    });

    it('should refuse (409) to delete a key that agents use, naming them', async () => {
      const { id } = await create({ provider: 'openai', api_key: secret() });
      const agent = await request(t.http)
        .post('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .send({ name: 'Uses a provider key', data_source_ids: [], model: 'gpt-4o' })
        .expect(201);
      // The agents API takes provider_key_id in a later change; until then the column is set directly.
      await t.app.get(DataSource).query('UPDATE agent SET provider_key_id = $1 WHERE id = $2', [id, agent.body.id]);

      const refused = await request(t.http)
        .delete(`${PATH}/${id}`)
        .set(...bearer(org.adminKey));
      expectVersionedError(refused, 409, 'conflict');
      expect(refused.body.error.details).toEqual({ agent_ids: [agent.body.id] });
      expect((await row(id)).id).toBe(id);

      await t.app.get(DataSource).query('UPDATE agent SET provider_key_id = NULL WHERE id = $1', [agent.body.id]);
      await request(t.http)
        .delete(`${PATH}/${id}`)
        .set(...bearer(org.adminKey))
        .expect(204);
    });
  });

  it('should rotate the encryption key: old keys still open, re-encryption moves every key to the new one', async () => {
    const oldKey = secret();
    const { id: oldId } = await create({ provider: 'openai', api_key: oldKey });
    expect((await row(oldId)).encryption_key_id).toBe('k1');

    // A new key first, the old one still configured: both kinds of rows open; new rows use the new key.
    const rotated = await instanceWithKeys(`k2:${K2},k1:${K1}`);
    const rotatedKeys = rotated.app.get(ProviderKeysService);
    expect((await rotatedKeys.credentialsFor(org.orgId, oldId)).apiKey).toBe(oldKey);
    const newKey = secret();
    const created = await request(rotated.http)
      .post(PATH)
      .set(...bearer(org.adminKey))
      .send({ provider: 'openai', api_key: newKey })
      .expect(201);
    expect((await row(created.body.id)).encryption_key_id).toBe('k2');

    // A row sealed by a key nobody has any more is reported and left alone; the others are still done.
    const lost = newId('providerKey');
    await t.app
      .get(DataSource)
      .query("INSERT INTO provider_key (id, org_id, provider, ciphertext, encryption_key_id, last_four) VALUES ($1, $2, 'openai', $3, 'k0', 'abcd')", [
        lost,
        org.orgId,
        `v1.${randomBytes(12).toString('base64url')}.${randomBytes(20).toString('base64url')}.${randomBytes(16).toString('base64url')}`,
      ]);

    const result = await rotatedKeys.reencryptAll();
    const [{ total }] = await t.app.get(DataSource).query<Array<{ total: string | number }>>('SELECT count(*) AS total FROM provider_key');
    expect(result).toEqual({ total: Number(total), reencrypted: Number(total) - 2, failed: [lost], key_id: 'k2' });
    const stale = await t.app.get(DataSource).query<Array<{ id: string }>>("SELECT id FROM provider_key WHERE encryption_key_id <> 'k2'");
    expect(stale).toEqual([{ id: lost }]);
    expectNoLeak(JSON.stringify(await row(oldId)), oldKey);
    await t.app.get(DataSource).query('DELETE FROM provider_key WHERE id = $1', [lost]);
    expect(await rotatedKeys.reencryptAll()).toEqual({ total: Number(total) - 1, reencrypted: 0, failed: [], key_id: 'k2' });

    // The old key can now be dropped from the setting…
    const onlyNew = (await instanceWithKeys(`k2:${K2}`)).app.get(ProviderKeysService);
    expect((await onlyNew.credentialsFor(org.orgId, oldId)).apiKey).toBe(oldKey);
    expect((await onlyNew.credentialsFor(org.orgId, created.body.id)).apiKey).toBe(newKey);
    // …and an instance with only the old key can no longer open anything.
    const onlyOld = (await instanceWithKeys(`k1:${K1}`)).app.get(ProviderKeysService);
    await expect(onlyOld.credentialsFor(org.orgId, oldId)).rejects.toMatchObject({ status: 500 });
  });

  it('should never write the key to the logs, whatever happens to the request', async () => {
    const lines: string[] = [];
    const config = testConfig({ databaseUrl, env: { LOG_LEVEL: 'trace', SECRET_ENCRYPTION_KEYS: `k1:${K1}` } });
    const logger = createLogger(
      config,
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          lines.push(chunk.toString('utf8'));
          callback();
        },
      }),
    );
    const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config, { role: 'api', dataSource: t.app.get(DataSource) })] }).compile();
    const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: new NestPinoLogger(logger) });
    configureHttp(app, config, logger);
    await app.init();
    try {
      const http = app.getHttpServer();
      const key = secret();
      const created = await request(http)
        .post(PATH)
        .set(...bearer(org.adminKey))
        .send({ provider: 'custom', api_key: key, base_url: 'https://8.8.8.8/v1', name: 'Logged?' })
        .expect(201);
      // A refused request carrying the key, a read, the decryption, and a delete.
      await request(http)
        .post(PATH)
        .set(...bearer(org.adminKey))
        .send({ provider: 'custom', api_key: key, base_url: 'https://127.0.0.1/v1' })
        .expect(400);
      await request(http)
        .post(PATH)
        .set(...bearer(org.adminKey))
        .set('Content-Type', 'application/json')
        .send(`{"provider": "openai", "api_key": "${key}",}`)
        .expect(400);
      await request(http)
        .get(`${PATH}/${created.body.id}`)
        .set(...bearer(org.adminKey))
        .expect(200);
      expect((await app.get(ProviderKeysService).credentialsFor(org.orgId, created.body.id)).apiKey).toBe(key);
      await request(http)
        .delete(`${PATH}/${created.body.id}`)
        .set(...bearer(org.adminKey))
        .expect(204);

      const log = lines.join('');
      expect(log).toContain('request completed');
      expect(log).toContain(created.body.id);
      expectNoLeak(log, key);
    } finally {
      await app.close();
    }
  });

  it('should answer 503 naming the setting in production without SECRET_ENCRYPTION_KEYS, yet start', async () => {
    const production = await createTestApp({ databaseUrl, dataSource: t.app.get(DataSource), env: { NODE_ENV: 'production' } });
    extraApps.push(production);
    const response = await request(production.http)
      .post(PATH)
      .set('X-Forwarded-Proto', 'https')
      .set(...bearer(org.adminKey))
      .send({ provider: 'openai', api_key: secret() });
    expectVersionedError(response, 503, 'service_unavailable');
    expect(response.body.error.message).toContain('SECRET_ENCRYPTION_KEYS');
    const { id } = await create({ provider: 'openai', api_key: secret() });
    await expect(production.app.get(ProviderKeysService).credentialsFor(org.orgId, id)).rejects.toMatchObject({ status: 503 });
  });

  it('should document the endpoints in the OpenAPI document, with the key write-only', async () => {
    const document = (await request(t.http).get('/openapi.json').expect(200)).body;
    expect(Object.keys(document.paths[PATH]).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths[`${PATH}/{id}`]).sort()).toEqual(['delete', 'get']);
    expect(Object.keys(document.paths[PATH].post.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403']));
    expect(Object.keys(document.paths[`${PATH}/{id}`].delete.responses)).toEqual(expect.arrayContaining(['204', '404', '409']));
    expect(document.components.schemas.CreateProviderKeyDto.properties.api_key.writeOnly).toBe(true);
    expect(document.components.schemas.ProviderKeyResponseDto.properties).not.toHaveProperty('api_key');
  });
});
