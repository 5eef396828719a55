import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import type { AppConfig } from '#src/config/app-config.js';
import { checkBodyShape } from '#src/common/http/body-shape.js';
import { requestContext } from '#src/common/http/request-id.middleware.js';
import { MEDIA_TYPES } from '#src/common/http/route-policy/accepts.decorator.js';
import { RoutePolicies } from '#src/common/http/route-policy/route-policies.js';
import {
  acceptedBodies,
  formBodies,
  httpsRedirect,
  legacyDeprecationHeaders,
  noConditionalAnswers,
  securityHeaders,
  uncachedApiAnswers,
  unreadBodies,
} from '#src/common/http/security.middleware.js';
import { setupSwagger } from '#src/common/http/swagger.js';
import { validHost } from '#src/common/http/host-header.js';
import { verifyUtf8 } from '#src/common/http/utf8-bodies.js';
import { answerUnparsableRequests } from '#src/common/http/unparsable-requests.js';
import { mountAuthorizationServer } from '#src/modules/oauth/server/oauth-mount.js';
import { mountWebApplication, webAppDir } from '#src/modules/web-app/web-app.mount.js';
import type { AppLogger } from '#src/common/logging/logger.js';

/** Everything between the socket and the controllers, in order; shared by main.ts and the tests. */
export function configureHttp(app: INestApplication, config: AppConfig, logger: AppLogger): void {
  const server = app as NestExpressApplication;
  server.set('trust proxy', config.http.trustProxy);
  server.disable('x-powered-by');
  server.disable('etag');
  const policies = app.get(RoutePolicies);
  answerUnparsableRequests(server.getHttpServer(), logger, policies);

  app.use(requestContext(logger));
  if (config.isProduction) {
    app.use(httpsRedirect(config.http.publicUrl));
  }
  app.use(securityHeaders(policies));
  app.use(uncachedApiAnswers);
  app.use(validHost);
  app.use(noConditionalAnswers);
  app.use(legacyDeprecationHeaders(policies));
  mountWebApplication(app, config.http.webAppDir ?? webAppDir());
  mountAuthorizationServer(app);
  app.use(acceptedBodies(policies));
  app.use(express.json({ limit: config.http.bodyLimitBytes, strict: true, type: [...MEDIA_TYPES.json], verify: verifyUtf8 }));
  app.use(formBodies(policies, config.http.bodyLimitBytes));
  app.use(checkBodyShape);
  app.use(unreadBodies(policies));

  setupSwagger(app);
}
