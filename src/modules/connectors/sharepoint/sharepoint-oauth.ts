import { TokenEndpointError, type ConnectorOAuth, type ProviderTokens, type TokenErrorCodes } from '#src/modules/connectors/oauth/connector-oauth.js';
import { ProviderHttpError, retryAfterMs, type ProviderFailure } from '#src/modules/connectors/provider/provider-failure.js';
import { graphErrorCode } from '#src/modules/connectors/sharepoint/graph-client.js';

/** Graph and SharePoint throttle under these codes, not always with a 429 status. */
const THROTTLING_CODES = new Set(['TooManyRequests', 'activityLimitReached', 'throttledRequest']);
const BANDWIDTH_LIMIT_EXCEEDED = 509;

/**
 * The Microsoft identity platform answers a refresh token that only the person can revive (multi-factor
 * authentication or a conditional access policy now required, consent withdrawn) with `interaction_required`
 * or `consent_required` rather than `invalid_grant`: the service cannot interact, so the source needs a new consent.
 */
const TOKEN_ERRORS: TokenErrorCodes = {
  grantRefused: new Set(['invalid_grant', 'interaction_required', 'consent_required']),
  clientRefused: new Set(['invalid_client', 'unauthorized_client']),
};

function readTokens(body: Record<string, unknown>): ProviderTokens {
  if (typeof body.access_token !== 'string' || body.access_token === '') {
    throw new TokenEndpointError('the Microsoft identity platform answered without an access token');
  }
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : undefined,
    expiresIn: typeof body.expires_in === 'number' ? body.expires_in : undefined,
    scope: typeof body.scope === 'string' ? body.scope : undefined,
  };
}

function classify(error: unknown): ProviderFailure | undefined {
  if (!(error instanceof ProviderHttpError)) {
    return undefined;
  }
  const code = graphErrorCode(error.body);
  if ((code !== undefined && THROTTLING_CODES.has(code)) || error.status === BANDWIDTH_LIMIT_EXCEEDED) {
    return { kind: 'throttled', retryAfterMs: retryAfterMs(error.headers) };
  }
  return undefined;
}

/** Microsoft identity platform v2, delegated permissions; it has no per-application token revocation. */
export const sharePointOAuth: ConnectorOAuth = {
  scopes: ['offline_access', 'Sites.Read.All', 'Files.Read.All'],
  pkce: true,
  authorizeParams: { response_mode: 'query' },
  tokenRequest: 'form',
  readTokens,
  tokenErrors: TOKEN_ERRORS,
  classify,
};
