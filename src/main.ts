import 'reflect-metadata';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApiApp } from '#src/api-app.js';
import { ConfigError, loadConfig, type AppConfig } from '#src/config/app-config.js';
import { HEALTH_PATHS, httpsLocation, redirectStatus } from '#src/common/http/security.middleware.js';
import { closeOnSignals } from '#src/common/lifecycle/shutdown.js';
import { createLogger } from '#src/common/logging/logger.js';
import { OrganizationsService } from '#src/modules/organizations/organizations.service.js';
import { startFailureText } from '#src/config/start-failure.js';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  if (!config.embeddedWorker && !config.redis) {
    // The worker process needs Redis to take jobs from the api: without it nothing would ever sync or deliver.
    throw new ConfigError(
      'Invalid configuration: EMBEDDED_WORKER=false needs REDIS_URL: without Redis no other process can run the jobs (syncs, webhook deliveries)',
    );
  }
  const logger = createLogger(config);
  const tls = config.http.tls;
  const app = await createApiApp(config, logger);
  closeOnSignals(app, config, logger);

  await announceDefaultOrganization(app, config);
  await app.listen(config.http.port, config.http.host);
  const redirector = tls && config.http.redirectPort ? listenForRedirects(config.http.redirectPort, config, app) : undefined;
  app.getHttpServer().on('close', () => redirector?.close());
  logger.info(
    {
      port: config.http.port,
      tls: Boolean(tls),
      database: config.database.kind === 'postgres' ? 'postgresql' : `embedded (${config.dataDir})`,
      queue: config.redis ? 'redis' : 'in-process',
    },
    'API listening',
  );
}

/** The first start on an empty database (embedded or PostgreSQL) creates an organization and shows its key, once. */
async function announceDefaultOrganization(app: NestExpressApplication, config: AppConfig): Promise<void> {
  const created = await app.get(OrganizationsService).createDefaultIfEmpty();
  if (!created) {
    return;
  }
  process.stdout.write(
    [
      '',
      `  First start: created organization "${created.organization.name}" (${created.organization.id})`,
      '  Admin API key (shown once, store it now):',
      '',
      `    ${created.key}`,
      '',
      `  Sign in as ${created.admin.email}: choose a password at (works once, for 72 hours)`,
      '',
      `    ${created.invitation.url}`,
      '',
      `  Try: curl -H "Authorization: Bearer ${created.key}" ${config.http.tls ? 'https' : 'http'}://localhost:${config.http.port}/api/v1/agents`,
      '',
      '',
    ].join('\n'),
  );
}

/** With native TLS, a plain-HTTP listener that redirects to the HTTPS port, all but the health probes. */
function listenForRedirects(port: number, config: AppConfig, app: NestExpressApplication): Server {
  const serve = app.getHttpAdapter().getInstance() as (request: IncomingMessage, response: ServerResponse) => void;
  const server = createServer((request, response) => {
    if (HEALTH_PATHS.has(new URL(request.url ?? '/', 'http://probe').pathname)) {
      serve(request, response);
      return;
    }
    const location = httpsLocation(config.http.publicUrl, request.headers.host, request.url ?? '/', config.http.port);
    if (location === undefined) {
      response
        .writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('HTTPS is required, and the Host header is not a valid host name to redirect to\n');
      return;
    }
    response.writeHead(redirectStatus(request.method), { Location: location }).end();
  });
  return server.listen(port, config.http.host);
}

bootstrap().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${startFailureText(error)}\n`);
  process.exit(1);
});
