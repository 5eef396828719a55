import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3 } from 'openapi-types';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '#test/utils/test-app.js';

/** A browser is redirected: to the identity or data provider, or back into the web application. */
const BROWSER_REDIRECTS = [
  '/api/auth/sso',
  '/api/auth/saml/{connection_id}/login',
  '/api/auth/saml/{connection_id}/acs',
  '/api/auth/oidc/{connection_id}/login',
  '/api/auth/oidc/{connection_id}/callback',
  // A connector's consent: to the provider, and back from it into the web application.
  '/api/v1/data-sources/{id}/connect',
  '/api/v1/connectors/oauth/callback',
];
const PUBLIC_PATHS = new Set([
  '/healthz',
  '/readyz',
  '/api/auth/login',
  '/api/auth/invitations/accept',
  '/api/auth/password-reset',
  '/api/auth/password-reset/confirm',
  ...BROWSER_REDIRECTS.filter((path) => path !== '/api/v1/data-sources/{id}/connect'),
  '/api/auth/saml/{connection_id}/metadata',
  // The consent step of the authorization server: its own cookie and the web session, checked by the controller.
  '/oauth/interaction/{uid}/details',
  '/oauth/interaction/{uid}/login',
  '/oauth/interaction/{uid}/confirm',
  '/oauth/interaction/{uid}/abort',
]);
/** Open to a signed-in person only, through the session cookie. */
const SESSION_PATHS = new Set([
  '/api/auth/session',
  '/api/auth/client',
  '/api/auth/logout',
  '/api/auth/sessions',
  '/api/auth/sessions/{id}',
  '/api/auth/password',
]);
/** Open to a person by any credential of theirs, with no permission beyond it. */
const PERSON_PATHS = new Set(['/api/v1/oauth-grants', '/api/v1/oauth-grants/{id}']);
const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

