import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { OpenAPIV3 } from 'openapi-types';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { NO_CLIENT, SYSTEM_ACTOR } from '#src/modules/audit/audit-actions.js';
import { SessionsService } from '#src/modules/auth/sessions/sessions.service.js';
import { OrganizationSettingsService } from '#src/modules/organizations/settings/organization-settings.service.js';
import type { Plan } from '#src/modules/organizations/organization.entity.js';
import { createKey, createOrg } from '#test/utils/factories.js';
import { FixtureSite } from '#test/utils/fixture-site.js';
import { hintFor, shapeHintFor, type HintTargets } from '#test/utils/fuzz/hints.js';
import { HttpExchange, type RawResponse } from '#test/utils/fuzz/http-exchange.js';
import { idPrefixOf } from '#test/utils/fuzz/ids.js';
import { ApiDocument, type ApiOperation } from '#test/utils/fuzz/openapi.js';
import type { Credential, FuzzRequest, OperationSources } from '#test/utils/fuzz/requests.js';
import { docsSite, ingestionEnv, settled, waitForStatus } from '#test/utils/ingestion.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';
import { createTestApp, type TestApp } from '#test/utils/test-app.js';
import { createTestCertificates } from '#test/utils/tls.js';
import { acceptInvitation, type WebSession } from '#test/utils/web-sessions.js';
import { WebhookReceiver } from '#test/utils/webhook-receiver.js';

/** The permission of the narrow key each organization holds: it opens the agent reads and nothing else. */
export const NARROW_PERMISSION = 'agents:read';

/** How many rows a destructive operation gets to act on, made for it alone. */
const THROWAWAY_ROWS = 4;
/** The prefixes of the rows the world can make for a destructive operation (grants need a person's consent: none). */
const CREATABLE = new Set(['agt', 'ds', 'kb', 'wh', 'pk', 'oac', 'usr', 'key', 'ses']);

/** One organization of the world, with the credentials the suite sends and the ids of its rows by prefix. */
export interface Tenant {
  orgId: string;
  adminUserId: string;
  adminKey: string;
  adminKeyId: string;
  adminEmail: string;
  narrowKey: string;
  session: WebSession & { id: string };
  ids: Map<string, string[]>;
}

/**
 * The running service with organizations that hold real rows (agents, data sources with indexed content,
 * an interaction, articles, users, keys, webhooks and deliveries, provider keys, OAuth clients, sessions),
 * the servers it talks to (an OpenAI-compatible stub, a website, an HTTPS webhook receiver), and for each
 * operation the rows it may change.
 *
 * Operations are spread over organizations so one cannot disturb another's: `main` takes most; `hooks`
 * keeps the webhooks (events of main never fan out to the hundreds a fuzzed create makes); `settings`
 * (enterprise, where an IP allowlist applies) takes organization changes; `foreign` only owns rows whose
 * ids the others must not find.
 */
export class FuzzWorld {
  private readonly throwaway = new Map<string, Map<string, string[]>>();
  private readonly invitationTokens: string[] = [];

  private constructor(
    readonly t: TestApp,
    readonly document: ApiDocument,
    readonly http: HttpExchange,
    readonly tenants: Record<'main' | 'hooks' | 'settings' | 'foreign', Tenant>,
    private readonly servers: { stub: OpenAIStub; site: FixtureSite; receiver: WebhookReceiver },
  ) {}

