import request from 'supertest';
import { DataSource } from 'typeorm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectVersionedError } from '#test/utils/api-expect.js';
import { bearer, createKey, createOrg, type TestOrg } from '#test/utils/factories.js';
import { useTestApp } from '#test/utils/test-app.js';

const CLIENT_FIELDS = ['client_id', 'created_at', 'id', 'name', 'redirect_uris', 'scopes', 'type'];

describe('OAuth clients', () => {
  const t = useTestApp();
  let org: TestOrg;

  beforeAll(async () => {
    org = await createOrg(t.app);
  });

  const post = (body: unknown, key = org.adminKey) =>
    request(t.http)
      .post('/api/v1/oauth-clients')
      .set(...bearer(key))
      .send(body as object);

  it('should register a confidential client, show its secret once and keep only a hash of it', async () => {
    const response = await post({
      name: 'Acme portal',
      redirect_uris: ['https://portal.acme.test/oauth/callback'],
      scopes: ['read', 'execute', 'offline_access'],
    });
    expect(response.status, response.text).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual([...CLIENT_FIELDS, 'client_secret'].sort());
    expect(response.body).toMatchObject({
      id: expect.stringMatching(/^oac_[0-9A-HJKMNP-TV-Z]{26}$/),
      type: 'confidential',
      redirect_uris: ['https://portal.acme.test/oauth/callback'],
      scopes: ['read', 'execute', 'offline_access'],
      client_secret: expect.stringMatching(/^svccs_[A-Za-z0-9_-]{43}$/),
    });
    expect(response.body.client_id).toBe(response.body.id);

    const fetched = await request(t.http)
      .get(`/api/v1/oauth-clients/${response.body.id}`)
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(Object.keys(fetched.body).sort()).toEqual(CLIENT_FIELDS.sort());
    const [row] = await t.app.get(DataSource).query('SELECT secret_hash FROM oauth_client WHERE id = $1', [response.body.id]);
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(response.body.client_secret);
  });

  it('should register a public client without a secret, for loopback redirects', async () => {
    const response = await post({
      name: 'Acme CLI',
      type: 'public',
      redirect_uris: ['http://127.0.0.1:53682/callback', 'http://[::1]:53682/callback'],
      scopes: ['read'],
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body.type).toBe('public');
    expect(response.body.client_secret).toBeUndefined();
  });

  it.each([
    ['no name', { redirect_uris: ['https://a.test/cb'], scopes: ['read'] }, 'name'],
    ['an http redirect off loopback', { name: 'x', redirect_uris: ['http://a.test/cb'], scopes: ['read'] }, 'redirect_uris'],
    ['a redirect with a fragment', { name: 'x', redirect_uris: ['https://a.test/cb#x'], scopes: ['read'] }, 'redirect_uris'],
    ['a relative redirect', { name: 'x', redirect_uris: ['/cb'], scopes: ['read'] }, 'redirect_uris'],
    ['no redirect', { name: 'x', redirect_uris: [], scopes: ['read'] }, 'redirect_uris'],
    ['an unknown scope', { name: 'x', redirect_uris: ['https://a.test/cb'], scopes: ['chat'] }, 'scopes'],
    ['no scope', { name: 'x', redirect_uris: ['https://a.test/cb'], scopes: [] }, 'scopes'],
    ['an unknown type', { name: 'x', redirect_uris: ['https://a.test/cb'], scopes: ['read'], type: 'implicit' }, 'type'],
    ['an unknown field', { name: 'x', redirect_uris: ['https://a.test/cb'], scopes: ['read'], grant_types: ['client_credentials'] }, 'grant_types'],
  ])('should refuse %s with 400 naming the field, and register nothing', async (_name, body, field) => {
    const before = (
      await request(t.http)
        .get('/api/v1/oauth-clients')
        .set(...bearer(org.adminKey))
    ).body.total as number;
    const response = await post(body);
    expectVersionedError(response, 400, 'invalid_request');
    expect(JSON.stringify(response.body.error)).toContain(field);
    expect(
      (
        await request(t.http)
          .get('/api/v1/oauth-clients')
          .set(...bearer(org.adminKey))
      ).body.total,
    ).toBe(before);
  });

  it('should list newest first with paging, never with secrets', async () => {
    const listed = await request(t.http)
      .get('/api/v1/oauth-clients?limit=1')
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(listed.body).toMatchObject({ total: expect.any(Number), limit: 1, offset: 0 });
    expect(listed.body.clients).toHaveLength(1);
    expect(listed.body.clients[0].name).toBe('Acme CLI');
    expect(JSON.stringify(listed.body)).not.toContain('svccs_');
    await request(t.http)
      .get('/api/v1/oauth-clients?limit=0')
      .set(...bearer(org.adminKey))
      .expect(400);
  });

  it('should delete a client, audit its creation and deletion, and answer 404 after', async () => {
    const { body } = await post({ name: 'Short-lived', redirect_uris: ['https://a.test/cb'], scopes: ['read'] });
    await request(t.http)
      .delete(`/api/v1/oauth-clients/${body.id}`)
      .set(...bearer(org.adminKey))
      .expect(204);
    await request(t.http)
      .get(`/api/v1/oauth-clients/${body.id}`)
      .set(...bearer(org.adminKey))
      .expect(404);
    await request(t.http)
      .delete(`/api/v1/oauth-clients/${body.id}`)
      .set(...bearer(org.adminKey))
      .expect(404);
    const audit = await request(t.http)
      .get('/api/v1/audit-log')
      .set(...bearer(org.adminKey))
      .expect(200);
    const actions = audit.body.entries
      .filter((entry: { target: { id: string } | null }) => entry.target?.id === body.id)
      .map((entry: { action: string }) => entry.action);
    expect(actions.sort()).toEqual(['oauth_client.created', 'oauth_client.deleted']);
    expect(JSON.stringify(audit.body)).not.toContain(body.client_secret);
  });

  it('should hide another organization\u2019s clients behind 404, and answer 400 for a malformed id', async () => {
    const { body } = await post({ name: 'Mine', redirect_uris: ['https://a.test/cb'], scopes: ['read'] });
    const other = await createOrg(t.app);
    await request(t.http)
      .get(`/api/v1/oauth-clients/${body.id}`)
      .set(...bearer(other.adminKey))
      .expect(404);
    await request(t.http)
      .delete(`/api/v1/oauth-clients/${body.id}`)
      .set(...bearer(other.adminKey))
      .expect(404);
    expect(
      (
        await request(t.http)
          .get('/api/v1/oauth-clients')
          .set(...bearer(other.adminKey))
      ).body.total,
    ).toBe(0);
    await request(t.http)
      .get(`/api/v1/oauth-clients/${body.id}`)
      .set(...bearer(org.adminKey))
      .expect(200);
    await request(t.http)
      .get('/api/v1/oauth-clients/oac_nope')
      .set(...bearer(org.adminKey))
      .expect(400);
  });

  it('should be for admins only', async () => {
    const { key } = await createKey(t.app, org.orgId, { scopes: ['read', 'write', 'execute'] });
    expectVersionedError(await post({ name: 'x', redirect_uris: ['https://a.test/cb'], scopes: ['read'] }, key), 403, 'forbidden');
    expectVersionedError(
      await request(t.http)
        .get('/api/v1/oauth-clients')
        .set(...bearer(key)),
      403,
      'forbidden',
    );
  });
});
