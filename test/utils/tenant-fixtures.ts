import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import * as client from 'openid-client';
import request from 'supertest';
import { expect } from 'vitest';
import type { FakeProvider } from '#test/fakes/fake-provider.js';
import { bearer, createOrg } from '#test/utils/factories.js';
import { OAuthBrowser } from '#test/utils/oauth-browser.js';
import { acceptInvitation, TEST_PASSWORD, webSessionOf, type WebSession } from '#test/utils/web-sessions.js';
import type { WebhookReceiver } from '#test/utils/webhook-receiver.js';

/**
 * Routes with an id in their path that address no organization's data through an organization's
 * credential: the tenant isolation suite requires a fixture for every other one.
 */
export const NOT_TENANT_DATA: ReadonlyMap<string, string> = new Map([
  // Single sign-on: public entry points of an identity provider connection. The connection id is handed to
  // the identity provider (metadata, ACS and callback URLs) and the browser arrives with no credential.
  ['GET /api/auth/saml/{connection_id}/metadata', 'public SAML metadata of a connection'],
  ['GET /api/auth/saml/{connection_id}/login', 'public SSO redirect to the identity provider'],
  ['POST /api/auth/saml/{connection_id}/acs', 'public SAML assertion consumer (the identity provider posts here)'],
  ['GET /api/auth/oidc/{connection_id}/login', 'public SSO redirect to the identity provider'],
  ['GET /api/auth/oidc/{connection_id}/callback', 'public OpenID Connect callback (the identity provider redirects here)'],
  // The authorization server's consent steps: the uid is the interaction of one browser, bound to that
  // browser's interaction cookie, not a resource any organization's credential addresses.
  ['GET /oauth/interaction/{uid}/details', 'OAuth consent step, keyed by its own browser cookie'],
  ['POST /oauth/interaction/{uid}/login', 'OAuth consent step, keyed by its own browser cookie'],
  ['POST /oauth/interaction/{uid}/confirm', 'OAuth consent step, keyed by its own browser cookie'],
  ['POST /oauth/interaction/{uid}/abort', 'OAuth consent step, keyed by its own browser cookie'],
]);

/** Where the OAuth clients of these fixtures send the browser back: never contacted. */
const OAUTH_REDIRECT = 'http://127.0.0.1:53682/callback';

/** An organization as its admin holds it: an admin API key, a web session, and an OAuth access token. */
export interface Tenant {
  orgId: string;
  adminEmail: string;
  adminKey: string;
  /** The admin's web session (password sign-in). */
  session: WebSession;
  /** An access token an application of the organization got from its admin, with every scope. */
  accessToken: string;
}

/** The running service and the loopback parts the fixtures need. */
export interface FixtureContext {
  http: Server;
  /** The service's public origin (the OAuth issuer lives under it). */
  origin: string;
  /** Webhook targets: every webhook of a fixture answers 500 at its own path. */
  receiver: WebhookReceiver;
  /** A connector provider, so that a connector source can be created and its consent started. */
  connectorFake: FakeProvider;
}

/** One way an owner looks at its resource: a GET, answered with the part that belongs to the resource. */
export interface Read {
  path: string;
  /** Session-only routes are read with the admin's web session, others with the admin key. */
  as?: 'session';
  /** Picks the resource out of a list that also shows the reader's own credential, whose last use moves. */
  pick?: (body: Record<string, unknown>) => unknown;
}

/** A resource placed in an organization: the path's ids, and how its owner sees it. */
export interface Placed {
  params: Record<string, string>;
  reads: Read[];
  /** What the resource did outside the service (a webhook's deliveries reaching its receiver). */
  effects?: () => unknown;
}

/** What a caller sends to the operation besides the path: a valid body, or none. */
export type Send = (test: request.Test) => request.Test;

export interface TenantFixture {
  place: (context: FixtureContext, tenant: Tenant) => Promise<Placed>;
  /** The route's operations by lower-case method, each with a valid request body where it takes one. */
  operations: Partial<Record<HttpMethod, { send?: Send }>>;
  /**
   * The other organization's credentials tried, when not every kind the operation accepts: a route that
   * acts for a person refuses an organization key (403) whatever the id, before any lookup.
   */
  credentials?: Array<'bearer' | 'session' | 'oauth2'>;
}

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

const json =
  (body: Record<string, unknown>): Send =>
  (test) =>
    test.send(body);

