import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, getSchemaPath, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import {
  ErrorResponseDto,
  LegacyErrorResponseDto,
  LegacyRateLimitErrorResponseDto,
  LegacyScopeErrorResponseDto,
  RateLimitErrorResponseDto,
  TooManyAttemptsResponseDto,
  ScopeErrorResponseDto,
} from '#src/common/errors/error-response.dto.js';
import { BEARER_SCHEME, OAUTH_SCHEME, SESSION_SCHEME } from '#src/common/auth/auth-metadata.js';
import type { ContentSecurityDirectives } from '#src/common/http/route-policy/content-security.js';
import { RoutePolicies } from '#src/common/http/route-policy/route-policies.js';

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Agent Query and Knowledge Service API')
    .setDescription(
      [
        'Question-answering agents over an organization\u2019s own content.',
        '',
        'Authenticate with `Authorization: Bearer <credential>` (an API key, or an OAuth access token), or, from the web application,',
        'with the `service_session` cookie of a signed-in person. Versioned paths (`/api/v1/...`) use snake_case and the error envelope',
        '`{"error": {"code", "message", "details"}, "request_id"}`; legacy paths (`/api/...`) use camelCase and',
        '`{"error": {"code", "message"}, "status"}`. Every response carries `X-Request-Id`.',
        '',
        'Authenticated requests are rate limited per API key and scope class and per organization plan; their responses carry',
        '`X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset` and `X-RateLimit-Used`, and a 429 carries `Retry-After`.',
      ].join('\n'),
    )
    .setVersion('1.0.0')
    .addCookieAuth(
      'service_session',
      {
        type: 'apiKey',
        in: 'cookie',
        description: 'The web session of a signed-in person (POST /api/auth/login); state-changing requests also send X-CSRF-Token.',
      },
      SESSION_SCHEME,
    )
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'An API key (svcsk_live_…, svcsk_test_… or legacy sk_live_…) or an OAuth access token (svcat_…)' },
      BEARER_SCHEME,
    )
    .addOAuth2(
      {
        type: 'oauth2',
        description: 'An application acting for a person: authorization code with PKCE (S256). The access token (svcat_…) is sent as a bearer credential.',
        flows: {
          authorizationCode: {
            authorizationUrl: '/oauth/auth',
            tokenUrl: '/oauth/token',
            refreshUrl: '/oauth/token',
            scopes: {
              read: 'Read agents, data sources, interactions and the knowledge base',
              write: 'Create, change and delete them',
              execute: 'Ask agents and give feedback',
              admin: 'Everything the person\u2019s role allows',
              offline_access: 'A refresh token (with prompt=consent)',
            },
          },
        },
      },
      OAUTH_SCHEME,
    )
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
    extraModels: [RateLimitErrorResponseDto, LegacyRateLimitErrorResponseDto, LegacyErrorResponseDto, LegacyScopeErrorResponseDto],
  });
  documentCommonErrors(document);
  documentLegacyEnvelopes(document, app.get(RoutePolicies));
  documentRateLimits(document, app.get(RoutePolicies));
  documentChallenges(document);
  document.paths = Object.fromEntries(Object.entries(document.paths).sort(([a], [b]) => a.localeCompare(b)));
  return document;
}

/** Swagger UI needs its own scripts, styles and inline images. */
const REFERENCE_CONTENT_SECURITY: ContentSecurityDirectives = {
  defaultSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  scriptSrc: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Swagger UI at /docs and the document at /openapi.json. */
export function setupSwagger(app: INestApplication): OpenAPIObject {
  const document = buildOpenApiDocument(app);
  app.get(RoutePolicies).mount('/docs', { contentSecurity: REFERENCE_CONTENT_SECURITY });
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
    customSiteTitle: 'Agent Query and Knowledge Service API',
    // "Authorize" with OAuth: register a public client whose redirect address is <origin>/docs/oauth2-redirect.html.
    swaggerOptions: { initOAuth: { usePkceWithAuthorizationCodeGrant: true, scopes: ['read'] } },
  });
  return document;
}

