import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';
import pino from 'pino';
import { createApiApp } from '#src/api-app.js';
import { loadConfig } from '#src/config/app-config.js';
import { buildOpenApiDocument } from '#src/common/http/swagger.js';
import { createLogger } from '#src/common/logging/logger.js';

/**
 * The document /openapi.json serves, without a running service: the api application is built on an
 * in-memory embedded database in a throw-away data folder, so neither the operator's data nor a server is touched.
 */
export async function openApiDocument(): Promise<OpenAPIObject> {
  const dataDir = await mkdtemp(join(tmpdir(), 'aqs-openapi-'));
  try {
    const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: undefined, REDIS_URL: undefined, NODE_ENV: 'development' });
    const logger = createLogger({ log: { level: 'warn' } }, pino.destination({ fd: 2, sync: true }));
    const app = await createApiApp({ ...config, database: { kind: 'pglite', dataDir: undefined } }, logger);
    try {
      await app.init();
      return buildOpenApiDocument(app);
    } finally {
      await app.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * The web application's API types (web/src/api/schema.d.ts), generated from the document by
 * openapi-typescript. A build tool, loaded only when asked for: production installs leave it out.
 */
export async function clientTypesOf(document: OpenAPIObject): Promise<string> {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], { alphabetize: true, defaultNonNullable: false });
  return `${CLIENT_TYPES_HEADER}${astToString(ast)}`;
}

const CLIENT_TYPES_HEADER = '/** Generated from the OpenAPI document by `npm run web:client`: do not edit; the tests fail when it is out of date. */\n\n';
