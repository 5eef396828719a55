import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { OrganizationPlan } from '#src/common/auth/auth-context.js';
import type { Role } from '#src/common/auth/permissions.js';
import { Clock } from '#src/common/clock/clock.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import { AppError } from '#src/common/errors/app.error.js';
import { storedAllowlist } from '#src/modules/auth/ip-allowlist/ip-allowlist.js';
import { bearerToken } from '#src/modules/auth/authenticators/api-key.authenticator.js';
import { Authenticator, type Caller } from '#src/modules/auth/authenticators/authenticator.js';
import type { AdapterPayload } from '#src/modules/oauth/server/oauth-adapter.js';
import { ACCESS_TOKEN_PREFIX } from '#src/modules/oauth/server/oauth-server.js';

const API_SCOPES = new Set(['read', 'write', 'execute', 'admin']);

interface HolderRow {
  payload: AdapterPayload;
  org_id: string;
  role: Role;
  plan: string;
  limits: unknown;
  ip_allowlist: unknown;
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
    private readonly sql: SqlClient,
    private readonly clock: Clock,
  ) {
    super();
  }

  async authenticate(request: Request): Promise<Caller | null> {
    const token = bearerToken(request.headers.authorization);
    if (token === undefined || !token.startsWith(ACCESS_TOKEN_PREFIX)) {
      return null;
    }
    // One round trip: the live token, and its user, organization and client, which must all still exist.
    const [holder] = await this.sql.query<HolderRow>(
      `SELECT p.payload, u.org_id, u.role, o.plan, o.settings -> 'limits' AS limits, o.settings -> 'ip_allowlist' AS ip_allowlist
       FROM oauth_payload p
       JOIN "user" u ON u.id = p.payload ->> 'accountId'
       JOIN organization o ON o.id = u.org_id
       JOIN oauth_client c ON c.id = p.payload ->> 'clientId' AND c.org_id = u.org_id
       WHERE p.model = 'AccessToken' AND p.id = $1 AND (p.expires_at IS NULL OR p.expires_at > $2)`,
      [token, this.clock.now()],
    );
    const accountId = holder?.payload.accountId;
    const grantId = holder?.payload.grantId;
    if (!holder || typeof accountId !== 'string' || typeof grantId !== 'string') {
      throw AppError.unauthorized('The access token is not valid: it expired or was revoked, or its user or client no longer exists');
    }
    const { scope } = holder.payload;
    const scopes = (typeof scope === 'string' ? scope : '').split(' ').filter((scope) => API_SCOPES.has(scope));
    return {
      orgId: holder.org_id,
      userId: accountId,
      role: holder.role,
      scopes,
      credential: { kind: 'oauth_token', id: grantId },
      plan: { name: holder.plan, overrides: holder.limits } satisfies OrganizationPlan,
      ipAllowlist: storedAllowlist(holder.ip_allowlist),
    };
  }
}
