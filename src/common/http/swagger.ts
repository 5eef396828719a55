import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Agent Query and Knowledge Service API')
    .setDescription(
      [
        'Question-answering agents over an organization\u2019s own content.',
        '',
        'Authenticate with `Authorization: Bearer <API_KEY>`. Versioned paths (`/api/v1/...`) use snake_case and the error envelope',
        '`{"error": {"code", "message", "details"}, "request_id"}`; legacy paths (`/api/...`) use camelCase and',
        '`{"error": {"code", "message"}, "status"}`. Every response carries `X-Request-Id`.',
      ].join('\n'),
    )
    .setVersion('1.0.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'An API key: svcsk_live_…, svcsk_test_… or legacy sk_live_…' }, 'api_key')
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  document.paths = Object.fromEntries(Object.entries(document.paths).sort(([a], [b]) => a.localeCompare(b)));
  return document;
}

/** Swagger UI at /docs and the document at /openapi.json. */
export function setupSwagger(app: INestApplication): OpenAPIObject {
  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'openapi.json',
    yamlDocumentUrl: 'openapi.yaml',
    customSiteTitle: 'Agent Query and Knowledge Service API',
  });
  return document;
}
