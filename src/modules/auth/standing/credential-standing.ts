import { Injectable } from '@nestjs/common';
import { effectivePermissions, type Permission } from '#src/common/auth/permissions.js';
import { Clock } from '#src/common/clock/clock.js';
import { accessTokenScopes } from '#src/modules/auth/authenticators/oauth-token.authenticator.js';
import { AccountsRepository } from '#src/modules/auth/sign-in/accounts.repository.js';
import { ApiKeyVerifier } from '#src/modules/keys/api-key-verifier.service.js';
import { OAuthPayloadsRepository } from '#src/modules/oauth/server/oauth-payloads.repository.js';

/** The credential that began some work which completes in a later request (a connector consent). */
export type EarlierCredential = { kind: 'api_key'; id: string } | { kind: 'user'; userId: string } | { kind: 'oauth_token'; accessTokenId: string };

/**
 * What such a credential may do now, so that work begun before a key was revoked or a role was lowered
 * completes only if it still could be begun: nothing for a revoked, expired or orphaned key, a deleted
 * person, or an access token revoked or expired (its grant revoked, its client or person deleted); a
 * person's current role; a key's or an access token's scopes capped by its person's current role.
 */
@Injectable()
export class CredentialStanding {
  constructor(
    private readonly keys: ApiKeyVerifier,
    private readonly accounts: AccountsRepository,
    private readonly payloads: OAuthPayloadsRepository,
    private readonly clock: Clock,
  ) {}

  async permissionsNow(orgId: string, credential: EarlierCredential): Promise<ReadonlySet<Permission>> {
    switch (credential.kind) {
      case 'user': {
        const account = await this.accounts.findAccount(orgId, credential.userId);
        return effectivePermissions(null, account?.role ?? null);
      }
      case 'api_key': {
        const key = await this.keys.live(orgId, credential.id);
        return key ? effectivePermissions(key.scopes, key.userRole) : new Set();
      }
      case 'oauth_token': {
        // The same look-up as the token's authenticator makes of every request it comes with.
        const holder = await this.payloads.findAccessTokenHolder(credential.accessTokenId, this.clock.now());
        return holder?.org_id === orgId ? effectivePermissions(accessTokenScopes(holder.payload), holder.role) : new Set();
      }
    }
  }
}