const unique = (): string => randomBytes(4).toString('hex');

/** A new organization on the enterprise plan, its admin signed in, and an application acting for the admin. */
export async function createTenant(app: INestApplication, context: FixtureContext): Promise<Tenant> {
  const org = await createOrg(app, { plan: 'enterprise' });
  const session = await acceptInvitation(context.http, org.adminInvitation);
  const partial = { orgId: org.orgId, adminEmail: org.adminEmail, adminKey: org.adminKey, session };
  const tokens = await authorizeApplication(context, partial, ['read', 'write', 'execute', 'admin']);
  return { ...partial, accessToken: tokens.access_token };
}

/** Registers a public OAuth client and walks its authorization as the admin, up to the token exchange. */
async function authorizeApplication(
  context: FixtureContext,
  tenant: Omit<Tenant, 'accessToken'>,
  scopes: string[],
): Promise<{ clientId: string; access_token: string }> {
  const registered = await created(
    request(context.http)
      .post('/api/v1/oauth-clients')
      .set(...bearer(tenant.adminKey))
      .send({ name: `App ${unique()}`, type: 'public', redirect_uris: [OAUTH_REDIRECT], scopes }),
  );
  const clientId = registered.client_id as string;
  const configuration = await client.discovery(new URL(`${context.origin}/oauth`), clientId, undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: OAUTH_REDIRECT,
    scope: scopes.join(' '),
    state,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const callback = await new OAuthBrowser(context.origin, OAUTH_REDIRECT).authorize(url.href, { email: tenant.adminEmail, password: TEST_PASSWORD });
  const tokens = await client.authorizationCodeGrant(configuration, new URL(callback), { pkceCodeVerifier: verifier, expectedState: state });
  return { clientId, access_token: tokens.access_token };
}

async function created(test: request.Test): Promise<Record<string, unknown>> {
  const response = await test;
  expect([200, 201], `${response.status} ${response.text}`).toContain(response.status);
  return response.body as Record<string, unknown>;
}

const post = (context: FixtureContext, tenant: Tenant, path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> =>
  created(
    request(context.http)
      .post(path)
      .set(...bearer(tenant.adminKey))
      .send(body),
  );

const byId =
  (field: string, id: string) =>
  (body: Record<string, unknown>): unknown =>
    (body[field] as Array<{ id: string }>).find((item) => item.id === id);

async function placeAgent(context: FixtureContext, tenant: Tenant): Promise<Placed> {
  const agent = await post(context, tenant, '/api/v1/agents', { name: 'Support assistant', data_source_ids: [], model: 'extractive' });
  const id = agent.id as string;
  return { params: { id }, reads: [{ path: `/api/v1/agents/${id}` }, { path: '/api/v1/agents' }, { path: '/api/agents' }] };
}

function dataSourceReads(id: string): Read[] {
  return [
    { path: `/api/v1/data-sources/${id}` },
    // The estimate of a sync still waiting is reckoned from the time of the read: the rest must not change.
    { path: `/api/v1/data-sources/${id}/status`, pick: ({ estimated_completion: _estimate, ...rest }) => rest },
    { path: `/api/v1/data-sources/${id}/documents` },
    { path: '/api/v1/data-sources' },
  ];
}

async function placeFileSource(context: FixtureContext, tenant: Tenant): Promise<Placed> {
  const source = await post(context, tenant, '/api/v1/data-sources', { type: 'file', name: 'Handbook' });
  return { params: { id: source.id as string }, reads: dataSourceReads(source.id as string) };
}

async function placeConnectorSource(context: FixtureContext, tenant: Tenant): Promise<Placed> {
  const { type, sourceConfig } = context.connectorFake;
  const source = await post(context, tenant, '/api/v1/data-sources', { type, name: 'Engineering wiki', config: sourceConfig });
  return { params: { id: source.id as string }, reads: dataSourceReads(source.id as string) };
}

async function placeInteraction(context: FixtureContext, tenant: Tenant): Promise<Placed> {
  const { params } = await placeAgent(context, tenant);
  const answer = await created(
    request(context.http)
      .post('/api/v1/query')
      .set(...bearer(tenant.adminKey))
      .send({ agent_id: params.id, query: 'How do I reset my password?' }),
  );
  const id = (answer.metadata as { interaction_id: string }).interaction_id;
  return { params: { id }, reads: [{ path: `/api/v1/interactions/${id}` }, { path: '/api/v1/interactions' }] };
}

async function placeArticle(context: FixtureContext, tenant: Tenant): Promise<Placed> {
  const article = await post(context, tenant, '/api/v1/kb', {
    title: 'Resetting a password',
    content: 'Open Settings, then Security, then choose Reset password.',
    tags: ['account'],
    status: 'draft',
  });
  const id = article.id as string;
  return { params: { id }, reads: [{ path: `/api/v1/kb/${id}` }, { path: `/api/v1/kb/${id}/versions` }, { path: '/api/v1/kb' }] };
}

async function placeApiKey(context: FixtureContext, tenant: Tenant): Promise<Placed> {
  const key = await post(context, tenant, '/api/v1/api-keys', { name: 'CI deploy', scopes: ['read'] });
  const id = key.id as string;
  return {
    params: { id },
    reads: [
      { path: '/api/v1/api-keys', pick: byId('api_keys', id) },
      { path: '/api/api-keys', pick: byId('apiKeys', id) },
    ],
  };
}

async function placeUser(context: FixtureContext, tenant: Tenant): Promise<Placed> {
  const user = await post(context, tenant, '/api/v1/users', { email: `ada-${unique()}@example.test`, name: 'Ada', role: 'readonly' });
  const id = user.id as string;
  return { params: { id }, reads: [{ path: `/api/v1/users/${id}` }, { path: '/api/v1/users' }] };
}

async function placeProviderKey(context: FixtureContext, tenant: Tenant): Promise<Placed> {
  const key = await post(context, tenant, '/api/v1/provider-keys', { provider: 'openai', api_key: `sk-test-${unique()}${unique()}`, name: 'Team key' });
  const id = key.id as string;
  return { params: { id }, reads: [{ path: `/api/v1/provider-keys/${id}` }, { path: '/api/v1/provider-keys' }] };
}

async function placeOAuthClient(context: FixtureContext, tenant: Tenant): Promise<Placed> {
  const registered = await post(context, tenant, '/api/v1/oauth-clients', {
    name: 'Acme CLI',
    type: 'public',
    redirect_uris: [OAUTH_REDIRECT],
    scopes: ['read'],
  });
  const id = registered.id as string;
  return { params: { id }, reads: [{ path: `/api/v1/oauth-clients/${id}` }, { path: '/api/v1/oauth-clients' }] };
}

async function placeGrant(context: FixtureContext, tenant: Tenant): Promise<Placed> {
  const { clientId } = await authorizeApplication(context, tenant, ['read']);
  const listed = await request(context.http).get('/api/v1/oauth-grants').set('Cookie', tenant.session.cookie).expect(200);
  const grant = (listed.body.grants as Array<{ id: string; client: { id: string } }>).find((item) => item.client.id === clientId);
  expect(grant, 'the admin’s grant to the application').toBeDefined();
  return { params: { id: grant!.id }, reads: [{ path: '/api/v1/oauth-grants', as: 'session', pick: byId('grants', grant!.id) }] };
}

/** A second session of the admin (the one the tenant holds reads the list). */
async function placeSession(context: FixtureContext, tenant: Tenant): Promise<Placed> {
  const other = webSessionOf(await request(context.http).post('/api/auth/login').send({ email: tenant.adminEmail, password: TEST_PASSWORD }));
  const listed = await request(context.http).get('/api/auth/sessions').set('Cookie', other.cookie).expect(200);
  const current = (listed.body.sessions as Array<{ id: string; current: boolean }>).find((session) => session.current);
  expect(current, 'the new session lists itself').toBeDefined();
  return { params: { id: current!.id }, reads: [{ path: '/api/auth/sessions', as: 'session', pick: byId('sessions', current!.id) }] };
}

/** A webhook whose receiver answers 500, with the failed delivery of a test event. */
async function placeWebhook(context: FixtureContext, tenant: Tenant): Promise<Placed> {
  const path = `/hooks/${unique()}`;
  context.receiver.respond(path, { statuses: [500] });
  // An event no fixture causes (nothing is ever synced here): deliveries come only from the tests.
  const webhook = await post(context, tenant, '/api/v1/webhooks', { url: context.receiver.url(path), events: ['datasource.failed'] });
  const id = webhook.id as string;
  const tested = await created(
    request(context.http)
      .post(`/api/v1/webhooks/${id}/test`)
      .set(...bearer(tenant.adminKey)),
  );
  expect(tested.success).toBe(false);
  return {
    // The versioned path names it delivery_id, the legacy one deliveryId.
    params: { id, delivery_id: tested.delivery_id as string, deliveryId: tested.delivery_id as string },
    reads: [{ path: `/api/v1/webhooks/${id}` }, { path: `/api/v1/webhooks/${id}/deliveries` }, { path: '/api/v1/webhooks' }],
    effects: () => context.receiver.at(path).length,
  };
}

const agentUpdate = json({ name: 'Renamed elsewhere', system_prompt: 'Answer in French.', temperature: 1.5, status: 'disabled' });
const webhookUpdate = json({ description: 'Changed elsewhere', events: ['agent.created'], status: 'disabled' });
const uploadFile: Send = (test) => test.attach('file', Buffer.from('# Holidays\n\nEveryone gets 30 days.\n'), 'holidays.md');

const webhookOperations: TenantFixture['operations'] = { get: {}, put: { send: webhookUpdate }, delete: {} };

/**
 * How each route with an id in its path gets a real resource to point at: the path template, as
 * /openapi.json spells it, mapped to how an organization creates the resource(s) and reads them back,
 * and to a valid request of each of its operations.
 */
export const TENANT_FIXTURES: Readonly<Record<string, TenantFixture>> = {
  '/api/v1/agents/{id}': { place: placeAgent, operations: { get: {}, put: { send: agentUpdate }, delete: {} } },

  '/api/v1/data-sources/{id}': {
    place: placeFileSource,
    operations: { get: {}, put: { send: json({ name: 'Renamed elsewhere', sync_frequency: 'weekly' }) }, delete: {} },
  },
  '/api/v1/data-sources/{id}/status': { place: placeFileSource, operations: { get: {} } },
  '/api/v1/data-sources/{id}/documents': { place: placeFileSource, operations: { get: {} } },
  '/api/v1/data-sources/{id}/sync': { place: placeFileSource, operations: { post: {} } },
  '/api/v1/data-sources/{id}/files': { place: placeFileSource, operations: { post: { send: uploadFile } } },
  '/api/v1/data-sources/{id}/connect': { place: placeConnectorSource, operations: { get: {} } },
  '/api/v1/data-sources/{id}/disconnect': { place: placeConnectorSource, operations: { post: {} } },

  '/api/v1/interactions/{id}': { place: placeInteraction, operations: { get: {} } },
  '/api/v1/interactions/{id}/feedback': {
    place: placeInteraction,
    operations: { post: { send: json({ feedback: 'negative', comment: 'Written elsewhere' }) } },
  },

  '/api/v1/kb/{id}': {
    place: placeArticle,
    operations: { get: {}, put: { send: json({ title: 'Rewritten elsewhere', content: 'Other text.', status: 'published' }) }, delete: {} },
  },
  '/api/v1/kb/{id}/versions': { place: placeArticle, operations: { get: {} } },

  '/api/v1/users/{id}': {
    place: placeUser,
    operations: { get: {}, put: { send: json({ name: 'Renamed elsewhere', role: 'admin' }) }, delete: {} },
  },
  '/api/v1/users/{id}/invitation': { place: placeUser, operations: { post: {}, delete: {} } },

  '/api/v1/api-keys/{id}': { place: placeApiKey, operations: { delete: {} } },
  '/api/v1/api-keys/{id}/rotate': { place: placeApiKey, operations: { post: {} } },
  '/api/api-keys/{id}': { place: placeApiKey, operations: { delete: {} } },
  '/api/api-keys/{id}/rotate': { place: placeApiKey, operations: { post: {} } },

  '/api/v1/provider-keys/{id}': { place: placeProviderKey, operations: { get: {}, delete: {} } },
  '/api/v1/oauth-clients/{id}': { place: placeOAuthClient, operations: { get: {}, delete: {} } },
  '/api/v1/oauth-grants/{id}': { place: placeGrant, operations: { get: {}, delete: {} }, credentials: ['session', 'oauth2'] },
  '/api/auth/sessions/{id}': { place: placeSession, operations: { delete: {} } },

  '/api/v1/webhooks/{id}': { place: placeWebhook, operations: webhookOperations },
  '/api/v1/webhooks/{id}/test': { place: placeWebhook, operations: { post: {} } },
  '/api/v1/webhooks/{id}/deliveries': { place: placeWebhook, operations: { get: {} } },
  '/api/v1/webhooks/{id}/deliveries/{delivery_id}/retry': { place: placeWebhook, operations: { post: {} } },
  '/api/webhooks/{id}': { place: placeWebhook, operations: webhookOperations },
  '/api/webhooks/{id}/test': { place: placeWebhook, operations: { post: {} } },
  '/api/webhooks/{id}/deliveries': { place: placeWebhook, operations: { get: {} } },
  '/api/webhooks/{id}/deliveries/{deliveryId}/retry': { place: placeWebhook, operations: { post: {} } },
};

/** An organization's agent with a data source, a provider key and an answered query: what other requests name. */
export async function placeReferenced(context: FixtureContext, tenant: Tenant): Promise<Placed> {
  const source = await post(context, tenant, '/api/v1/data-sources', { type: 'file', name: 'Handbook' });
  const key = await post(context, tenant, '/api/v1/provider-keys', { provider: 'openai', api_key: `sk-test-${unique()}${unique()}` });
  const agent = await post(context, tenant, '/api/v1/agents', { name: 'Support assistant', data_source_ids: [source.id], model: 'extractive' });
  await post(context, tenant, '/api/v1/query', { agent_id: agent.id, query: 'How do I reset my password?' });
  const params = { org: tenant.orgId, dataSource: source.id as string, providerKey: key.id as string, agent: agent.id as string };
  return {
    params,
    reads: [
      { path: `/api/v1/data-sources/${params.dataSource}` },
      { path: `/api/v1/provider-keys/${params.providerKey}` },
      { path: `/api/v1/agents/${params.agent}` },
      { path: '/api/v1/interactions' },
    ],
  };
}

/** A request of one organization that names another's resources (`theirs`) in its body or query string. */
export interface Reference {
  name: string;
  /** What naming a resource of another organization answers: as if it did not exist. */
  status: number;
  request: (theirs: Record<string, string>, own: Record<string, string>) => { method: HttpMethod; path: string; body?: Record<string, unknown> };
}

export const REFERENCES: readonly Reference[] = [
  {
    name: 'an agent created with their data source',
    status: 404,
    request: (theirs) => ({ method: 'post', path: '/api/v1/agents', body: { name: 'Borrower', data_source_ids: [theirs.dataSource] } }),
  },
  {
    name: 'an agent created with their provider key',
    status: 404,
    request: (theirs) => ({ method: 'post', path: '/api/v1/agents', body: { name: 'Borrower', data_source_ids: [], provider_key_id: theirs.providerKey } }),
  },
  {
    name: 'an agent changed to read their data source',
    status: 404,
    request: (theirs, own) => ({ method: 'put', path: `/api/v1/agents/${own.agent}`, body: { data_source_ids: [theirs.dataSource] } }),
  },
  {
    name: 'an agent changed to bill their provider key',
    status: 404,
    request: (theirs, own) => ({ method: 'put', path: `/api/v1/agents/${own.agent}`, body: { provider_key_id: theirs.providerKey } }),
  },
  {
    name: 'a query to their agent',
    status: 404,
    request: (theirs) => ({ method: 'post', path: '/api/v1/query', body: { agent_id: theirs.agent, query: 'How do I reset my password?' } }),
  },
  {
    name: 'a legacy chat with their agent',
    status: 404,
    request: (theirs) => ({ method: 'post', path: '/api/chat', body: { agentId: theirs.agent, prompt: 'How do I reset my password?' } }),
  },
  {
    name: 'a semantic search in their organization',
    status: 403,
    request: (theirs) => ({ method: 'post', path: '/api/v1/semantic-search', body: { query: 'password', org_id: theirs.org } }),
  },
  {
    name: 'a semantic search of their data source',
    status: 404,
    request: (theirs, own) => ({
      method: 'post',
      path: '/api/v1/semantic-search',
      body: { query: 'password', org_id: own.org, data_source_ids: [theirs.dataSource] },
    }),
  },
  {
    name: 'interactions filtered by their agent',
    status: 200,
    request: (theirs) => ({ method: 'get', path: `/api/v1/interactions?agent_id=${theirs.agent}` }),
  },
  {
    name: 'analytics filtered by their agent',
    status: 404,
    request: (theirs) => ({ method: 'get', path: `/api/v1/analytics?start_date=2026-01-01&end_date=2026-12-31&granularity=month&agent_id=${theirs.agent}` }),
  },
];
