import * as client from 'openid-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createOrg, type TestOrg } from '#test/utils/factories.js';
import { MovableClock } from '#test/utils/movable-clock.js';
import { OAuthBrowser } from '#test/utils/oauth-browser.js';
import { freePort } from '#test/utils/processes.js';
import { createTestApp, sameDatabaseAs, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';
import { acceptInvitation, TEST_PASSWORD, type WebSession } from '#test/utils/web-sessions.js';

const REDIRECT = 'http://127.0.0.1:53682/callback';

describe('OAuth 2.0 for user-context calls', () => {
  let t: TestApp;
  let origin: string;
  let clock: MovableClock;
  let org: TestOrg;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    clock = new MovableClock();
    t = await createTestApp({ databaseUrl: database.url, env: { PUBLIC_URL: origin }, clock });
    await t.app.listen(port, '127.0.0.1');
    org = await createOrg(t.app, { plan: 'enterprise' });
  });

  afterAll(async () => {
    await t?.close();
    await dropDatabase?.();
  });

  /** A person of `org` with a password and the given role. */
  async function person(role: string): Promise<{ email: string; id: string; session: WebSession }> {
    const email = `${role}-${Math.random().toString(36).slice(2, 8)}@acme.test`;
    const created = await request(t.http)
      .post('/api/v1/users')
      .set(...bearer(org.adminKey))
      .send({ email, role })
      .expect(201);
    const session = await acceptInvitation(t.http, created.body.invitation.token as string);
    return { email, id: created.body.id as string, session };
  }

  async function publicClient(scopes: string[], owner = org): Promise<client.Configuration> {
    const registered = await request(t.http)
      .post('/api/v1/oauth-clients')
      .set(...bearer(owner.adminKey))
      .send({ name: 'Acme CLI', type: 'public', redirect_uris: [REDIRECT], scopes })
      .expect(201);
    return client.discovery(new URL(`${origin}/oauth`), registered.body.client_id as string, undefined, client.None(), {
      execute: [client.allowInsecureRequests],
    });
  }

  async function authorize(
    configuration: client.Configuration,
    scope: string,
    who: { email: string },
    browser = new OAuthBrowser(origin, REDIRECT),
    extra: Record<string, string> = {},
  ) {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(configuration, {
      ...extra,
      redirect_uri: REDIRECT,
      scope,
      state,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const callback = new URL(await browser.authorize(url.href, { email: who.email, password: TEST_PASSWORD }));
    return { callback, verifier, state, browser };
  }

  it('should publish its metadata (RFC 8414) with the code flow, PKCE S256, revocation and the service scopes only', async () => {
    const metadata = await request(t.http).get('/.well-known/oauth-authorization-server').expect(200);
    expect(metadata.body).toMatchObject({
      issuer: `${origin}/oauth`,
      authorization_endpoint: `${origin}/oauth/auth`,
      token_endpoint: `${origin}/oauth/token`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
    expect(metadata.body.revocation_endpoint).toBe(`${origin}/oauth/token/revocation`);
    // Every address is PUBLIC_URL's, whatever host or scheme a request claims.
    const forged = await request(t.http)
      .get('/.well-known/oauth-authorization-server')
      .set('Host', 'evil.example')
      .set('X-Forwarded-Proto', 'https')
      .set('X-Forwarded-Host', 'evil.example')
      .expect(200);
    expect(forged.body).toMatchObject({
      issuer: `${origin}/oauth`,
      authorization_endpoint: `${origin}/oauth/auth`,
      token_endpoint: `${origin}/oauth/token`,
      revocation_endpoint: `${origin}/oauth/token/revocation`,
    });
    expect([...metadata.body.token_endpoint_auth_methods_supported].sort()).toEqual(['client_secret_basic', 'client_secret_post', 'none']);
    expect(metadata.body.grant_types_supported).not.toContain('client_credentials');
    expect(metadata.body.grant_types_supported).not.toContain('implicit');
    expect(metadata.body.scopes_supported).toEqual(['read', 'write', 'execute', 'admin', 'offline_access']);
    expect(metadata.body).not.toHaveProperty('id_token_signing_alg_values_supported');
    expect(metadata.body).not.toHaveProperty('claims_supported');
    expect(metadata.body).not.toHaveProperty('jwks_uri');
    expect(metadata.body).not.toHaveProperty('pushed_authorization_request_endpoint');
    await request(t.http).get('/oauth/jwks').expect(404);
    await request(t.http).post('/oauth/request').type('form').send({ client_id: 'oac_01JD8X0Q5W3V7N2K4M6P8R9T1A' }).expect(404);
  });

  it('should sign a person in, ask consent, and give a public client svcat_/svcrt_ tokens that call the API as them', async () => {
    const ada = await person('configure');
    const configuration = await publicClient(['read', 'write', 'offline_access']);
    const { callback, verifier, state } = await authorize(configuration, 'read write offline_access', ada);
    const tokens = await client.authorizationCodeGrant(configuration, callback, { pkceCodeVerifier: verifier, expectedState: state });
    expect(tokens.access_token).toMatch(/^svcat_/);
    expect(tokens.refresh_token).toMatch(/^svcrt_/);
    expect(tokens.expires_in).toBeLessThanOrEqual(3600);

    await request(t.http).get('/api/v1/agents').set('Authorization', `Bearer ${tokens.access_token}`).expect(200);
    const created = await request(t.http)
      .post('/api/v1/agents')
      .set('Authorization', `Bearer ${tokens.access_token}`)
      .send({ name: 'Made through OAuth', data_source_ids: [] });
    expect(created.status, created.text).toBe(201);

    await expect(client.authorizationCodeGrant(configuration, callback, { pkceCodeVerifier: verifier, expectedState: state })).rejects.toThrow();
    await request(t.http).get('/api/v1/agents').set('Authorization', `Bearer ${tokens.access_token}`).expect(401);
    const audit = await request(t.http)
      .get('/api/v1/audit-log?action=oauth_grant.revoked')
      .set(...bearer(org.adminKey))
      .expect(200);
    const revoked = (audit.body.entries as Array<{ details: { client_id: string } }>).filter(
      (entry) => entry.details.client_id === configuration.clientMetadata().client_id,
    );
    expect(revoked).toEqual([expect.objectContaining({ details: { client_id: expect.any(String), user_id: ada.id, reason: 'authorization_code_reused' } })]);
  });

  it('should rotate refresh tokens, and revoke the whole grant when an old one is used again', async () => {
    const bea = await person('readonly');
    const configuration = await publicClient(['read', 'offline_access']);
    const { callback, verifier, state } = await authorize(configuration, 'read offline_access', bea);
    const first = await client.authorizationCodeGrant(configuration, callback, { pkceCodeVerifier: verifier, expectedState: state });
    const second = await client.refreshTokenGrant(configuration, first.refresh_token!);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    await request(t.http).get('/api/v1/agents').set('Authorization', `Bearer ${second.access_token}`).expect(200);

    await expect(client.refreshTokenGrant(configuration, first.refresh_token!)).rejects.toThrow();
    await request(t.http).get('/api/v1/agents').set('Authorization', `Bearer ${second.access_token}`).expect(401);
    await expect(client.refreshTokenGrant(configuration, second.refresh_token!)).rejects.toThrow();

    const again = await authorize(configuration, 'read offline_access', bea);
    const third = await client.authorizationCodeGrant(configuration, again.callback, { pkceCodeVerifier: again.verifier, expectedState: again.state });
    await client.tokenRevocation(configuration, third.refresh_token!);
    await request(t.http).get('/api/v1/agents').set('Authorization', `Bearer ${third.access_token}`).expect(401);
    const audit = await request(t.http)
      .get('/api/v1/audit-log?action=oauth_grant.revoked')
      .set(...bearer(org.adminKey))
      .expect(200);
    const clientId = configuration.clientMetadata().client_id;
    const revocations = (audit.body.entries as Array<{ actor: unknown; target: { id: string }; details: { reason: string; user_id: string } }>).filter(
      (entry) => entry.details.user_id === bea.id,
    );
    expect(revocations.map((entry) => entry.details.reason)).toEqual(['revoked_by_client', 'refresh_token_reused']);
    for (const entry of revocations) {
      expect(entry).toMatchObject({ actor: { type: 'oauth_client', id: clientId }, target: { type: 'oauth_grant', id: expect.stringMatching(/^grt_/) } });
    }
  });

  it('should take a code or a refresh token once even from requests of the same moment, and revoke the grant for the others', async () => {
    const cleo = await person('readonly');
    const configuration = await publicClient(['read', 'offline_access']);
    const clientId = configuration.clientMetadata().client_id;
    const exchange = (form: Record<string, string>) =>
      request(t.http)
        .post('/oauth/token')
        .type('form')
        .send({ client_id: clientId, ...form });
    const status = (response: request.Response) => response.status;

    const code = await authorize(configuration, 'read offline_access', cleo);
    const codeForm = { grant_type: 'authorization_code', code: code.callback.searchParams.get('code')!, redirect_uri: REDIRECT, code_verifier: code.verifier };
    const exchanges = await Promise.all([1, 2, 3].map(() => exchange(codeForm)));
    expect(exchanges.map(status).sort()).toEqual([200, 400, 400]);
    expect(exchanges.find((answer) => answer.status === 400)!.body).toMatchObject({ error: 'invalid_grant' });
    for (const answer of exchanges.filter((one) => one.status === 200)) {
      await request(t.http).get('/api/v1/agents').set('Authorization', `Bearer ${answer.body.access_token}`).expect(401);
      expect(status(await exchange({ grant_type: 'refresh_token', refresh_token: answer.body.refresh_token as string }))).toBe(400);
    }

    const again = await authorize(configuration, 'read offline_access', cleo);
    const tokens = await client.authorizationCodeGrant(configuration, again.callback, { pkceCodeVerifier: again.verifier, expectedState: again.state });
    const refreshes = await Promise.all([1, 2, 3].map(() => exchange({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token! })));
    expect(refreshes.map(status).sort()).toEqual([200, 400, 400]);
    for (const answer of refreshes.filter((one) => one.status === 200)) {
      await request(t.http).get('/api/v1/agents').set('Authorization', `Bearer ${answer.body.access_token}`).expect(401);
      expect(status(await exchange({ grant_type: 'refresh_token', refresh_token: answer.body.refresh_token as string }))).toBe(400);
    }
    await request(t.http).get('/api/v1/agents').set('Authorization', `Bearer ${tokens.access_token}`).expect(401);

    const audit = await request(t.http)
      .get('/api/v1/audit-log?action=oauth_grant.revoked')
      .set(...bearer(org.adminKey))
      .expect(200);
    const reasons = (audit.body.entries as Array<{ details: { reason: string; client_id: string } }>)
      .filter((entry) => entry.details.client_id === clientId)
      .map((entry) => entry.details.reason);
    expect(new Set(reasons)).toEqual(new Set(['authorization_code_reused', 'refresh_token_reused']));
  });

  it('should keep a grant in use alive: a refresh token issued on day 29 still works on day 31', async () => {
    const bea = await person('readonly');
    const configuration = await publicClient(['read', 'offline_access']);
    const { callback, verifier, state } = await authorize(configuration, 'read offline_access', bea);
    const first = await client.authorizationCodeGrant(configuration, callback, { pkceCodeVerifier: verifier, expectedState: state });
    clock.advance(29 * 86_400_000);
    const second = await client.refreshTokenGrant(configuration, first.refresh_token!);
    clock.advance(2 * 86_400_000);
    const third = await client.refreshTokenGrant(configuration, second.refresh_token!);
    await request(t.http).get('/api/v1/agents').set('Authorization', `Bearer ${third.access_token}`).expect(200);
    const [grant] = (await request(t.http).get('/api/v1/oauth-grants').set('Authorization', `Bearer ${third.access_token}`).expect(200)).body.grants;
    expect(Date.parse(grant.expires_at)).toBeGreaterThan(clock.now().getTime() + 29 * 86_400_000);
    // Unused for thirty days, the grant and its refresh token lapse.
    clock.advance(31 * 86_400_000);
    await expect(client.refreshTokenGrant(configuration, third.refresh_token!)).rejects.toThrow();
  });

  it('should show a person a page, not JSON, when an authorization cannot go back to the application', async () => {
    const configuration = await publicClient(['read']);
    const clientId = configuration.clientMetadata().client_id;
    for (const query of [
      `response_type=code&client_id=oac_unknown&redirect_uri=${encodeURIComponent(REDIRECT)}&scope=read`,
      `response_type=code&client_id=${clientId}&redirect_uri=${encodeURIComponent('http://127.0.0.1:1/elsewhere')}&scope=read`,
    ]) {
      const response = await request(t.http).get(`/oauth/auth?${query}`).set('Accept', 'text/html');
      expect(response.status, query).toBeGreaterThanOrEqual(400);
      expect(response.status, query).toBeLessThan(500);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(response.text).toContain('could not be completed');
      expect(response.text).toMatch(/invalid_client|invalid_redirect_uri/);
    }
  });

  it('should cap a token by its user\u2019s role: a readonly person granting write cannot write', async () => {
    const cy = await person('readonly');
    const configuration = await publicClient(['read', 'write']);
    const { callback, verifier, state } = await authorize(configuration, 'read write', cy);
    const tokens = await client.authorizationCodeGrant(configuration, callback, { pkceCodeVerifier: verifier, expectedState: state });
    await request(t.http).get('/api/v1/agents').set('Authorization', `Bearer ${tokens.access_token}`).expect(200);
    const refused = await request(t.http).post('/api/v1/agents').set('Authorization', `Bearer ${tokens.access_token}`).send({ name: 'x', data_source_ids: [] });
    expect(refused.status).toBe(403);
  });

  it('should let an admin\u2019s token do admin work, audited as done by its client for the person', async () => {
    const ida = await person('admin');
    const configuration = await publicClient(['admin']);
    const clientId = configuration.clientMetadata().client_id;
    const { callback, verifier, state } = await authorize(configuration, 'admin', ida);
    const tokens = await client.authorizationCodeGrant(configuration, callback, { pkceCodeVerifier: verifier, expectedState: state });
    const asToken = (call: request.Test): request.Test => call.set('Authorization', `Bearer ${tokens.access_token}`);

    const invited = await asToken(request(t.http).post('/api/v1/users')).send({ email: 'through-oauth@acme.test', role: 'readonly' });
    expect(invited.status, invited.text).toBe(201);
    await asToken(request(t.http).put(`/api/v1/users/${invited.body.id}`))
      .send({ role: 'train' })
      .expect(200);
    await asToken(request(t.http).post('/api/v1/api-keys'))
      .send({ name: 'made through OAuth', scopes: ['read'] })
      .expect(201);

    const audit = await request(t.http)
      .get('/api/v1/audit-log?limit=3')
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(audit.body.entries.map((entry: { action: string }) => entry.action)).toEqual(['api_key.created', 'user.updated', 'user.created']);
    for (const entry of audit.body.entries) {
      expect(entry.actor).toEqual({ type: 'oauth_client', id: clientId });
      expect(entry.details.user_id).toBe(ida.id);
    }
  });

  it('should refuse a wrong verifier, a wrong redirect address, and a declined consent', async () => {
    const dee = await person('readonly');
    const configuration = await publicClient(['read']);
    const { callback, state } = await authorize(configuration, 'read', dee);
    await expect(
      client.authorizationCodeGrant(configuration, callback, { pkceCodeVerifier: client.randomPKCECodeVerifier(), expectedState: state }),
    ).rejects.toThrow();

    const wrongRedirect = client.buildAuthorizationUrl(configuration, {
      redirect_uri: 'http://127.0.0.1:53682/elsewhere',
      scope: 'read',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const refused = await fetch(wrongRedirect, { redirect: 'manual' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('location')).toBeNull();

    // Someone who has not consented yet: dee's consent to this client is remembered.
    const newcomer = await person('readonly');
    const verifier = client.randomPKCECodeVerifier();
    const declinedUrl = client.buildAuthorizationUrl(configuration, {
      redirect_uri: REDIRECT,
      scope: 'read',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const declined = new URL(
      await new OAuthBrowser(origin, REDIRECT).authorize(declinedUrl.href, { email: newcomer.email, password: TEST_PASSWORD, consent: 'decline' }),
    );
    expect(declined.searchParams.get('error')).toBe('access_denied');

    const noPkce = client.buildAuthorizationUrl(configuration, { redirect_uri: REDIRECT, scope: 'read' });
    const withoutPkce = new URL(await new OAuthBrowser(origin, REDIRECT).authorize(noPkce.href, { email: dee.email, password: TEST_PASSWORD }));
    expect(withoutPkce.searchParams.get('error')).toBe('invalid_request');
  });

  it('should stop tokens at once when revoked (RFC 7009), when the client is deleted, and keep them to their organization', async () => {
    const eve = await person('configure');
    const configuration = await publicClient(['read']);
    const first = await authorize(configuration, 'read', eve);
    const tokens = await client.authorizationCodeGrant(configuration, first.callback, { pkceCodeVerifier: first.verifier, expectedState: first.state });
    await request(t.http).get('/api/v1/agents').set('Authorization', `Bearer ${tokens.access_token}`).expect(200);
    await client.tokenRevocation(configuration, tokens.access_token);
    await request(t.http).get('/api/v1/agents').set('Authorization', `Bearer ${tokens.access_token}`).expect(401);

    const second = await authorize(configuration, 'read', eve, first.browser);
    const again = await client.authorizationCodeGrant(configuration, second.callback, { pkceCodeVerifier: second.verifier, expectedState: second.state });
    const other = await createOrg(t.app);
    const foreignAgent = await request(t.http)
      .post('/api/v1/agents')
      .set(...bearer(other.adminKey))
      .send({ name: 'Theirs', data_source_ids: [] })
      .expect(201);
    await request(t.http).get(`/api/v1/agents/${foreignAgent.body.id}`).set('Authorization', `Bearer ${again.access_token}`).expect(404);

    await request(t.http)
      .delete(`/api/v1/oauth-clients/${configuration.clientMetadata().client_id}`)
      .set(...bearer(org.adminKey))
      .expect(204);
    await request(t.http).get('/api/v1/agents').set('Authorization', `Bearer ${again.access_token}`).expect(401);
  });

  it('should hold the organization\u2019s IP allowlist for its tokens and their refresh, and end an access token after its hour', async () => {
    const fay = await person('readonly');
    const configuration = await publicClient(['read', 'offline_access']);
    const clientId = configuration.clientMetadata().client_id;
    const { callback, verifier, state, browser } = await authorize(configuration, 'read offline_access', fay);
    const tokens = await client.authorizationCodeGrant(configuration, callback, { pkceCodeVerifier: verifier, expectedState: state });
    const call = (address: string) =>
      request(t.http).get('/api/v1/agents').set('Authorization', `Bearer ${tokens.access_token}`).set('X-Forwarded-For', address);
    const refresh = (address: string) =>
      request(t.http)
        .post('/oauth/token')
        .set('X-Forwarded-For', address)
        .type('form')
        .send({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: clientId });

    await request(t.http)
      .put('/api/v1/organization?confirm=true')
      .set(...bearer(org.adminKey))
      .send({ ip_allowlist: ['203.0.113.0/24'] })
      .expect(200);
    const blocked = await call('198.51.100.7');
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.code).toBe('ip_not_allowed');
    const refusedRefresh = await refresh('198.51.100.8');
    expect(refusedRefresh.status).toBe(403);
    expect(refusedRefresh.body).toEqual({ error: 'ip_not_allowed', error_description: 'Requests from this address are not allowed' });
    // An authorization from outside the allowlist stops at its sign-in step, which the web session takes.
    await expect(authorize(configuration, 'read', fay, browser)).rejects.toThrow(/\/login \(403\): ip_not_allowed/);
    const audited = await request(t.http)
      .get('/api/v1/audit-log?action=ip.blocked')
      .set(...bearer(org.adminKey))
      .set('X-Forwarded-For', '203.0.113.7')
      .expect(200);
    expect(audited.body.entries.slice(0, 3)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actor: { type: 'oauth_client', id: clientId },
          ip: '198.51.100.7',
          details: expect.objectContaining({ via: 'oauth_token' }),
        }),
        expect.objectContaining({
          actor: { type: 'oauth_client', id: clientId },
          ip: '198.51.100.8',
          details: expect.objectContaining({ via: 'oauth_authorization' }),
        }),
      ]),
    );
    await call('203.0.113.7').expect(200);
    const refreshed = await refresh('203.0.113.7');
    expect(refreshed.status, refreshed.text).toBe(200);
    expect(refreshed.body.refresh_token).toMatch(/^svcrt_/);
    await request(t.http)
      .put('/api/v1/organization')
      .set(...bearer(org.adminKey))
      .set('X-Forwarded-For', '203.0.113.7')
      .send({ ip_allowlist: [] })
      .expect(200);

    clock.advance(3_601_000);
    await call('203.0.113.7').expect(401);
  });

  it('should list a person\u2019s grants to them alone, and revoke one with everything issued under it', async () => {
    const gus = await person('configure');
    const configuration = await publicClient(['read', 'offline_access']);
    const before = Date.now();
    const { callback, verifier, state } = await authorize(configuration, 'read offline_access', gus);
    const tokens = await client.authorizationCodeGrant(configuration, callback, { pkceCodeVerifier: verifier, expectedState: state });

    const listed = await request(t.http).get('/api/v1/oauth-grants').set('Cookie', gus.session.cookie).expect(200);
    const created = Date.parse(listed.body.grants[0].created_at as string);
    expect(created).toBeGreaterThanOrEqual(before);
    expect(created).toBeLessThanOrEqual(Date.now());
    expect(listed.body.grants).toEqual([
      {
        id: expect.stringMatching(/^grt_[0-7][0-9A-HJKMNP-TV-Z]{25}$/),
        client: { id: configuration.clientMetadata().client_id, name: 'Acme CLI' },
        scopes: expect.arrayContaining(['read', 'offline_access']),
        created_at: expect.any(String),
        expires_at: expect.any(String),
      },
    ]);
    const grantId = listed.body.grants[0].id as string;
    // The person's grants answer to any credential of theirs; an organization key is no one's.
    const byToken = await request(t.http).get('/api/v1/oauth-grants').set('Authorization', `Bearer ${tokens.access_token}`).expect(200);
    expect(byToken.body).toEqual(listed.body);
    const one = await request(t.http).get(`/api/v1/oauth-grants/${grantId}`).set('Cookie', gus.session.cookie).expect(200);
    expect(one.body).toEqual(listed.body.grants[0]);
    const byKey = await request(t.http)
      .get('/api/v1/oauth-grants')
      .set(...bearer(org.adminKey))
      .expect(403);
    expect(byKey.body.error.code).toBe('forbidden');
    const other = await person('configure');
    await request(t.http).get(`/api/v1/oauth-grants/${grantId}`).set('Cookie', other.session.cookie).expect(404);
    expect((await request(t.http).get('/api/v1/oauth-grants').set('Cookie', other.session.cookie).expect(200)).body.grants).toEqual([]);
    await request(t.http).delete(`/api/v1/oauth-grants/${grantId}`).set('Cookie', other.session.cookie).set('X-CSRF-Token', other.session.csrf).expect(404);
    await request(t.http).delete('/api/v1/oauth-grants/not-a-grant').set('Cookie', gus.session.cookie).set('X-CSRF-Token', gus.session.csrf).expect(400);
    await request(t.http).delete(`/api/v1/oauth-grants/${grantId}`).set('Cookie', gus.session.cookie).expect(403);

    await request(t.http).delete(`/api/v1/oauth-grants/${grantId}`).set('Cookie', gus.session.cookie).set('X-CSRF-Token', gus.session.csrf).expect(204);
    await request(t.http).get('/api/v1/agents').set('Authorization', `Bearer ${tokens.access_token}`).expect(401);
    await expect(client.refreshTokenGrant(configuration, tokens.refresh_token!)).rejects.toThrow();
    const audit = await request(t.http)
      .get('/api/v1/audit-log?action=oauth_grant.revoked')
      .set(...bearer(org.adminKey))
      .expect(200);
    expect(audit.body.entries[0]).toMatchObject({ target: { type: 'oauth_grant', id: grantId }, actor: { type: 'user', id: gus.id } });
  });

  it('should refuse a token on a second instance right after its revocation on the first, and it and its refresh once its user is deleted', async () => {
    const second = await createTestApp({ ...sameDatabaseAs(t), env: { PUBLIC_URL: origin } });
    try {
      const hal = await person('readonly');
      const configuration = await publicClient(['read', 'offline_access']);
      const first = await authorize(configuration, 'read offline_access', hal);
      const tokens = await client.authorizationCodeGrant(configuration, first.callback, { pkceCodeVerifier: first.verifier, expectedState: first.state });
      await request(second.http).get('/api/v1/agents').set('Authorization', `Bearer ${tokens.access_token}`).expect(200);
      await client.tokenRevocation(configuration, tokens.access_token);
      await request(second.http).get('/api/v1/agents').set('Authorization', `Bearer ${tokens.access_token}`).expect(401);

      const again = await authorize(configuration, 'read offline_access', hal, first.browser);
      const fresh = await client.authorizationCodeGrant(configuration, again.callback, { pkceCodeVerifier: again.verifier, expectedState: again.state });
      await request(second.http).get('/api/v1/agents').set('Authorization', `Bearer ${fresh.access_token}`).expect(200);
      await request(t.http)
        .delete(`/api/v1/users/${hal.id}`)
        .set(...bearer(org.adminKey))
        .expect(204);
      await request(second.http).get('/api/v1/agents').set('Authorization', `Bearer ${fresh.access_token}`).expect(401);
      await expect(client.refreshTokenGrant(configuration, fresh.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    } finally {
      await second.close();
    }
  });

  it('should not let a person of one organization grant anything to another organization\u2019s client', async () => {
    const ivy = await person('configure');
    const ours = await publicClient(['read']);
    const { browser } = await authorize(ours, 'read', ivy);
    const otherOrg = await createOrg(t.app, { plan: 'enterprise' });
    const theirs = await publicClient(['read'], otherOrg);
    await expect(authorize(theirs, 'read', ivy, browser)).rejects.toThrow(/invalid_credentials|forbidden/);
    await expect(authorize(theirs, 'read', ivy)).rejects.toThrow(/invalid_credentials/);
  });

  it('should keep the consent step to the browser that started it, and need the session\u2019s CSRF token to continue', async () => {
    const lea = await person('readonly');
    const configuration = await publicClient(['read']);
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: REDIRECT,
      scope: 'read',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const started = await fetch(url, { redirect: 'manual' });
    const page = new URL(started.headers.get('location')!, origin);
    expect(page.pathname).toMatch(/^\/oauth\/interaction\/[\w-]+$/);
    const interaction = started.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');

    const consolePage = await fetch(page);
    expect(consolePage.status).toBe(200);
    expect(consolePage.headers.get('content-type')).toMatch(/^text\/html/);
    const elsewhere = await request(t.http).get(`${page.pathname}/details`).set('Cookie', lea.session.cookie).expect(400);
    expect(elsewhere.body.error.code).toBe('invalid_request');

    const cookie = `${interaction}; ${lea.session.cookie}`;
    const details = await request(t.http).get(`${page.pathname}/details`).set('Cookie', cookie).expect(200);
    expect(details.body).toMatchObject({ prompt: 'login', signed_in: true, scopes: ['read'], organization_id: org.orgId, client: { name: 'Acme CLI' } });

    const notYet = await request(t.http)
      .post(`${page.pathname}/confirm`)
      .set('Cookie', cookie)
      .set('X-CSRF-Token', lea.session.csrf)
      .set('Origin', origin)
      .expect(400);
    expect(notYet.body.error.code).toBe('invalid_request');
    const continueAs = (headers: Record<string, string>) => request(t.http).post(`${page.pathname}/login`).set('Cookie', cookie).set(headers);
    expect((await continueAs({}).expect(403)).body.error.code).toBe('csrf_failed');
    expect((await continueAs({ 'X-CSRF-Token': lea.session.csrf, Origin: 'https://elsewhere.example' }).expect(403)).body.error.code).toBe('csrf_failed');
    await request(t.http).post(`${page.pathname}/login`).set('Cookie', interaction).set('X-CSRF-Token', lea.session.csrf).expect(401);
    for (const step of ['login', 'confirm', 'abort']) {
      const withFields = await request(t.http)
        .post(`${page.pathname}/${step}`)
        .set('Cookie', cookie)
        .set({ 'X-CSRF-Token': lea.session.csrf, Origin: origin })
        .send({ scopes: ['admin'] })
        .expect(400);
      expect(withFields.body.error.details, step).toEqual({ scopes: ['property scopes should not exist'] });
    }
    const continued = await continueAs({ 'X-CSRF-Token': lea.session.csrf, Origin: origin }).expect(200);
    expect(continued.body.redirect_to).toMatch(new RegExp(`^${origin}/oauth/auth/`));
  });

  it('should ask consent once per client and scope set, even from another browser, and again for more scopes', async () => {
    const jan = await person('configure');
    const configuration = await publicClient(['read', 'write']);
    const first = await authorize(configuration, 'read', jan);
    expect(first.browser.consentPages).toBe(1);
    const elsewhere = await authorize(configuration, 'read', jan);
    expect(elsewhere.browser.consentPages).toBe(0);
    const tokens = await client.authorizationCodeGrant(configuration, elsewhere.callback, {
      pkceCodeVerifier: elsewhere.verifier,
      expectedState: elsewhere.state,
    });
    await request(t.http).get('/api/v1/agents').set('Authorization', `Bearer ${tokens.access_token}`).expect(200);
    const more = await authorize(configuration, 'read write', jan);
    expect(more.browser.consentPages).toBe(1);
  });

  it('should ask the person signed in now, not the one the authorization server remembers, after a sign-out', async () => {
    const carl = await person('readonly');
    const dora = await person('configure');
    const configuration = await publicClient(['read', 'write']);
    const first = await authorize(configuration, 'read', carl);
    expect(first.browser.signIns).toBe(1);

    await first.browser.signOut();
    // Signed out, the next authorization signs in again: here as someone else, in the same browser.
    const next = await authorize(configuration, 'read', dora, first.browser);
    expect(next.browser.signIns).toBe(2);
    const tokens = await client.authorizationCodeGrant(configuration, next.callback, { pkceCodeVerifier: next.verifier, expectedState: next.state });
    const grants = await request(t.http).get('/api/v1/oauth-grants').set('Authorization', `Bearer ${tokens.access_token}`).expect(200);
    expect(grants.body.grants).toHaveLength(1);
    expect((await request(t.http).get('/api/v1/oauth-grants').set('Cookie', dora.session.cookie).expect(200)).body).toEqual(grants.body);

    // Still signed in, the next one goes through without a password or a consent page.
    const again = await authorize(configuration, 'read', dora, first.browser);
    expect(again.browser.signIns).toBe(2);
    expect(again.browser.consentPages).toBe(2);
  });

  it('should remember consent to offline access too, and show the page whenever the client itself asks for it', async () => {
    const kim = await person('configure');
    const configuration = await publicClient(['read', 'offline_access']);
    const first = await authorize(configuration, 'read offline_access', kim);
    expect(first.browser.consentPages).toBe(1);
    const again = await authorize(configuration, 'read offline_access', kim, first.browser);
    expect(again.browser.consentPages).toBe(1);
    const tokens = await client.authorizationCodeGrant(configuration, again.callback, { pkceCodeVerifier: again.verifier, expectedState: again.state });
    expect(tokens.refresh_token).toMatch(/^svcrt_/);

    const asked = await authorize(configuration, 'read offline_access', kim, new OAuthBrowser(origin, REDIRECT), { prompt: 'consent' });
    expect(asked.browser.consentPages).toBe(1);
    const smuggled = await authorize(configuration, 'read', kim, new OAuthBrowser(origin, REDIRECT), { prompt: 'consent', implied_prompt: 'consent' });
    expect(smuggled.browser.consentPages).toBe(1);
  });

  it('should authenticate a confidential client by its secret, checked against the stored hash', async () => {
    const kim = await person('readonly');
    const registered = await request(t.http)
      .post('/api/v1/oauth-clients')
      .set(...bearer(org.adminKey))
      .send({ name: 'Acme portal', redirect_uris: [REDIRECT], scopes: ['read'] })
      .expect(201);
    const discover = (secret: string) =>
      client.discovery(new URL(`${origin}/oauth`), registered.body.client_id as string, undefined, client.ClientSecretBasic(secret), {
        execute: [client.allowInsecureRequests],
      });
    const wrong = await discover('svccs_not-the-secret');
    const first = await authorize(wrong, 'read', kim);
    await expect(client.authorizationCodeGrant(wrong, first.callback, { pkceCodeVerifier: first.verifier, expectedState: first.state })).rejects.toThrow(
      /invalid_client|challenge/i,
    );

    const right = await discover(registered.body.client_secret as string);
    const second = await authorize(right, 'read', kim, first.browser);
    const tokens = await client.authorizationCodeGrant(right, second.callback, { pkceCodeVerifier: second.verifier, expectedState: second.state });
    await request(t.http).get('/api/v1/agents').set('Authorization', `Bearer ${tokens.access_token}`).expect(200);

    // A confidential client proves itself with its secret: PKCE is required of public clients only.
    const state = client.randomState();
    const plain = client.buildAuthorizationUrl(right, { redirect_uri: REDIRECT, scope: 'read', state });
    const callback = new URL(await first.browser.authorize(plain.href, { email: kim.email, password: TEST_PASSWORD }));
    const withoutPkce = await client.authorizationCodeGrant(right, callback, { expectedState: state });
    await request(t.http).get('/api/v1/agents').set('Authorization', `Bearer ${withoutPkce.access_token}`).expect(200);

    // The secret may also come in the form body (client_secret_post), as many client libraries send it.
    const posting = await client.discovery(
      new URL(`${origin}/oauth`),
      registered.body.client_id as string,
      undefined,
      client.ClientSecretPost(registered.body.client_secret as string),
      {
        execute: [client.allowInsecureRequests],
      },
    );
    const third = await authorize(posting, 'read', kim, first.browser);
    const posted = await client.authorizationCodeGrant(posting, third.callback, { pkceCodeVerifier: third.verifier, expectedState: third.state });
    await request(t.http).get('/api/v1/agents').set('Authorization', `Bearer ${posted.access_token}`).expect(200);
  });

  it('should refuse a public client\u2019s authorization without a PKCE challenge', async () => {
    const configuration = await publicClient(['read']);
    const url = client.buildAuthorizationUrl(configuration, { redirect_uri: REDIRECT, scope: 'read', state: client.randomState() });
    const answer = await fetch(url, { redirect: 'manual' });
    const location = new URL(answer.headers.get('location') ?? url.href);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
  });
});
