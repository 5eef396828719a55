import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import type { Request } from 'express';
import type { OrganizationPlan } from '#src/common/auth/auth-context.js';
import { Clock } from '#src/common/clock/clock.js';
import { refusedBearer } from '#src/common/auth/bearer-challenge.js';
import { storedAllowlist } from '#src/modules/auth/ip-allowlist/ip-allowlist.js';
import { bearerToken } from '#src/modules/auth/authenticators/api-key.authenticator.js';
import { Authenticator, type Caller } from '#src/modules/auth/authenticators/authenticator.js';
import { storedCredentialId, type AdapterPayload } from '#src/modules/oauth/server/oauth-adapter.js';
import { OAuthPayloadsRepository } from '#src/modules/oauth/server/oauth-payloads.repository.js';
import { ACCESS_TOKEN_PREFIX } from '#src/modules/oauth/server/oauth-server.js';

const API_SCOPES = new Set(['read', 'write', 'execute', 'admin']);

/** The API scopes an access token was issued with (`offline_access` and the like grant nothing here). */
export function accessTokenScopes(payload: AdapterPayload): string[] {
  const { scope } = payload;
  return (typeof scope === 'string' ? scope : '').split(' ').filter((name) => API_SCOPES.has(name));
}

/**
 * `Authorization: Bearer svcat_…`: an OAuth access token, looked up in the authorization server's store on
 * every request (a revoked grant, a deleted client or user stops it on the next request, on every
 * instance). It acts for its user with its scopes, capped by the user's current role; its rate-limit
 * bucket is its grant's.
 */
@Injectable()
export class OAuthTokenAuthenticator extends Authenticator {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly payloads: OAuthPayloadsRepository,
    private readonly clock: Clock,
  ) {
    super();
  }

  async authenticate(request: Request): Promise<Caller | null> {
    const token = bearerToken(request.headers.authorization);
    if (token === undefined || !token.startsWith(ACCESS_TOKEN_PREFIX)) {
      return null;
    }
    const accessTokenId = storedCredentialId(token, this.config.keys.hashSecret);
    const holder = await this.payloads.findAccessTokenHolder(accessTokenId, this.clock.now());
    const accountId = holder?.payload.accountId;
    const grantId = holder?.payload.grantId;
    const clientId = holder?.payload.clientId;
    if (!holder || typeof accountId !== 'string' || typeof grantId !== 'string' || typeof clientId !== 'string') {
      throw refusedBearer('The access token is not valid: it expired or was revoked, or its user or client no longer exists');
    }
    return {
      orgId: holder.org_id,
      userId: accountId,
      role: holder.role,
      scopes: accessTokenScopes(holder.payload),
      credential: { kind: 'oauth_token', id: grantId, oauthClientId: clientId, accessTokenId },
      plan: { name: holder.plan, overrides: holder.limits } satisfies OrganizationPlan,
      ipAllowlist: storedAllowlist(holder.ip_allowlist),
    };
  }
}
