import { randomBytes } from 'node:crypto';
import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ROUTE, PUBLIC_ROUTE, type AuthRouteOptions } from '#src/common/auth/auth-metadata.js';
import { ingestionEnv } from '#test/utils/ingestion.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';
import { bearer, createKey, createOrg, type TestOrg } from '#test/utils/factories.js';
import { createTestApp, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';

const REQUEST_ID = /^req_[0-9A-HJKMNP-TV-Z]{26}$/;
const MISSING_INTERACTION = 'int_01JD8X0Q5W3V7N2K4M6P8R9T1A';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The routes any caller may use without a key. */
const PUBLIC_ROUTES = [
  'GET /healthz',
  'GET /readyz',
  'POST /api/auth/login',
  'POST /api/auth/invitations/accept',
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/confirm',
  'GET /api/auth/sso',
  'GET /api/auth/saml/:connection_id/metadata',
  'GET /api/auth/saml/:connection_id/login',
  'POST /api/auth/saml/:connection_id/acs',
  'GET /api/auth/oidc/:connection_id/login',
  'GET /api/auth/oidc/:connection_id/callback',
  'GET /oauth/interaction/:uid/details',
  'POST /oauth/interaction/:uid/login',
  'POST /oauth/interaction/:uid/confirm',
  'POST /oauth/interaction/:uid/abort',
  'GET /api/v1/connectors/oauth/callback',
];

/**
 * Every scope a key can carry. `admin` is both a versioned and a legacy scope: it is tried on a
 * `svcsk_live_` key and on a legacy `sk_live_` key.
 */
const SCOPES = [
  { scope: 'read', format: 'versioned' },
  { scope: 'write', format: 'versioned' },
  { scope: 'execute', format: 'versioned' },
  { scope: 'admin', format: 'versioned' },
  { scope: 'chat', format: 'legacy' },
  { scope: 'agents:read', format: 'legacy' },
  { scope: 'agents:write', format: 'legacy' },
  { scope: 'agents:delete', format: 'legacy' },
  { scope: 'data:read', format: 'legacy' },
  { scope: 'data:write', format: 'legacy' },
  { scope: 'analytics:read', format: 'legacy' },
  { scope: 'admin', format: 'legacy' },
] as const;

/**
 * Which scopes may call what, written out from SPEC-DECISIONS.md ("Scopes"), not computed from the
 * implementation: read = agents:read, data:read, interactions:read, kb:read; write = agents:write,
 * agents:delete, data:write, kb:write; execute = chat, feedback; admin = everything; legacy scopes one to one.
 */
const AGENTS_READ = ['read', 'agents:read', 'admin'];
const AGENTS_WRITE = ['write', 'agents:write', 'admin'];
const AGENTS_DELETE = ['write', 'agents:delete', 'admin'];
const KB_READ = ['read', 'admin'];
const KB_WRITE = ['write', 'admin'];
const INTERACTIONS_READ = ['read', 'admin'];
const ADMIN_ONLY = ['admin'];
const DATA_READ = ['read', 'data:read', 'admin'];
const DATA_WRITE = ['write', 'data:write', 'admin'];
const CHAT = ['execute', 'chat', 'admin'];
const FEEDBACK = ['execute', 'admin'];
const ANALYTICS = ['analytics:read', 'admin'];

interface Prepared {
  path: string;
  body?: Record<string, unknown>;
  /** A multipart upload in the field `file`, instead of a JSON body. */
  attach?: { name: string; content: Buffer };
  /** After a refused call: the resource it aimed at is still there. */
  untouched?: () => Promise<void>;
}

interface Endpoint {
  /** Method and route template, as the controllers declare it. */
  route: `${Method} /${string}`;
  allowed: readonly string[];
  /** The scope a 403 names: versioned scopes on /api/v1, legacy scopes on /api. */
  requiredScope: string;
  /** The status of a valid call by an allowed key. */
  ok: number;
  prepare: () => Promise<Prepared>;
}

describe('scopes', () => {
  let t: TestApp;
  let org: TestOrg;
  let dropDatabase: () => Promise<void>;
  let embeddings: OpenAIStub;
  const fixtures = { agentId: '', articleId: '', userId: '', dataSourceId: '', interactionId: '', webhookId: '' };

  /** Fixtures are made with a fresh admin key each time, so no one key is used often. */
  const asAdmin = async (method: Method, path: string, body?: Record<string, unknown>): Promise<request.Response> => {
    const { key } = await createKey(t.app, org.orgId, { scopes: ['admin'] });
    return send(method, path, key, body);
  };
  const send = (method: Method, path: string, key: string, body?: Record<string, unknown>): request.Test => {
    const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    const client = request(t.http);
    const test = client[verb](path).set(...bearer(key));
    return body === undefined ? test : test.send(body);
  };
  const create = async (path: string, body: Record<string, unknown>): Promise<string> => {
    const response = await asAdmin('POST', path, body);
    expect(response.status, response.text).toBe(201);
    return response.body.id as string;
  };
  const newAgent = (): Promise<string> => create('/api/v1/agents', { name: `Agent ${randomBytes(3).toString('hex')}`, data_source_ids: [] });
  const newArticle = (): Promise<string> => create('/api/v1/kb', { title: 'Article', content: 'Some text.' });
  const newDataSource = (): Promise<string> => create('/api/v1/data-sources', { type: 'file', name: `Files ${randomBytes(3).toString('hex')}` });
  const newSlackSource = (): Promise<string> => create('/api/v1/data-sources', { type: 'slack', name: `Chat ${randomBytes(3).toString('hex')}` });
  const newUser = (): Promise<string> => create('/api/v1/users', { email: `user-${randomBytes(4).toString('hex')}@example.test`, role: 'readonly' });
  const stillThere = (path: string) => async (): Promise<void> => {
    expect((await asAdmin('GET', path)).status).toBe(200);
  };
  const stillWorks = (key: string) => async (): Promise<void> => {
    expect((await send('GET', '/api/v1/agents', key)).status).toBe(200);
  };
  const newProviderKey = (): Promise<string> => create('/api/v1/provider-keys', { provider: 'openai', api_key: `sk-${randomBytes(12).toString('hex')}` });
  const newOAuthClient = (): Promise<string> =>
    create('/api/v1/oauth-clients', { name: 'App', redirect_uris: ['https://app.example.test/cb'], scopes: ['read'], type: 'public' });
  /** Nowhere to be found (the .invalid domain never resolves), so its deliveries fail at once. */
  const newWebhook = (): Promise<string> => create('/api/v1/webhooks', { url: 'https://hooks.example.invalid/events', events: ['agent.created'] });
  const failedDelivery = async (webhookId: string): Promise<string> => {
    const response = await asAdmin('POST', `/api/v1/webhooks/${webhookId}/test`);
    expect(response.body).toMatchObject({ success: false });
    return response.body.delivery_id as string;
  };
  const freshKey = async (format: 'versioned' | 'legacy'): Promise<{ id: string; key: string }> =>
    createKey(t.app, org.orgId, { scopes: format === 'legacy' ? ['agents:read'] : ['read'], format });

  const ENDPOINTS: Endpoint[] = [
    // Agents
    { route: 'GET /api/v1/agents', allowed: AGENTS_READ, requiredScope: 'read', ok: 200, prepare: async () => ({ path: '/api/v1/agents' }) },
    {
      route: 'POST /api/v1/agents',
      allowed: AGENTS_WRITE,
      requiredScope: 'write',
      ok: 201,
      prepare: async () => ({ path: '/api/v1/agents', body: { name: 'Scoped', data_source_ids: [] } }),
    },
    {
      route: 'GET /api/v1/agents/:id',
      allowed: AGENTS_READ,
      requiredScope: 'read',
      ok: 200,
      prepare: async () => ({ path: `/api/v1/agents/${fixtures.agentId}` }),
    },
    {
      route: 'PUT /api/v1/agents/:id',
      allowed: AGENTS_WRITE,
      requiredScope: 'write',
      ok: 200,
      prepare: async () => ({ path: `/api/v1/agents/${fixtures.agentId}`, body: { temperature: 0.5 } }),
    },
    {
      route: 'DELETE /api/v1/agents/:id',
      allowed: AGENTS_DELETE,
      requiredScope: 'write',
      ok: 204,
      prepare: async () => {
        const path = `/api/v1/agents/${await newAgent()}`;
        return { path, untouched: stillThere(path) };
      },
    },
    { route: 'GET /api/agents', allowed: AGENTS_READ, requiredScope: 'agents:read', ok: 200, prepare: async () => ({ path: '/api/agents' }) },

    // Knowledge base
    { route: 'GET /api/v1/kb', allowed: KB_READ, requiredScope: 'read', ok: 200, prepare: async () => ({ path: '/api/v1/kb' }) },
    {
      route: 'POST /api/v1/kb',
      allowed: KB_WRITE,
      requiredScope: 'write',
      ok: 201,
      prepare: async () => ({ path: '/api/v1/kb', body: { title: 'Scoped', content: 'Text', tags: ['a'], status: 'draft' } }),
    },
    { route: 'GET /api/v1/kb/:id', allowed: KB_READ, requiredScope: 'read', ok: 200, prepare: async () => ({ path: `/api/v1/kb/${fixtures.articleId}` }) },
    {
      route: 'PUT /api/v1/kb/:id',
      allowed: KB_WRITE,
      requiredScope: 'write',
      ok: 200,
      prepare: async () => ({ path: `/api/v1/kb/${fixtures.articleId}`, body: { content: `Revised ${randomBytes(3).toString('hex')}` } }),
    },
    {
      route: 'GET /api/v1/kb/:id/versions',
      allowed: KB_READ,
      requiredScope: 'read',
      ok: 200,
      prepare: async () => ({ path: `/api/v1/kb/${fixtures.articleId}/versions` }),
    },
    {
      route: 'DELETE /api/v1/kb/:id',
      allowed: KB_WRITE,
      requiredScope: 'write',
      ok: 204,
      prepare: async () => {
        const path = `/api/v1/kb/${await newArticle()}`;
        return { path, untouched: stillThere(path) };
      },
    },

    // Interactions (none exist yet: an allowed key gets 404 for a well-formed id)
    { route: 'GET /api/v1/interactions', allowed: INTERACTIONS_READ, requiredScope: 'read', ok: 200, prepare: async () => ({ path: '/api/v1/interactions' }) },
    {
      route: 'GET /api/v1/interactions/:id',
      allowed: INTERACTIONS_READ,
      requiredScope: 'read',
      ok: 404,
      prepare: async () => ({ path: `/api/v1/interactions/${MISSING_INTERACTION}` }),
    },

    // Data sources
    { route: 'GET /api/v1/data-sources', allowed: DATA_READ, requiredScope: 'read', ok: 200, prepare: async () => ({ path: '/api/v1/data-sources' }) },
    {
      route: 'POST /api/v1/data-sources',
      allowed: DATA_WRITE,
      requiredScope: 'write',
      ok: 201,
      prepare: async () => ({ path: '/api/v1/data-sources', body: { type: 'file', name: 'Scoped' } }),
    },
    {
      route: 'GET /api/v1/data-sources/:id',
      allowed: DATA_READ,
      requiredScope: 'read',
      ok: 200,
      prepare: async () => ({ path: `/api/v1/data-sources/${fixtures.dataSourceId}` }),
    },
    {
      route: 'PUT /api/v1/data-sources/:id',
      allowed: DATA_WRITE,
      requiredScope: 'write',
      ok: 200,
      prepare: async () => ({ path: `/api/v1/data-sources/${fixtures.dataSourceId}`, body: { name: `Renamed ${randomBytes(3).toString('hex')}` } }),
    },
    {
      route: 'DELETE /api/v1/data-sources/:id',
      allowed: DATA_WRITE,
      requiredScope: 'write',
      ok: 204,
      prepare: async () => {
        const path = `/api/v1/data-sources/${await newDataSource()}`;
        return { path, untouched: stillThere(path) };
      },
    },
    {
      route: 'GET /api/v1/data-sources/:id/connect',
      allowed: DATA_WRITE,
      requiredScope: 'write',
      ok: 302,
      prepare: async () => ({ path: `/api/v1/data-sources/${await newSlackSource()}/connect` }),
    },
    {
      route: 'POST /api/v1/data-sources/:id/disconnect',
      allowed: DATA_WRITE,
      requiredScope: 'write',
      ok: 200,
      prepare: async () => ({ path: `/api/v1/data-sources/${await newSlackSource()}/disconnect` }),
    },
    {
      route: 'POST /api/v1/data-sources/:id/sync',
      allowed: DATA_WRITE,
      requiredScope: 'write',
      ok: 202,
      prepare: async () => ({ path: `/api/v1/data-sources/${fixtures.dataSourceId}/sync` }),
    },
    {
      route: 'GET /api/v1/data-sources/:id/status',
      allowed: DATA_READ,
      requiredScope: 'read',
      ok: 200,
      prepare: async () => ({ path: `/api/v1/data-sources/${fixtures.dataSourceId}/status` }),
    },
    {
      route: 'GET /api/v1/data-sources/:id/documents',
      allowed: DATA_READ,
      requiredScope: 'read',
      ok: 200,
      prepare: async () => ({ path: `/api/v1/data-sources/${fixtures.dataSourceId}/documents` }),
    },
    {
      route: 'POST /api/v1/data-sources/:id/files',
      allowed: DATA_WRITE,
      requiredScope: 'write',
      ok: 202,
      prepare: async () => ({
        path: `/api/v1/data-sources/${fixtures.dataSourceId}/files`,
        attach: { name: 'notes.txt', content: Buffer.from('Scoped upload.') },
      }),
    },

    // Users
    {
      route: 'GET /api/v1/analytics',
      allowed: ANALYTICS,
      requiredScope: 'admin',
      ok: 200,
      prepare: async () => ({ path: '/api/v1/analytics?start_date=2026-01-01&end_date=2026-01-07' }),
    },

    { route: 'GET /api/v1/organization', allowed: ADMIN_ONLY, requiredScope: 'admin', ok: 200, prepare: async () => ({ path: '/api/v1/organization' }) },
    {
      route: 'PUT /api/v1/organization',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 200,
      prepare: async () => ({ path: '/api/v1/organization', body: { name: 'Scoped organization' } }),
    },
    { route: 'GET /api/v1/audit-log', allowed: ADMIN_ONLY, requiredScope: 'admin', ok: 200, prepare: async () => ({ path: '/api/v1/audit-log' }) },
    {
      route: 'POST /api/v1/oauth-clients',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 201,
      prepare: async () => ({ path: '/api/v1/oauth-clients', body: { name: 'Scoped app', redirect_uris: ['https://app.example.test/cb'], scopes: ['read'] } }),
    },
    { route: 'GET /api/v1/oauth-clients', allowed: ADMIN_ONLY, requiredScope: 'admin', ok: 200, prepare: async () => ({ path: '/api/v1/oauth-clients' }) },
    {
      route: 'GET /api/v1/oauth-clients/:id',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 200,
      prepare: async () => ({ path: `/api/v1/oauth-clients/${await newOAuthClient()}` }),
    },
    {
      route: 'DELETE /api/v1/oauth-clients/:id',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 204,
      prepare: async () => {
        const path = `/api/v1/oauth-clients/${await newOAuthClient()}`;
        return { path, untouched: stillThere(path) };
      },
    },
    { route: 'GET /api/v1/users', allowed: ADMIN_ONLY, requiredScope: 'admin', ok: 200, prepare: async () => ({ path: '/api/v1/users' }) },
    {
      route: 'POST /api/v1/users',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 201,
      prepare: async () => ({ path: '/api/v1/users', body: { email: `scoped-${randomBytes(4).toString('hex')}@example.test`, role: 'admin' } }),
    },
    {
      route: 'POST /api/v1/users/:id/invitation',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 201,
      prepare: async () => ({ path: `/api/v1/users/${fixtures.userId}/invitation` }),
    },
    {
      route: 'DELETE /api/v1/users/:id/invitation',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 204,
      prepare: async () => ({ path: `/api/v1/users/${fixtures.userId}/invitation` }),
    },
    {
      route: 'GET /api/v1/users/:id',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 200,
      prepare: async () => ({ path: `/api/v1/users/${fixtures.userId}` }),
    },
    {
      route: 'PUT /api/v1/users/:id',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 200,
      prepare: async () => ({ path: `/api/v1/users/${fixtures.userId}`, body: { name: `Renamed ${randomBytes(3).toString('hex')}` } }),
    },
    {
      route: 'DELETE /api/v1/users/:id',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 204,
      prepare: async () => {
        const path = `/api/v1/users/${await newUser()}`;
        return { path, untouched: stillThere(path) };
      },
    },

    // API keys, versioned and legacy
    { route: 'GET /api/v1/api-keys', allowed: ADMIN_ONLY, requiredScope: 'admin', ok: 200, prepare: async () => ({ path: '/api/v1/api-keys' }) },
    {
      route: 'POST /api/v1/api-keys',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 201,
      prepare: async () => ({ path: '/api/v1/api-keys', body: { name: 'Scoped', scopes: ['admin'] } }),
    },
    {
      route: 'DELETE /api/v1/api-keys/:id',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 204,
      prepare: async () => {
        const target = await freshKey('versioned');
        return { path: `/api/v1/api-keys/${target.id}`, untouched: stillWorks(target.key) };
      },
    },
    {
      route: 'POST /api/v1/api-keys/:id/rotate',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 201,
      prepare: async () => {
        const target = await freshKey('versioned');
        return { path: `/api/v1/api-keys/${target.id}/rotate`, untouched: stillWorks(target.key) };
      },
    },
    { route: 'GET /api/api-keys', allowed: ADMIN_ONLY, requiredScope: 'admin', ok: 200, prepare: async () => ({ path: '/api/api-keys' }) },
    {
      route: 'POST /api/api-keys',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 201,
      prepare: async () => ({ path: '/api/api-keys', body: { name: 'Scoped', scopes: ['admin'], expiresAt: '2999-01-01T00:00:00.000Z' } }),
    },
    {
      route: 'DELETE /api/api-keys/:id',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 204,
      prepare: async () => {
        const target = await freshKey('legacy');
        return { path: `/api/api-keys/${target.id}`, untouched: stillWorks(target.key) };
      },
    },
    {
      route: 'POST /api/api-keys/:id/rotate',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 201,
      prepare: async () => {
        const target = await freshKey('legacy');
        return { path: `/api/api-keys/${target.id}/rotate`, untouched: stillWorks(target.key) };
      },
    },

    // Query, search, legacy chat and feedback
    {
      route: 'POST /api/v1/query',
      allowed: CHAT,
      requiredScope: 'execute',
      ok: 200,
      prepare: async () => ({ path: '/api/v1/query', body: { agent_id: fixtures.agentId, query: 'What are the opening hours?' } }),
    },
    {
      route: 'POST /api/v1/semantic-search',
      allowed: CHAT,
      requiredScope: 'execute',
      ok: 200,
      prepare: async () => ({ path: '/api/v1/semantic-search', body: { org_id: org.orgId, query: 'opening hours' } }),
    },
    {
      route: 'POST /api/chat',
      allowed: CHAT,
      requiredScope: 'chat',
      ok: 200,
      prepare: async () => ({ path: '/api/chat', body: { prompt: 'What are the opening hours?', agentId: fixtures.agentId } }),
    },
    {
      route: 'POST /api/v1/interactions/:id/feedback',
      allowed: FEEDBACK,
      requiredScope: 'execute',
      ok: 200,
      prepare: async () => ({ path: `/api/v1/interactions/${fixtures.interactionId}/feedback`, body: { feedback: 'positive' } }),
    },

    // Provider keys
    { route: 'GET /api/v1/provider-keys', allowed: ADMIN_ONLY, requiredScope: 'admin', ok: 200, prepare: async () => ({ path: '/api/v1/provider-keys' }) },
    {
      route: 'POST /api/v1/provider-keys',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 201,
      prepare: async () => ({ path: '/api/v1/provider-keys', body: { provider: 'anthropic', api_key: `sk-ant-${randomBytes(12).toString('hex')}` } }),
    },
    {
      route: 'GET /api/v1/provider-keys/:id',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 200,
      prepare: async () => ({ path: `/api/v1/provider-keys/${await newProviderKey()}` }),
    },
    {
      route: 'DELETE /api/v1/provider-keys/:id',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 204,
      prepare: async () => {
        const path = `/api/v1/provider-keys/${await newProviderKey()}`;
        return { path, untouched: stillThere(path) };
      },
    },

    // Webhooks
    { route: 'GET /api/v1/webhooks', allowed: ADMIN_ONLY, requiredScope: 'admin', ok: 200, prepare: async () => ({ path: '/api/v1/webhooks' }) },
    {
      route: 'POST /api/v1/webhooks',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 201,
      prepare: async () => ({ path: '/api/v1/webhooks', body: { url: 'https://hooks.example.invalid/scoped', events: ['interaction.completed'] } }),
    },
    {
      route: 'GET /api/v1/webhooks/:id',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 200,
      prepare: async () => ({ path: `/api/v1/webhooks/${fixtures.webhookId}` }),
    },
    {
      route: 'PUT /api/v1/webhooks/:id',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 200,
      prepare: async () => {
        const path = `/api/v1/webhooks/${await newWebhook()}`;
        return { path, body: { description: 'Changed' } };
      },
    },
    {
      route: 'DELETE /api/v1/webhooks/:id',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 204,
      prepare: async () => {
        const path = `/api/v1/webhooks/${await newWebhook()}`;
        return { path, untouched: stillThere(path) };
      },
    },
    {
      route: 'POST /api/v1/webhooks/:id/test',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 200,
      prepare: async () => ({ path: `/api/v1/webhooks/${fixtures.webhookId}/test` }),
    },
    {
      route: 'GET /api/v1/webhooks/:id/deliveries',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 200,
      prepare: async () => ({ path: `/api/v1/webhooks/${fixtures.webhookId}/deliveries` }),
    },
    {
      route: 'POST /api/v1/webhooks/:id/deliveries/:delivery_id/retry',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 200,
      prepare: async () => ({ path: `/api/v1/webhooks/${fixtures.webhookId}/deliveries/${await failedDelivery(fixtures.webhookId)}/retry` }),
    },

    // Webhooks (legacy)
    { route: 'GET /api/webhooks', allowed: ADMIN_ONLY, requiredScope: 'admin', ok: 200, prepare: async () => ({ path: '/api/webhooks' }) },
    {
      route: 'POST /api/webhooks',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 201,
      prepare: async () => ({ path: '/api/webhooks', body: { url: 'https://hooks.example.invalid/scoped', events: ['interaction.completed'] } }),
    },
    {
      route: 'GET /api/webhooks/:id',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 200,
      prepare: async () => ({ path: `/api/webhooks/${fixtures.webhookId}` }),
    },
    {
      route: 'PUT /api/webhooks/:id',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 200,
      prepare: async () => {
        const path = `/api/webhooks/${await newWebhook()}`;
        return { path, body: { description: 'Changed' } };
      },
    },
    {
      route: 'DELETE /api/webhooks/:id',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 204,
      prepare: async () => {
        const path = `/api/webhooks/${await newWebhook()}`;
        return { path, untouched: stillThere(path) };
      },
    },
    {
      route: 'POST /api/webhooks/:id/test',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 200,
      prepare: async () => ({ path: `/api/webhooks/${fixtures.webhookId}/test` }),
    },
    {
      route: 'GET /api/webhooks/:id/deliveries',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 200,
      prepare: async () => ({ path: `/api/webhooks/${fixtures.webhookId}/deliveries` }),
    },
    {
      route: 'POST /api/webhooks/:id/deliveries/:deliveryId/retry',
      allowed: ADMIN_ONLY,
      requiredScope: 'admin',
      ok: 200,
      prepare: async () => ({ path: `/api/webhooks/${fixtures.webhookId}/deliveries/${await failedDelivery(fixtures.webhookId)}/retry` }),
    },
  ];

  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    embeddings = await OpenAIStub.start({ dimensions: 512 });
    t = await createTestApp({
      databaseUrl: database.url,
      env: ingestionEnv(embeddings, { SLACK_CLIENT_ID: 'scopes-client', SLACK_CLIENT_SECRET: 'scopes-secret' }),
    });
    // Enterprise: the plan's per-minute limit must not be what a test of scopes runs into.
    org = await createOrg(t.app, { plan: 'enterprise' });
    fixtures.agentId = await newAgent();
    fixtures.articleId = await newArticle();
    fixtures.userId = await newUser();
    fixtures.dataSourceId = await newDataSource();
    fixtures.webhookId = await newWebhook();
    const asked = await asAdmin('POST', '/api/v1/query', { agent_id: fixtures.agentId, query: 'Is anyone there?' });
    expect(asked.status, asked.text).toBe(200);
    fixtures.interactionId = asked.body.metadata.interaction_id as string;
  });

  afterAll(async () => {
    await t?.close();
    await embeddings?.close();
    await dropDatabase?.();
  });

  for (const endpoint of ENDPOINTS) {
    const [method, template] = endpoint.route.split(' ') as [Method, string];
    const legacy = !template.startsWith('/api/v1/');

    describe(endpoint.route, () => {
      for (const { scope, format } of SCOPES) {
        const allowed = endpoint.allowed.includes(scope);
        it(`should ${allowed ? 'allow' : 'refuse'} a ${format} key with scope ${scope}`, async () => {
          const { key } = await createKey(t.app, org.orgId, { scopes: [scope], format });
          const prepared = await endpoint.prepare();
          const response = prepared.attach
            ? await request(t.http)
                .post(prepared.path)
                .set(...bearer(key))
                .attach('file', prepared.attach.content, prepared.attach.name)
            : await send(method, prepared.path, key, prepared.body);

          if (allowed) {
            expect(response.status, response.text).toBe(endpoint.ok);
            return;
          }
          expect(response.status, response.text).toBe(403);
          expect(response.headers['x-request-id']).toMatch(REQUEST_ID);
          expect(response.body).toMatchObject({
            error: { code: legacy ? 'insufficient_scope' : 'forbidden', message: expect.any(String) },
            required_scope: endpoint.requiredScope,
            current_scopes: [scope],
            ...(legacy ? { status: 403 } : { request_id: response.headers['x-request-id'] }),
          });
          expect(Object.keys(response.body).sort()).toEqual(['current_scopes', 'error', 'required_scope', legacy ? 'status' : 'request_id'].sort());
          await prepared.untouched?.();
        });
      }
    });
  }

  it('should grant a key with several scopes the union of what each allows', async () => {
    const { key } = await createKey(t.app, org.orgId, { scopes: ['agents:read', 'chat', 'data:read'], format: 'legacy' });
    expect((await send('GET', '/api/v1/agents', key)).status).toBe(200);
    const refused = await send('POST', '/api/v1/agents', key, { name: 'Nope', data_source_ids: [] });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ required_scope: 'write', current_scopes: ['agents:read', 'chat', 'data:read'] });
    const combined = await createKey(t.app, org.orgId, { scopes: ['read', 'write'] });
    expect((await send('POST', '/api/v1/agents', combined.key, { name: 'Both', data_source_ids: [] })).status).toBe(201);
    expect((await send('GET', '/api/v1/kb', combined.key)).status).toBe(200);
    expect((await send('GET', '/api/v1/users', combined.key)).status).toBe(403);
  });

  describe('route declarations', () => {
    interface DiscoveredRoute {
      route: string;
      controller: string;
      handler: string;
      auth: AuthRouteOptions | undefined;
      isPublic: boolean;
    }

    /** Every route the application serves, with the auth metadata of its handler or, failing that, its controller. */
    function discoverRoutes(): DiscoveredRoute[] {
      const discovery = new DiscoveryService(t.app.get(ModulesContainer));
      const scanner = new MetadataScanner();
      const reflector = t.app.get(Reflector);
      const routes: DiscoveredRoute[] = [];
      for (const wrapper of discovery.getControllers()) {
        const controller = wrapper.metatype as Type | null;
        if (!controller) {
          continue;
        }
        const prototype = controller.prototype as Record<string, (...args: unknown[]) => unknown>;
        const bases = [Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined].flat();
        for (const name of scanner.getAllMethodNames(prototype)) {
          const handler = prototype[name];
          const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
          if (paths === undefined) {
            continue;
          }
          const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
          for (const base of bases) {
            for (const path of [paths].flat()) {
              const full = `/${[base ?? '', path].join('/')}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
              routes.push({
                route: `${method} ${full}`,
                controller: controller.name,
                handler: name,
                auth: reflector.getAllAndOverride<AuthRouteOptions | undefined>(AUTH_ROUTE, [handler, controller]),
                isPublic: reflector.getAllAndOverride<boolean | undefined>(PUBLIC_ROUTE, [handler, controller]) === true,
              });
            }
          }
        }
      }
      return routes;
    }

    it('should find the application\u2019s controllers and routes', () => {
      const routes = discoverRoutes().map((route) => route.route);
      expect(routes).toContain('GET /api/v1/agents/:id');
      expect(routes).toContain('POST /api/v1/api-keys/:id/rotate');
      expect(routes).toContain('GET /healthz');
    });

    it('should declare @Authenticated(...) or @Public() on every route, on the method or its controller', () => {
      const undeclared = discoverRoutes()
        .filter((route) => route.auth === undefined && !route.isPublic)
        .map((route) => `${route.controller}.${route.handler} (${route.route})`);
      expect(undeclared).toEqual([]);
    });

    it('should give every authenticated route a permission, but those open to any signed-in person or to a person by any credential', () => {
      for (const route of discoverRoutes().filter((candidate) => candidate.auth !== undefined)) {
        const { permission, credentialKinds, person } = route.auth!;
        if (permission === null && person) {
          expect(credentialKinds, route.route).toBeUndefined();
          expect(route.route, route.route).toMatch(/^[A-Z]+ \/api\/v1\/oauth-grants\b/);
          continue;
        }
        if (permission === null) {
          expect(credentialKinds, route.route).toEqual(['session']);
          expect(route.route, route.route).toMatch(/^[A-Z]+ \/api\/auth\b/);
          continue;
        }
        expect(typeof permission, route.route).toBe('string');
        expect(permission.length, route.route).toBeGreaterThan(0);
      }
    });

    it('should never mark a route both public and authenticated, which the guard would read as public', () => {
      const both = discoverRoutes()
        .filter((route) => route.auth !== undefined && route.isPublic)
        .map((route) => route.route);
      expect(both).toEqual([]);
    });

    it('should make public only the routes meant to be, and serve them without a key', async () => {
      const publicRoutes = discoverRoutes()
        .filter((route) => route.isPublic)
        .map((route) => route.route)
        .sort();
      expect(publicRoutes, 'a new public route must be added to PUBLIC_ROUTES deliberately').toEqual([...PUBLIC_ROUTES].sort());
      for (const route of publicRoutes.filter((candidate) => candidate.startsWith('GET '))) {
        const response = await request(t.http).get(route.split(' ')[1]);
        // Single sign-on answers an unknown connection with its "Authentication failed" page, never a demand for a credential.
        expect(response.headers['www-authenticate'], route).toBeUndefined();
        expect(response.body?.error?.code, route).not.toBe('unauthorized');
        expect(response.status, route).not.toBe(403);
      }
    });

    it('should test every route keys can call in the scope table above (the session endpoints have their own suite)', () => {
      const served = discoverRoutes()
        .filter((route) => !route.isPublic && route.auth?.permission !== null)
        .map((route) => route.route)
        .sort();
      const tested = ENDPOINTS.map((endpoint) => endpoint.route).sort();
      expect(new Set(tested).size).toBe(tested.length);
      expect(tested, 'add each new route to ENDPOINTS, with the scopes that may call it').toEqual(served);
    });
  });
});
