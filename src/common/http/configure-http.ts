import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import type { AppConfig } from '#src/config/app-config.js';
import { limitBodyDepth } from '#src/common/http/body-depth.js';
import { requestContext } from '#src/common/http/request-id.middleware.js';
import { RoutePolicies } from '#src/common/http/route-policy.js';
import { httpsRedirect, legacyDeprecationHeaders, requireJsonBody, securityHeaders } from '#src/common/http/security.middleware.js';
import { setupSwagger } from '#src/common/http/swagger.js';
import type { AppLogger } from '#src/common/logging/logger.js';

/** Everything between the socket and the controllers, in order; shared by main.ts and the tests. */
export function configureHttp(app: INestApplication, config: AppConfig, logger: AppLogger): void {
  const server = app as NestExpressApplication;
  server.set(
    'trust proxy',
    config.http.trustProxy.split(',').map((entry) => entry.trim()),
  );
  server.disable('x-powered-by');
  server.disable('etag');

  app.use(requestContext(logger));
  if (config.isProduction) {
    app.use(httpsRedirect);
  }
  app.use(securityHeaders);
  app.use(legacyDeprecationHeaders(app.get(RoutePolicies)));
  app.use(requireJsonBody);
  app.use(express.json({ limit: config.http.bodyLimitBytes, strict: true, type: ['application/json', 'application/*+json'] }));
  app.use(limitBodyDepth);

  setupSwagger(app);
}
