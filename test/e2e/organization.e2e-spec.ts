import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { NO_CLIENT, SYSTEM_ACTOR } from '#src/modules/audit/audit-actions.js';
import { OrganizationSettingsService } from '#src/modules/organizations/settings/organization-settings.service.js';
import { bearer, createKey, createOrg, type TestOrg } from '#test/utils/factories.js';
import { createTestApp, sameDatabaseAs, useTestApp } from '#test/utils/test-app.js';
import { acceptInvitation, sessionCookieOf, TEST_PASSWORD } from '#test/utils/web-sessions.js';

const INSIDE_V4 = '203.0.113.7';
const OUTSIDE_V4 = '198.51.100.20';
const INSIDE_V6 = '2001:db8:0:1::5';
const OUTSIDE_V6 = '2001:db9::5';
const ALLOWLIST = ['203.0.113.0/24', '2001:db8::/32'];

describe('organization settings and the IP allowlist', () => {
  const t = useTestApp();

  /** A request as if from `address`, through the loopback proxy the default TRUST_PROXY trusts. */
  const from = (address: string) => ({
    get: (path: string) => request(t.http).get(path).set('X-Forwarded-For', address),
    put: (path: string) => request(t.http).put(path).set('X-Forwarded-For', address),
    post: (path: string) => request(t.http).post(path).set('X-Forwarded-For', address),
  });

  const setAllowlist = (org: TestOrg, allowlist: string[], address = INSIDE_V4) =>
    from(address)
      .put('/api/v1/organization')
      .set(...bearer(org.adminKey))
      .send({ ip_allowlist: allowlist });

  const enterpriseOrg = async (allowlist = ALLOWLIST): Promise<TestOrg> => {
    const org = await createOrg(t.app, { plan: 'enterprise' });
    await setAllowlist(org, allowlist).expect(200);
    return org;
  };

  describe('GET and PUT /api/v1/organization', () => {
    it('should answer the organization with its plan, allowlist and single sign-on', async () => {
      const org = await createOrg(t.app, { name: 'Acme Settings' });
      const response = await request(t.http)
        .get('/api/v1/organization')
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(response.body).toEqual({
        id: org.orgId,
        name: 'Acme Settings',
        plan: 'pro',
        ip_allowlist: [],
        sso: { available: false, enforced: false, default_role: 'readonly', domains: [], connections: [] },
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      });
    });

    it('should rename the organization, leaving out fields as they are', async () => {
      const org = await createOrg(t.app, { plan: 'enterprise' });
      await setAllowlist(org, ['203.0.113.0/24']).expect(200);
      const renamed = await from(INSIDE_V4)
        .put('/api/v1/organization')
        .set(...bearer(org.adminKey))
        .send({ name: 'Renamed' })
        .expect(200);
      expect(renamed.body).toMatchObject({ name: 'Renamed', ip_allowlist: ['203.0.113.0/24'], plan: 'enterprise' });
      expect(
        (
          await from(INSIDE_V4)
            .get('/api/v1/organization')
            .set(...bearer(org.adminKey))
            .expect(200)
        ).body.name,
      ).toBe('Renamed');
    });

    it('should be for admins only, and a session works with its user\u2019s role', async () => {
      const org = await createOrg(t.app);
      const reader = await createKey(t.app, org.orgId, { scopes: ['read', 'write', 'execute'] });
      const refused = await request(t.http)
        .get('/api/v1/organization')
        .set(...bearer(reader.key))
        .expect(403);
      expect(refused.body).toMatchObject({ error: { code: 'forbidden' }, required_scope: 'admin' });
      await request(t.http)
        .put('/api/v1/organization')
        .set(...bearer(reader.key))
        .send({ name: 'No' })
        .expect(403);

      const admin = await acceptInvitation(t.http, org.adminInvitation);
      await request(t.http).get('/api/v1/organization').set('Cookie', admin.cookie).expect(200);
      await request(t.http).put('/api/v1/organization').set('Cookie', admin.cookie).send({ name: 'Without CSRF' }).expect(403);
      const renamed = await request(t.http)
        .put('/api/v1/organization')
        .set('Cookie', admin.cookie)
        .set('X-CSRF-Token', admin.csrf)
        .send({ name: 'By session' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.name).toBe('By session');
    });

    it('should refuse malformed bodies with 400 naming the field, and change nothing', async () => {
      const org = await createOrg(t.app, { plan: 'enterprise', name: 'Unchanged' });
      const hundredAndOne = Array.from({ length: 101 }, (_, index) => `10.0.${Math.floor(index / 256)}.${index % 256}`);
      for (const [body, field] of [
        [{ ip_allowlist: ['203.0.113.0/24', 'not-an-address'] }, 'ip_allowlist'],
        [{ ip_allowlist: ['10.0.0.0/33'] }, 'ip_allowlist'],
        [{ ip_allowlist: ['fe80::1%eth0'] }, 'ip_allowlist'],
        [{ ip_allowlist: '203.0.113.0/24' }, 'ip_allowlist'],
        [{ ip_allowlist: null }, 'ip_allowlist'],
        [{ ip_allowlist: [42] }, 'ip_allowlist'],
        [{ ip_allowlist: hundredAndOne }, 'ip_allowlist'],
        [{ name: '' }, 'name'],
        [{ name: 7 }, 'name'],
        [{ name: 'x'.repeat(201) }, 'name'],
        [{ plan: 'enterprise' }, 'plan'],
        [{ id: 'org_x' }, 'id'],
      ] as const) {
        const response = await from(INSIDE_V4)
          .put('/api/v1/organization')
          .set(...bearer(org.adminKey))
          .send(body);
        expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(response.body.error.code).toBe('invalid_request');
        expect(Object.keys(response.body.error.details ?? {}), JSON.stringify(response.body)).toContain(field);
      }
      const notAList = await from(INSIDE_V4)
        .put('/api/v1/organization')
        .set(...bearer(org.adminKey))
        .send({ ip_allowlist: null })
        .expect(400);
      expect(notAList.body.error.message).toContain('ip_allowlist must be an array');
      const invalid = await setAllowlist(org, ['203.0.113.0/24', 'not-an-address']).expect(400);
      expect(invalid.body.error.message).toContain("ip_allowlist[1] 'not-an-address'");

      await from(INSIDE_V4)
        .put('/api/v1/organization?confirm=maybe')
        .set(...bearer(org.adminKey))
        .send({ name: 'No' })
        .expect(400);
      const after = await request(t.http)
        .get('/api/v1/organization')
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(after.body).toMatchObject({ name: 'Unchanged', ip_allowlist: [] });
    });
  });

  describe('setting an allowlist', () => {
    it('should need the enterprise plan for a non-empty list, while clearing one works on any plan', async () => {
      const org = await createOrg(t.app, { plan: 'pro' });
      const refused = await setAllowlist(org, ['203.0.113.0/24']).expect(403);
      expect(refused.body.error).toMatchObject({ code: 'plan_required' });
      await setAllowlist(org, []).expect(200);
    });

    it('should refuse a list that shuts the caller out with 409 would_lock_out, unless confirmed', async () => {
      const org = await createOrg(t.app, { plan: 'enterprise' });
      const refused = await setAllowlist(org, ['192.0.2.0/24'], INSIDE_V4).expect(409);
      expect(refused.body.error).toMatchObject({ code: 'would_lock_out', details: { ip: INSIDE_V4 } });
      expect(
        (
          await from(INSIDE_V4)
            .get('/api/v1/organization')
            .set(...bearer(org.adminKey))
            .expect(200)
        ).body.ip_allowlist,
      ).toEqual([]);

      const confirmed = await from(INSIDE_V4)
        .put('/api/v1/organization?confirm=true')
        .set(...bearer(org.adminKey))
        .send({ ip_allowlist: ['192.0.2.0/24'] })
        .expect(200);
      expect(confirmed.body.ip_allowlist).toEqual(['192.0.2.0/24']);
      await from(INSIDE_V4)
        .get('/api/v1/organization')
        .set(...bearer(org.adminKey))
        .expect(403);
    });

    it('should accept IPv6 ranges and bare addresses, and judge the caller by its IPv6 address', async () => {
      const org = await createOrg(t.app, { plan: 'enterprise' });
      const saved = await setAllowlist(org, ['2001:db8::/32', '198.51.100.7'], INSIDE_V6).expect(200);
      expect(saved.body.ip_allowlist).toEqual(['2001:db8::/32', '198.51.100.7']);
      await from('198.51.100.7')
        .get('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .expect(200);
      await from('198.51.100.8')
        .get('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .expect(403);
    });
  });

  describe('enforcing the allowlist', () => {
    it('should block an organization key outside the list with 403 ip_not_allowed in the path\u2019s envelope, and let it in inside', async () => {
      const org = await enterpriseOrg();
      await from(INSIDE_V4)
        .get('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .expect(200);
      await from(INSIDE_V6)
        .get('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .expect(200);

      for (const address of [OUTSIDE_V4, OUTSIDE_V6]) {
        const blocked = await from(address)
          .get('/api/v1/agents')
          .set(...bearer(org.adminKey))
          .expect(403);
        expect(blocked.body).toEqual({
          error: { code: 'ip_not_allowed', message: expect.any(String), details: {} },
          request_id: expect.stringMatching(/^req_/),
        });
        expect(JSON.stringify(blocked.body)).not.toContain(address);
        expect(JSON.stringify(blocked.body)).not.toContain('203.0.113');
      }
      const legacy = await from(OUTSIDE_V4)
        .get('/api/agents')
        .set(...bearer(org.adminKey))
        .expect(403);
      expect(legacy.body).toEqual({ error: { code: 'ip_not_allowed', message: expect.any(String) }, status: 403 });
      expect(legacy.headers.deprecation).toBeDefined();
      const write = await from(OUTSIDE_V4)
        .post('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .send({ name: 'Blocked', data_source_ids: [] })
        .expect(403);
      expect(write.body.error.code).toBe('ip_not_allowed');
      const agents = await from(INSIDE_V4)
        .get('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(agents.body.total).toBe(0);
    });

    it('should block personal keys, legacy keys and web sessions alike, and leave other organizations alone', async () => {
      const org = await enterpriseOrg();
      const personal = await createKey(t.app, org.orgId, { userId: org.adminUserId, scopes: ['read'] });
      const legacy = await createKey(t.app, org.orgId, { format: 'legacy', scopes: ['agents:read'] });
      for (const key of [personal.key, legacy.key]) {
        await from(INSIDE_V4)
          .get('/api/v1/agents')
          .set(...bearer(key))
          .expect(200);
        expect(
          (
            await from(OUTSIDE_V4)
              .get('/api/v1/agents')
              .set(...bearer(key))
              .expect(403)
          ).body.error.code,
        ).toBe('ip_not_allowed');
      }

      const session = await acceptInvitation(t.http, org.adminInvitation, TEST_PASSWORD, INSIDE_V4);
      await from(INSIDE_V4).get('/api/v1/agents').set('Cookie', session.cookie).expect(200);
      await from(INSIDE_V4).get('/api/auth/session').set('Cookie', session.cookie).expect(200);
      expect((await from(OUTSIDE_V4).get('/api/v1/agents').set('Cookie', session.cookie).expect(403)).body.error.code).toBe('ip_not_allowed');
      const writeWithoutCsrf = await from(OUTSIDE_V4).post('/api/v1/agents').set('Cookie', session.cookie).send({ name: 'Blocked' }).expect(403);
      expect(writeWithoutCsrf.body.error.code).toBe('ip_not_allowed');
      await from(OUTSIDE_V4).get('/api/auth/session').set('Cookie', session.cookie).expect(403);

      const other = await createOrg(t.app);
      await from(OUTSIDE_V4)
        .get('/api/v1/agents')
        .set(...bearer(other.adminKey))
        .expect(200);
    });

    it('should refuse a sign-in from outside only once the password is right, and an invitation accepted from outside', async () => {
      const org = await enterpriseOrg();
      const invited = await from(INSIDE_V4)
        .post('/api/v1/users')
        .set(...bearer(org.adminKey))
        .send({ email: 'outside@example.test' })
        .expect(201);
      const token = invited.body.invitation.token as string;

      const refused = await from(OUTSIDE_V4).post('/api/auth/invitations/accept').send({ token, password: TEST_PASSWORD }).expect(403);
      expect(refused.body.error.code).toBe('ip_not_allowed');
      await acceptInvitation(t.http, token, TEST_PASSWORD, INSIDE_V4);

      const wrong = await from(OUTSIDE_V4).post('/api/auth/login').send({ email: 'outside@example.test', password: 'not the password at all' }).expect(401);
      expect(wrong.body.error.code).toBe('invalid_credentials');
      const blocked = await from(OUTSIDE_V4).post('/api/auth/login').send({ email: 'outside@example.test', password: TEST_PASSWORD }).expect(403);
      expect(blocked.body.error.code).toBe('ip_not_allowed');
      expect(blocked.headers['set-cookie']).toBeUndefined();
      await from(INSIDE_V4).post('/api/auth/login').send({ email: 'outside@example.test', password: TEST_PASSWORD }).expect(200);
    });

    it('should apply a new list from the next request, and let the operator clear it', async () => {
      const org = await enterpriseOrg(['203.0.113.0/24']);
      await from(INSIDE_V4)
        .get('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .expect(200);
      await from(INSIDE_V4)
        .put('/api/v1/organization?confirm=true')
        .set(...bearer(org.adminKey))
        .send({ ip_allowlist: ['192.0.2.1'] })
        .expect(200);
      await from(INSIDE_V4)
        .get('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .expect(403);

      const cleared = await t.app.get(OrganizationSettingsService).clearAllowlist(org.orgId, SYSTEM_ACTOR, NO_CLIENT);
      expect(cleared.ipAllowlist).toEqual([]);
      await from(OUTSIDE_V4)
        .get('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .expect(200);
    });

    it('should take a forwarded value that is no IP address for no address: signed in and recorded without it, refused by any allowlist', async () => {
      const junk = `not-an-address-${'x'.repeat(60)}`;
      const zoned = `fe80::1%${'z'.repeat(70)}`;
      const org = await createOrg(t.app, { plan: 'enterprise' });
      const accepted = await from(junk).post('/api/auth/invitations/accept').send({ token: org.adminInvitation, password: TEST_PASSWORD }).expect(200);
      for (const forwarded of [junk, 'garbage', zoned]) {
        const signedIn = await from(forwarded).post('/api/auth/login').send({ email: org.adminEmail, password: TEST_PASSWORD });
        expect(signedIn.status, forwarded).toBe(200);
      }
      const client = await from(zoned).get('/api/auth/client').set('Cookie', sessionCookieOf(accepted)).expect(200);
      expect(client.body.ip).toBe('fe80::1');
      const sessions = await from(INSIDE_V4).get('/api/auth/sessions').set('Cookie', sessionCookieOf(accepted)).expect(200);
      expect(sessions.body.sessions.map((session: { ip: string | null }) => session.ip).sort()).toEqual(['fe80::1', null, null, null]);
      const logins = await from(INSIDE_V4)
        .get('/api/v1/audit-log?action=login.succeeded')
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(logins.body.entries.map((entry: { ip: string | null }) => entry.ip).sort()).toEqual(['fe80::1', null, null, null]);

      await setAllowlist(org, ['0.0.0.0/0', '::/0']).expect(200);
      const refused = await from('garbage')
        .get('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .expect(403);
      expect(refused.body.error.code).toBe('ip_not_allowed');
      const blocked = await from(INSIDE_V4)
        .get('/api/v1/audit-log?action=ip.blocked')
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(blocked.body.entries).toMatchObject([{ ip: null, details: { via: 'api_key' } }]);
    });

    it('should take the client address from X-Forwarded-For only through a trusted proxy', async () => {
      const org = await enterpriseOrg(['203.0.113.0/24']);
      const untrusting = await createTestApp({ ...sameDatabaseAs(t), env: { TRUST_PROXY: '10.0.0.1' } });
      try {
        // The connection comes from loopback, which this instance does not trust: the header is ignored.
        const spoofed = await request(untrusting.http)
          .get('/api/v1/agents')
          .set('X-Forwarded-For', INSIDE_V4)
          .set(...bearer(org.adminKey));
        expect(spoofed.status).toBe(403);
        expect(spoofed.body.error.code).toBe('ip_not_allowed');
      } finally {
        await untrusting.close();
      }
      await from(INSIDE_V4)
        .get('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .expect(200);
    });
  });
});