  static async start(databaseUrl: string | undefined): Promise<FuzzWorld> {
    const certificates = createTestCertificates();
    const receiver = await WebhookReceiver.start(certificates);
    const stub = await OpenAIStub.start({ dimensions: 512 });
    const site = await FixtureSite.start();
    docsSite(site, {
      passwords: 'To reset your password open Settings, then Security, and choose Reset password.',
      refunds: 'Refunds are paid within thirty days of a request to the billing team.',
    });
    const t = await createTestApp({
      databaseUrl,
      env: ingestionEnv(stub, {
        WEBHOOK_CA_CERTS: certificates.caCertPath,
        WEBHOOK_TIMEOUT_MS: '2000',
        OPENAI_BASE_URL: stub.baseUrl,
        OPENAI_API_KEY: 'sk-fuzz-operator',
        SECRET_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
        ...Object.fromEntries(
          ['CONFLUENCE', 'SLACK', 'GOOGLE_DRIVE', 'SHAREPOINT'].flatMap((provider) => [
            [`${provider}_CLIENT_ID`, 'fuzz-client'],
            [`${provider}_CLIENT_SECRET`, 'fuzz-secret'],
          ]),
        ),
      }),
    });
    await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
    const http = new HttpExchange(`http://127.0.0.1:${(t.http.address() as AddressInfo).port}`);
    const document = new ApiDocument((await http.send({ method: 'GET', target: '/openapi.json', headers: {} })).json as OpenAPIV3.Document);

    const tenant = async (plan: Plan): Promise<Tenant> => {
      const org = await createOrg(t.app, { plan });
      const session = await acceptInvitation(t.http, org.adminInvitation);
      const sessions = await http.send({ method: 'GET', target: '/api/auth/sessions', headers: { Cookie: session.cookie } });
      const adminKeyId = (await http.send({ method: 'GET', target: '/api/v1/api-keys', headers: { Authorization: `Bearer ${org.adminKey}` } })).json as {
        api_keys: Array<{ id: string }>;
      };
      return {
        orgId: org.orgId,
        adminUserId: org.adminUserId,
        adminKey: org.adminKey,
        adminKeyId: adminKeyId.api_keys[0].id,
        adminEmail: org.adminEmail,
        narrowKey: (await createKey(t.app, org.orgId, { scopes: [NARROW_PERMISSION] })).key,
        session: { ...session, id: (sessions.json as { sessions: Array<{ id: string }> }).sessions[0].id },
        ids: new Map([['org', [org.orgId]]]),
      };
    };
    const tenants = { main: await tenant('pro'), hooks: await tenant('pro'), settings: await tenant('enterprise'), foreign: await tenant('pro') };
    const world = new FuzzWorld(t, document, http, tenants, { stub, site, receiver });
    await world.seed(tenants.main, { index: true });
    await world.seed(tenants.foreign, { index: false });
    await world.seedWebhooks(tenants.hooks);
    await world.seedWebhooks(tenants.foreign);
    return world;
  }

  async close(): Promise<void> {
    this.http.close();
    await this.t.close();
    await this.servers.receiver.close();
    await this.servers.site.close();
    await this.servers.stub.close();
  }

  /** Which organization an operation runs in. */
  tenantOf(operation: ApiOperation): Tenant {
    if (operation.path.includes('/webhooks')) {
      return this.tenants.hooks;
    }
    return operation.label === 'PUT /api/v1/organization' ? this.tenants.settings : this.tenants.main;
  }

  /**
   * Rows an operation changes or removes (PUT, DELETE, key rotation, invitations, disconnection), made
   * for it alone: the rows the other operations read stay as they are, and the credential in use is
   * never among them (the admin key, the admin user, the admin's session).
   */
  async prepare(operation: ApiOperation): Promise<void> {
    const prefix = destructivePrefixOf(operation);
    if (!prefix) {
      return;
    }
    const tenant = this.tenantOf(operation);
    const ids: string[] = [];
    for (let index = 0; index < THROWAWAY_ROWS; index++) {
      ids.push(await this.createRow(tenant, prefix, operation.path.endsWith('/disconnect') ? 'connector' : 'plain'));
    }
    this.throwaway.set(operation.label, new Map([[prefix, ids]]));
  }

  /** After each request of an operation that can shut the caller out (an allowlist with `confirm=true`), the way back in. */
  async restore(operation: ApiOperation): Promise<void> {
    if (operation.label === 'PUT /api/v1/organization') {
      await this.t.app.get(OrganizationSettingsService).clearAllowlist(this.tenants.settings.orgId, SYSTEM_ACTOR, NO_CLIENT);
    }
  }

