import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { OAUTH_PATH, OAuthServer } from '#src/modules/oauth/server/oauth-server.js';

/**
 * The authorization server answers under /oauth, ahead of the service's body parsers (it reads its own
 * bodies), except for the sign-in and consent pages, which are the service's routes. Its metadata is
 * also at /.well-known/oauth-authorization-server (RFC 8414), with and without the issuer's path.
 */
export function mountAuthorizationServer(app: INestApplication): void {
  const server = app.get(OAuthServer, { strict: false });
  const provider = (request: Request, response: Response): void => {
    // The provider (Koa) reads the scheme and host from forwarded headers: give it what Express concluded
    // under TRUST_PROXY, so a client cannot claim HTTPS or another host by sending those headers itself.
    request.headers['x-forwarded-proto'] = request.protocol;
    request.headers['x-forwarded-host'] = request.get('host') ?? 'localhost';
    server.handle(request, response);
  };
  app.use(OAUTH_PATH, (request: Request, response: Response, next: NextFunction) => {
    if (request.path.startsWith('/interaction/')) {
      next();
      return;
    }
    provider(request, response);
  });
  for (const path of ['/.well-known/oauth-authorization-server', `/.well-known/oauth-authorization-server${OAUTH_PATH}`]) {
    app.use(path, (request: Request, response: Response, next: NextFunction) => {
      if (request.method !== 'GET' || (request.path !== '/' && request.path !== '')) {
        next();
        return;
      }
      // The provider derives its endpoints' addresses from where it is mounted: present the request as made under /oauth.
      request.url = '/.well-known/openid-configuration';
      request.originalUrl = `${OAUTH_PATH}/.well-known/openid-configuration`;
      provider(request, response);
    });
  }
}
