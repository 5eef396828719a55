import { randomBytes } from 'node:crypto';
import type { OpenAPIV3 } from 'openapi-types';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConfluenceFake } from '#test/fakes/confluence/fake-confluence.js';
import type { FakeProvider } from '#test/fakes/fake-provider.js';
import { expectLegacyError, expectVersionedError } from '#test/utils/api-expect.js';
import { bearer } from '#test/utils/factories.js';
import { ingestionEnv } from '#test/utils/ingestion.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';
import { freePort } from '#test/utils/processes.js';
import {
  createTenant,
  NOT_TENANT_DATA,
  placeReferenced,
  REFERENCES,
  TENANT_FIXTURES,
  type FixtureContext,
  type HttpMethod,
  type Placed,
  type Read,
  type Send,
  type Tenant,
  type TenantFixture,
} from '#test/utils/tenant-fixtures.js';
import { createTestApp, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';
import { createTestCertificates } from '#test/utils/tls.js';
import { WebhookReceiver } from '#test/utils/webhook-receiver.js';

const METHODS: readonly HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

/** Every snapshot also holds the newest entries of the owner's audit log. */
const AUDIT_LOG: Read = { path: '/api/v1/audit-log?limit=20' };

/** The credential each security scheme of the document names. */
const CREDENTIALS = {
  bearer: (tenant: Tenant, test: request.Test) => test.set(...bearer(tenant.adminKey)),
  oauth2: (tenant: Tenant, test: request.Test) => test.set('Authorization', `Bearer ${tenant.accessToken}`),
  session: (tenant: Tenant, test: request.Test, method: HttpMethod) =>
    method === 'get' ? test.set('Cookie', tenant.session.cookie) : test.set('Cookie', tenant.session.cookie).set('X-CSRF-Token', tenant.session.csrf),
} as const;
type Scheme = keyof typeof CREDENTIALS;

interface Snapshot {
  reads: Array<{ path: string; status: number; body: unknown }>;
  effects: unknown;
}

const route = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;

function fill(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    expect(params, `a value for {${name}}`).toHaveProperty(name);
    return encodeURIComponent(params[name]);
  });
}

/** An id of the same shape that was never issued: its last character changed. */
const neverIssued = (id: string): string => `${id.slice(0, -1)}${id.endsWith('0') ? '1' : '0'}`;

/** The answer, with the parts that differ between any two requests (the request id) left out. */
function comparable(response: request.Response, renamed = new Map<string, string>()): { status: number; body: string } {
  let body = JSON.stringify({ ...response.body, request_id: undefined });
  for (const [from, to] of renamed) {
    body = body.replaceAll(from, to);
  }
  return { status: response.status, body };
}