  sourcesFor(operation: ApiOperation): OperationSources {
    const tenant = this.tenantOf(operation);
    const throwaway = this.throwaway.get(operation.label);
    const targets: HintTargets = {
      path: operation.path,
      webhookUrls: [this.servers.receiver.url('/hooks/fuzz'), this.servers.receiver.url('/hooks/other')],
      siteUrls: [this.servers.site.url('/docs/'), this.servers.site.url('/missing/')],
      orgId: tenant.orgId,
      emails: [tenant.adminEmail, this.tenants.foreign.adminEmail],
      invitationTokens: this.invitationTokens,
    };
    const sources: OperationSources = {
      document: this.document,
      operation,
      ids: (prefix) => throwaway?.get(prefix) ?? tenant.ids.get(prefix) ?? [],
      foreignIds: (prefix) => this.tenants.foreign.ids.get(prefix) ?? [],
      hint: (field, schema, location) => hintFor(targets, field, schema, location),
      shapeHint: (schema) => shapeHintFor(sources, schema),
      narrowPermission: NARROW_PERMISSION,
    };
    return sources;
  }

  /** Sends a generated request with the credential it names. */
  async send(operation: ApiOperation, request: FuzzRequest): Promise<RawResponse> {
    const headers: Record<string, string> = { 'User-Agent': 'aqs-fuzz', ...(await this.credentialHeaders(operation, request)), ...request.headers };
    if (request.contentType !== undefined) {
      headers['Content-Type'] = request.contentType;
    }
    if (request.contentEncoding !== undefined) {
      headers['Content-Encoding'] = request.contentEncoding;
    }
    return this.http.send({ method: request.method, target: `${request.path}${request.query}`, headers, body: request.body });
  }

  private async credentialHeaders(operation: ApiOperation, request: FuzzRequest): Promise<Record<string, string>> {
    const tenant = this.tenantOf(operation);
    const changes = request.method !== 'GET';
    const sessionHeaders = (session: WebSession, csrf: boolean): Record<string, string> => ({
      Cookie: session.cookie,
      ...(csrf && changes ? { 'X-CSRF-Token': session.csrf } : {}),
    });
    // Logging out ends the session it is sent with: each request brings a session of its own.
    const session = (): Promise<WebSession> | WebSession => (operation.label === 'DELETE /api/auth/logout' ? this.openSession(tenant) : tenant.session);
    const credential: Credential = request.credential;
    switch (credential) {
      case 'owner':
        if (operation.access === 'public') {
          return {};
        }
        return operation.access === 'session' ? sessionHeaders(await session(), true) : { Authorization: `Bearer ${tenant.adminKey}` };
      case 'session':
        return sessionHeaders(await session(), true);
      case 'session-without-csrf':
        return sessionHeaders(await session(), false);
      case 'none':
        return {};
      case 'malformed': {
        const variants = [
          `Bearer`,
          `Bearer  ${tenant.adminKey}`,
          `Basic ${Buffer.from(`x:${tenant.adminKey}`).toString('base64')}`,
          tenant.adminKey,
          `Bearer ${tenant.adminKey} x`,
        ];
        return { Authorization: variants[request.path.length % variants.length] };
      }
      case 'unknown-key':
        return { Authorization: `Bearer svcsk_live_${'A'.repeat(43)}` };
      case 'narrow-key':
        return { Authorization: `Bearer ${tenant.narrowKey}` };
    }
  }

  /** A new web session of the tenant's admin, opened as a sign-in would. */
  private async openSession(tenant: Tenant): Promise<WebSession & { id: string }> {
    const opened = await this.t.app
      .get(TransactionRunner)
      .run((tx) => this.t.app.get(SessionsService).open(tenant.orgId, tenant.adminUserId, { ip: '127.0.0.1', userAgent: 'aqs-fuzz' }, tx));
    return { id: opened.session.id, cookie: `service_session=${opened.cookie}`, csrf: opened.csrfToken, body: {} };
  }

