import type { ProviderContext } from '#src/modules/oauth/server/oidc-provider.types.js';

/** How long a grant lives after it was last used at the token endpoint; its refresh tokens last as long each. */
export const GRANT_IDLE_LIFETIME_S = 30 * 86_400;

/**
 * The library gives a grant a fixed lifetime from its first consent and refuses a refresh token whose grant
 * is past it, so an application that refreshes every day would lose access on day 30 with a token issued
 * the day before. A grant in use is kept alive instead: every code exchange or refresh moves its expiry to
 * 30 days from now. `extend` touches only a grant that still exists, so one revoked meanwhile stays revoked.
 */
export function slidingGrantLifetime(extend: (grantId: string, lifetimeS: number) => Promise<void>) {
  return async (ctx: ProviderContext, next: () => Promise<void>): Promise<void> => {
    await next();
    const grantId = ctx.oidc?.entities?.Grant?.jti;
    if (ctx.oidc?.route === 'token' && ctx.status === 200 && grantId) {
      await extend(grantId, GRANT_IDLE_LIFETIME_S);
    }
  };
}
