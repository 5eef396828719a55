import { TokenEndpointError, type ConnectorOAuth, type ProviderTokens } from '#src/modules/connectors/oauth/connector-oauth.js';
import { retryAfterMs, type ProviderFailure } from '#src/modules/connectors/provider/provider-failure.js';

export const DRIVE_READONLY_SCOPE = 'https://www.googleapis.com/auth/drive.readonly';

// Google answers a rate limit without Retry-After and asks clients to back off exponentially: the session does.
const RATE_LIMIT_REASONS = new Set(['userRateLimitExceeded', 'rateLimitExceeded']);

/** The part of a gaxios error the classification reads (duck-typed: gaxios is the SDK's dependency, not ours). */
interface HttpFailure {
  status: number;
  retryAfter: string | undefined;
  reasons: string[];
  message: string | undefined;
}

/** Google's OAuth 2.0: offline access for a refresh token, PKCE, client credentials in the form body; refresh tokens are not rotated. */
export const googleDriveOAuth: ConnectorOAuth = {
  scopes: [DRIVE_READONLY_SCOPE],
  pkce: true,
  authorizeParams: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
  tokenRequest: 'form',
  revocation: 'rfc7009',
  readTokens,
  classify,
};

function readTokens(body: Record<string, unknown>): ProviderTokens {
  const { access_token: accessToken, refresh_token: refreshToken, expires_in: expiresIn, scope } = body;
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw new TokenEndpointError('the Google token endpoint answered without an access token');
  }
  return {
    accessToken,
    refreshToken: typeof refreshToken === 'string' && refreshToken !== '' ? refreshToken : undefined,
    expiresIn: typeof expiresIn === 'number' ? expiresIn : undefined,
    scope: typeof scope === 'string' ? scope : undefined,
  };
}

function classify(error: unknown): ProviderFailure | undefined {
  const failure = httpFailure(error);
  if (!failure) {
    return undefined;
  }
  const { status, retryAfter, reasons } = failure;
  const message = `Google Drive answered ${status}: ${failure.message ?? (error instanceof Error ? error.message : 'no detail')}`;
  if (status === 429 || (status === 403 && reasons.some((reason) => RATE_LIMIT_REASONS.has(reason)))) {
    return retryAfter === undefined ? { kind: 'throttled' } : { kind: 'throttled', retryAfterMs: retryAfterMs(new Headers({ 'retry-after': retryAfter })) };
  }
  if (status === 401) {
    return { kind: 'unauthorized' };
  }
  if (status === 404 || status === 410) {
    return { kind: 'not_found', message };
  }
  if (status >= 500 || status === 408) {
    return { kind: 'transient', message };
  }
  return { kind: 'fatal', message };
}

function httpFailure(error: unknown): HttpFailure | undefined {
  if (!(error instanceof Error) || !('response' in error) || !isRecord(error.response)) {
    return undefined;
  }
  const { status, headers, data } = error.response;
  if (typeof status !== 'number') {
    return undefined;
  }
  const body = parsedBody(data);
  const detail = isRecord(body) && isRecord(body.error) && typeof body.error.message === 'string' ? body.error.message : undefined;
  return { status, retryAfter: headerValue(headers, 'retry-after'), reasons: errorReasons(body), message: detail };
}

/** The SDK's fetch implementation brings its own Headers class: read it by its `get`. */
function headerValue(headers: unknown, name: string): string | undefined {
  if (!isRecord(headers) || typeof headers.get !== 'function') {
    return undefined;
  }
  const value: unknown = (headers.get as (key: string) => unknown).call(headers, name);
  return typeof value === 'string' ? value : undefined;
}

/** `error.errors[].reason` of Google's error body. */
function errorReasons(body: unknown): string[] {
  const errors = isRecord(body) && isRecord(body.error) ? body.error.errors : undefined;
  if (!Array.isArray(errors)) {
    return [];
  }
  return errors.flatMap((entry: unknown) => (isRecord(entry) && typeof entry.reason === 'string' ? [entry.reason] : []));
}

/** Gaxios hands the error body over parsed, as text, or as bytes, depending on the response type asked for. */
function parsedBody(data: unknown): unknown {
  const text = typeof data === 'string' ? data : data instanceof ArrayBuffer ? Buffer.from(data).toString('utf8') : undefined;
  if (text === undefined) {
    return data;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
