import { SignInService } from '#src/modules/auth/sign-in/sign-in.service.js';
import { PasswordHasher } from '#src/modules/auth/passwords/password-hasher.js';
import { APP_CONFIG, configuredOrigin, type AppConfig } from '#src/config/app-config.js';
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAILURE_WINDOW_MS, MAX_FAILURES_PER_ACCOUNT } from '#src/modules/auth/sign-in/login-throttle.js';
import { bearer, createOrg, type TestOrg } from '#test/utils/factories.js';
import { MovableClock } from '#test/utils/movable-clock.js';
import { SmtpCapture } from '#test/utils/smtp-capture.js';
import { createTestApp, sameDatabaseAs, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';
import { acceptInvitation, SESSION_COOKIE, TEST_PASSWORD, webSessionOf, type WebSession } from '#test/utils/web-sessions.js';

const PASSWORD = TEST_PASSWORD;
const DAY_MS = 24 * 3_600_000;
type Signed = WebSession;

const CLEARED_COOKIE = 'service_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax';

describe('people sign in', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let dropDatabase: () => Promise<void>;
  const clock = new MovableClock();
  const logs = new PassThrough();
  let logged = '';

  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    smtp = await SmtpCapture.start();
    logs.on('data', (chunk: Buffer) => (logged += chunk.toString('utf8')));
    t = await createTestApp({ databaseUrl: database.url, clock, logStream: logs, env: { SMTP_URL: smtp.url, LOG_LEVEL: 'debug' } });
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await dropDatabase?.();
  });

  const accept = (token: string, password = PASSWORD): Promise<Signed> => acceptInvitation(t.http, token, password);

  const login = (email: string, password = PASSWORD, organizationId?: string) =>
    request(t.http)
      .post('/api/auth/login')
      .send({ email, password, ...(organizationId ? { organization_id: organizationId } : {}) });

  const signIn = async (email: string, password = PASSWORD, organizationId?: string): Promise<Signed> =>
    webSessionOf(await login(email, password, organizationId));

  /** A new organization whose admin has accepted the invitation. */
  const signedInOrg = async (): Promise<{ org: TestOrg; session: Signed }> => {
    const org = await createOrg(t.app);
    return { org, session: await accept(org.adminInvitation) };
  };

  const withoutRequestId = (body: Record<string, unknown>): Record<string, unknown> => ({ ...body, request_id: undefined });

  describe('invitations', () => {
    it('should answer the new user with an invitation that sets a first password and signs in, once', async () => {
      const org = await createOrg(t.app);
      const created = await request(t.http)
        .post('/api/v1/users')
        .set(...bearer(org.adminKey))
        .send({ email: 'ada@example.test', role: 'configure' })
        .expect(201);
      const { token, url } = created.body.invitation as { token: string; url: string };
      expect(url).toBe(`${new URL(url).origin}/invitation#token=${token}`);

      const tooShort = await request(t.http).post('/api/auth/invitations/accept').send({ token, password: 'eleven char' }).expect(400);
      expect(tooShort.body.error.details.password).toEqual(['password must be at least 12 characters']);

      const signed = await accept(token);
      expect(signed.body).toEqual({
        user: { id: created.body.id, email: 'ada@example.test', name: null, role: 'configure' },
        organization: { id: org.orgId, name: expect.any(String), plan: 'pro' },
        expires_at: expect.any(String),
        csrf_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      });
      const reused = await request(t.http).post('/api/auth/invitations/accept').send({ token, password: PASSWORD }).expect(400);
      expect(reused.body.error.code).toBe('invalid_request');
      expect((await login('ada@example.test')).status).toBe(200);
    });

    it('should void the earlier invitation when a new one is made, and refuse one past its 72 hours', async () => {
      const org = await createOrg(t.app);
      const created = await request(t.http)
        .post('/api/v1/users')
        .set(...bearer(org.adminKey))
        .send({ email: 'grace@example.test' })
        .expect(201);
      const renewed = await request(t.http)
        .post(`/api/v1/users/${created.body.id}/invitation`)
        .set(...bearer(org.adminKey))
        .expect(201);
      // The user with the new invitation, as creating the user answers.
      expect(Object.keys(renewed.body).sort()).toEqual(Object.keys(created.body).sort());
      expect(renewed.body).toMatchObject({ id: created.body.id, email: 'grace@example.test', role: created.body.role });
      expect(renewed.body.invitation.token).not.toBe(created.body.invitation.token);
      await request(t.http).post('/api/auth/invitations/accept').send({ token: created.body.invitation.token, password: PASSWORD }).expect(400);

      const late = await request(t.http)
        .post(`/api/v1/users/${created.body.id}/invitation`)
        .set(...bearer(org.adminKey))
        .expect(201);
      clock.advance(72 * 3_600_000 + 1_000);
      await request(t.http).post('/api/auth/invitations/accept').send({ token: late.body.invitation.token, password: PASSWORD }).expect(400);
      await request(t.http).post('/api/auth/invitations/accept').send({ token: renewed.body.invitation.token, password: PASSWORD }).expect(400);
    });

    it('should leave one invitation working when several are made at once, and none once one is used', async () => {
      const org = await createOrg(t.app);
      const created = await request(t.http)
        .post('/api/v1/users')
        .set(...bearer(org.adminKey))
        .send({ email: 'hedy@example.test' })
        .expect(201);
      const renewed = await Promise.all(
        Array.from({ length: 4 }, () =>
          request(t.http)
            .post(`/api/v1/users/${created.body.id}/invitation`)
            .set(...bearer(org.adminKey))
            .expect(201),
        ),
      );
      const accepted = [];
      for (const token of [created.body.invitation.token as string, ...renewed.map((response) => response.body.invitation.token as string)]) {
        accepted.push((await request(t.http).post('/api/auth/invitations/accept').send({ token, password: PASSWORD })).status);
      }
      expect(accepted.filter((status) => status === 200)).toHaveLength(1);
      expect(accepted.filter((status) => status === 400)).toHaveLength(4);
    });

    it('should end the other sessions of a user whose password a new invitation replaces, as a reset does', async () => {
      const { org, session } = await signedInOrg();
      const renewed = await request(t.http)
        .post(`/api/v1/users/${org.adminUserId}/invitation`)
        .set(...bearer(org.adminKey))
        .expect(201);
      const replaced = await accept(renewed.body.invitation.token, `${PASSWORD}-new`);
      await request(t.http).get('/api/auth/session').set('Cookie', session.cookie).expect(401);
      await request(t.http).get('/api/auth/session').set('Cookie', replaced.cookie).expect(200);
      expect((await login(org.adminEmail)).status).toBe(401);
    });

    it('should end the user\u2019s sessions when the operator sets their password', async () => {
      const { org, session } = await signedInOrg();
      await t.app.get(SignInService).setPassword(org.orgId, org.adminEmail, `${PASSWORD}-operator`);
      await request(t.http).get('/api/auth/session').set('Cookie', session.cookie).expect(401);
      expect((await login(org.adminEmail, `${PASSWORD}-operator`)).status).toBe(200);
    });

    it('should count a password’s characters alike in the API and the operator’s CLI', async () => {
      const { org, session } = await signedInOrg();
      const sixEmoji = '\u{1F511}'.repeat(6);
      await request(t.http)
        .put('/api/auth/password')
        .set('Cookie', session.cookie)
        .set('X-CSRF-Token', session.csrf)
        .send({ current_password: PASSWORD, password: sixEmoji })
        .expect(400);
      await expect(t.app.get(SignInService).setPassword(org.orgId, org.adminEmail, sixEmoji)).rejects.toMatchObject({ status: 400 });
      await t.app.get(SignInService).setPassword(org.orgId, org.adminEmail, sixEmoji.repeat(2));
      expect((await login(org.adminEmail, sixEmoji.repeat(2))).status).toBe(200);
    });

    it('should e-mail the invitation when SMTP is configured', async () => {
      const org = await createOrg(t.app);
      const email = `mailed-${randomBytes(3).toString('hex')}@example.test`;
      const created = await request(t.http)
        .post('/api/v1/users')
        .set(...bearer(org.adminKey))
        .send({ email })
        .expect(201);
      const [url] = await smtp.find(email, /https?:\/\/\S+/);
      expect(url).toBe(created.body.invitation.url);
      const { name } = (
        await request(t.http)
          .get('/api/v1/organization')
          .set(...bearer(org.adminKey))
          .expect(200)
      ).body;
      const mail = smtp.messages.find((message) => message.to.includes(email));
      expect(mail?.subject).toBe(`You are invited to ${name} on the Agent Query Service`);
      expect(mail?.text).toContain(`You have been invited to ${name} as ${email}.`);
    });

    it('should answer a new user and a new invitation without waiting for a slow SMTP server, and mail both', async () => {
      const slowSmtp = await smtp.delayedBy(4_000);
      const slow = await createTestApp({ ...sameDatabaseAs(t), env: { SMTP_URL: slowSmtp.url } });
      try {
        const org = await createOrg(slow.app);
        const email = `slow-mail-${randomBytes(3).toString('hex')}@example.test`;
        const created = await request(slow.http)
          .post('/api/v1/users')
          .set(...bearer(org.adminKey))
          .send({ email })
          .expect(201);
        const renewed = await request(slow.http)
          .post(`/api/v1/users/${created.body.id}/invitation`)
          .set(...bearer(org.adminKey))
          .expect(201);
        expect(smtp.messages.filter((message) => message.to.includes(email))).toEqual([]);
        await smtp.find(email, new RegExp(renewed.body.invitation.token), 15_000);
        await smtp.find(email, new RegExp(created.body.invitation.token), 15_000);
      } finally {
        await slow.close();
        await slowSmtp.close();
      }
    });

    it('should void the links mailed to a user\u2019s old address when an admin changes it', async () => {
      const org = await createOrg(t.app);
      const typo = `typo-${randomBytes(3).toString('hex')}@example.test`;
      const created = await request(t.http)
        .post('/api/v1/users')
        .set(...bearer(org.adminKey))
        .send({ email: typo, role: 'admin' })
        .expect(201);
      await request(t.http).post('/api/auth/password-reset').send({ email: typo }).expect(202);
      const [, resetToken] = await smtp.find(typo, /#token=(svcprt_[A-Za-z0-9_-]{43})/);
      await request(t.http)
        .put(`/api/v1/users/${created.body.id}`)
        .set(...bearer(org.adminKey))
        .send({ email: `right-${randomBytes(3).toString('hex')}@example.test` })
        .expect(200);
      await request(t.http).post('/api/auth/invitations/accept').send({ token: created.body.invitation.token, password: PASSWORD }).expect(400);
      await request(t.http).post('/api/auth/password-reset/confirm').send({ token: resetToken, password: PASSWORD }).expect(400);
      // A name change leaves a fresh invitation working.
      const renewed = await request(t.http)
        .post(`/api/v1/users/${created.body.id}/invitation`)
        .set(...bearer(org.adminKey))
        .expect(201);
      await request(t.http)
        .put(`/api/v1/users/${created.body.id}`)
        .set(...bearer(org.adminKey))
        .send({ name: 'Gus' })
        .expect(200);
      await request(t.http).post('/api/auth/invitations/accept').send({ token: renewed.body.invitation.token, password: PASSWORD }).expect(200);
    });

    it('should withdraw an invitation: it stops working, the user stays, and a new one can be made', async () => {
      const org = await createOrg(t.app);
      const created = await request(t.http)
        .post('/api/v1/users')
        .set(...bearer(org.adminKey))
        .send({ email: `withdrawn-${randomBytes(3).toString('hex')}@example.test` })
        .expect(201);
      const withdraw = () =>
        request(t.http)
          .delete(`/api/v1/users/${created.body.id}/invitation`)
          .set(...bearer(org.adminKey));
      await withdraw().expect(204);
      await request(t.http).post('/api/auth/invitations/accept').send({ token: created.body.invitation.token, password: PASSWORD }).expect(400);
      await request(t.http)
        .get(`/api/v1/users/${created.body.id}`)
        .set(...bearer(org.adminKey))
        .expect(200);
      await withdraw().expect(204);
      const audited = await request(t.http)
        .get('/api/v1/audit-log?action=user.updated')
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(audited.body.entries).toMatchObject([{ target: { type: 'user', id: created.body.id }, details: { invitation: 'revoked' } }]);

      const renewed = await request(t.http)
        .post(`/api/v1/users/${created.body.id}/invitation`)
        .set(...bearer(org.adminKey))
        .expect(201);
      await accept(renewed.body.invitation.token);
      await withdraw().expect(204);
      await login(created.body.email).expect(200);
      await request(t.http)
        .delete(`/api/v1/users/${created.body.id}`)
        .set(...bearer(org.adminKey))
        .expect(204);
      expect((await withdraw().expect(404)).body.error.code).toBe('not_found');
    });

    it('should refuse malformed, unknown and foreign-purpose tokens with 400, never 500', async () => {
      for (const token of ['', 'svcinv_', 'svcinv_nope', `svcprt_${'a'.repeat(43)}`, 'x'.repeat(101), 42, null]) {
        const response = await request(t.http).post('/api/auth/invitations/accept').send({ token, password: PASSWORD });
        expect(response.status, String(token)).toBe(400);
      }
    });
    it('should refuse an unknown token before spending a password hash on it, since anyone can post one', async () => {
      const hashing = vi.spyOn(t.app.get(PasswordHasher), 'hash');
      try {
        await request(t.http)
          .post('/api/auth/invitations/accept')
          .send({ token: `svcinv_${randomBytes(32).toString('base64url')}`, password: PASSWORD })
          .expect(400);
        await request(t.http)
          .post('/api/auth/password-reset/confirm')
          .send({ token: `svcprt_${randomBytes(32).toString('base64url')}`, password: PASSWORD })
          .expect(400);
        expect(hashing).not.toHaveBeenCalled();
      } finally {
        hashing.mockRestore();
      }
    });
  });

  describe('login', () => {
    it('should answer a wrong password and an unknown email alike: 401 invalid_credentials', async () => {
      const { org } = await signedInOrg();
      const wrong = await login(org.adminEmail, 'not the password at all').expect(401);
      const unknown = await login(`nobody-${randomBytes(3).toString('hex')}@example.test`, 'not the password at all').expect(401);
      expect(wrong.body.error).toEqual({ code: 'invalid_credentials', message: 'Wrong email or password', details: {} });
      expect(withoutRequestId(unknown.body)).toEqual(withoutRequestId(wrong.body));
      expect(wrong.headers.deprecation).toBeUndefined();
    });

    it('should set the session cookie with its attributes and answer the documented body', async () => {
      const { org } = await signedInOrg();
      const response = await login(org.adminEmail).expect(200);
      expect(([] as string[]).concat(response.headers['set-cookie'])).toEqual([expect.stringMatching(SESSION_COOKIE)]);
      expect(Object.keys(response.body).sort()).toEqual(['csrf_token', 'expires_at', 'organization', 'user']);
      expect(new Date(response.body.expires_at as string).getTime()).toBeCloseTo(clock.now().getTime() + 7 * DAY_MS, -4);
    });

    it('should pick the organization the password opens when the email is in two, and ask which when it opens both', async () => {
      const first = await createOrg(t.app);
      const second = await createOrg(t.app);
      const email = `shared-${randomBytes(3).toString('hex')}@example.test`;
      const inFirst = await request(t.http)
        .post('/api/v1/users')
        .set(...bearer(first.adminKey))
        .send({ email })
        .expect(201);
      const inSecond = await request(t.http)
        .post('/api/v1/users')
        .set(...bearer(second.adminKey))
        .send({ email })
        .expect(201);
      await accept(inFirst.body.invitation.token, 'first organization password');
      await accept(inSecond.body.invitation.token, 'second organization password');

      expect((await signIn(email, 'second organization password')).body.organization).toMatchObject({ id: second.orgId });
      expect((await signIn(email, 'first organization password')).body.organization).toMatchObject({ id: first.orgId });
      await login(email, 'second organization password', first.orgId).expect(401);

      const third = await createOrg(t.app);
      const inThird = await request(t.http)
        .post('/api/v1/users')
        .set(...bearer(third.adminKey))
        .send({ email })
        .expect(201);
      await accept(inThird.body.invitation.token, 'first organization password');
      const ambiguous = await login(email, 'first organization password').expect(409);
      expect(ambiguous.body.error.code).toBe('organization_required');
      expect(ambiguous.body.error.details.organizations.map((o: { id: string }) => o.id).sort()).toEqual([first.orgId, third.orgId].sort());
      expect((await signIn(email, 'first organization password', third.orgId)).body.organization).toMatchObject({ id: third.orgId });
    });

    it('should refuse sign-ins past the failure limit with 429, the limit and Retry-After, and take them again once the window has passed', async () => {
      const { org } = await signedInOrg();
      for (let attempt = 0; attempt < MAX_FAILURES_PER_ACCOUNT; attempt++) {
        await login(org.adminEmail, 'wrong password number').expect(401);
      }
      const refused = await login(org.adminEmail).expect(429);
      expect(refused.body.error.code).toBe('too_many_attempts');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(FAILURE_WINDOW_MS / 1000);
      // As every versioned 429: the limit, when it is whole again, and the rate limit headers.
      const resetAt = Date.parse(refused.body.reset_at as string);
      expect(refused.body).toMatchObject({ limit: MAX_FAILURES_PER_ACCOUNT, retry_after: Number(refused.headers['retry-after']) });
      expect(refused.headers).toMatchObject({
        'x-ratelimit-limit': String(MAX_FAILURES_PER_ACCOUNT),
        'x-ratelimit-remaining': '0',
        'x-ratelimit-used': String(MAX_FAILURES_PER_ACCOUNT),
        'x-ratelimit-reset': String(Math.ceil(resetAt / 1000)),
      });
      expect(resetAt).toBeGreaterThan(clock.now().getTime());
      clock.advance(FAILURE_WINDOW_MS + 1_000);
      await login(org.adminEmail).expect(200);
    });

    it('should hold a burst of guesses sent at once to the same limit, the right password among the refused', async () => {
      const { org } = await signedInOrg();
      const burst = await Promise.all(
        Array.from({ length: 3 * MAX_FAILURES_PER_ACCOUNT }, (_, index) =>
          login(org.adminEmail, `wrong guess ${index}`).set('X-Forwarded-For', `198.51.100.${index + 1}`),
        ),
      );
      const statuses = burst.map((response) => response.status).sort();
      expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_FAILURES_PER_ACCOUNT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(2 * MAX_FAILURES_PER_ACCOUNT);
      await login(org.adminEmail).expect(429);
    });

    it('should refuse a sign-in posted from another site', async () => {
      const { org } = await signedInOrg();
      const response = await login(org.adminEmail).set('Origin', 'https://evil.example');
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('csrf_failed');
    });

    it('should take the browser\u2019s own origin when PUBLIC_URL names it with capitals or its default port', async () => {
      const { org } = await signedInOrg();
      const written = await createTestApp({ ...sameDatabaseAs(t), env: { PUBLIC_URL: 'https://Agents.Example.test:443' } });
      try {
        const signedIn = webSessionOf(
          await request(written.http).post('/api/auth/login').set('Origin', 'https://agents.example.test').send({ email: org.adminEmail, password: PASSWORD }),
        );
        await request(written.http)
          .post('/api/v1/agents')
          .set('Cookie', signedIn.cookie)
          .set('X-CSRF-Token', signedIn.csrf)
          .set('Origin', 'https://agents.example.test')
          .send({ name: 'From the console', data_source_ids: [] })
          .expect(201);
      } finally {
        await written.close();
      }
    });
  });

  describe('sessions', () => {
    it('should work on versioned and legacy paths with the user’s role, and answer the session endpoint', async () => {
      const { org, session } = await signedInOrg();
      await request(t.http).get('/api/v1/agents').set('Cookie', session.cookie).expect(200);
      await request(t.http).get('/api/agents').set('Cookie', session.cookie).expect(200);
      const current = await request(t.http).get('/api/auth/session').set('Cookie', session.cookie).expect(200);
      expect(current.body).toMatchObject({ user: { id: org.adminUserId, role: 'admin' }, csrf_token: session.csrf });
      expect(([] as string[]).concat(current.headers['set-cookie'])).toEqual([expect.stringMatching(SESSION_COOKIE)]);
      await request(t.http)
        .get('/api/auth/session')
        .set(...bearer(org.adminKey))
        .expect(401);
    });

    it('should tell a signed-in person the address and browser the service sees, as an allowlist would judge them', async () => {
      const { org, session } = await signedInOrg();
      const seen = await request(t.http)
        .get('/api/auth/client')
        .set('Cookie', session.cookie)
        .set('X-Forwarded-For', '203.0.113.9')
        .set('User-Agent', 'Console test')
        .expect(200);
      expect(seen.body).toEqual({ ip: '203.0.113.9', user_agent: 'Console test' });
      const mapped = await request(t.http).get('/api/auth/client').set('Cookie', session.cookie).set('X-Forwarded-For', '::ffff:203.0.113.10').expect(200);
      expect(mapped.body.ip).toBe('203.0.113.10');
      await request(t.http)
        .get('/api/auth/client')
        .set(...bearer(org.adminKey))
        .expect(401);
    });

    it('should renew the expiry with every request and expire after seven idle days', async () => {
      const { session } = await signedInOrg();
      clock.advance(6 * DAY_MS);
      const expiryNow = async (): Promise<void> => {
        const before = clock.now().getTime();
        const renewed = await request(t.http).get('/api/auth/session').set('Cookie', session.cookie).expect(200);
        const expiresAt = new Date(renewed.body.expires_at as string).getTime();
        expect(expiresAt).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
        expect(expiresAt).toBeLessThanOrEqual(clock.now().getTime() + 7 * DAY_MS);
      };
      await expiryNow();
      clock.advance(2_000);
      await expiryNow();
      clock.advance(6 * DAY_MS);
      await request(t.http).get('/api/v1/agents').set('Cookie', session.cookie).expect(200);
      clock.advance(7 * DAY_MS + 1_000);
      const expired = await request(t.http).get('/api/v1/agents').set('Cookie', session.cookie).expect(401);
      expect(expired.body.error.code).toBe('unauthorized');
    });

    it('should end the session at logout, clear the cookie, and refuse the old cookie', async () => {
      const { org, session } = await signedInOrg();
      const withFields = await request(t.http).delete('/api/auth/logout').set('Cookie', session.cookie).set('X-CSRF-Token', session.csrf).send({ all: true });
      expect(withFields.status).toBe(400);
      expect(withFields.body.error.details).toEqual({ all: ['property all should not exist'] });
      const response = await request(t.http).delete('/api/auth/logout').set('Cookie', session.cookie).set('X-CSRF-Token', session.csrf).expect(204);
      expect(([] as string[]).concat(response.headers['set-cookie'])).toEqual([CLEARED_COOKIE]);
      // A browser still sending the ended session's cookie is told to forget it.
      const stale = await request(t.http).get('/api/v1/agents').set('Cookie', session.cookie).expect(401);
      expect(([] as string[]).concat(stale.headers['set-cookie'])).toEqual([CLEARED_COOKIE]);
      const altered = await request(t.http).get('/api/v1/agents').set('Cookie', 'service_session=svcses_altered').expect(401);
      expect(([] as string[]).concat(altered.headers['set-cookie'])).toEqual([CLEARED_COOKIE]);

      // Sign-outs of one session at the same moment: one ends it, the others find it ended, as a later one would.
      const again = await signIn(org.adminEmail);
      const outs = await Promise.all(
        Array.from({ length: 5 }, () => request(t.http).delete('/api/auth/logout').set('Cookie', again.cookie).set('X-CSRF-Token', again.csrf)),
      );
      expect(outs.map((out) => out.status).sort()).toEqual([204, 401, 401, 401, 401]);
    });

    it('should list the caller’s sessions, end one of them, and answer 404 for another user’s', async () => {
      const { org, session } = await signedInOrg();
      const other = await signIn(org.adminEmail);
      const listed = await request(t.http).get('/api/auth/sessions').set('Cookie', session.cookie).expect(200);
      expect(listed.body.sessions).toHaveLength(2);
      expect(listed.body.sessions.filter((entry: { current: boolean }) => entry.current)).toHaveLength(1);
      expect(Object.keys(listed.body.sessions[0] as object).sort()).toEqual(['created_at', 'current', 'expires_at', 'id', 'ip', 'last_seen_at', 'user_agent']);
      const otherId = (listed.body.sessions as Array<{ id: string; current: boolean }>).find((entry) => !entry.current)!.id;

      const stranger = await signedInOrg();
      await request(t.http)
        .delete(`/api/auth/sessions/${otherId}`)
        .set('Cookie', stranger.session.cookie)
        .set('X-CSRF-Token', stranger.session.csrf)
        .expect(404);
      await request(t.http).get('/api/v1/agents').set('Cookie', other.cookie).expect(200);

      const ended = await request(t.http).delete(`/api/auth/sessions/${otherId}`).set('Cookie', session.cookie).set('X-CSRF-Token', session.csrf).expect(204);
      expect(ended.headers['set-cookie']).toBeUndefined();
      await request(t.http).get('/api/v1/agents').set('Cookie', other.cookie).expect(401);
      await request(t.http).delete('/api/auth/sessions/not-an-id').set('Cookie', session.cookie).set('X-CSRF-Token', session.csrf).expect(400);

      // Ending the session the request came with is signing out: its cookie is cleared too.
      const currentId = (listed.body.sessions as Array<{ id: string; current: boolean }>).find((entry) => entry.current)!.id;
      const own = await request(t.http).delete(`/api/auth/sessions/${currentId}`).set('Cookie', session.cookie).set('X-CSRF-Token', session.csrf).expect(204);
      expect(([] as string[]).concat(own.headers['set-cookie'])).toEqual([CLEARED_COOKIE]);
    });

    it('should apply a role change on the next request and end the sessions of a deleted user at once', async () => {
      const { org } = await signedInOrg();
      const created = await request(t.http)
        .post('/api/v1/users')
        .set(...bearer(org.adminKey))
        .send({ email: 'temp@example.test', role: 'configure' })
        .expect(201);
      const session = await accept(created.body.invitation.token);
      const create = () =>
        request(t.http)
          .post('/api/v1/agents')
          .set('Cookie', session.cookie)
          .set('X-CSRF-Token', session.csrf)
          .send({ name: 'By a person', data_source_ids: [] });
      await create().expect(201);

      await request(t.http)
        .put(`/api/v1/users/${created.body.id}`)
        .set(...bearer(org.adminKey))
        .send({ role: 'readonly' })
        .expect(200);
      const forbidden = await create().expect(403);
      expect(forbidden.body.current_scopes).toEqual(['read']);
      // A role is shown as it is defined: train is read with knowledge-base writing and feedback.
      await request(t.http)
        .put(`/api/v1/users/${created.body.id}`)
        .set(...bearer(org.adminKey))
        .send({ role: 'train' })
        .expect(200);
      expect((await create().expect(403)).body.current_scopes).toEqual(['read', 'kb:write', 'feedback']);

      await request(t.http)
        .delete(`/api/v1/users/${created.body.id}`)
        .set(...bearer(org.adminKey))
        .expect(204);
      await request(t.http).get('/api/v1/agents').set('Cookie', session.cookie).expect(401);
    });

    it('should refuse a tampered or foreign cookie with 401', async () => {
      const { session } = await signedInOrg();
      const [token, signature] = session.cookie.slice('service_session='.length).split('.');
      for (const cookie of [
        `service_session=${token}.${signature.slice(1)}x`,
        `service_session=${token}`,
        'service_session=garbage',
        `service_session=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}.${signature}`,
      ]) {
        await request(t.http).get('/api/v1/agents').set('Cookie', cookie).expect(401);
      }
    });
  });

  describe('CSRF', () => {
    it('should refuse a state-changing cookie request without the token, with a wrong one, or from another origin; reads and bearer requests need none', async () => {
      const { org, session } = await signedInOrg();
      const post = () => request(t.http).post('/api/v1/agents').set('Cookie', session.cookie).send({ name: 'CSRF', data_source_ids: [] });
      for (const attempt of [post(), post().set('X-CSRF-Token', 'wrong'), post().set('X-CSRF-Token', session.csrf).set('Origin', 'https://evil.example')]) {
        const response = await attempt;
        expect(response.status).toBe(403);
        expect(response.body.error.code).toBe('csrf_failed');
      }
      await post().set('X-CSRF-Token', session.csrf).set('Host', 'service.test').set('Origin', 'http://service.test').expect(201);
      await post().set('X-CSRF-Token', session.csrf).expect(201);
      await request(t.http).get('/api/v1/agents').set('Cookie', session.cookie).expect(200);
      await request(t.http)
        .post('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .set('Cookie', session.cookie)
        .send({ name: 'Bearer', data_source_ids: [] })
        .expect(201);
    });
  });

  describe('password change', () => {
    it('should change the signed-in person\u2019s password with the current one, end their other sessions and keep this one', async () => {
      const { org, session } = await signedInOrg();
      const other = await signIn(org.adminEmail);
      const change = (body: Record<string, unknown>, csrf = session.csrf) =>
        request(t.http).put('/api/auth/password').set('Cookie', session.cookie).set('X-CSRF-Token', csrf).send(body);

      const wrong = await change({ current_password: 'not my password at all', password: 'a changed passphrase' }).expect(400);
      expect(wrong.body.error).toMatchObject({ code: 'invalid_request', details: { current_password: ['wrong password'] } });
      const short = await change({ current_password: PASSWORD, password: 'too short' }).expect(400);
      expect(Object.keys(short.body.error.details)).toEqual(['password']);
      const forged = await change({ current_password: PASSWORD, password: 'a changed passphrase' }, 'not-the-token').expect(403);
      expect(forged.body.error.code).toBe('csrf_failed');
      const byKey = await request(t.http)
        .put('/api/auth/password')
        .set(...bearer(org.adminKey))
        .send({ current_password: PASSWORD, password: 'a changed passphrase' });
      expect(byKey.status).toBe(401);
      await request(t.http).get('/api/auth/session').set('Cookie', other.cookie).expect(200);

      await change({ current_password: PASSWORD, password: 'a changed passphrase' }).expect(204);
      await request(t.http).get('/api/auth/session').set('Cookie', session.cookie).expect(200);
      await request(t.http).get('/api/auth/session').set('Cookie', other.cookie).expect(401);
      await login(org.adminEmail).expect(401);
      await login(org.adminEmail, 'a changed passphrase').expect(200);
      const audit = await request(t.http)
        .get('/api/v1/audit-log?action=user.updated')
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(audit.body.entries[0]).toMatchObject({
        actor: { type: 'user', id: org.adminUserId },
        target: { type: 'user', id: org.adminUserId },
        details: { password: 'set', via: 'change' },
      });
      expect(JSON.stringify(audit.body)).not.toContain('a changed passphrase');
    });

    it('should count a wrong current password as a failed sign-in of the address', async () => {
      const { org, session } = await signedInOrg();
      for (let attempt = 0; attempt < MAX_FAILURES_PER_ACCOUNT; attempt++) {
        await request(t.http)
          .put('/api/auth/password')
          .set('Cookie', session.cookie)
          .set('X-CSRF-Token', session.csrf)
          .send({ current_password: `guess number ${attempt} of many`, password: 'a changed passphrase' })
          .expect(400);
      }
      const refused = await request(t.http)
        .put('/api/auth/password')
        .set('Cookie', session.cookie)
        .set('X-CSRF-Token', session.csrf)
        .send({ current_password: PASSWORD, password: 'a changed passphrase' })
        .expect(429);
      expect(refused.body.error.code).toBe('too_many_attempts');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      await login(org.adminEmail).expect(429);
      clock.advance(FAILURE_WINDOW_MS + 1_000);
      await login(org.adminEmail).expect(200);
    });
  });

  describe('password reset', () => {
    it('should answer 202 alike for any address, e-mail a link to an account, set the password with it and end the other sessions', async () => {
      const { org, session } = await signedInOrg();
      const unknown = await request(t.http)
        .post('/api/auth/password-reset')
        .send({ email: `ghost-${randomBytes(3).toString('hex')}@example.test` })
        .expect(202);
      const known = await request(t.http).post('/api/auth/password-reset').set('Host', 'evil.test').send({ email: org.adminEmail }).expect(202);
      expect(known.body).toEqual(unknown.body);

      const [, link, token] = await smtp.find(org.adminEmail, /(\S+)#token=(svcprt_[A-Za-z0-9_-]{43})/);
      expect(link).toBe(`${configuredOrigin(t.app.get<AppConfig>(APP_CONFIG).http)}/reset-password`);
      const reset = await request(t.http).post('/api/auth/password-reset/confirm').send({ token, password: 'a brand new passphrase' }).expect(200);
      expect(reset.body.user).toMatchObject({ id: org.adminUserId });
      await request(t.http).get('/api/v1/agents').set('Cookie', session.cookie).expect(401);
      await login(org.adminEmail).expect(401);
      await login(org.adminEmail, 'a brand new passphrase').expect(200);
      await request(t.http).post('/api/auth/password-reset/confirm').send({ token, password: 'yet another passphrase' }).expect(400);
    });

    it('should mail an account at most three links an hour, answering 202 alike', async () => {
      const { org } = await signedInOrg();
      const mailed = () => smtp.messages.filter((message) => message.to.includes(org.adminEmail) && message.text.includes('svcprt_')).length;
      for (let round = 0; round < 5; round++) {
        await request(t.http).post('/api/auth/password-reset').send({ email: org.adminEmail }).expect(202);
        await t.app.get(SignInService).beforeApplicationShutdown();
      }
      await smtp.find(org.adminEmail, /#token=svcprt_/);
      expect(mailed()).toBe(3);
      clock.advance(3_600_000 + 1_000);
      // Requests at the same moment are held to the same count, and leave one link working.
      await Promise.all(Array.from({ length: 5 }, () => request(t.http).post('/api/auth/password-reset').send({ email: org.adminEmail }).expect(202)));
      await t.app.get(SignInService).beforeApplicationShutdown();
      await vi.waitFor(() => expect(mailed()).toBe(6));
      const links = smtp.messages
        .filter((message) => message.to.includes(org.adminEmail))
        .slice(-3)
        .map((message) => /#token=(svcprt_[\w-]+)/.exec(message.text)![1]);
      const confirmed = [];
      for (const token of links) {
        confirmed.push(
          (
            await request(t.http)
              .post('/api/auth/password-reset/confirm')
              .send({ token, password: `${PASSWORD}-reset` })
          ).status,
        );
      }
      expect(confirmed.filter((status) => status === 200)).toHaveLength(1);
      clock.advance(3_600_000 + 1_000);
      await request(t.http).post('/api/auth/password-reset').send({ email: org.adminEmail }).expect(202);
      await t.app.get(SignInService).beforeApplicationShutdown();
      await vi.waitFor(() => expect(mailed()).toBe(7));
    });
  });

  it('should keep passwords, tokens and cookies out of every log line', () => {
    expect(logged.length).toBeGreaterThan(0);
    for (const secret of [PASSWORD, 'a brand new passphrase', 'svcinv_', 'svcprt_', 'svcses_']) {
      expect(logged, secret).not.toContain(secret);
    }
  });
});
