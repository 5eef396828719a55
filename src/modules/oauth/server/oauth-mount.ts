import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { OAUTH_PATH, OAuthServer } from '#src/modules/oauth/server/oauth-server.js';

/**
 * The authorization server answers under /oauth, ahead of the service's body parsers (it reads its own
 * bodies), except for the sign-in and consent pages, which are the service's routes. Its metadata is
 * also at /.well-known/oauth-authorization-server (RFC 8414), with and without the issuer's path.
 */
export function mountAuthorizationServer(app: INestApplication): void {
  const server = app.get(OAuthServer, { strict: false });
  const publicUrl = app.get<AppConfig>(APP_CONFIG, { strict: false }).http.publicUrl;
  const publicOrigin = publicUrl === undefined ? undefined : new URL(publicUrl);
  const provider = (request: Request, response: Response): void => {
    // The provider (Koa) reads the scheme and host of its endpoints' addresses from forwarded headers: give it
    // PUBLIC_URL's when set (the issuer's), else what Express concluded under TRUST_PROXY, so a client can
    // claim neither HTTPS nor another host by sending those headers itself.
    request.headers['x-forwarded-proto'] = publicOrigin?.protocol.replace(/:$/, '') ?? request.protocol;
    request.headers['x-forwarded-host'] = publicOrigin?.host ?? request.get('host') ?? 'localhost';
    server.handle(request, response);
  };
  app.use(OAUTH_PATH, (request: Request, response: Response, next: NextFunction) => {
    if (request.path.startsWith('/interaction/')) {
      next();
      return;
    }
    if (request.path === '/auth') {
      withoutProviderSession(request, response, server.providerFor(request).cookieName('session'));
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

/**
 * The provider remembers who signed in through its own cookie, which outlives the web session: after a
 * sign-out, or with another person signed in in the same browser, it would issue a code for whoever it
 * remembers. So a new authorization neither brings nor keeps that cookie: every one starts with the sign-in
 * step, which the console answers at once from the web session (the person signed in now), and consent is
 * remembered per person and client beyond it (loadExistingGrant). The steps of one authorization
 * (`/auth/:uid`) carry the cookie the provider sets for it.
 */
function withoutProviderSession(request: Request, response: Response, name: string): void {
  const names = [name, `${name}.sig`, `${name}.legacy`, `${name}.legacy.sig`];
  const cookies = request.headers.cookie;
  if (!cookies) {
    return;
  }
  const kept = cookies.split(';').filter((pair) => !names.includes(pair.split('=')[0].trim()));
  if (kept.length < cookies.split(';').length) {
    request.headers.cookie = kept.join(';');
    response.append(
      'Set-Cookie',
      names.map((cookie) => `${cookie}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; httponly`),
    );
  }
}
