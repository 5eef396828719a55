import type { OAuthAdapter } from '#src/modules/oauth/server/oauth-adapter.js';
import type { OidcProvider, ProviderErrors } from '#src/modules/oauth/server/oidc-provider.types.js';

/** An authorization code or a refresh token, as the library's models hold it. */
interface UsableOnce {
  jti: string;
  grantId: string;
  accountId: string;
  adapter: OAuthAdapter;
  emit(event: string): void;
}

/** The grant revoked because one of its codes or refresh tokens was presented by two requests at once. */
export interface ReusedGrant {
  grantId: string;
  accountId: string;
}

const REUSED = Symbol('reused grant');

/**
 * A code or refresh token is used once, even when requests of the same moment present it together: the
 * library checks that it is unused, then marks it used, and every one of them may pass the check. Only the
 * request that marks it goes on; for the others it is a second use like any later one (a sign that it
 * leaked), so its grant is revoked, with everything issued under it, and they are refused `invalid_grant`.
 */
export function usedOnce(provider: OidcProvider, errors: ProviderErrors): void {
  const models = [
    { model: provider.AuthorizationCode, reused: 'authorization code already consumed' },
    { model: provider.RefreshToken, reused: 'refresh token already used' },
  ];
  for (const { model, reused: detail } of models) {
    model.prototype.consume = async function consume(this: UsableOnce): Promise<void> {
      if (await this.adapter.consume(this.jti)) {
        this.emit('consumed');
        return;
      }
      await Promise.all([this.adapter.revokeByGrantId(this.grantId), provider.Grant.adapter.destroy(this.grantId)]);
      const reused: ReusedGrant = { grantId: this.grantId, accountId: this.accountId };
      throw Object.assign(new errors.InvalidGrant(detail), { [REUSED]: reused });
    };
  }
  // A code presented again after its exchange is refused the same way, as soon as it is read: the library's
  // own refusal revokes the grant without saying whose it was, and its audit entry would name no user.
  const { AuthorizationCode } = provider;
  const findCode = AuthorizationCode.find.bind(AuthorizationCode);
  AuthorizationCode.find = async (...args: unknown[]) => {
    const code = await findCode(...args);
    if (code?.consumed) {
      await code.consume();
    }
    return code;
  };
}

/** The grant a token request's error revoked for a code or refresh token used at once by another request. */
export function reusedGrantOf(error: unknown): ReusedGrant | undefined {
  return typeof error === 'object' && error !== null ? (error as { [REUSED]?: ReusedGrant })[REUSED] : undefined;
}