type OperationObject = NonNullable<OpenAPIObject['paths'][string]['get']>;
type HeadersObject = Record<string, { description: string; schema: { type: 'integer' } }>;

const RATE_LIMIT_HEADERS: HeadersObject = {
  'X-RateLimit-Limit': { description: 'Allowed requests of the tightest limit (on a 429: of the limit that was hit)', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left under that limit', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Unix time (seconds) when that limit is whole again', schema: { type: 'integer' } },
  'X-RateLimit-Used': { description: 'Requests counted under that limit', schema: { type: 'integer' } },
};

/** Every authenticated operation is rate limited: its success answers carry the headers, and it can answer 429. */
function documentRateLimits(document: OpenAPIObject, policies: RoutePolicies): void {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const operation of [item.get, item.put, item.post, item.delete, item.patch] as Array<OperationObject | undefined>) {
      if (!isAuthenticated(operation)) {
        continue;
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        if (response && /^[23]/.test(status) && !('$ref' in response)) {
          response.headers = { ...response.headers, ...RATE_LIMIT_HEADERS };
        }
      }
      const legacy = policies.formOf(path) === 'legacy';
      const rateLimited = { $ref: getSchemaPath(legacy ? LegacyRateLimitErrorResponseDto : RateLimitErrorResponseDto) };
      // A route that counts failed sign-ins (a password change) may also answer its own 429, `too_many_attempts`.
      const throttled = throttledSignIns(operation.responses['429']);
      operation.responses['429'] = {
        description:
          'Over a rate limit: the key\u2019s bucket for this scope class or the plan\u2019s requests per minute or day (`rate_limit_exceeded`), ' +
          'the plan\u2019s concurrent requests (`concurrency_limit_exceeded`) or its model tokens per day (`token_limit_exceeded`)' +
          (throttled ? '; or too many failed sign-ins (`too_many_attempts`)' : ''),
        headers: { ...RATE_LIMIT_HEADERS, 'Retry-After': { description: 'Seconds to wait before retrying (at least 1)', schema: { type: 'integer' } } },
        content: { 'application/json': { schema: throttled ? { anyOf: [rateLimited, throttled] } : rateLimited } },
      };
    }
  }
}

/** The sign-in throttling 429 schema an operation documents of its own, if it does. */
function throttledSignIns(response: OperationObject['responses'][string] | undefined): { $ref: string } | undefined {
  const schema = response && !('$ref' in response) ? response.content?.['application/json']?.schema : undefined;
  const throttled = getSchemaPath(TooManyAttemptsResponseDto);
  return schema && '$ref' in schema && schema.$ref === throttled ? { $ref: throttled } : undefined;
}

const CHALLENGE_HEADER = {
  description:
    '`Bearer` when no bearer credential was sent; `Bearer error="invalid_token"` for a key or access token that is unknown, revoked or ' +
    'expired; `Bearer error="invalid_request"` for a Bearer header with whitespace around or inside the credential, or for several ' +
    'Authorization headers (RFC 6750)',
  schema: { type: 'string' },
};

const SCOPE_CHALLENGE_HEADER = {
  description: 'For a key or access token that lacks the scope: `Bearer error="insufficient_scope", scope="<required_scope>"` (RFC 6750)',
  schema: { type: 'string' },
};

