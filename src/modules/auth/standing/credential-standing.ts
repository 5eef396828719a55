import { Injectable } from '@nestjs/common';
import { effectivePermissions, type Permission } from '#src/common/auth/permissions.js';
import { AccountsRepository } from '#src/modules/auth/sign-in/accounts.repository.js';
import { ApiKeyVerifier } from '#src/modules/keys/api-key-verifier.service.js';

/** The credential that began some work which completes in a later request (a connector consent). */
export type EarlierCredential = { kind: 'api_key'; id: string } | { kind: 'user'; userId: string };

/**
 * What such a credential may do now, so that work begun before a key was revoked or a role was lowered
 * completes only if it still could be begun: nothing for a revoked, expired or orphaned key or a deleted
 * person; a person's current role; a key's scopes capped by its owner's current role.
 */
@Injectable()
export class CredentialStanding {
  constructor(
    private readonly keys: ApiKeyVerifier,
    private readonly accounts: AccountsRepository,
  ) {}

  async permissionsNow(orgId: string, credential: EarlierCredential): Promise<ReadonlySet<Permission>> {
    if (credential.kind === 'user') {
      const account = await this.accounts.findAccount(orgId, credential.userId);
      return effectivePermissions(null, account?.role ?? null);
    }
    const key = await this.keys.live(orgId, credential.id);
    return key ? effectivePermissions(key.scopes, key.userRole) : new Set();
  }
}
