import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createOrg } from '#test/utils/factories.js';
import {
  describeConsole,
  expectAccessible,
  INSECURE_HOST,
  launchBrowser,
  newConsoleContext,
  startConsoleService,
  type ConsoleService,
} from '#test/utils/console.js';
import { acceptInvitation, sessionCookieOf, TEST_PASSWORD } from '#test/utils/web-sessions.js';

const OTHER_DEVICE = 'curl/8.5.0';

/** Where an OAuth client's redirect URI points: a loopback server standing for the application. */
class RedirectReceiver {
  private constructor(
    private readonly server: Server,
    readonly uri: string,
  ) {}

  static async start(): Promise<RedirectReceiver> {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Back in the application</title><p>Done.</p>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new RedirectReceiver(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** An authorization request of a public client with PKCE (S256), and its verifier for the code exchange. */
function authorizationRequest(origin: string, clientId: string, redirectUri: string, scope: string) {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('hex');
  const url = new URL(`${origin}/oauth/auth`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope,
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  return { url: url.href, verifier, state };
}

describeConsole('signing in, OAuth consent and the account and organization settings, in the browser', () => {
  let service: ConsoleService;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let receiver: RedirectReceiver;
  const api = () => request(service.t.http);

  beforeAll(async () => {
    [service, browser, receiver] = await Promise.all([startConsoleService({ plan: 'enterprise' }), launchBrowser(), RedirectReceiver.start()]);
    ({ context, page, problems } = await newConsoleContext(browser));
  });

  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await service?.close();
  });

  const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
  const sessionStatus = async () => (await context.request.get(`${service.url}/api/auth/session`)).status();

  it('should set a first password from the invitation link, checking it before sending, and land signed in', async () => {
    await page.goto(`${service.url}/invitation#token=${service.org.adminInvitation}`);
    await heading('Choose your password').waitFor();
    expect(new URL(page.url()).hash, 'the token leaves the address bar').toBe('');

    await page.getByLabel('New password', { exact: true }).fill('too short');
    await page.getByLabel('Repeat the password').fill('too shorT');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Use at least 12 characters').waitFor();
    await page.getByText('The two passwords are not the same.').waitFor();
    await expectAccessible(page, 'the invitation page with its errors');

    await page.getByLabel('New password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Repeat the password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/agents');
    expect(await sessionStatus()).toBe(200);

    await page.goto(`${service.url}/invitation`);
    await page.getByText('This link is incomplete').waitFor();
  });

  it('should sign out, refuse a wrong password, offer SSO, and sign back in to the page asked for', async () => {
    await page.goto(`${service.url}/account`);
    // A sign-out that never reached the service leaves the person signed in, and says so.
    await page.route('**/api/auth/logout', (route) => route.abort());
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('alert').filter({ hasText: 'Sign-out failed' }).getByText('You are still signed in').waitFor();
    await heading('Account').waitFor();
    expect(await sessionStatus()).toBe(200);
    await page.unroute('**/api/auth/logout');

    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await heading('Sign in').waitFor();
    expect(await sessionStatus()).toBe(401);

    await page.goto(`${service.url}/settings/audit-log`);
    await heading('Sign in').waitFor();
    expect(new URL(page.url()).searchParams.get('next')).toBe('/settings/audit-log');

    await page.getByLabel('Email').fill(service.org.adminEmail);
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong email or password' }).waitFor();
    await expectAccessible(page, 'the sign-in page with an error');

    await page.getByRole('button', { name: 'Continue with SSO' }).click();
    await page.getByLabel('Work email').fill('someone@nowhere.test');
    await Promise.all([page.waitForURL(/\/api\/auth\/sso\?email=someone%40nowhere\.test$/), page.getByRole('button', { name: 'Continue with SSO' }).click()]);
    await page.goBack();
    await heading('Sign in').waitFor();

    await page.getByLabel('Email', { exact: true }).fill(service.org.adminEmail);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await heading('Audit log').waitFor();
    expect(await sessionStatus()).toBe(200);

    // A crafted address to come back to, which the browser would read as another site, leads to the agents.
    await page.goto(`${service.url}/sign-in?next=${encodeURIComponent('/\t/example.com')}`);
    await heading('Agents').waitFor();
  });

  it('should answer a reset request with the same neutral message, and say when a reset link no longer works', async () => {
    const visitor = await newConsoleContext(browser);
    try {
      await visitor.page.goto(`${service.url}/sign-in`);
      await visitor.page.getByRole('link', { name: 'Forgot your password?' }).click();
      await visitor.page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
      await visitor.page.getByLabel('Email').fill('nobody@nowhere.test');
      await visitor.page.getByRole('button', { name: 'Send reset link' }).click();
      await visitor.page.getByText('If this address has an account, a reset link is on its way').waitFor();
      await expectAccessible(visitor.page, 'the password reset request');

      await visitor.page.goto(`${service.url}/reset-password#token=svcinv_${randomBytes(24).toString('base64url')}`);
      await visitor.page.getByLabel('New password', { exact: true }).waitFor();
      expect(new URL(visitor.page.url()).hash).toBe('');
      // The token left the address, not the page: a reload keeps the form.
      await visitor.page.reload();
      await visitor.page.getByLabel('New password', { exact: true }).fill(TEST_PASSWORD);
      await visitor.page.getByLabel('Repeat the password').fill(TEST_PASSWORD);
      await visitor.page.getByRole('button', { name: 'Set password' }).click();
      await visitor.page.getByRole('alert').getByText('The reset link is not valid').waitFor();
      await visitor.page.getByRole('link', { name: 'Ask for a new reset link' }).waitFor();
      expect(visitor.problems).toEqual([]);
    } finally {
      await visitor.context.close();
    }
  });

  it('should list the sessions with this device marked, and sign out another one', async () => {
    const elsewhere = await api()
      .post('/api/auth/login')
      .set('User-Agent', OTHER_DEVICE)
      .send({ email: service.org.adminEmail, password: TEST_PASSWORD })
      .expect(200);
    const otherCookie = sessionCookieOf(elsewhere);

    await page.goto(`${service.url}/account`);
    const sessions = page.getByRole('region', { name: 'Your sessions' });
    await sessions.getByText('This device').waitFor();
    await expect(sessions.getByRole('row').filter({ hasText: 'This device' }).getByRole('button').count()).resolves.toBe(0);
    await expectAccessible(page, 'the account page');

    await sessions
      .getByRole('row')
      .filter({ hasText: 'curl' })
      .getByRole('button', { name: /^Sign out curl.*, signed in / })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Sign out this session?' });
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await sessions.getByRole('row').filter({ hasText: 'curl' }).waitFor({ state: 'detached' });
    await api().get('/api/auth/session').set('Cookie', otherCookie).expect(401);
    expect(await sessionStatus()).toBe(200);
  });

  it('should ask consent for an application in the browser, send the code back, and let the person revoke it', async () => {
    const registered = await api()
      .post('/api/v1/oauth-clients')
      .set(...bearer(service.org.adminKey))
      .send({ name: 'Report Builder', type: 'public', redirect_uris: [receiver.uri], scopes: ['read', 'offline_access'] })
      .expect(201);
    const clientId = registered.body.client_id as string;
    const authorization = authorizationRequest(service.url, clientId, receiver.uri, 'read');

    await page.goto(authorization.url);
    await heading('Allow Report Builder?').waitFor();
    await page.getByText('Read your agents, data sources, interactions and knowledge base').waitFor();
    await page.getByText('never do more than your own role').waitFor();
    await expectAccessible(page, 'the consent page');
    await Promise.all([page.waitForURL((url) => url.href.startsWith(receiver.uri)), page.getByRole('button', { name: 'Allow' }).click()]);

    const callback = new URL(page.url());
    expect(callback.searchParams.get('state')).toBe(authorization.state);
    const code = callback.searchParams.get('code');
    expect(code).toBeTruthy();
    const tokens = await api()
      .post('/oauth/token')
      .type('form')
      .send({ grant_type: 'authorization_code', code, redirect_uri: receiver.uri, client_id: clientId, code_verifier: authorization.verifier })
      .expect(200);
    const accessToken = tokens.body.access_token as string;
    expect(accessToken).toMatch(/^svcat_/);
    await api().get('/api/v1/agents').set('Authorization', `Bearer ${accessToken}`).expect(200);

    await page.goto(`${service.url}/account`);
    const applications = page.getByRole('region', { name: 'Applications you allowed' });
    await applications.getByRole('cell', { name: 'Report Builder', exact: true }).waitFor();
    await applications.getByRole('button', { name: 'Revoke Report Builder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke Report Builder?' });
    await dialog.getByText('every token it holds stops working').waitFor();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await applications.getByText('No applications act for you').waitFor();
    await api().get('/api/v1/agents').set('Authorization', `Bearer ${accessToken}`).expect(401);
  });

  it('should have someone not signed in sign in to the application’s organization first, and tell the application when they decline', async () => {
    const clients = await api()
      .get('/api/v1/oauth-clients')
      .set(...bearer(service.org.adminKey))
      .expect(200);
    const clientId = (clients.body.clients as Array<{ client_id: string; name: string }>).find((client) => client.name === 'Report Builder')!.client_id;
    const authorization = authorizationRequest(service.url, clientId, receiver.uri, 'read');
    const stranger = await newConsoleContext(browser);
    try {
      await stranger.page.goto(authorization.url);
      await stranger.page.getByRole('heading', { level: 1, name: 'Sign in to continue to Report Builder' }).waitFor();
      await stranger.page.getByLabel('Email').fill(service.org.adminEmail);
      await stranger.page.getByLabel('Password').fill(TEST_PASSWORD);
      await stranger.page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await stranger.page.getByRole('heading', { level: 1, name: 'Allow Report Builder?' }).waitFor();
      await Promise.all([stranger.page.waitForURL((url) => url.href.startsWith(receiver.uri)), stranger.page.getByRole('button', { name: 'Decline' }).click()]);
      const callback = new URL(stranger.page.url());
      expect(callback.searchParams.get('error')).toBe('access_denied');
      expect(callback.searchParams.get('code')).toBeNull();
      expect(stranger.problems).toEqual([]);
    } finally {
      await stranger.context.close();
    }
  });

  it('should store a provider key without ever showing it back, and delete it', async () => {
    const secret = `sk-proj-${randomBytes(18).toString('base64url')}`;
    await page.goto(`${service.url}/settings/provider-keys`);
    await page.getByText('No provider keys yet').waitFor();
    await page.getByRole('button', { name: 'Add a provider key' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a provider key' });
    const firstField = await dialog.getByLabel('Provider').getAttribute('id');
    await expect.poll(() => page.evaluate<string>('document.activeElement?.id ?? ""')).toBe(firstField);
    await dialog.getByLabel('Provider').selectOption('openai');
    await dialog.getByLabel('Name').fill('Production OpenAI key');
    await dialog.getByLabel('Key', { exact: true }).fill(secret);
    await expect(dialog.getByLabel('Key', { exact: true }).getAttribute('type')).resolves.toBe('password');
    await dialog.getByRole('button', { name: 'Add key' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Production OpenAI key' });
    await row.getByText(`…${secret.slice(-4)}`).waitFor();
    expect(await page.content()).not.toContain(secret.slice(8, 24));
    await expectAccessible(page, 'the provider keys page');

    await row.getByRole('button', { name: 'Delete Production OpenAI key' }).click();
    await page.getByRole('dialog', { name: 'Delete Production OpenAI key?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No provider keys yet').waitFor();
    const stored = await api()
      .get('/api/v1/provider-keys')
      .set(...bearer(service.org.adminKey))
      .expect(200);
    expect(stored.body.total).toBe(0);
  });

  it('should register a confidential application, show its secret once, and delete it', async () => {
    await page.goto(`${service.url}/settings/oauth-clients`);
    await page.getByRole('cell', { name: 'Report Builder', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Register an application' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register an application' });
    await dialog.getByLabel('Name').fill('Nightly Sync');
    await dialog.getByLabel('Redirect URIs').fill('https://sync.example.test/callback\n\nhttp://127.0.0.1:8123/cb');
    await dialog.getByRole('checkbox', { name: 'execute' }).check();
    await dialog.getByRole('radio', { name: 'Confidential' }).check();
    await dialog.getByRole('button', { name: 'Register' }).click();

    const shown = page.getByRole('dialog', { name: 'Application registered' });
    const clientId = await shown.getByLabel('Client ID').textContent();
    await expect(shown.getByLabel('Client secret').textContent()).resolves.toMatch(/^svccs_/);
    await shown.getByText('This is the only time it is shown').waitFor();
    await expectAccessible(page, 'the registered application');
    await shown.getByRole('button', { name: 'Done' }).click();

    const listed = await api()
      .get(`/api/v1/oauth-clients/${clientId}`)
      .set(...bearer(service.org.adminKey))
      .expect(200);
    expect(listed.body).toMatchObject({
      name: 'Nightly Sync',
      type: 'confidential',
      scopes: ['read', 'execute'],
      redirect_uris: ['https://sync.example.test/callback', 'http://127.0.0.1:8123/cb'],
    });
    await expectAccessible(page, 'the OAuth applications page');

    await page.getByRole('button', { name: 'Delete Nightly Sync' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Nightly Sync?' });
    await confirm.getByText('Every token it holds stops working').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('cell', { name: 'Nightly Sync', exact: true }).waitFor({ state: 'detached' });
    await api()
      .get(`/api/v1/oauth-clients/${clientId}`)
      .set(...bearer(service.org.adminKey))
      .expect(404);
  });

  it('should point at a refused allowlist entry, explain a list that would lock the admin out, and say when a change is saved', async () => {
    await page.goto(`${service.url}/settings/organization`);
    await page.getByText('Your address, as the service sees it').waitFor();
    const allowlist = page.getByLabel('Allowed addresses');

    await allowlist.fill('203.0.113.0/24\n\nnot-an-address');
    await page.getByRole('button', { name: 'Save allowlist' }).click();
    await page.getByText("Line 3: 'not-an-address' is not an IPv4 or IPv6 address or CIDR range").waitFor();

    await allowlist.fill('192.0.2.0/24');
    await page.getByRole('button', { name: 'Save allowlist' }).click();
    const warning = page.getByRole('alert').filter({ hasText: 'This list leaves out your own address' });
    await warning.waitFor();
    await warning.getByRole('button', { name: 'Save anyway' }).waitFor();
    await expectAccessible(page, 'the organization page with the lock-out warning');
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await warning.waitFor({ state: 'detached' });

    // Saving says so, as every change does.
    await allowlist.fill('');
    await page.getByRole('button', { name: 'Save allowlist' }).click();
    await page.getByRole('status').filter({ hasText: 'IP allowlist removed: any address may connect.' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Renamed Workshop');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('status').filter({ hasText: 'Organization renamed.' }).waitFor();

    const organization = await api()
      .get('/api/v1/organization')
      .set(...bearer(service.org.adminKey))
      .expect(200);
    expect(organization.body).toMatchObject({ name: 'Renamed Workshop', ip_allowlist: [] });
  });

  it('should say that the allowlist refuses this address rather than show the sign-in form, and carry on once it is allowed', async () => {
    const allowed = '203.0.113.5';
    const setAllowlist = (ranges: string[]) =>
      api()
        .put('/api/v1/organization')
        .set(...bearer(service.org.adminKey))
        .set('X-Forwarded-For', allowed)
        .send({ ip_allowlist: ranges })
        .expect(200);
    await setAllowlist(['203.0.113.0/24']);
    try {
      await page.goto(`${service.url}/agents`);
      await heading('This network address is not allowed').waitFor();
      await page.getByRole('alert').getByText('Requests from this address are not allowed').waitFor();
      expect(await page.getByLabel('Password').count()).toBe(0);
      await expectAccessible(page, 'a refused address');
    } finally {
      await setAllowlist([]);
    }
    await page.getByRole('button', { name: 'Try again' }).click();
    await heading('Agents').waitFor();
  });

  it('should explain a part of the console that could not be loaded, keep the navigation, and recover on reload', async () => {
    await page.goto(`${service.url}/agents`);
    await heading('Agents').waitFor();
    // As after an upgrade while the tab was open (the old build's files are gone), or with the service out of reach.
    await page.route('**/assets/DataSourcesPage-*.js', (route) => route.abort());
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Data sources' }).click();
    await page.getByRole('alert').getByText('The console was updated or the service could not be reached: reload.').waitFor();
    await nav.getByRole('link', { name: 'Agents' }).waitFor();
    await expectAccessible(page, 'a part of the console that could not be loaded');
    await page.unroute('**/assets/DataSourcesPage-*.js');
    await page.getByRole('button', { name: 'Reload' }).click();
    await heading('Data sources').waitFor();
  });

  it('should say why signing in over plain HTTP away from localhost does not last, and that an invitation set the password all the same', async () => {
    const insecure = service.url.replace('localhost', INSECURE_HOST);
    const email = `plain-http-${randomBytes(3).toString('hex')}@example.test`;
    const invited = await api()
      .post('/api/v1/users')
      .set(...bearer(service.org.adminKey))
      .send({ email, role: 'readonly' })
      .expect(201);
    const visitor = await newConsoleContext(browser);
    try {
      await visitor.page.goto(`${insecure}/invitation#token=${invited.body.invitation.token}`);
      await visitor.page.getByRole('note').getByText('This page is not served over HTTPS').waitFor();
      await visitor.page.getByLabel('New password', { exact: true }).fill(TEST_PASSWORD);
      await visitor.page.getByLabel('Repeat the password').fill(TEST_PASSWORD);
      await visitor.page.getByRole('button', { name: 'Set password' }).click();
      await visitor.page.getByRole('alert').getByText('Your password is set, but you are not signed in').waitFor();
      await api().post('/api/auth/login').send({ email, password: TEST_PASSWORD }).expect(200);

      await visitor.page.goto(`${insecure}/sign-in`);
      await visitor.page.getByLabel('Email').fill(email);
      await visitor.page.getByLabel('Password').fill(TEST_PASSWORD);
      await visitor.page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await visitor.page.getByRole('alert').filter({ hasText: 'did not keep the session cookie' }).getByText('TLS_CERT').waitFor();
      await expectAccessible(visitor.page, 'sign-in over plain HTTP');
      expect(visitor.problems).toEqual([]);
    } finally {
      await visitor.context.close();
    }
  });

  it('should list the sign-ins in the audit log, filter them by action from the address, and read well on a phone', async () => {
    await page.goto(`${service.url}/settings/audit-log`);
    await page
      .getByRole('cell', { name: /^Signed in/ })
      .first()
      .waitFor();
    await page
      .getByRole('cell', { name: /^Sign-in failed/ })
      .first()
      .waitFor();

    await page.getByLabel('Action').selectOption('login.failed');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/[?&]action=login\.failed/);
    await page
      .getByRole('cell', { name: /^Signed in/ })
      .first()
      .waitFor({ state: 'detached' });
    const failed = page.getByRole('row').filter({ hasText: 'Sign-in failed' }).first();
    await failed.waitFor();
    await failed.getByText('Show').click();
    await failed.getByText('User agent').waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'the audit log on a phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(problems).toEqual([]);
  });

  it('should let someone whose email and password open two organizations choose one', async () => {
    const second = await createOrg(service.t.app, { name: 'Second Workshop' });
    const invited = await api()
      .post('/api/v1/users')
      .set(...bearer(second.adminKey))
      .send({ email: service.org.adminEmail, role: 'readonly' })
      .expect(201);
    await acceptInvitation(service.t.http, invited.body.invitation.token as string);

    const person = await newConsoleContext(browser);
    try {
      await person.page.goto(`${service.url}/sign-in`);
      await person.page.getByLabel('Email').fill(service.org.adminEmail);
      await person.page.getByLabel('Password').fill(TEST_PASSWORD);
      await person.page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await person.page.getByRole('alert').filter({ hasText: 'several organizations' }).waitFor();
      const choice = person.page.getByRole('group', { name: 'Organization' });
      await expect(choice.getByRole('radio').count()).resolves.toBe(2);
      await expectAccessible(person.page, 'the choice of organization');
      await choice.getByRole('radio', { name: 'Second Workshop' }).check();
      await person.page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await person.page.getByRole('navigation', { name: 'Main' }).waitFor();
      const session = await person.context.request.get(`${service.url}/api/auth/session`);
      expect(((await session.json()) as { organization: { id: string } }).organization.id).toBe(second.orgId);
      expect(person.problems).toEqual([]);
    } finally {
      await person.context.close();
    }
  });
});
