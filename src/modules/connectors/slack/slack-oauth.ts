import { TokenEndpointError, type ConnectorOAuth, type ProviderTokens, type TokenErrorCodes } from '#src/modules/connectors/oauth/connector-oauth.js';
import type { ProviderFailure } from '#src/modules/connectors/provider/provider-failure.js';
import { slackSdk } from '#src/modules/connectors/slack/slack-client.js';

/** Bot scopes: list public channels, read their history, and name the people who wrote. */
export const SLACK_SCOPES = ['channels:read', 'channels:history', 'users:read'] as const;

const UNAUTHORIZED_ERRORS = new Set(['invalid_auth', 'not_authed', 'token_expired', 'token_revoked', 'account_inactive']);
const NOT_FOUND_ERRORS = new Set(['channel_not_found', 'thread_not_found', 'message_not_found', 'user_not_found']);
const TRANSIENT_ERRORS = new Set(['internal_error', 'fatal_error', 'service_unavailable', 'request_timeout']);
const DEFAULT_RETRY_AFTER_SECONDS = 30;

/** What a failed Web API call means; Slack answers most errors as HTTP 200 with `{ok: false, error}`. */
export function classifySlackError(error: unknown): ProviderFailure | undefined {
  const sdk = slackSdk.loaded;
  if (!sdk) {
    return undefined;
  }
  const { WebAPIHTTPError, WebAPIPlatformError, WebAPIRateLimitedError, WebAPIRequestError } = sdk;
  if (error instanceof WebAPIRateLimitedError) {
    return { kind: 'throttled', retryAfterMs: error.retryAfter * 1_000 };
  }
  if (error instanceof WebAPIPlatformError) {
    return platformFailure(error.data.error, error.data.response_metadata?.retryAfter, neededScope(error.data));
  }
  if (error instanceof WebAPIHTTPError) {
    if (error.statusCode === 401) {
      return { kind: 'unauthorized' };
    }
    if (error.statusCode >= 500 || error.statusCode === 408) {
      return { kind: 'transient', message: `Slack answered ${error.statusCode}` };
    }
    return { kind: 'fatal', message: `Slack answered ${error.statusCode}` };
  }
  if (error instanceof WebAPIRequestError) {
    return { kind: 'transient', message: `Slack could not be reached: ${error.original.message}` };
  }
  return undefined;
}

function platformFailure(code: string, retryAfterSeconds: number | undefined, scope: string | undefined): ProviderFailure {
  if (code === 'ratelimited') {
    return { kind: 'throttled', retryAfterMs: (retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS) * 1_000 };
  }
  if (UNAUTHORIZED_ERRORS.has(code)) {
    return { kind: 'unauthorized' };
  }
  if (NOT_FOUND_ERRORS.has(code)) {
    return { kind: 'not_found', message: `Slack: ${code}` };
  }
  if (TRANSIENT_ERRORS.has(code)) {
    return { kind: 'transient', message: `Slack: ${code}` };
  }
  if (code === 'missing_scope') {
    return { kind: 'fatal', message: `The Slack app lacks the scope ${scope ?? 'it needs'}: connect the source again to grant it` };
  }
  if (code === 'not_in_channel') {
    return { kind: 'fatal', message: 'The Slack app is not a member of the channel: invite it to the channel' };
  }
  return { kind: 'fatal', message: `Slack refused the call: ${code}` };
}

const neededScope = (data: object): string | undefined => ('needed' in data && typeof data.needed === 'string' ? data.needed : undefined);

/** oauth.v2.access's errors (answered inside a 200) that refuse the code or the refresh token, or the app's credentials. */
const TOKEN_ERRORS: TokenErrorCodes = {
  grantRefused: new Set(['invalid_code', 'code_already_used', 'invalid_refresh_token', 'token_revoked']),
  clientRefused: new Set(['invalid_client_id', 'bad_client_secret']),
};

/** Reads an oauth.v2.access answer (a code or a rotated refresh token exchanged for a bot token). */
export function readSlackTokens(body: Record<string, unknown>): ProviderTokens {
  if (body.ok !== true || typeof body.access_token !== 'string' || body.access_token === '') {
    throw new TokenEndpointError('Slack answered oauth.v2.access without a bot token');
  }
  const team = body.team;
  const teamName = typeof team === 'object' && team !== null && 'name' in team && typeof team.name === 'string' ? team.name : undefined;
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : undefined,
    expiresIn: typeof body.expires_in === 'number' ? body.expires_in : undefined,
    scope: typeof body.scope === 'string' ? body.scope : undefined,
    account: teamName,
  };
}

export const slackOAuth: ConnectorOAuth = {
  scopes: SLACK_SCOPES,
  scopeSeparator: ',',
  pkce: false,
  // Slack asks for the client's credentials in a Basic header rather than in the form.
  tokenRequest: 'basic',
  readTokens: readSlackTokens,
  tokenErrors: TOKEN_ERRORS,
  revocation: 'bearer',
  classify: classifySlackError,
};
