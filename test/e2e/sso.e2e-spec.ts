import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import request, { type Response } from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { AuditLog } from '#src/modules/audit/audit-log.service.js';
import { UserTokensService } from '#src/modules/auth/user-tokens/user-tokens.service.js';
import { SsoConnectionsService } from '#src/modules/sso/connections/sso-connections.service.js';
import { DomainsService } from '#src/modules/sso/domains/domains.service.js';
import { SsoSettingsService } from '#src/modules/sso/sso-settings.service.js';
import { OrganizationsService } from '#src/modules/organizations/organizations.service.js';
import { bearer, createOrg, type TestOrg } from '#test/utils/factories.js';
import { startDnsServer, type TestDnsServer } from '#test/utils/dns-server.js';
import { startOpenIdProvider, type TestOpenIdProvider } from '#test/utils/oidc-op.js';
import { createSamlIdp, createSamlIdpKey, type SamlIdp, type SamlResponseOptions } from '#test/utils/saml-idp.js';
import { createTestApp, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';
import { SmtpCapture } from '#test/utils/smtp-capture.js';
import { acceptInvitation, sessionCookieOf, TEST_PASSWORD } from '#test/utils/web-sessions.js';

const ORIGIN = 'http://sp.example.test';
const files = mkdtempSync(join(tmpdir(), 'aqs-sso-'));

describe('single sign-on', () => {
  let t: TestApp;
  let dns: TestDnsServer;
  let smtp: SmtpCapture;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    dns = await startDnsServer();
    smtp = await SmtpCapture.start();
    t = await createTestApp({
      databaseUrl: database.url,
      env: { PUBLIC_URL: ORIGIN, ALLOW_PRIVATE_TARGETS: 'true', DNS_SERVERS: dns.address, SMTP_URL: smtp.url },
    });
  });

  afterAll(async () => {
    await t?.close();
    await dns?.close();
    await smtp?.close();
    await dropDatabase?.();
  });

  const connections = () => t.app.get(SsoConnectionsService);
  const domains = () => t.app.get(DomainsService);

  /** An enterprise organization signing in with `domain`, verified by the operator. */
  async function ssoOrg(domain: string): Promise<TestOrg> {
    const org = await createOrg(t.app, { plan: 'enterprise' });
    await domains().add(org.orgId, domain, true);
    return org;
  }

  async function samlConnection(org: TestOrg, idp: SamlIdp, certificates?: string[]): Promise<string> {
    const path = join(files, `${org.orgId}-${Date.now()}.xml`);
    writeFileSync(path, idp.metadata(certificates));
    return (await connections().addSaml(org.orgId, { name: 'Test IdP', metadata: path })).id;
  }

  /** Starts a sign-in as a browser would, and answers the AuthnRequest as the identity provider would. */
  async function samlRoundTrip(email: string, idp: SamlIdp, connectionId: string, options: Partial<SamlResponseOptions> = {}) {
    const start = await request(t.http)
      .get(`/api/auth/sso?email=${encodeURIComponent(email)}`)
      .expect(302);
    expect(start.headers.location.startsWith(idp.ssoUrl)).toBe(true);
    const authnRequest = idp.readRequest(start.headers.location);
    const acsUrl = `${ORIGIN}/api/auth/saml/${connectionId}/acs`;
    expect(authnRequest.acsUrl).toBe(acsUrl);
    const samlResponse = await idp.respond({
      acsUrl,
      audience: `${ORIGIN}/api/auth/saml/${connectionId}/metadata`,
      inResponseTo: authnRequest.id,
      nameId: email,
      ...options,
    });
    return { samlResponse, post: () => postAcs(connectionId, samlResponse) };
  }

  const postAcs = (connectionId: string, samlResponse: string) =>
    request(t.http).post(`/api/auth/saml/${connectionId}/acs`).type('form').send({ SAMLResponse: samlResponse, RelayState: '' });

  function expectPage(response: Response, status: number, title: string): void {
    expect(response.status, response.text).toBe(status);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.text).toContain(`<h1>${title}</h1>`);
    expect(response.text).not.toMatch(/stack|Error:|node_modules|signature|InResponseTo/i);
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['set-cookie'] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^service_session=svcses_/)]));
  }

  async function auditActions(orgId: string, action: string) {
    const { items } = await t.app.get(AuditLog).list(orgId, { action }, { limit: 50, offset: 0 });
    return items;
  }

  describe('SAML 2.0', () => {
    let org: TestOrg;
    let idp: SamlIdp;
    let connectionId: string;

    beforeAll(async () => {
      org = await ssoOrg('acme-saml.test');
      idp = createSamlIdp();
      connectionId = await samlConnection(org, idp);
    });

    it('should sign a person in through the IdP, create them with the default role, and open a web session', async () => {
      const { post } = await samlRoundTrip('ada@acme-saml.test', idp, connectionId, { attributes: { email: 'ada@acme-saml.test' } });
      const response = await post();
      expect(response.status, response.text).toBe(303);
      expect(response.headers.location).toBe(`${ORIGIN}/`);
      const cookie = sessionCookieOf(response);
      const session = await request(t.http).get('/api/auth/session').set('Cookie', cookie).expect(200);
      expect(session.body.user).toMatchObject({ email: 'ada@acme-saml.test', role: 'readonly' });
      expect(session.body.organization.id).toBe(org.orgId);
      const [succeeded] = await auditActions(org.orgId, 'sso.succeeded');
      expect(succeeded.details).toMatchObject({ connection_id: connectionId, type: 'saml', created_user: true });

      const again = await (await samlRoundTrip('ada@acme-saml.test', idp, connectionId)).post();
      expect(again.status).toBe(303);
      const users = await request(t.http)
        .get('/api/v1/users')
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(users.body.users.filter((user: { email: string }) => user.email === 'ada@acme-saml.test')).toHaveLength(1);
    });

    it('should refuse a replayed response, even posted at once twice', async () => {
      const { post, samlResponse } = await samlRoundTrip('bob@acme-saml.test', idp, connectionId);
      const [first, second] = await Promise.all([post(), postAcs(connectionId, samlResponse)]);
      expect([first.status, second.status].sort()).toEqual([303, 401]);
      expectPage(await postAcs(connectionId, samlResponse), 401, 'Authentication failed');
    });

    it('should sign in once when two responses to one request arrive at once', async () => {
      const email = 'twice@acme-saml.test';
      const start = await request(t.http)
        .get(`/api/auth/sso?email=${encodeURIComponent(email)}`)
        .expect(302);
      const { id } = idp.readRequest(start.headers.location);
      const acsUrl = `${ORIGIN}/api/auth/saml/${connectionId}/acs`;
      const answer = () => idp.respond({ acsUrl, audience: `${ORIGIN}/api/auth/saml/${connectionId}/metadata`, inResponseTo: id, nameId: email });
      const [one, two] = await Promise.all([answer(), answer()]);
      const posted = await Promise.all([postAcs(connectionId, one), postAcs(connectionId, two)]);
      expect(posted.map((response) => response.status).sort()).toEqual([303, 401]);
    });

    it.each([
      ['a tampered assertion', { tamper: { from: 'carol@acme-saml.test', to: 'admin@acme-saml.test' } }],
      ['an unsigned response', { sign: 'none' as const }],
      ['an expired assertion', { shiftSeconds: -3600 }],
      ['a wrong audience', { audience: 'https://someone-else.example.test/saml' }],
      ['a wrong destination', { destination: 'https://evil.example.test/acs' }],
      ['a response signed by another key', { key: createSamlIdpKey() }],
      ['a signed response whose status is a failure', { statusCode: 'urn:oasis:names:tc:SAML:2.0:status:Requester' }],
      ['a response from another issuer, signed with the right key', { issuer: 'https://evil.example.test/idp' }],
      ['a signed response whose assertion names no issuer', { withoutAssertionIssuer: true, sign: 'response' as const }],
    ])('should refuse %s with the Authentication failed page, and audit why', async (_name, options) => {
      const { post } = await samlRoundTrip('carol@acme-saml.test', idp, connectionId, options);
      expectPage(await post(), 401, 'Authentication failed');
      const failures = await auditActions(org.orgId, 'sso.failed');
      expect(failures[0].details.reason).toEqual(expect.any(String));
    });

    it('should take an assertion id of any length once, and refuse it again', async () => {
      const assertionId = `_${'a'.repeat(300)}`;
      const first = await (await samlRoundTrip('lena@acme-saml.test', idp, connectionId, { assertionId })).post();
      expect(first.status, first.text).toBe(303);
      expectPage(await (await samlRoundTrip('lena@acme-saml.test', idp, connectionId, { assertionId })).post(), 401, 'Authentication failed');
      expect((await auditActions(org.orgId, 'sso.failed'))[0].details.reason).toBe('replayed_assertion');
    });

    it('should accept a response signed on the response only, or on the assertion only', async () => {
      for (const sign of ['response', 'assertion'] as const) {
        const { post } = await samlRoundTrip(`dan-${sign}@acme-saml.test`, idp, connectionId, { sign });
        expect((await post()).status).toBe(303);
      }
    });

    it('should refuse an unsolicited response (no InResponseTo) and one answering a request it never sent', async () => {
      const acsUrl = `${ORIGIN}/api/auth/saml/${connectionId}/acs`;
      const audience = `${ORIGIN}/api/auth/saml/${connectionId}/metadata`;
      expectPage(await postAcs(connectionId, await idp.respond({ acsUrl, audience, nameId: 'erin@acme-saml.test' })), 401, 'Authentication failed');
      expectPage(
        await postAcs(connectionId, await idp.respond({ acsUrl, audience, nameId: 'erin@acme-saml.test', inResponseTo: '_never-sent' })),
        401,
        'Authentication failed',
      );
    });

    it('should refuse at one connection a response to a request another connection sent', async () => {
      const other = await samlConnection(org, idp);
      const { samlResponse } = await samlRoundTrip('frank@acme-saml.test', idp, connectionId, {
        acsUrl: `${ORIGIN}/api/auth/saml/${other}/acs`,
        audience: `${ORIGIN}/api/auth/saml/${other}/metadata`,
      });
      expectPage(await postAcs(other, samlResponse), 401, 'Authentication failed');
      await connections().remove(org.orgId, other);
    });

    it('should take the e-mail from the NameID in e-mail format, else from the email attribute', async () => {
      const { post } = await samlRoundTrip('gina@acme-saml.test', idp, connectionId, {
        nameId: 'gina.persistent@acme-saml.test',
        nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
        attributes: { email: 'gina@acme-saml.test' },
      });
      const response = await post();
      expect(response.status, response.text).toBe(303);
      const session = await request(t.http).get('/api/auth/session').set('Cookie', sessionCookieOf(response)).expect(200);
      expect(session.body.user.email).toBe('gina@acme-saml.test');
    });

    it('should refuse a NameID that is not an address a user may have, and clean a display name of control characters', async () => {
      const { post } = await samlRoundTrip('kim@acme-saml.test', idp, connectionId, { nameId: 'kim,admin@acme-saml.test' });
      expectPage(await post(), 401, 'Authentication failed');
      expect((await auditActions(org.orgId, 'sso.failed'))[0].details.reason).toBe('invalid_email');

      const named = await (await samlRoundTrip('kim@acme-saml.test', idp, connectionId, { attributes: { displayName: 'Kim\tKnight\n' } })).post();
      expect(named.status, named.text).toBe(303);
      const session = await request(t.http).get('/api/auth/session').set('Cookie', sessionCookieOf(named)).expect(200);
      expect(session.body.user).toMatchObject({ email: 'kim@acme-saml.test', name: 'Kim Knight' });
    });

    it('should show Unauthorized domain for an address outside the organization\u2019s verified domains', async () => {
      const { post } = await samlRoundTrip('mallory@acme-saml.test', idp, connectionId, { nameId: 'mallory@elsewhere.test' });
      expectPage(await post(), 403, 'Unauthorized domain');
      const [failure] = await auditActions(org.orgId, 'sso.failed');
      expect(failure.details.reason).toBe('unverified_domain');
    });

    it('should follow an IdP certificate rotation: both listed, then the old one removed', async () => {
      const next = createSamlIdpKey();
      const rotatingOrg = await ssoOrg('rotate.test');
      const rotating = await samlConnection(rotatingOrg, idp, [idp.key.certificate, next.certificate]);
      expect((await (await samlRoundTrip('fay@rotate.test', idp, rotating)).post()).status).toBe(303);
      expect((await (await samlRoundTrip('fay@rotate.test', idp, rotating, { key: next })).post()).status).toBe(303);

      const path = join(files, 'rotated.xml');
      writeFileSync(path, idp.metadata([next.certificate]));
      await connections().refreshSaml(rotatingOrg.orgId, rotating, path);
      expectPage(await (await samlRoundTrip('fay@rotate.test', idp, rotating)).post(), 401, 'Authentication failed');
      expect((await (await samlRoundTrip('fay@rotate.test', idp, rotating, { key: next })).post()).status).toBe(303);
    });

    it('should publish service-provider metadata naming the entity id and the ACS address', async () => {
      const response = await request(t.http).get(`/api/auth/saml/${connectionId}/metadata`).expect(200);
      expect(response.headers['content-type']).toMatch(/samlmetadata\+xml/);
      expect(response.text).toContain(`entityID="${ORIGIN}/api/auth/saml/${connectionId}/metadata"`);
      expect(response.text).toContain(`Location="${ORIGIN}/api/auth/saml/${connectionId}/acs"`);
      await request(t.http).get('/api/auth/saml/sso_01JD8X0Q5W3V7N2K4M6P8R9T1A/metadata').expect(404);
      const malformed = await request(t.http).get('/api/auth/saml/not-a-connection/metadata').expect(400);
      expect(malformed.body.error).toMatchObject({ code: 'invalid_request', details: { connection_id: [expect.stringContaining('sso_')] } });
    });

    it('should sign AuthnRequests when the connection has a key, and publish its certificate in the SP metadata', async () => {
      const signingOrg = await ssoOrg('signed.test');
      const sp = createSamlIdpKey('service provider');
      const metadataPath = join(files, 'signed-idp.xml');
      writeFileSync(metadataPath, idp.metadata());
      writeFileSync(join(files, 'sp.key'), sp.privateKey);
      writeFileSync(join(files, 'sp.crt'), sp.certificate);
      const signed = await connections().addSaml(signingOrg.orgId, {
        name: 'Signed',
        metadata: metadataPath,
        signingKeyPath: join(files, 'sp.key'),
        signingCertificatePath: join(files, 'sp.crt'),
      });
      const start = await request(t.http).get('/api/auth/sso?email=jo@signed.test').expect(302);
      const redirect = new URL(start.headers.location);
      expect(redirect.searchParams.get('SigAlg')).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
      expect(redirect.searchParams.get('Signature')).toBeTruthy();
      const metadata = await request(t.http).get(`/api/auth/saml/${signed.id}/metadata`).expect(200);
      expect(metadata.text).toContain('AuthnRequestsSigned="true"');
      expect(metadata.text.replace(/\s+/g, '')).toContain(sp.certificate.replace(/-----[A-Z ]+-----|\s+/g, ''));
      expect((await (await samlRoundTrip('jo@signed.test', idp, signed.id)).post()).status).toBe(303);
      const stored = JSON.stringify(await t.app.get(DataSource).query('SELECT config, secret FROM sso_connection WHERE id = $1', [signed.id]));
      expect(stored).not.toContain('PRIVATE KEY');
    });

    it('should answer a page, never a 500, for garbage posted to the ACS or an unknown connection', async () => {
      expectPage(await postAcs(connectionId, 'not-base64-<xml>'), 401, 'Authentication failed');
      expectPage(await postAcs(connectionId, Buffer.from('<Response/>').toString('base64')), 401, 'Authentication failed');
      expectPage(await postAcs('sso_01JD8X0Q5W3V7N2K4M6P8R9T1A', 'x'), 401, 'Authentication failed');
      expectPage(await request(t.http).post(`/api/auth/saml/${connectionId}/acs`).type('form').send({}), 401, 'Authentication failed');
      const json = await request(t.http).post(`/api/auth/saml/${connectionId}/acs`).send({ SAMLResponse: 'x' });
      expect(json.status).toBe(415);
    });

    it('should refuse a SAML logout message and an empty SAMLResponse on every route, never starting a sign-in or running the route unsigned in', async () => {
      const logoutResponse =
        '<samlp:LogoutResponse xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_lr" Version="2.0" ' +
        `IssueInstant="${new Date().toISOString()}"><saml:Issuer>${idp.entityId}</saml:Issuer>` +
        '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status></samlp:LogoutResponse>';
      const unsignedLogout = deflateRawSync(Buffer.from(logoutResponse)).toString('base64');
      const answers = [
        await request(t.http).post(`/api/auth/saml/${connectionId}/acs`).query({ SAMLResponse: unsignedLogout }).type('form').send({ SAMLResponse: 'x' }),
        await request(t.http).get(`/api/auth/saml/${connectionId}/login`).query({ SAMLResponse: unsignedLogout }),
        await request(t.http).get('/api/auth/sso').query({ email: 'lou@acme-saml.test', SAMLResponse: unsignedLogout }),
        await request(t.http).get(`/api/auth/saml/${connectionId}/login`).query({ SAMLRequest: unsignedLogout }),
        await request(t.http).post(`/api/auth/saml/${connectionId}/acs`).type('form').send({ SAMLResponse: '', RelayState: '' }),
        await request(t.http).post(`/api/auth/saml/${connectionId}/acs`).type('form').send({ SAMLResponse: '  ', SAMLRequest: unsignedLogout }),
      ];
      for (const answer of answers) {
        expectPage(answer, 401, 'Authentication failed');
        expect(answer.headers.location).toBeUndefined();
      }
      const reasons = (await auditActions(org.orgId, 'sso.failed')).map((entry) => entry.details.reason);
      expect(reasons).toEqual(expect.arrayContaining(['unsupported_message', 'no_saml_response']));
    });

    it('should count identical failures on one audit entry, and show the count to admins', async () => {
      const counted = await ssoOrg('counted.test');
      const countedConnection = await samlConnection(counted, idp);
      for (let attempt = 0; attempt < 3; attempt++) {
        expectPage(await postAcs(countedConnection, 'not-base64-<xml>'), 401, 'Authentication failed');
      }
      const log = await request(t.http)
        .get('/api/v1/audit-log?action=sso.failed')
        .set(...bearer(counted.adminKey))
        .expect(200);
      expect(log.body.entries).toHaveLength(1);
      expect(log.body.entries[0].details).toMatchObject({ reason: expect.any(String), count: 3, last_at: expect.any(String) });
    });

    it('should keep what an unsigned response says out of the audit log, so that varied ones are counted on one entry', async () => {
      const flooded = await ssoOrg('flooded.test');
      const floodedConnection = await samlConnection(flooded, idp);
      for (let attempt = 0; attempt < 5; attempt++) {
        const start = await request(t.http).get('/api/auth/sso?email=anyone@flooded.test').expect(302);
        const { id } = idp.readRequest(start.headers.location);
        const statusError =
          `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_r${attempt}" Version="2.0" InResponseTo="${id}">` +
          '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Requester"/>' +
          `<samlp:StatusMessage>Your account is locked. Call +1-555-0100, ref ${attempt}</samlp:StatusMessage></samlp:Status></samlp:Response>`;
        expectPage(await postAcs(floodedConnection, Buffer.from(statusError).toString('base64')), 401, 'Authentication failed');
        expectPage(
          await postAcs(floodedConnection, Buffer.from(`${'<a>'.repeat(attempt + 1)}ref ${attempt}`).toString('base64')),
          401,
          'Authentication failed',
        );
      }
      const failures = await auditActions(flooded.orgId, 'sso.failed');
      expect(failures.map((entry) => ({ details: entry.details, count: entry.count }))).toEqual([{ details: { reason: 'invalid_response' }, count: 10 }]);
    });

    it('should hold the organization\u2019s IP allowlist at the callback', async () => {
      const guarded = await ssoOrg('guarded.test');
      const guardedConnection = await samlConnection(guarded, idp);
      await request(t.http)
        .put('/api/v1/organization?confirm=true')
        .set(...bearer(guarded.adminKey))
        .send({ ip_allowlist: ['203.0.113.0/24'] })
        .expect(200);
      const { samlResponse } = await samlRoundTrip('gil@guarded.test', idp, guardedConnection);
      const blocked = await postAcs(guardedConnection, samlResponse).set('X-Forwarded-For', '198.51.100.9');
      expect(blocked.status).toBe(403);
      expect(blocked.body.error.code).toBe('ip_not_allowed');
      const inside = (await samlRoundTrip('gil@guarded.test', idp, guardedConnection)).samlResponse;
      expect((await postAcs(guardedConnection, inside).set('X-Forwarded-For', '203.0.113.9')).status).toBe(303);
    });
  });

  describe('OpenID Connect', () => {
    let org: TestOrg;
    let op: TestOpenIdProvider;
    let connectionId: string;

    beforeAll(async () => {
      org = await ssoOrg('acme-oidc.test');
      op = await startOpenIdProvider({
        clients: [],
        accounts: [
          { sub: 'ada', email: 'ada@acme-oidc.test', email_verified: true, name: 'Ada Lovelace' },
          { sub: 'unverified', email: 'una@acme-oidc.test', email_verified: false },
          { sub: 'outsider', email: 'otto@elsewhere.test', email_verified: true },
          { sub: 'verbose', email: 'vera@acme-oidc.test', email_verified: true, name: 'Vera '.repeat(100) },
        ],
      });
      connectionId = (await connections().addOidc(org.orgId, { name: 'Test OP', issuer: op.issuer, clientId: 'aqs', clientSecret: 'aqs-client-secret' })).id;
      await op.registerClient({ client_id: 'aqs', client_secret: 'aqs-client-secret', redirect_uris: [`${ORIGIN}/api/auth/oidc/${connectionId}/callback`] });
    });

    afterAll(async () => {
      await op?.close();
    });

    /** The redirect to the provider, with the flow cookie the browser keeps. */
    async function startOidc(email: string): Promise<{ authorizeUrl: string; flowCookie: string }> {
      const start = await request(t.http)
        .get(`/api/auth/sso?email=${encodeURIComponent(email)}`)
        .expect(302);
      const flow = ([] as string[]).concat(start.headers['set-cookie'] ?? []).find((value) => value.startsWith('service_sso_flow='));
      expect(flow).toMatch(/HttpOnly/);
      return { authorizeUrl: start.headers.location, flowCookie: flow!.split(';')[0] };
    }

    const callback = (redirect: string, flowCookie: string) => {
      const url = new URL(redirect);
      return request(t.http).get(`${url.pathname}${url.search}`).set('Cookie', flowCookie);
    };

    it('should sign a person in with code, PKCE, state and nonce, and open a web session', async () => {
      const { authorizeUrl, flowCookie } = await startOidc('ada@acme-oidc.test');
      const authorize = new URL(authorizeUrl);
      expect(authorize.origin).toBe(op.issuer);
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorize.searchParams.get('state')).toBeTruthy();
      expect(authorize.searchParams.get('nonce')).toBeTruthy();
      const response = await callback(await op.signIn(authorizeUrl, 'ada'), flowCookie);
      expect(response.status, response.text).toBe(303);
      const session = await request(t.http).get('/api/auth/session').set('Cookie', sessionCookieOf(response)).expect(200);
      expect(session.body.user).toMatchObject({ email: 'ada@acme-oidc.test', name: 'Ada Lovelace', role: 'readonly' });
    });

    it('should fit a display name longer than a user\u2019s name may be, and sign the person in', async () => {
      const { authorizeUrl, flowCookie } = await startOidc('vera@acme-oidc.test');
      const response = await callback(await op.signIn(authorizeUrl, 'verbose'), flowCookie);
      expect(response.status, response.text).toBe(303);
      const session = await request(t.http).get('/api/auth/session').set('Cookie', sessionCookieOf(response)).expect(200);
      expect(session.body.user.name).toBe('Vera '.repeat(100).slice(0, 200).trim());
    });

    it('should refuse a wrong state, a wrong nonce, a missing flow cookie and a reused code', async () => {
      const wrongState = await startOidc('ada@acme-oidc.test');
      const redirect = new URL(await op.signIn(wrongState.authorizeUrl, 'ada'));
      redirect.searchParams.set('state', 'forged-state');
      expectPage(await callback(redirect.href, wrongState.flowCookie), 401, 'Authentication failed');

      const wrongNonce = await startOidc('ada@acme-oidc.test');
      const authorize = new URL(wrongNonce.authorizeUrl);
      authorize.searchParams.set('nonce', 'forged-nonce');
      expectPage(await callback(await op.signIn(authorize.href, 'ada'), wrongNonce.flowCookie), 401, 'Authentication failed');

      const noCookie = await startOidc('ada@acme-oidc.test');
      expectPage(await callback(await op.signIn(noCookie.authorizeUrl, 'ada'), 'other=1'), 401, 'Authentication failed');

      const noCode = await startOidc('ada@acme-oidc.test');
      const answerless = await request(t.http).get(`/api/auth/oidc/${connectionId}/callback?state=x`).set('Cookie', noCode.flowCookie);
      expectPage(answerless, 401, 'Authentication failed');
      expect(([] as string[]).concat(answerless.headers['set-cookie'] ?? []).filter((value) => value.startsWith('service_sso_flow='))).toEqual([]);

      const reused = await startOidc('ada@acme-oidc.test');
      const code = await op.signIn(reused.authorizeUrl, 'ada');
      expect((await callback(code, reused.flowCookie)).status).toBe(303);
      expectPage(await callback(code, reused.flowCookie), 401, 'Authentication failed');
    });

    it('should refuse an authorization answer sent to a start address, leaving its code for nobody', async () => {
      const { authorizeUrl, flowCookie } = await startOidc('ada@acme-oidc.test');
      const answer = new URL(await op.signIn(authorizeUrl, 'ada'));
      for (const start of [`/api/auth/oidc/${connectionId}/login${answer.search}`, `/api/auth/sso${answer.search}&email=ada%40acme-oidc.test`]) {
        const response = await request(t.http).get(start).set('Cookie', flowCookie);
        expectPage(response, 401, 'Authentication failed');
        expect(([] as string[]).concat(response.headers['set-cookie'] ?? []).filter((value) => value.startsWith('service_sso_flow='))).toEqual([]);
      }
      expectPage(await request(t.http).get(`/api/auth/oidc/${connectionId}/login?error=access_denied`), 401, 'Authentication failed');
      expect((await auditActions(org.orgId, 'sso.failed'))[0].details.reason).toBe('answer_at_start');
      expect((await callback(answer.href, flowCookie)).status).toBe(303);
    });

    it('should refuse a malformed Host header on every OpenID route, and keep serving', async () => {
      const { flowCookie } = await startOidc('ada@acme-oidc.test');
      for (const path of [
        `/api/auth/oidc/${connectionId}/login`,
        `/api/auth/oidc/${connectionId}/callback?code=x&state=y`,
        '/api/auth/sso?email=ada%40acme-oidc.test',
      ]) {
        for (const host of ['a b', '[', '%']) {
          // RFC 9112: a Host header that names no host is a bad request, before any route sees it.
          const refused = await request(t.http).get(path).set('Host', host).set('Cookie', flowCookie);
          expect(refused.status, `${host} ${path}`).toBe(400);
          expect(refused.body.error.code).toBe('invalid_request');
        }
      }
      const { authorizeUrl, flowCookie: fresh } = await startOidc('ada@acme-oidc.test');
      expect((await callback(await op.signIn(authorizeUrl, 'ada'), fresh)).status).toBe(303);
    });

    it('should take the e-mail from the ID token when the provider puts it there', async () => {
      const inToken = await ssoOrg('id-token.test');
      const idTokenOp = await startOpenIdProvider({
        clients: [],
        accounts: [
          { sub: 'ida', email: 'ida@id-token.test', email_verified: true, name: 'Ida' },
          { sub: 'unverified', email: 'ute@id-token.test', email_verified: false },
        ],
        conformIdTokenClaims: false,
      });
      try {
        const id = (
          await connections().addOidc(inToken.orgId, { name: 'OP', issuer: idTokenOp.issuer, clientId: 'aqs-id-token', clientSecret: 'aqs-client-secret' })
        ).id;
        await idTokenOp.registerClient({
          client_id: 'aqs-id-token',
          client_secret: 'aqs-client-secret',
          redirect_uris: [`${ORIGIN}/api/auth/oidc/${id}/callback`],
        });
        const signedIn = await startOidc('ida@id-token.test');
        const response = await callback(await idTokenOp.signIn(signedIn.authorizeUrl, 'ida'), signedIn.flowCookie);
        expect(response.status, response.text).toBe(303);
        const session = await request(t.http).get('/api/auth/session').set('Cookie', sessionCookieOf(response)).expect(200);
        expect(session.body.user).toMatchObject({ email: 'ida@id-token.test', name: 'Ida' });
        const unverified = await startOidc('ute@id-token.test');
        expectPage(await callback(await idTokenOp.signIn(unverified.authorizeUrl, 'unverified'), unverified.flowCookie), 401, 'Authentication failed');
        expect((await auditActions(inToken.orgId, 'sso.failed'))[0].details.reason).toBe('email_not_verified');
      } finally {
        await idTokenOp.close();
      }
    });

    it('should refuse an e-mail claim that is not an address a user may have, before its domain, and create no one', async () => {
      const malformed = [
        'x@evil.test\n@acme-oidc.test',
        'a b <x@evil.test>@acme-oidc.test',
        '@acme-oidc.test',
        'a\u0000b@acme-oidc.test',
        'a,b@acme-oidc.test',
      ];
      for (const [index, email] of malformed.entries()) {
        op.setAccount({ sub: `malformed-${index}`, email, email_verified: true });
        const { authorizeUrl, flowCookie } = await startOidc('ada@acme-oidc.test');
        expectPage(await callback(await op.signIn(authorizeUrl, `malformed-${index}`), flowCookie), 401, 'Authentication failed');
        const [failure] = await auditActions(org.orgId, 'sso.failed');
        expect({ details: failure.details, count: failure.count }, JSON.stringify(email)).toEqual({ details: { reason: 'invalid_email' }, count: index + 1 });
      }
      const users = await request(t.http)
        .get('/api/v1/users?limit=200')
        .set(...bearer(org.adminKey))
        .expect(200);
      const emails: string[] = users.body.users.map((user: { email: string }) => user.email);
      expect(emails.filter((email) => /evil|^@|,/.test(email) || email.includes('\u0000'))).toEqual([]);

      // Trimmed and lower-cased like an address an admin types.
      op.setAccount({ sub: 'spaced', email: '  Spaced@ACME-oidc.test ', email_verified: true });
      const spaced = await startOidc('spaced@acme-oidc.test');
      const response = await callback(await op.signIn(spaced.authorizeUrl, 'spaced'), spaced.flowCookie);
      expect(response.status, response.text).toBe(303);
      const session = await request(t.http).get('/api/auth/session').set('Cookie', sessionCookieOf(response)).expect(200);
      expect(session.body.user.email).toBe('spaced@acme-oidc.test');
    });

    it('should clean a display name of control characters rather than refuse the sign-in, and drop one left empty', async () => {
      op.setAccount({ sub: 'nul-name', email: 'nel@acme-oidc.test', email_verified: true, name: '\u0000Nel\r\nNull\u0007' });
      op.setAccount({ sub: 'no-name', email: 'nina@acme-oidc.test', email_verified: true, name: '\u0000\n\t' });
      for (const [sub, email, name] of [
        ['nul-name', 'nel@acme-oidc.test', 'Nel Null'],
        ['no-name', 'nina@acme-oidc.test', null],
      ] as const) {
        const { authorizeUrl, flowCookie } = await startOidc(email);
        const response = await callback(await op.signIn(authorizeUrl, sub), flowCookie);
        expect(response.status, response.text).toBe(303);
        const session = await request(t.http).get('/api/auth/session').set('Cookie', sessionCookieOf(response)).expect(200);
        expect(session.body.user).toMatchObject({ email, name });
      }
    });

    it('should count repeated errors sent to the callback on one audit entry, keeping the error code and never its description', async () => {
      const { authorizeUrl, flowCookie } = await startOidc('ada@acme-oidc.test');
      const state = new URL(authorizeUrl).searchParams.get('state')!;
      const errorCallback = (error: string, description: string) =>
        request(t.http)
          .get(`/api/auth/oidc/${connectionId}/callback`)
          .query({ error, error_description: description, state, iss: op.issuer })
          .set('Cookie', flowCookie);
      for (let attempt = 0; attempt < 20; attempt++) {
        expectPage(await errorCallback('access_denied', `Your account is locked. Call +1-555-0100, ref ${attempt}`), 401, 'Authentication failed');
      }
      for (let attempt = 0; attempt < 5; attempt++) {
        expectPage(await errorCallback(`made_up_${attempt}`, 'anything'), 401, 'Authentication failed');
      }
      const failures = (await auditActions(org.orgId, 'sso.failed')).filter((entry) => ['access_denied', 'other'].includes(String(entry.details.detail)));
      expect(failures.map((entry) => ({ ...entry.details, count: entry.count }))).toEqual([
        expect.objectContaining({ reason: 'provider_error', detail: 'other', count: 5 }),
        expect.objectContaining({ reason: 'provider_error', detail: 'access_denied', count: 20 }),
      ]);
      expect(JSON.stringify(failures)).not.toContain('locked');
    });

    it('should sign in every one of several first sign-ins of one new person at the same moment, creating them once', async () => {
      op.setAccount({ sub: 'racer', email: 'racer@acme-oidc.test', email_verified: true });
      const answers = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const { authorizeUrl, flowCookie } = await startOidc('racer@acme-oidc.test');
          return { redirect: await op.signIn(authorizeUrl, 'racer'), flowCookie };
        }),
      );
      const responses = await Promise.all(answers.map(({ redirect, flowCookie }) => callback(redirect, flowCookie)));
      expect(responses.map((response) => response.status)).toEqual(Array(8).fill(303));
      const sessions = await Promise.all(
        responses.map(async (response) => (await request(t.http).get('/api/auth/session').set('Cookie', sessionCookieOf(response)).expect(200)).body),
      );
      expect(new Set(sessions.map((session) => session.user.id)).size).toBe(1);
      const created = (await auditActions(org.orgId, 'user.created')).filter((entry) => entry.details.email === 'racer@acme-oidc.test');
      expect(created).toHaveLength(1);
    });

    it('should refuse an e-mail the provider has not verified, and one outside the verified domains', async () => {
      const unverified = await startOidc('una@acme-oidc.test');
      expectPage(await callback(await op.signIn(unverified.authorizeUrl, 'unverified'), unverified.flowCookie), 401, 'Authentication failed');
      const outsider = await startOidc('ada@acme-oidc.test');
      expectPage(await callback(await op.signIn(outsider.authorizeUrl, 'outsider'), outsider.flowCookie), 403, 'Unauthorized domain');
      const reasons = (await auditActions(org.orgId, 'sso.failed')).map((entry) => entry.details.reason);
      expect(reasons).toEqual(expect.arrayContaining(['email_not_verified', 'unverified_domain']));
    });
  });

  describe('routing, plans, enforcement and just-in-time users', () => {
    it('should document what the sign-in routes take and every answer they give', async () => {
      const { paths } = (await request(t.http).get('/openapi.json').expect(200)).body;
      expect(Object.keys(paths['/api/auth/sso'].get.responses)).toEqual(expect.arrayContaining(['302', '401', '403', '404']));
      const acs = paths['/api/auth/saml/{connection_id}/acs'].post;
      expect(acs.requestBody.content['application/x-www-form-urlencoded'].schema).toMatchObject({ required: ['SAMLResponse'] });
      const callback = paths['/api/auth/oidc/{connection_id}/callback'].get;
      expect(callback.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(expect.arrayContaining(['code', 'state', 'error', 'iss']));
      for (const answer of [acs, callback]) {
        expect(Object.keys(answer.responses[403].content)).toEqual(['text/html', 'application/json']);
        expect(answer.responses[403].description).toContain('ip_not_allowed');
      }
    });

    it('should answer a page for an address whose domain no organization verified', async () => {
      expectPage(await request(t.http).get('/api/auth/sso?email=someone@nowhere.test'), 404, 'Single sign-on is not set up');
      expectPage(await request(t.http).get('/api/auth/sso?email=not-an-address'), 404, 'Single sign-on is not set up');
    });

    it('should answer the same page, never a 500, for an address that is not one a user may have', async () => {
      await ssoOrg('routed.test');
      for (const email of [
        'a@routed.test%00',
        'a%00@routed.test',
        'a@routed.test%0A',
        'x@evil.test%0A@routed.test',
        '@routed.test',
        'a@routed.test%ED%A0%80',
        'a,b@routed.test',
      ]) {
        expectPage(await request(t.http).get(`/api/auth/sso?email=${email}`), 404, 'Single sign-on is not set up');
      }
    });

    it('should need the enterprise plan to configure, and stop signing in after a downgrade while keeping the configuration', async () => {
      const pro = await createOrg(t.app, { plan: 'pro' });
      await expect(domains().add(pro.orgId, 'pro-plan.test', true)).rejects.toMatchObject({ code: 'plan_required' });

      const org = await ssoOrg('downgrade.test');
      const idp = createSamlIdp();
      const connectionId = await samlConnection(org, idp);
      const { post } = await samlRoundTrip('hal@downgrade.test', idp, connectionId);
      await t.app.get(OrganizationsService).changePlan(org.orgId, { plan: 'pro' });
      expectPage(await post(), 403, 'Single sign-on is unavailable');
      // A new sign-in is refused before the person is sent to the identity provider.
      expectPage(await request(t.http).get('/api/auth/sso?email=hal@downgrade.test'), 403, 'Single sign-on is unavailable');
      // So is one started from the identity provider's app tile.
      expectPage(await request(t.http).get(`/api/auth/saml/${connectionId}/login`), 403, 'Single sign-on is unavailable');
      expect((await auditActions(org.orgId, 'sso.failed'))[0].details).toMatchObject({ reason: 'plan_required', detail: 'pro' });
      expect(await connections().list(org.orgId)).toHaveLength(1);
      const shown = await request(t.http)
        .get('/api/v1/organization')
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(shown.body.sso).toMatchObject({ available: false, connections: [expect.objectContaining({ id: connectionId })] });
    });

    it('should give new people the default role, and refuse a person an admin deleted unless the organization allows it', async () => {
      const org = await ssoOrg('jit.test');
      const idp = createSamlIdp();
      const connectionId = await samlConnection(org, idp);
      await t.app.get(SsoSettingsService).change(org.orgId, { defaultRole: 'configure' });
      const created = await (await samlRoundTrip('ivy@jit.test', idp, connectionId)).post();
      const session = await request(t.http).get('/api/auth/session').set('Cookie', sessionCookieOf(created)).expect(200);
      expect(session.body.user.role).toBe('configure');

      await request(t.http)
        .delete(`/api/v1/users/${session.body.user.id}`)
        .set(...bearer(org.adminKey))
        .expect(204);
      expectPage(await (await samlRoundTrip('ivy@jit.test', idp, connectionId)).post(), 401, 'Authentication failed');
      await t.app.get(SsoSettingsService).change(org.orgId, { recreateDeleted: true });
      expect((await (await samlRoundTrip('ivy@jit.test', idp, connectionId)).post()).status).toBe(303);
    });

    it('should refuse password login and reset with 403 sso_required while enforced, keep API keys working, and allow them again when off', async () => {
      const org = await ssoOrg('enforce.test');
      const idp = createSamlIdp();
      await samlConnection(org, idp);
      const settings = t.app.get(SsoSettingsService);
      // Gives the admin a password (acceptInvitation asserts the sign-in it opens).
      await acceptInvitation(t.http, org.adminInvitation);

      const invited = await request(t.http)
        .post('/api/v1/users')
        .set(...bearer(org.adminKey))
        .send({ email: 'ada@enforce.test' })
        .expect(201);

      await settings.change(org.orgId, { enforced: true });
      // The admin's address is outside the verified domain: told so, not sent to a sign-in that cannot serve it.
      const login = await request(t.http).post('/api/auth/login').send({ email: org.adminEmail, password: TEST_PASSWORD });
      expect(login.status).toBe(403);
      expect(login.body.error.code).toBe('sso_required');
      expect(login.body.error.message).toMatch(/ask an administrator/);
      expect(login.body.error.details).toEqual({});
      // An invitation sets a password and signs in: refused as well, and left usable for when enforcement ends.
      const accepted = await request(t.http).post('/api/auth/invitations/accept').send({ token: invited.body.invitation.token, password: TEST_PASSWORD });
      expect(accepted.status).toBe(403);
      expect(accepted.body.error).toMatchObject({ code: 'sso_required', details: { sso_url: '/api/auth/sso?email=ada%40enforce.test' } });
      expect(accepted.headers['set-cookie']).toBeUndefined();
      const reset = await t.app.get(TransactionRunner).run((tx) => t.app.get(UserTokensService).issue(org.orgId, org.adminUserId, 'password_reset', tx));
      const confirm = await request(t.http).post('/api/auth/password-reset/confirm').send({ token: reset.token, password: 'another long passphrase' });
      expect(confirm.status).toBe(403);
      expect(confirm.body.error.code).toBe('sso_required');
      // Asking for a reset is refused by the address's domain, whether it has an account or not.
      for (const email of ['ada@enforce.test', 'nobody@ENFORCE.test']) {
        const asked = await request(t.http).post('/api/auth/password-reset').send({ email });
        expect(asked.status, email).toBe(403);
        expect(asked.body.error).toMatchObject({
          code: 'sso_required',
          details: { sso_url: `/api/auth/sso?email=${encodeURIComponent(email.toLowerCase())}` },
        });
      }
      await request(t.http).post('/api/auth/password-reset').send({ email: 'someone@elsewhere.test' }).expect(202);
      // The same address in an organization that takes passwords still gets its link, behind the same 403.
      const elsewhere = await createOrg(t.app, { plan: 'enterprise' });
      const alsoAda = await request(t.http)
        .post('/api/v1/users')
        .set(...bearer(elsewhere.adminKey))
        .send({ email: 'ada@enforce.test' })
        .expect(201);
      await request(t.http).post('/api/auth/password-reset').send({ email: 'ada@enforce.test' }).expect(403);
      const [, resetToken] = await smtp.find('ada@enforce.test', /#token=(svcprt_[A-Za-z0-9_-]{43})/);
      const elsewhereReset = await request(t.http).post('/api/auth/password-reset/confirm').send({ token: resetToken, password: TEST_PASSWORD }).expect(200);
      expect(elsewhereReset.body.user.id).toBe(alsoAda.body.id);
      // A password that opens the enforced organization and another one signs in to the other: the
      // enforced one is no choice for a password, so nothing asks which.
      const adminElsewhere = await request(t.http)
        .post('/api/v1/users')
        .set(...bearer(elsewhere.adminKey))
        .send({ email: org.adminEmail })
        .expect(201);
      await request(t.http).post('/api/auth/invitations/accept').send({ token: adminElsewhere.body.invitation.token, password: TEST_PASSWORD }).expect(200);
      const either = await request(t.http).post('/api/auth/login').send({ email: org.adminEmail, password: TEST_PASSWORD });
      expect(either.status).toBe(200);
      expect(either.body.organization.id).toBe(elsewhere.orgId);
      await request(t.http)
        .get('/api/v1/agents')
        .set(...bearer(org.adminKey))
        .expect(200);
      const organization = await request(t.http)
        .get('/api/v1/organization')
        .set(...bearer(org.adminKey))
        .expect(200);
      expect(organization.body.sso).toMatchObject({ enforced: true, domains: [{ domain: 'enforce.test', verified: true }] });
      expect(organization.body.sso.connections).toHaveLength(1);

      await settings.change(org.orgId, { enforced: false });
      // Both organizations take the password again: which one is asked.
      expect((await request(t.http).post('/api/auth/login').send({ email: org.adminEmail, password: TEST_PASSWORD })).status).toBe(409);
      expect((await request(t.http).post('/api/auth/login').send({ email: org.adminEmail, password: TEST_PASSWORD, organization_id: org.orgId })).status).toBe(
        200,
      );
      await request(t.http).post('/api/auth/invitations/accept').send({ token: invited.body.invitation.token, password: TEST_PASSWORD }).expect(200);
      await request(t.http).post('/api/auth/password-reset').send({ email: 'ada@enforce.test' }).expect(202);
    });

    it('should not enforce before a verified domain and a connection exist', async () => {
      const org = await createOrg(t.app, { plan: 'enterprise' });
      await expect(t.app.get(SsoSettingsService).change(org.orgId, { enforced: true })).rejects.toMatchObject({ code: 'invalid_request' });
    });

    it('should keep the last connection and verified domain while enforced, and let enforcement end on any plan', async () => {
      const org = await ssoOrg('locked-in.test');
      const idp = createSamlIdp();
      const first = await samlConnection(org, idp);
      const settings = t.app.get(SsoSettingsService);
      await settings.change(org.orgId, { enforced: true });

      await expect(settings.removeConnection(org.orgId, first)).rejects.toMatchObject({
        code: 'conflict',
        message: expect.stringContaining('sso:enforce off'),
      });
      await expect(settings.removeDomain(org.orgId, 'LOCKED-IN.test')).rejects.toMatchObject({ code: 'conflict' });
      const second = await samlConnection(org, idp);
      await settings.removeConnection(org.orgId, first);
      expect((await connections().list(org.orgId)).map((connection) => connection.id)).toEqual([second]);

      await t.app.get(OrganizationsService).changePlan(org.orgId, { plan: 'pro' });
      await expect(settings.change(org.orgId, { defaultRole: 'configure' })).rejects.toMatchObject({ code: 'plan_required' });
      expect(await settings.change(org.orgId, { enforced: false })).toMatchObject({ enforced: false });
      await settings.removeDomain(org.orgId, 'locked-in.test');
      await settings.removeConnection(org.orgId, second);
      await expect(connections().listOf('org_01JD8X0Q5W3V7N2K4M6P8R9T1A')).rejects.toMatchObject({ code: 'not_found' });
    });

    it('should verify a domain by its DNS TXT record, and only with the organization\u2019s own token', async () => {
      const org = await createOrg(t.app, { plan: 'enterprise' });
      const claim = await domains().add(org.orgId, 'Dns-Verified.test.', false);
      expect(claim).toMatchObject({ domain: 'dns-verified.test', verified: false });
      await expect(domains().verify(org.orgId, 'dns-verified.test')).rejects.toMatchObject({ code: 'invalid_request' });
      dns.addTxt('dns-verified.test', 'aqs-verification=someone-elses-token');
      dns.addTxt('dns-verified.test', 'v=spf1 -all');
      await expect(domains().verify(org.orgId, 'dns-verified.test')).rejects.toMatchObject({ code: 'invalid_request' });
      dns.addTxt('dns-verified.test', claim.record!);
      expect(await domains().verify(org.orgId, 'dns-verified.test')).toEqual({ domain: 'dns-verified.test', verified: true });
      expect(await domains().organizationOf('ada@DNS-verified.test')).toBe(org.orgId);
    });

    it('should keep one domain verified for one organization only', async () => {
      await ssoOrg('claimed.test');
      const other = await createOrg(t.app, { plan: 'enterprise' });
      await expect(domains().add(other.orgId, 'claimed.test', true)).rejects.toMatchObject({ code: 'conflict' });
      const unverified = await domains().add(other.orgId, 'pending.test', false);
      expect(unverified).toMatchObject({ domain: 'pending.test', verified: false, record: expect.stringMatching(/^aqs-verification=[0-9a-f]{32}$/) });
      await expect(domains().verify(other.orgId, 'pending.test')).rejects.toMatchObject({ code: 'invalid_request' });
      await expect(domains().add(other.orgId, 'not a domain', true)).rejects.toMatchObject({ code: 'invalid_request' });
    });
  });
});