describe('tenant isolation', () => {
  let t: TestApp;
  let context: FixtureContext;
  let stub: OpenAIStub;
  let receiver: WebhookReceiver;
  let connectorFake: FakeProvider;
  let dropDatabase: () => Promise<void>;
  let document: OpenAPIV3.Document;
  let owner: Tenant;
  let intruder: Tenant;

  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    const certificates = createTestCertificates();
    [stub, receiver, connectorFake] = await Promise.all([OpenAIStub.start({ dimensions: 512 }), WebhookReceiver.start(certificates), startConfluenceFake()]);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    t = await createTestApp({
      databaseUrl: database.url,
      env: ingestionEnv(stub, {
        ...connectorFake.environment,
        PUBLIC_URL: origin,
        // Nothing syncs or delivers in the background: what the owner reads changes only by a request.
        EMBEDDED_WORKER: 'false',
        WEBHOOK_CA_CERTS: certificates.caCertPath,
        SECRET_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
      }),
    });
    await t.app.listen(port, '127.0.0.1');
    context = { http: t.http, origin, receiver, connectorFake };
    document = (await request(t.http).get('/openapi.json').expect(200)).body as OpenAPIV3.Document;
    owner = await createTenant(t.app, context);
    intruder = await createTenant(t.app, context);
  });

  afterAll(async () => {
    await t?.close();
    await Promise.all([stub?.close(), receiver?.close(), connectorFake?.close()]);
    await dropDatabase?.();
  });

  const operationOf = (method: HttpMethod, path: string): OpenAPIV3.OperationObject | undefined => document.paths[path]?.[method];

  it('should have a fixture for every route with an id in its path, and none for a route the API does not have', () => {
    const withIds = Object.entries(document.paths).flatMap(([path, item]) =>
      path.includes('{') ? METHODS.filter((method) => item?.[method]).map((method) => route(method, path)) : [],
    );
    const covered = Object.entries(TENANT_FIXTURES).flatMap(([path, fixture]) => Object.keys(fixture.operations).map((method) => route(method, path)));
    const tenantRoutes = withIds.filter((entry) => !NOT_TENANT_DATA.has(entry));
    expect(tenantRoutes.length).toBeGreaterThan(40);
    expect(
      tenantRoutes.filter((entry) => !covered.includes(entry)),
      'routes with an id in their path and no fixture in test/utils/tenant-fixtures.ts',
    ).toEqual([]);
    expect(
      covered.filter((entry) => !tenantRoutes.includes(entry)),
      'fixtures of routes that /openapi.json does not have, or that are excluded',
    ).toEqual([]);
    expect(
      [...NOT_TENANT_DATA.keys()].filter((entry) => !withIds.includes(entry)),
      'exclusions of routes that /openapi.json does not have',
    ).toEqual([]);
  });

  describe('every route with an id in its path', () => {
    for (const [path, fixture] of Object.entries(TENANT_FIXTURES)) {
      for (const method of Object.keys(fixture.operations) as HttpMethod[]) {
        it(`should answer ${route(method, path)} of another organization 404, as for an id never issued, and change nothing of it`, () =>
          expectIsolated(path, method, fixture));
      }
    }
  });

  async function expectIsolated(path: string, method: HttpMethod, fixture: TenantFixture): Promise<void> {
    const operation = operationOf(method, path);
    expect(operation, `${route(method, path)} is in /openapi.json`).toBeDefined();
    const { send } = fixture.operations[method]!;
    if ((operation!.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.required) {
      expect(send, 'a valid body for the operation').toBeDefined();
    }
    const schemes = (operation!.security ?? []).flatMap((requirement) => Object.keys(requirement)) as Scheme[];
    expect(schemes.length, 'the operation needs a credential').toBeGreaterThan(0);
    const tried = schemes.filter((kind) => fixture.credentials?.includes(kind) ?? true);
    expect(Object.keys(CREDENTIALS), 'a credential of every kind the operation accepts').toEqual(expect.arrayContaining(schemes));
    const envelope = envelopeOf(operation!);

    const placed = await fixture.place(context, owner);
    const before = await readableSnapshot(placed);

    for (const params of await variants(path, placed, () => fixture.place(context, intruder))) {
      for (const scheme of tried) {
        const as = (test: request.Test): request.Test => CREDENTIALS[scheme](intruder, test, method);
        const what = `${route(method, fill(path, params))} with the other organization's ${scheme} credential`;
        const answer = await call(method, fill(path, params), send, as);
        expect(answer.status, `${what}: ${answer.text}`).toBe(404);
        envelope(answer);
        const unknownParams = Object.fromEntries(Object.entries(params).map(([name, id]) => [name, placed.params[name] === id ? neverIssued(id) : id]));
        const unknown = await call(method, fill(path, unknownParams), send, as);
        const renamed = new Map(Object.values(placed.params).map((id) => [neverIssued(id), id]));
        expect(comparable(answer), `${what}: as for an id never issued`).toEqual(comparable(unknown, renamed));
      }
    }

    expect(await snapshot(placed), 'the owner’s resource after the other organization’s requests').toEqual(before);

    // The same request by the owner succeeds: the ids and the body above addressed a real resource.
    const ownScheme: Scheme = tried.includes('bearer') ? 'bearer' : 'session';
    const own = await call(method, fill(path, placed.params), send, (test) => CREDENTIALS[ownScheme](owner, test, method));
    const successes = Object.keys(operation!.responses).filter((status) => /^[23]\d\d$/.test(status));
    expect(successes, `the owner's own request: ${own.status} ${own.text}`).toContain(String(own.status));
  }

  describe('ids of another organization in request bodies and query strings', () => {
    let own: Placed;

    beforeAll(async () => {
      own = await placeReferenced(context, intruder);
    });

    for (const reference of REFERENCES) {
      it(`should answer ${reference.name} as if it did not exist, and change nothing of it`, async () => {
        const placed = await placeReferenced(context, owner);
        const before = await readableSnapshot(placed);
        const send = (theirs: Record<string, string>): Promise<request.Response> => {
          const { method, path, body } = reference.request(theirs, own.params);
          return call(method, path, body && ((test) => test.send(body)), (test) => CREDENTIALS.bearer(intruder, test));
        };

        const answer = await send(placed.params);
        expect(answer.status, answer.text).toBe(reference.status);
        const unknown = await send(Object.fromEntries(Object.entries(placed.params).map(([name, id]) => [name, neverIssued(id)])));
        const renamed = new Map(Object.values(placed.params).map((id) => [neverIssued(id), id]));
        expect(comparable(answer), 'as for ids never issued').toEqual(comparable(unknown, renamed));
        expect(await snapshot(placed), 'the owner’s resources after the other organization’s request').toEqual(before);
      });
    }
  });

  /** The owner's ids; with several ids, also the other organization's own parent with the owner's child. */
  async function variants(path: string, placed: Placed, placeOwn: () => Promise<Placed>): Promise<Array<Record<string, string>>> {
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    if (names.length < 2) {
      return [placed.params];
    }
    const own = await placeOwn();
    // (own parent, their child), (own grandparent, own parent, their child), …
    const ownAbove = (depth: number): Record<string, string> => Object.fromEntries(names.slice(0, depth).map((name) => [name, own.params[name]]));
    return [placed.params, ...names.slice(1).map((_, index) => ({ ...placed.params, ...ownAbove(index + 1) }))];
  }

  function call(method: HttpMethod, url: string, send: Send | undefined, authorize: (test: request.Test) => request.Test): Promise<request.Response> {
    const test = authorize(request(t.http)[method](url));
    return send ? send(test) : test;
  }

  /** What the owner sees of the resource, its audit log, and anything the resource did outside the service. */
  async function snapshot(placed: Placed): Promise<Snapshot> {
    const reads: Snapshot['reads'] = [];
    for (const read of [...placed.reads, AUDIT_LOG]) {
      const test = request(t.http).get(read.path);
      const response = await (read.as === 'session' ? test.set('Cookie', owner.session.cookie) : test.set(...bearer(owner.adminKey)));
      const body = response.body as Record<string, unknown>;
      reads.push({ path: read.path, status: response.status, body: read.pick ? read.pick(body) : body });
    }
    return { reads, effects: placed.effects?.() };
  }

  /** The snapshot before the other organization's requests, in which the owner sees everything it placed. */
  async function readableSnapshot(placed: Placed): Promise<Snapshot> {
    const before = await snapshot(placed);
    for (const read of before.reads) {
      expect(read, 'the owner reads its resource').toMatchObject({ status: 200, body: expect.anything() });
    }
    return before;
  }

  /** The 404 envelope the document promises for the route: versioned or legacy. */
  function envelopeOf(operation: OpenAPIV3.OperationObject): (response: request.Response) => void {
    const notFound = operation.responses['404'] as OpenAPIV3.ResponseObject | undefined;
    expect(notFound, 'the operation documents its 404').toBeDefined();
    const schema = notFound!.content?.['application/json']?.schema as OpenAPIV3.ReferenceObject | undefined;
    const legacy = schema?.$ref === '#/components/schemas/LegacyErrorResponseDto';
    return (response) => (legacy ? expectLegacyError(response, 404, 'not_found') : expectVersionedError(response, 404, 'not_found'));
  }
});
