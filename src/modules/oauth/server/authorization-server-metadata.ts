import type { ProviderContext } from '#src/modules/oauth/server/oidc-provider.types.js';

/** Fields of the library's OpenID discovery document about ID tokens and claims, which this server does not issue. */
const OPENID_FIELDS = [
  'claims_supported',
  'claims_parameter_supported',
  'claim_types_supported',
  'subject_types_supported',
  'id_token_signing_alg_values_supported',
  // Access tokens are opaque and no ID token is issued: the key the library insists on signs nothing.
  'jwks_uri',
] as const;

/**
 * The metadata (RFC 8414) says what this server offers, an OAuth 2.0 authorization server: the
 * service's scopes only, no `openid` (the library always counts it) and nothing about ID tokens or keys.
 * The key set the library always serves is not published either: nothing is signed with its key.
 */
export function oauthMetadataOnly(scopes: readonly string[]) {
  return async function oauthMetadata(ctx: ProviderContext, next: () => Promise<void>): Promise<void> {
    await next();
    if (ctx.oidc?.route === 'jwks') {
      ctx.status = 404;
      ctx.body = { error: 'not_found', error_description: 'This authorization server signs nothing: it publishes no keys' };
      return;
    }
    if (ctx.oidc?.route !== 'discovery' || typeof ctx.body !== 'object' || ctx.body === null) {
      return;
    }
    const metadata = ctx.body as Record<string, unknown>;
    metadata.scopes_supported = [...scopes];
    for (const field of OPENID_FIELDS) {
      delete metadata[field];
    }
  };
}
