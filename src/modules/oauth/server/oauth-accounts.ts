import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { clientOf } from '#src/modules/auth/client-info.js';
import { storedAllowlist } from '#src/modules/auth/ip-allowlist/ip-allowlist.js';
import { IP_NOT_ALLOWED_MESSAGE, IpGate } from '#src/modules/auth/ip-allowlist/ip-gate.js';
import { OAuthPayloadsRepository } from '#src/modules/oauth/server/oauth-payloads.repository.js';
import type { AccountContext, ProviderAccount, ProviderErrors } from '#src/modules/oauth/server/oidc-provider.types.js';

/**
 * The person an authorization, a code or a refresh token acts for, looked up each time the authorization
 * server is about to issue something for them. They must still exist in the client's organization, and the
 * request must come from an address the organization's IP allowlist admits, as for every other credential:
 * a refresh from outside it is refused (403 `ip_not_allowed`, audited) before the refresh token is used up.
 */
@Injectable()
export class OAuthAccounts {
  constructor(
    private readonly payloads: OAuthPayloadsRepository,
    private readonly gate: IpGate,
  ) {}

  async find(ctx: AccountContext, accountId: string, errors: ProviderErrors): Promise<ProviderAccount | undefined> {
    const account = { accountId, claims: () => ({ sub: accountId }) };
    const clientId = ctx.oidc.client?.clientId;
    const holder = clientId === undefined ? undefined : await this.payloads.findAccountHolder(accountId, clientId);
    if (!clientId || !holder) {
      // A code or refresh token of someone gone is refused; an authorization continues to the consent
      // step, which turns away anyone but the client's organization's own people.
      return ctx.oidc.route === 'token' ? undefined : account;
    }
    const client = clientOf(ctx.req as Request);
    if (!(await this.gate.passes(holder.org_id, storedAllowlist(holder.ip_allowlist), client, { type: 'oauth_client', id: clientId }, 'oauth_authorization'))) {
      throw Object.assign(new errors.OIDCProviderError(403, 'ip_not_allowed'), { error_description: IP_NOT_ALLOWED_MESSAGE });
    }
    return account;
  }
}