describe('the OpenAPI document', () => {
  const t = useTestApp();
  let document: OpenAPIV3.Document;

  beforeAll(async () => {
    document = (await request(t.http).get('/openapi.json').expect(200)).body as OpenAPIV3.Document;
  });

  const operations = (): Array<{ path: string; method: string; operation: OpenAPIV3.OperationObject }> =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item?.[method]).map((method) => ({ path, method, operation: item![method]! })),
    );

  it('should be a valid OpenAPI 3 document', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('should document every route the application serves', () => {
    const documented = new Set(operations().map(({ path, method }) => `${method.toUpperCase()} ${path}`));
    const router = (t.app.getHttpAdapter().getInstance() as { router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> } })
      .router;
    const served = router.stack
      .filter((layer) => layer.route && !/^\/(docs|openapi)/.test(layer.route.path))
      .flatMap((layer) => Object.keys(layer.route!.methods).map((method) => `${method.toUpperCase()} ${layer.route!.path.replace(/:(\w+)/g, '{$1}')}`));
    expect(served.length).toBeGreaterThan(20);
    expect(served.filter((route) => !documented.has(route))).toEqual([]);
  });

  it('should give every operation a summary, a tag, an operation id and a success response with a schema', () => {
    for (const { path, method, operation } of operations()) {
      const label = `${method.toUpperCase()} ${path}`;
      expect(operation.summary, label).toBeTruthy();
      expect(operation.tags?.length, label).toBeGreaterThan(0);
      expect(operation.operationId, label).toBeTruthy();
      if (BROWSER_REDIRECTS.includes(path)) {
        expect(
          Object.keys(operation.responses).some((status) => status.startsWith('3')),
          label,
        ).toBe(true);
        continue;
      }
      const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'));
      expect(success, label).toBeDefined();
      if (success![0] !== '204') {
        const content = (success![1] as OpenAPIV3.ResponseObject).content ?? {};
        expect((content['application/json'] ?? content['application/samlmetadata+xml'])?.schema, label).toBeDefined();
      }
    }
  });

  it('should declare the bearer and session schemes and the 401/403 answers on every authenticated operation', () => {
    expect(document.components?.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components?.securitySchemes?.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'service_session' });
    expect(document.components?.securitySchemes?.oauth2).toMatchObject({
      type: 'oauth2',
      flows: { authorizationCode: { authorizationUrl: '/oauth/auth', tokenUrl: '/oauth/token' } },
    });
    for (const { path, method, operation } of operations().filter(({ path }) => !PUBLIC_PATHS.has(path))) {
      const label = `${method.toUpperCase()} ${path}`;
      if (SESSION_PATHS.has(path)) {
        expect(operation.security, label).toEqual([{ session: [] }]);
        expect(Object.keys(operation.responses), label).toContain('401');
        continue;
      }
      expect(operation.security?.slice(0, 2), label).toEqual([{ bearer: [] }, { session: [] }]);
      expect(operation.security?.[2], label).toEqual({ oauth2: PERSON_PATHS.has(path) ? [] : [expect.stringMatching(/^(read|write|execute|admin)$/)] });
      expect(Object.keys(operation.responses), label).toEqual(expect.arrayContaining(['401', '403']));
    }
  });

  it('should document the WWW-Authenticate challenge of every 401, and of the 403 of every authenticated operation', () => {
    for (const { path, method, operation } of operations()) {
      const label = `${method.toUpperCase()} ${path}`;
      const unauthorized = operation.responses['401'] as OpenAPIV3.ResponseObject | undefined;
      // A person's single sign-on failure is an HTML page: no client is asked for a bearer credential there.
      if (unauthorized?.content?.['text/html']) {
        expect(Object.keys(unauthorized.headers ?? {}), label).not.toContain('WWW-Authenticate');
      } else if (unauthorized) {
        expect(Object.keys(unauthorized.headers ?? {}), label).toContain('WWW-Authenticate');
      }
      if (!PUBLIC_PATHS.has(path) && !SESSION_PATHS.has(path)) {
        const forbidden = operation.responses['403'] as OpenAPIV3.ResponseObject;
        expect((forbidden.headers?.['WWW-Authenticate'] as OpenAPIV3.HeaderObject | undefined)?.description, label).toContain('insufficient_scope');
      }
    }
  });

  it('should document the 429 and the rate-limit headers on every authenticated operation, in its path form\u2019s envelope', () => {
    for (const { path, method, operation } of operations().filter(({ path }) => !PUBLIC_PATHS.has(path))) {
      const label = `${method.toUpperCase()} ${path}`;
      const tooMany = operation.responses['429'] as OpenAPIV3.ResponseObject | undefined;
      expect(tooMany, label).toBeDefined();
      expect(Object.keys(tooMany!.headers ?? {}), label).toEqual(
        expect.arrayContaining(['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-RateLimit-Used']),
      );
      const schema = tooMany!.content?.['application/json']?.schema as OpenAPIV3.ReferenceObject & OpenAPIV3.SchemaObject;
      // A password change also answers the 429 of sign-in throttling, beside the rate limits'.
      const first = (schema.anyOf?.[0] as OpenAPIV3.ReferenceObject | undefined) ?? schema;
      expect(first.$ref, label).toBe(
        path.startsWith('/api/v1/') || path.startsWith('/api/auth/')
          ? '#/components/schemas/RateLimitErrorResponseDto'
          : '#/components/schemas/LegacyRateLimitErrorResponseDto',
      );
      if (schema.anyOf) {
        expect(`${method.toUpperCase()} ${path}`).toBe('PUT /api/auth/password');
        expect(schema.anyOf[1]).toEqual({ $ref: '#/components/schemas/TooManyAttemptsResponseDto' });
      }
      const success = Object.entries(operation.responses).find(([status]) => /^[23]/.test(status))![1] as OpenAPIV3.ResponseObject;
      expect(Object.keys(success.headers ?? {}), label).toContain('X-RateLimit-Remaining');
    }
    for (const path of PUBLIC_PATHS) {
      expect(document.paths[path]?.get?.responses['429'], path).toBeUndefined();
    }
    const schemas = document.components?.schemas ?? {};
    expect((schemas.RateLimitErrorResponseDto as OpenAPIV3.SchemaObject).required).toEqual(
      expect.arrayContaining(['error', 'request_id', 'limit', 'reset_at']),
    );
    expect((schemas.LegacyRateLimitErrorResponseDto as OpenAPIV3.SchemaObject).required).toEqual(expect.arrayContaining(['error', 'status', 'retryAfter']));
  });

  it('should document the 413 and 415 of every operation that takes a body, in its path form\u2019s envelope', () => {
    const withBody = operations().filter(({ operation }) => operation.requestBody);
    expect(withBody.length).toBeGreaterThan(20);
    for (const { path, method, operation } of withBody) {
      const label = `${method.toUpperCase()} ${path}`;
      const envelope = path.startsWith('/api/v1/') || path.startsWith('/api/auth/') ? 'ErrorResponseDto' : 'LegacyErrorResponseDto';
      for (const status of ['413', '415']) {
        const response = operation.responses[status] as OpenAPIV3.ResponseObject | undefined;
        expect(response, `${label} ${status}`).toBeDefined();
        expect((response!.content?.['application/json']?.schema as OpenAPIV3.ReferenceObject).$ref, `${label} ${status}`).toBe(
          `#/components/schemas/${envelope}`,
        );
      }
    }
    const upload = document.paths['/api/v1/data-sources/{id}/files']!.post!.responses['413'] as OpenAPIV3.ResponseObject;
    expect(upload.description).toContain('50 MiB');
    const rateLimited = document.components!.schemas!.RateLimitErrorResponseDto as OpenAPIV3.SchemaObject;
    expect(rateLimited.properties?.reset_at).toMatchObject({ type: 'string', format: 'date-time' });
  });

  it('should document the error envelopes with examples', () => {
    const schemas = document.components?.schemas ?? {};
    expect(schemas.ErrorResponseDto).toBeDefined();
    expect(schemas.ScopeErrorResponseDto).toBeDefined();
    expect(schemas.LegacyErrorResponseDto).toBeDefined();
    const agent = schemas.AgentResponseDto as OpenAPIV3.SchemaObject;
    expect((agent.properties?.id as OpenAPIV3.SchemaObject).example).toMatch(/^agt_/);
    const statusExample = (name: string): unknown => ((schemas[name] as OpenAPIV3.SchemaObject).properties?.status as OpenAPIV3.SchemaObject).example;
    expect(statusExample('LegacyScopeErrorResponseDto')).toBe(403);
    expect(statusExample('LegacyRateLimitErrorResponseDto')).toBe(429);
  });

  it('should type as integers the counts, sizes, status codes and durations the service answers as whole numbers', () => {
    const wholeNumbers: Record<string, string[]> = {
      SemanticSearchMetadataDto: ['total_chunks_searched', 'latency_ms'],
      QueryMetadataDto: ['latency_ms', 'tokens_input', 'tokens_output'],
      DataSourceStatusResponseDto: ['chunks_indexed', 'progress_pct'],
      DocumentResponseDto: ['chunk_count', 'token_count'],
      UploadedFileDto: ['size'],
      TestDeliveryResponseDto: ['status_code', 'duration_ms'],
      DeliveryResponseDto: ['attempts', 'last_status_code', 'last_duration_ms'],
      LegacyTestDeliveryResponseDto: ['statusCode', 'durationMs'],
      LegacyDeliveryResponseDto: ['attempts', 'lastStatusCode', 'lastDurationMs'],
    };
    const schemas = document.components?.schemas ?? {};
    const typed = Object.entries(wholeNumbers).flatMap(([schema, fields]) =>
      fields.map((field) => `${schema}.${field}: ${String(((schemas[schema] as OpenAPIV3.SchemaObject).properties?.[field] as OpenAPIV3.SchemaObject).type)}`),
    );
    expect(typed.filter((entry) => !entry.endsWith(': integer'))).toEqual([]);
  });

  it('should name every status a data source can show, in the resource and in its status object', () => {
    const schemas = document.components?.schemas ?? {};
    const statuses = ['pending', 'processing', 'active', 'failed', 'Connected', 'Connection failed', 'Disconnected'];
    for (const name of ['DataSourceResponseDto', 'DataSourceStatusResponseDto']) {
      expect(((schemas[name] as OpenAPIV3.SchemaObject).properties?.status as OpenAPIV3.SchemaObject).enum, name).toEqual(statuses);
    }
  });

  it('should give every date query parameter the date format it is validated against', () => {
    const dateParameters = operations().flatMap(
      ({ path, operation }) =>
        (operation.parameters as OpenAPIV3.ParameterObject[] | undefined)
          ?.filter((parameter) => parameter.in === 'query' && parameter.name.endsWith('_date'))
          .map((parameter) => ({ at: `${path} ${parameter.name}`, format: (parameter.schema as OpenAPIV3.SchemaObject).format })) ?? [],
    );
    expect(dateParameters.length).toBeGreaterThanOrEqual(6);
    expect(dateParameters.filter(({ format }) => format !== 'date')).toEqual([]);
  });
});