/** Every 401 challenges the client for a bearer credential, saying why the one it sent was refused; a scope 403 names the scope. */
function documentChallenges(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const operation of [item.get, item.put, item.post, item.delete, item.patch] as Array<OperationObject | undefined>) {
      const unauthorized = operation?.responses['401'];
      // The single sign-on routes answer their 401 as an HTML page for a person, with no challenge.
      if (unauthorized && !('$ref' in unauthorized) && !unauthorized.content?.['text/html']) {
        unauthorized.headers = { ...unauthorized.headers, 'WWW-Authenticate': CHALLENGE_HEADER };
      }
      const forbidden = operation?.responses['403'];
      const takesBearer = operation?.security?.some((requirement: Record<string, string[]>) => BEARER_SCHEME in requirement) ?? false;
      if (takesBearer && forbidden && !('$ref' in forbidden)) {
        forbidden.headers = { ...forbidden.headers, 'WWW-Authenticate': SCOPE_CHALLENGE_HEADER };
      }
    }
  }
}

/**
 * What any operation can answer whatever its decorators say: 500 for a fault of the service, and, for one
 * that takes a body, 413 for a body over its limit and 415 for a body of another type. In the versioned envelope here; legacy paths get theirs next.
 */
function documentCommonErrors(document: OpenAPIObject): void {
  // A new object each time: the legacy pass rewrites the references of legacy paths in place.
  const envelope = () => ({ 'application/json': { schema: { $ref: getSchemaPath(ErrorResponseDto) } } });
  for (const item of Object.values(document.paths)) {
    for (const operation of [item.get, item.put, item.post, item.delete, item.patch] as Array<OperationObject | undefined>) {
      if (!operation) {
        continue;
      }
      if (operation.requestBody) {
        operation.responses['413'] ??= { description: `${bodyLimitOf(operation.requestBody)} (\`payload_too_large\`)`, content: envelope() };
        operation.responses['415'] ??= { description: 'A body of a type the operation does not take (`unsupported_media_type`)', content: envelope() };
      }
      operation.responses['500'] ??= {
        description: 'A fault of the service (`internal_error`): logged with the request id, never with internals in the body',
        content: envelope(),
      };
    }
  }
}

function bodyLimitOf(body: NonNullable<OperationObject['requestBody']>): string {
  const uploads = 'content' in body && Object.keys(body.content).includes('multipart/form-data');
  return uploads ? 'A file over 50 MiB' : 'A JSON body over 1 MiB';
}

/** The legacy envelope of each versioned one, for errors documented by decorators that cannot know a route's form (Authenticated). */
const LEGACY_ENVELOPES: Record<string, string> = {
  [getSchemaPath(ErrorResponseDto)]: getSchemaPath(LegacyErrorResponseDto),
  [getSchemaPath(ScopeErrorResponseDto)]: getSchemaPath(LegacyScopeErrorResponseDto),
};

/** Legacy routes answer errors in the legacy envelope: their documented errors say so. */
function documentLegacyEnvelopes(document: OpenAPIObject, policies: RoutePolicies): void {
  const toLegacy = (schema: unknown): void => {
    if (typeof schema !== 'object' || schema === null) {
      return;
    }
    const node = schema as { $ref?: string; anyOf?: unknown[] };
    if (node.$ref && LEGACY_ENVELOPES[node.$ref]) {
      node.$ref = LEGACY_ENVELOPES[node.$ref];
    }
    node.anyOf?.forEach(toLegacy);
  };
  for (const [path, item] of Object.entries(document.paths)) {
    if (policies.formOf(path) !== 'legacy') {
      continue;
    }
    for (const operation of [item.get, item.put, item.post, item.delete, item.patch] as Array<OperationObject | undefined>) {
      for (const [status, response] of Object.entries(operation?.responses ?? {})) {
        if (Number(status) >= 400 && response && !('$ref' in response)) {
          Object.values(response.content ?? {}).forEach((media) => toLegacy(media.schema));
        }
      }
    }
  }
}

function isAuthenticated(operation: OperationObject | undefined): operation is OperationObject {
  return (
    operation?.security?.some(
      (requirement: Record<string, string[]>) => BEARER_SCHEME in requirement || SESSION_SCHEME in requirement || OAUTH_SCHEME in requirement,
    ) ?? false
  );
}
