import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import * as client from 'openid-client';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import type { OidcConnectionConfig, SsoConnectionEntity } from '#src/modules/sso/connections/sso-connection.entity.js';
import { SsoConnectionsService } from '#src/modules/sso/connections/sso-connections.service.js';
import { MultiOidcStrategy } from '#src/modules/sso/oidc/multi-oidc.strategy.js';
import { OidcConfigurations } from '#src/modules/sso/oidc/oidc-configurations.js';
import { SsoFailure } from '#src/modules/sso/sso-failure.js';
import { connectionOf, type SsoIdentity } from '#src/modules/sso/sso-request.js';
import { publicOrigin, ssoUrls } from '#src/modules/sso/sso-urls.js';

type Tokens = client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
type Claims = Record<string, unknown>;

/**
 * OpenID Connect sign-in through openid-client's Passport strategy: authorization code with PKCE, `state`
 * and `nonce` (kept in the flow cookie), the ID token's issuer, audience and signature checked by
 * openid-client, and an e-mail the provider says it verified: from the ID token, or from UserInfo when the
 * ID token leaves it out.
 */
@Injectable()
export class OidcStrategy extends PassportStrategy(MultiOidcStrategy, 'oidc') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly connections: SsoConnectionsService,
    private readonly configurations: OidcConfigurations,
  ) {
    super({
      resolve: async (request: Request) => {
        const connection = oidcConnectionOf(request);
        return {
          configuration: await configurationOf(connection, connections, configurations),
          callbackUrl: ssoUrls(publicOrigin(config, request), connection.id).oidcCallback,
          key: connection.id,
        };
      },
    });
  }

  async validate(request: Request, tokens: Tokens): Promise<SsoIdentity> {
    const idToken = tokens.claims();
    if (!idToken) {
      throw new SsoFailure('authentication_failed', 'no_id_token');
    }
    // OpenID Connect Core §5.4: a provider that issues an access token may keep the e-mail for UserInfo.
    const claims: Claims = idToken.email !== undefined && idToken.email_verified !== undefined ? idToken : await this.userInfo(request, tokens, idToken.sub);
    if (typeof claims.email !== 'string' || !claims.email) {
      throw new SsoFailure('authentication_failed', 'no_email');
    }
    if (claims.email_verified !== true) {
      throw new SsoFailure('authentication_failed', 'email_not_verified');
    }
    const name = [claims.name, idToken.name].find((candidate): candidate is string => typeof candidate === 'string');
    return { email: claims.email, name: name ?? null };
  }

  /** openid-client checks that UserInfo speaks of the ID token's subject, and sends the request through the connection's guarded fetch. */
  private async userInfo(request: Request, tokens: Tokens, subject: string): Promise<Claims> {
    const configuration = await configurationOf(oidcConnectionOf(request), this.connections, this.configurations);
    try {
      return await client.fetchUserInfo(configuration, tokens.access_token, subject);
    } catch (error) {
      throw new SsoFailure('authentication_failed', 'userinfo_failed', undefined, error instanceof Error ? error.message : undefined);
    }
  }
}

function oidcConnectionOf(request: Request): SsoConnectionEntity {
  const connection = connectionOf(request);
  if (connection?.type !== 'oidc') {
    throw new SsoFailure('authentication_failed', 'unknown_connection');
  }
  return connection;
}

/** The connection's discovered provider (kept an hour by OidcConfigurations), whose requests go through the SSRF guard. */
function configurationOf(
  connection: SsoConnectionEntity,
  connections: SsoConnectionsService,
  configurations: OidcConfigurations,
): Promise<client.Configuration> {
  return configurations.of(connection.id, connection.config as OidcConnectionConfig, connections.secretOf(connection) ?? '');
}