  /** POSTs as the tenant's admin and answers the body; anything but `expected` fails the setup. */
  private async post(tenant: Tenant, path: string, body: unknown, expected = 201): Promise<Record<string, unknown>> {
    const response = await this.http.send({
      method: 'POST',
      target: path,
      headers: { Authorization: `Bearer ${tenant.adminKey}`, 'Content-Type': 'application/json' },
      body: Buffer.from(JSON.stringify(body)),
    });
    if (response.status !== expected) {
      throw new Error(`Setting up: POST ${path} answered ${response.status}: ${response.body.toString('utf8').slice(0, 500)}`);
    }
    return response.json as Record<string, unknown>;
  }

  private remember(tenant: Tenant, prefix: string, id: unknown): string {
    tenant.ids.set(prefix, [...(tenant.ids.get(prefix) ?? []), id as string]);
    return id as string;
  }

  private async createRow(tenant: Tenant, prefix: string, kind: 'plain' | 'connector'): Promise<string> {
    const name = `fuzz ${randomBytes(3).toString('hex')}`;
    switch (prefix) {
      case 'agt':
        return (await this.post(tenant, '/api/v1/agents', { name, data_source_ids: [] })).id as string;
      case 'ds':
        return (await this.post(tenant, '/api/v1/data-sources', kind === 'connector' ? { type: 'slack', name, config: {} } : { type: 'file', name }))
          .id as string;
      case 'kb':
        return (await this.post(tenant, '/api/v1/kb', { title: name, content: 'Draft text.' })).id as string;
      case 'wh':
        return (await this.post(tenant, '/api/v1/webhooks', { url: this.servers.receiver.url('/hooks/throwaway'), events: ['user.updated'] })).id as string;
      case 'pk':
        return (await this.post(tenant, '/api/v1/provider-keys', { provider: 'openai', api_key: `sk-fuzz-${randomBytes(8).toString('hex')}` })).id as string;
      case 'oac':
        return (await this.post(tenant, '/api/v1/oauth-clients', { name, redirect_uris: ['https://app.example.test/cb'], scopes: ['read'] })).id as string;
      case 'usr': {
        const created = await this.post(tenant, '/api/v1/users', { email: `${randomBytes(5).toString('hex')}@fuzz.test`, name, role: 'readonly' });
        this.invitationTokens.push((created.invitation as { token: string }).token);
        return created.id as string;
      }
      case 'key':
        return (await this.post(tenant, '/api/v1/api-keys', { name, scopes: ['read'] })).id as string;
      case 'ses':
        return (await this.openSession(tenant)).id;
      default:
        throw new Error(`No throwaway rows of prefix ${prefix}`);
    }
  }

