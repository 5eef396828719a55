import request from 'supertest';
import { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { OrganizationsService } from '#src/modules/organizations/organizations.service.js';
import { bearer, createKey, createOrg, type TestOrg } from '#test/utils/factories.js';
import { useTestApp } from '#test/utils/test-app.js';
import { utcDate } from '#test/utils/utc-days.js';
import { acceptInvitation, TEST_PASSWORD, webSessionOf } from '#test/utils/web-sessions.js';

interface Entry {
  id: string;
  action: string;
  actor: { type: string; id: string | null };
  ip: string | null;
  user_agent: string | null;
  target: { type: string; id: string } | null;
  details: Record<string, unknown>;
  created_at: string;
}

const ADDRESS = '203.0.113.44';
const AGENT = 'AuditTest/1.0';

describe('the audit log', () => {
  const t = useTestApp();

  const as = (key: string) => ({
    get: (path: string) =>
      request(t.http)
        .get(path)
        .set(...bearer(key))
        .set('X-Forwarded-For', ADDRESS)
        .set('User-Agent', AGENT),
    post: (path: string) =>
      request(t.http)
        .post(path)
        .set(...bearer(key))
        .set('X-Forwarded-For', ADDRESS)
        .set('User-Agent', AGENT),
    put: (path: string) =>
      request(t.http)
        .put(path)
        .set(...bearer(key))
        .set('X-Forwarded-For', ADDRESS)
        .set('User-Agent', AGENT),
    delete: (path: string) =>
      request(t.http)
        .delete(path)
        .set(...bearer(key))
        .set('X-Forwarded-For', ADDRESS)
        .set('User-Agent', AGENT),
  });

  const entries = async (org: TestOrg, query = ''): Promise<Entry[]> => {
    const response = await request(t.http)
      .get(`/api/v1/audit-log${query}`)
      .set(...bearer(org.adminKey))
      .set('X-Forwarded-For', ADDRESS)
      .expect(200);
    return response.body.entries as Entry[];
  };

  /** The one entry of an action made by the test's requests (creating the organization is the operator's doing). */
  const only = async (org: TestOrg, action: string): Promise<Entry> => {
    const found = (await entries(org, `?action=${action}`)).filter((entry) => entry.actor.type !== 'system');
    expect(found, action).toHaveLength(1);
    return found[0];
  };

  it('should record an organization\u2019s first admin and admin key as made by the operator', async () => {
    const org = await createOrg(t.app);
    const bootstrap = await entries(org);
    expect(bootstrap.map((entry) => entry.action).sort()).toEqual(['api_key.created', 'user.created']);
    const adminKeyId = (await as(org.adminKey).get('/api/v1/api-keys').expect(200)).body.api_keys[0].id;
    expect(bootstrap.find((entry) => entry.action === 'user.created')).toMatchObject({
      actor: { type: 'system', id: null },
      ip: null,
      target: { type: 'user', id: org.adminUserId },
      details: { email: org.adminEmail, role: 'admin' },
    });
    expect(bootstrap.find((entry) => entry.action === 'api_key.created')).toMatchObject({
      actor: { type: 'system', id: null },
      target: { type: 'api_key', id: adminKeyId },
      details: { name: 'Admin key', scopes: ['admin'], user_id: null },
    });
    expect(JSON.stringify(bootstrap)).not.toContain(org.adminKey);
  });

  it('should record key changes with the caller, its address and user agent, and no key value', async () => {
    const org = await createOrg(t.app);
    const created = await as(org.adminKey)
      .post('/api/v1/api-keys')
      .send({ name: 'CI', scopes: ['read'] })
      .expect(201);
    const rotated = await as(org.adminKey).post(`/api/v1/api-keys/${created.body.id}/rotate`).expect(201);
    await as(org.adminKey).delete(`/api/v1/api-keys/${rotated.body.id}`).expect(204);

    const adminKeyId = (await as(org.adminKey).get('/api/v1/api-keys').expect(200)).body.api_keys.find((key: { name: string }) => key.name === 'Admin key').id;
    expect(await only(org, 'api_key.created')).toEqual({
      id: expect.stringMatching(/^aud_/),
      action: 'api_key.created',
      actor: { type: 'api_key', id: adminKeyId },
      ip: ADDRESS,
      user_agent: AGENT,
      target: { type: 'api_key', id: created.body.id },
      details: { name: 'CI', scopes: ['read'], user_id: null },
      created_at: expect.any(String),
    });
    expect(await only(org, 'api_key.rotated')).toMatchObject({ target: { type: 'api_key', id: created.body.id }, details: { replaced_by: rotated.body.id } });
    expect(await only(org, 'api_key.revoked')).toMatchObject({ target: { type: 'api_key', id: rotated.body.id } });

    const all = JSON.stringify(await entries(org));
    for (const secret of [created.body.key, rotated.body.key, org.adminKey]) {
      expect(all).not.toContain(secret);
    }
  });

  it('should record users created, invited, updated and deleted, with no invitation token', async () => {
    const org = await createOrg(t.app);
    const created = await as(org.adminKey).post('/api/v1/users').send({ email: 'audited@example.test', role: 'train' }).expect(201);
    const invited = await as(org.adminKey).post(`/api/v1/users/${created.body.id}/invitation`).expect(201);
    await as(org.adminKey).put(`/api/v1/users/${created.body.id}`).send({ role: 'configure' }).expect(200);
    await as(org.adminKey).put(`/api/v1/users/${created.body.id}`).send({ role: 'configure' }).expect(200);
    const personal = await createKey(t.app, org.orgId, { userId: created.body.id, scopes: ['read'] });
    await as(org.adminKey).delete(`/api/v1/users/${created.body.id}`).expect(204);

    const target = { type: 'user', id: created.body.id };
    expect(await only(org, 'user.created')).toMatchObject({ target, details: { email: 'audited@example.test', role: 'train' } });
    expect(await only(org, 'user.invited')).toMatchObject({ target, details: { expires_at: invited.body.invitation.expires_at } });
    expect(await only(org, 'user.updated')).toMatchObject({ target, details: { changes: { role: { previous: 'train', current: 'configure' } } } });
    expect(await only(org, 'user.deleted')).toMatchObject({ target, details: { email: 'audited@example.test' } });
    expect(await only(org, 'api_key.revoked')).toMatchObject({
      target: { type: 'api_key', id: personal.id },
      details: { reason: 'user.deleted', user_id: created.body.id },
    });

    const all = JSON.stringify(await entries(org));
    expect(all).not.toContain(created.body.invitation.token);
    expect(all).not.toContain(invited.body.invitation.token);
    expect(all).not.toContain('svcinv_');
    const events = await t.app.get(DataSource).query(`SELECT type, data FROM event WHERE org_id = $1 ORDER BY created_at`, [org.orgId]);
    expect(events.map((event: { type: string }) => event.type)).toEqual(['user.created', 'user.created', 'user.updated']);
    expect(JSON.stringify(events)).not.toContain('svcinv_');
  });

  it('should record webhooks and provider keys added, changed and removed, with no secret', async () => {
    const org = await createOrg(t.app);
    const url = 'https://hooks.unresolvable.test/audited';
    const webhook = await as(org.adminKey)
      .post('/api/v1/webhooks')
      .send({ url, events: ['agent.created'] })
      .expect(201);
    await as(org.adminKey)
      .put(`/api/v1/webhooks/${webhook.body.id}`)
      .send({ status: 'disabled', events: ['agent.created'] })
      .expect(200);
    await as(org.adminKey).put(`/api/v1/webhooks/${webhook.body.id}`).send({ status: 'disabled' }).expect(200);
    await as(org.adminKey).delete(`/api/v1/webhooks/${webhook.body.id}`).expect(204);
    const providerKey = await as(org.adminKey)
      .post('/api/v1/provider-keys')
      .send({ provider: 'openai', api_key: 'sk-audited-provider-key-0123456789' })
      .expect(201);
    await as(org.adminKey).delete(`/api/v1/provider-keys/${providerKey.body.id}`).expect(204);

    const hook = { type: 'webhook', id: webhook.body.id };
    expect(await only(org, 'webhook.created')).toMatchObject({ target: hook, ip: ADDRESS, details: { url, events: ['agent.created'] } });
    expect(await only(org, 'webhook.updated')).toMatchObject({ target: hook, details: { changes: { status: { previous: 'active', current: 'disabled' } } } });
    expect(await only(org, 'webhook.deleted')).toMatchObject({ target: hook, details: { url } });
    const key = { type: 'provider_key', id: providerKey.body.id };
    expect(await only(org, 'provider_key.created')).toMatchObject({ target: key, details: { provider: 'openai', base_url: null } });
    expect(await only(org, 'provider_key.deleted')).toMatchObject({ target: key, details: { provider: 'openai' } });

    const all = JSON.stringify(await entries(org));
    expect(all).not.toContain(webhook.body.secret);
    expect(all).not.toContain('sk-audited-provider-key');
  });

  it('should record sign-ins, failures, password changes, logout and revoked sessions, never the password', async () => {
    const org = await createOrg(t.app);
    const first = await acceptInvitation(t.http, org.adminInvitation, TEST_PASSWORD, ADDRESS);
    await request(t.http)
      .post('/api/auth/login')
      .set('X-Forwarded-For', ADDRESS)
      .send({ email: org.adminEmail, password: 'a wrong password here' })
      .expect(401);
    const second = webSessionOf(
      await request(t.http).post('/api/auth/login').set('X-Forwarded-For', ADDRESS).send({ email: org.adminEmail, password: TEST_PASSWORD }),
    );
    const sessions = await request(t.http).get('/api/auth/sessions').set('Cookie', second.cookie).expect(200);
    const firstId = (sessions.body.sessions as Array<{ id: string; current: boolean }>).find((session) => !session.current)!.id;
    await request(t.http).delete(`/api/auth/sessions/${firstId}`).set('Cookie', second.cookie).set('X-CSRF-Token', second.csrf).expect(204);
    await request(t.http).delete('/api/auth/logout').set('Cookie', second.cookie).set('X-CSRF-Token', second.csrf).expect(204);
    await request(t.http).get('/api/v1/agents').set('Cookie', first.cookie).expect(401);

    const user = { type: 'user', id: org.adminUserId };
    const succeeded = await entries(org, '?action=login.succeeded');
    expect(succeeded.map((entry) => entry.details.method).sort()).toEqual(['invitation', 'password']);
    expect(succeeded[0]).toMatchObject({ actor: user, ip: ADDRESS, target: { type: 'session' } });
    expect(await only(org, 'login.failed')).toMatchObject({
      actor: { type: 'anonymous', id: null },
      target: user,
      ip: ADDRESS,
      details: { reason: 'wrong_password' },
    });
    expect(await only(org, 'user.updated')).toMatchObject({ actor: user, target: user, details: { password: 'set', via: 'invitation' } });
    expect(await only(org, 'session.revoked')).toMatchObject({ actor: user, target: { type: 'session', id: firstId } });
    expect(await only(org, 'logout')).toMatchObject({ actor: user, target: { type: 'session', id: second.body.session_id ?? expect.stringMatching(/^ses_/) } });

    // An invited user who has not chosen a password yet: the attempt is recorded too, saying so.
    const invitee = await as(org.adminKey).post('/api/v1/users').send({ email: 'invitee@example.test', role: 'readonly' }).expect(201);
    await request(t.http).post('/api/auth/login').send({ email: 'invitee@example.test', password: 'a wrong password here' }).expect(401);
    const failures = await entries(org, '?action=login.failed');
    expect(failures[0]).toMatchObject({ target: { type: 'user', id: invitee.body.id }, details: { reason: 'no_password_yet' } });

    const all = JSON.stringify(await entries(org));
    expect(all).not.toContain(TEST_PASSWORD);
    expect(all).not.toContain('a wrong password here');
    expect(all).not.toContain('svcses_');
  });

  it('should record the operator\u2019s plan changes, which decide single sign-on and the allowlist', async () => {
    const org = await createOrg(t.app, { plan: 'pro' });
    const organizations = t.app.get(OrganizationsService);
    await organizations.changePlan(org.orgId, { plan: 'enterprise' });
    await organizations.changePlan(org.orgId, { plan: 'enterprise' });
    const [entry, ...others] = (await entries(org, '?action=organization.updated')).filter((candidate) => candidate.actor.type === 'system');
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      actor: { type: 'system', id: null },
      target: { type: 'organization', id: org.orgId },
      details: { changes: { plan: { previous: 'pro', current: 'enterprise' } } },
    });
  });

  it('should give an organization whose keys were all revoked an organization key from the operator, audited', async () => {
    const org = await createOrg(t.app);
    const adminKeyId = (await as(org.adminKey).get('/api/v1/api-keys').expect(200)).body.api_keys[0].id;
    await as(org.adminKey).delete(`/api/v1/api-keys/${adminKeyId}`).expect(204);
    const issued = await t.app.get(OrganizationsService).createOrganizationKey(org.orgId, { name: 'Recovered', scopes: ['admin'], environment: 'live' });
    const listed = await as(issued.key).get('/api/v1/api-keys').expect(200);
    expect(listed.body.api_keys.find((key: { id: string }) => key.id === issued.entity.id)).toMatchObject({ user_id: null, scopes: ['admin'] });
    const logged = await as(issued.key).get('/api/v1/audit-log?action=api_key.created').expect(200);
    const entry = (logged.body.entries as Entry[]).find((candidate) => candidate.target?.id === issued.entity.id);
    expect(entry).toMatchObject({ actor: { type: 'system', id: null }, details: { name: 'Recovered', scopes: ['admin'], user_id: null } });
    await expect(
      t.app.get(OrganizationsService).createOrganizationKey('org_01JD8X0Q5W3V7N2K4M6P8R9T1A', { name: 'x', scopes: ['read'], environment: 'live' }),
    ).rejects.toThrow('not found');
  });

  it('should record settings changes and count a flood of blocked requests on one entry', async () => {
    const org = await createOrg(t.app, { plan: 'enterprise' });
    await as(org.adminKey)
      .put('/api/v1/organization')
      .send({ name: 'Audited', ip_allowlist: [`${ADDRESS}/32`] })
      .expect(200);
    expect(await only(org, 'organization.updated')).toMatchObject({
      target: { type: 'organization', id: org.orgId },
      details: { changes: { ip_allowlist: { previous: [], current: [`${ADDRESS}/32`] }, name: { previous: expect.any(String), current: 'Audited' } } },
    });

    // Twelve blocked requests, each with a user agent of its own: one entry, however the client varies it.
    for (let attempt = 0; attempt < 12; attempt++) {
      await request(t.http)
        .get('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .set('X-Forwarded-For', '192.0.2.99')
        .set('User-Agent', `flood/${attempt}`)
        .expect(403);
    }
    const blocked = await only(org, 'ip.blocked');
    expect(blocked).toMatchObject({ ip: '192.0.2.99', actor: { type: 'api_key' }, details: { via: 'api_key', count: 12, last_at: expect.any(String) } });
  });

  it('should filter by action and dates, page, and validate its query', async () => {
    const org = await createOrg(t.app);
    for (const name of ['one', 'two', 'three']) {
      await as(org.adminKey).post('/api/v1/api-keys').send({ name }).expect(201);
    }
    const page = await request(t.http)
      .get('/api/v1/audit-log?action=api_key.created&limit=2&offset=1')
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(Object.keys(page.body).sort()).toEqual(['entries', 'total']);
    // The three, and the admin key the organization was created with.
    expect(page.body.total).toBe(4);
    expect((page.body.entries as Entry[]).map((entry) => entry.details.name)).toEqual(['two', 'one']);

    // From yesterday to tomorrow: the entries just made and the organization's first two, whenever midnight falls.
    expect(await entries(org, `?start_date=${utcDate(-1)}&end_date=${utcDate(1)}`)).toHaveLength(5);
    expect(await entries(org, '?start_date=2020-01-01&end_date=2020-01-31')).toHaveLength(0);

    for (const query of [
      '?action=nope',
      '?start_date=2026-02-30',
      '?start_date=2026-02-02&end_date=2026-02-01',
      '?limit=0',
      '?limit=abc',
      '?offset=-1',
      '?unknown=1',
    ]) {
      const response = await request(t.http)
        .get(`/api/v1/audit-log${query}`)
        .set(...bearer(org.adminKey));
      expect(response.status, query).toBe(400);
      expect(response.body.error.code).toBe('invalid_request');
    }
  });

  it('should be for admins only, and show an organization only its own entries', async () => {
    const org = await createOrg(t.app);
    const other = await createOrg(t.app);
    await as(other.adminKey).post('/api/v1/api-keys').send({ name: 'elsewhere' }).expect(201);
    const own = await entries(org);
    expect(own).toHaveLength(2);
    expect(JSON.stringify(own)).not.toContain('elsewhere');
    expect(JSON.stringify(own)).not.toContain(other.orgId);
    const reader = await createKey(t.app, org.orgId, { scopes: ['read', 'write', 'execute'] });
    await request(t.http)
      .get('/api/v1/audit-log')
      .set(...bearer(reader.key))
      .expect(403);
    await request(t.http).get('/api/v1/audit-log').expect(401);
  });

  it('should refuse, in the database itself, to change or delete an entry', async () => {
    const org = await createOrg(t.app);
    await as(org.adminKey).post('/api/v1/api-keys').send({ name: 'kept' }).expect(201);
    const [entry] = await entries(org);
    const database = t.app.get(DataSource);
    await expect(database.query(`UPDATE audit_entry SET action = 'api_key.revoked' WHERE id = $1`, [entry.id])).rejects.toThrow(/append-only/);
    await expect(database.query(`DELETE FROM audit_entry WHERE id = $1`, [entry.id])).rejects.toThrow(/append-only/);
    expect((await entries(org))[0]).toEqual(entry);
  });
});
