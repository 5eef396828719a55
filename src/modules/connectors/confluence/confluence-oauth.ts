import { TokenEndpointError, type ConnectorOAuth, type ProviderTokens, type TokenErrorCodes } from '#src/modules/connectors/oauth/connector-oauth.js';
import { ProviderHttpError, retryAfterMs, type ProviderFailure } from '#src/modules/connectors/provider/provider-failure.js';

/** Atlassian's classic Confluence scopes for reading pages, spaces, search and attachment downloads. */
export const CONFLUENCE_SCOPES = [
  'read:confluence-content.all',
  'read:confluence-content.summary',
  'read:confluence-space.summary',
  'search:confluence',
  'readonly:content.attachment:confluence',
  'offline_access',
] as const;

/**
 * Atlassian refuses a dead refresh token (revoked, rotated out, unused for 90 days) with 403 `invalid_grant` as
 * documented, and as often with 403 `unauthorized_client` ("refresh_token is invalid"); wrong client
 * credentials are a 401 `access_denied`.
 */
const TOKEN_ERRORS: TokenErrorCodes = {
  grantRefused: new Set(['invalid_grant', 'unauthorized_client']),
  clientRefused: new Set(['invalid_client', 'access_denied']),
};

/**
 * Atlassian's OAuth 2.0 (3LO): the audience and a consent prompt on every authorization, a JSON token request,
 * rotating refresh tokens; no PKCE and no revocation endpoint (a person removes the app from their account).
 */
export const confluenceOAuth: ConnectorOAuth = {
  scopes: CONFLUENCE_SCOPES,
  pkce: false,
  authorizeParams: { audience: 'api.atlassian.com', prompt: 'consent' },
  tokenRequest: 'json',
  readTokens: readAtlassianTokens,
  tokenErrors: TOKEN_ERRORS,
  classify: classifyConfluenceError,
};

function readAtlassianTokens(body: Record<string, unknown>): ProviderTokens {
  const { access_token: accessToken, refresh_token: refreshToken, expires_in: expiresIn, scope } = body;
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw new TokenEndpointError('Atlassian answered without an access token');
  }
  return {
    accessToken,
    refreshToken: typeof refreshToken === 'string' ? refreshToken : undefined,
    expiresIn: typeof expiresIn === 'number' ? expiresIn : undefined,
    scope: typeof scope === 'string' ? scope : undefined,
  };
}

function classifyConfluenceError(error: unknown): ProviderFailure | undefined {
  if (!(error instanceof ProviderHttpError)) {
    return undefined;
  }
  if (error.status === 429 && !error.headers.has('retry-after')) {
    return { kind: 'throttled', retryAfterMs: resetMs(error.headers) };
  }
  if (error.status === 403) {
    return { kind: 'fatal', message: `Confluence refused access (a scope the consent lacks, or content the account cannot see): ${providerMessage(error)}` };
  }
  if (error.status === 400) {
    return { kind: 'fatal', message: `Confluence refused the request: ${providerMessage(error)}` };
  }
  return undefined;
}

// Without Retry-After, Atlassian still tells when the window resets (an ISO 8601 instant).
function resetMs(headers: Headers): number {
  const reset = Date.parse(headers.get('x-ratelimit-reset') ?? '');
  return Number.isNaN(reset) ? retryAfterMs(headers) : Math.max(1_000, reset - Date.now());
}

/** Confluence's errors carry `message`; the API gateway's also carry `code`. */
function providerMessage(error: ProviderHttpError): string {
  const body = error.body;
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return error.message;
}