  /**
   * One of each resource, with real content where reads need it: a website source crawled and indexed, a
   * file source with a file, a connector awaiting consent, agents (one active, one disabled), a published
   * article, an interaction and its conversation, a user, keys, a provider key, an OAuth client.
   */
  private async seed(tenant: Tenant, options: { index: boolean }): Promise<void> {
    const website = this.remember(
      tenant,
      'ds',
      (await this.post(tenant, '/api/v1/data-sources', { type: 'website', name: 'Docs', config: { url: this.servers.site.url('/docs/'), max_pages: 5 } })).id,
    );
    const files = this.remember(tenant, 'ds', (await this.post(tenant, '/api/v1/data-sources', { type: 'file', name: 'Files' })).id);
    this.remember(tenant, 'ds', (await this.post(tenant, '/api/v1/data-sources', { type: 'slack', name: 'Slack', config: {} })).id);
    const upload = await this.http.send({
      method: 'POST',
      target: `/api/v1/data-sources/${files}/files`,
      headers: { Authorization: `Bearer ${tenant.adminKey}`, 'Content-Type': 'multipart/form-data; boundary=seed' },
      body: Buffer.from(
        '--seed\r\nContent-Disposition: form-data; name="file"; filename="offices.md"\r\nContent-Type: text/markdown\r\n\r\n# Offices\n\nThe offices are in Lisbon and Oslo.\r\n--seed--\r\n',
      ),
    });
    if (upload.status !== 202) {
      throw new Error(`Setting up: the upload answered ${upload.status}: ${upload.body.toString('utf8')}`);
    }
    const agent = this.remember(tenant, 'agt', (await this.post(tenant, '/api/v1/agents', { name: 'Support', data_source_ids: [website, files] })).id);
    this.remember(tenant, 'agt', (await this.post(tenant, '/api/v1/agents', { name: 'Disabled', data_source_ids: [], status: 'disabled' })).id);
    this.remember(tenant, 'kb', (await this.post(tenant, '/api/v1/kb', { title: 'Passwords', content: 'Reset it under Settings.', status: 'published' })).id);
    for (let index = 0; index < 3; index++) {
      const invited = await this.post(tenant, '/api/v1/users', { email: `${randomBytes(5).toString('hex')}@fuzz.test`, name: 'Reader' });
      this.remember(tenant, 'usr', invited.id);
      this.invitationTokens.push((invited.invitation as { token: string }).token);
    }
    this.remember(tenant, 'usr', tenant.adminUserId);
    this.remember(tenant, 'key', (await this.post(tenant, '/api/v1/api-keys', { name: 'reader', scopes: ['read'] })).id);
    this.remember(tenant, 'key', tenant.adminKeyId);
    this.remember(tenant, 'pk', (await this.post(tenant, '/api/v1/provider-keys', { provider: 'openai', api_key: 'sk-fuzz-000000000000' })).id);
    this.remember(
      tenant,
      'oac',
      (await this.post(tenant, '/api/v1/oauth-clients', { name: 'CLI', redirect_uris: ['http://127.0.0.1:53682/callback'], scopes: ['read'] })).id,
    );
    this.remember(tenant, 'ses', tenant.session.id);
    if (options.index) {
      await waitForStatus(this.t.http, tenant.adminKey, website, settled);
      await waitForStatus(this.t.http, tenant.adminKey, files, settled);
    }
    const answer = await this.post(tenant, '/api/v1/query', { agent_id: agent, query: 'Where are the offices?' }, 200);
    const metadata = answer.metadata as { interaction_id: string; session_id: string };
    this.remember(tenant, 'int', metadata.interaction_id);
    this.remember(tenant, 'ses', metadata.session_id);
  }

  /**
   * Webhooks with deliveries (of test events) so the delivery routes reach real rows: one delivered, and
   * one whose receiver answers 500, so its delivery failed and can be retried.
   */
  private async seedWebhooks(tenant: Tenant): Promise<void> {
    this.servers.receiver.respond('/hooks/failing', { statuses: [500] });
    for (const path of ['/hooks/seeded', '/hooks/failing']) {
      const webhook = this.remember(
        tenant,
        'wh',
        (await this.post(tenant, '/api/v1/webhooks', { url: this.servers.receiver.url(path), events: ['user.updated'] })).id,
      );
      await this.post(tenant, `/api/v1/webhooks/${webhook}/test`, {}, 200);
      const deliveries = await this.http.send({
        method: 'GET',
        target: `/api/v1/webhooks/${webhook}/deliveries`,
        headers: { Authorization: `Bearer ${tenant.adminKey}` },
      });
      for (const delivery of (deliveries.json as { deliveries: Array<{ id: string }> }).deliveries) {
        this.remember(tenant, 'dlv', delivery.id);
      }
    }
  }
}

/** The prefix of the rows a destructive operation acts on, when it is one. */
function destructivePrefixOf(operation: ApiOperation): string | undefined {
  const changesRow =
    ((operation.method === 'delete' || operation.method === 'put') && operation.path.endsWith('{id}')) ||
    /\/(rotate|invitation|disconnect)$/.test(operation.path);
  if (!changesRow) {
    return undefined;
  }
  const id = operation.parameters.find((parameter) => parameter.in === 'path' && parameter.name === 'id');
  const prefix = idPrefixOf((id?.schema as OpenAPIV3.SchemaObject | undefined)?.pattern);
  return prefix && CREATABLE.has(prefix) ? prefix : undefined;
}
