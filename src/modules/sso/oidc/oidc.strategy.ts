import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import type * as client from 'openid-client';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import type { OidcConnectionConfig } from '#src/modules/sso/connections/sso-connection.entity.js';
import { SsoConnectionsService } from '#src/modules/sso/connections/sso-connections.service.js';
import { MultiOidcStrategy } from '#src/modules/sso/oidc/multi-oidc.strategy.js';
import { OidcConfigurations } from '#src/modules/sso/oidc/oidc-configurations.js';
import { SsoFailure } from '#src/modules/sso/sso-failure.js';
import { connectionOf, type SsoIdentity } from '#src/modules/sso/sso-request.js';
import { publicOrigin, ssoUrls } from '#src/modules/sso/sso-urls.js';

type Tokens = client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;

/**
 * OpenID Connect sign-in through openid-client's Passport strategy: authorization code with PKCE, `state`
 * and `nonce` (kept in the flow cookie), the ID token's issuer, audience and signature checked by
 * openid-client, and an e-mail the provider says it verified.
 */
@Injectable()
export class OidcStrategy extends PassportStrategy(MultiOidcStrategy, 'oidc') {
  constructor(@Inject(APP_CONFIG) config: AppConfig, connections: SsoConnectionsService, configurations: OidcConfigurations) {
    super({
      resolve: async (request: Request) => {
        const connection = connectionOf(request);
        if (connection?.type !== 'oidc') {
          throw new SsoFailure('authentication_failed', 'unknown_connection');
        }
        const secret = connections.secretOf(connection) ?? '';
        return {
          configuration: await configurations.of(connection.id, connection.config as OidcConnectionConfig, secret),
          callbackUrl: ssoUrls(publicOrigin(config, request), connection.id).oidcCallback,
          key: connection.id,
        };
      },
    });
  }

  validate(_request: Request, tokens: Tokens): SsoIdentity {
    const claims = tokens.claims();
    const email = typeof claims?.email === 'string' ? claims.email.toLowerCase() : undefined;
    if (!email) {
      throw new SsoFailure('authentication_failed', 'no_email');
    }
    if (claims?.email_verified !== true) {
      throw new SsoFailure('authentication_failed', 'email_not_verified');
    }
    return { email, name: typeof claims.name === 'string' ? claims.name : null };
  }
}
