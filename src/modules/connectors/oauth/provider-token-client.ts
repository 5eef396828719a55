import { fetch } from 'undici';
import { TokenEndpointError, tokenEndpointFailure, type ConnectorOAuth, type ProviderTokens } from '#src/modules/connectors/oauth/connector-oauth.js';
import { ProviderCallError } from '#src/modules/connectors/provider/provider-failure.js';
import type { ProviderEndpoints } from '#src/modules/connectors/provider/provider-endpoints.js';

const TOKEN_TIMEOUT_MS = 20_000;

export interface ConfiguredClient {
  clientId: string;
  clientSecret: string;
}

/** The provider's consent page for one source: where `GET /data-sources/:id/connect` sends the person. */
export function providerAuthorizeUrl(
  oauth: ConnectorOAuth,
  endpoints: ProviderEndpoints,
  client: ConfiguredClient,
  request: { redirectUri: string; state: string; codeChallenge: string | undefined },
): string {
  const url = new URL(endpoints.authorizeUrl);
  const params: Record<string, string> = {
    ...oauth.authorizeParams,
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: request.redirectUri,
    scope: oauth.scopes.join(oauth.scopeSeparator ?? ' '),
    state: request.state,
  };
  if (request.codeChallenge !== undefined) {
    params.code_challenge = request.codeChallenge;
    params.code_challenge_method = 'S256';
  }
  for (const [name, value] of Object.entries(params)) {
    url.searchParams.set(name, value);
  }
  return url.toString();
}

/** The code of a completed consent, exchanged for tokens. */
export function exchangeCode(
  oauth: ConnectorOAuth,
  endpoints: ProviderEndpoints,
  client: ConfiguredClient,
  grant: { code: string; redirectUri: string; codeVerifier: string | undefined },
): Promise<ProviderTokens> {
  const parameters: Record<string, string> = { grant_type: 'authorization_code', code: grant.code, redirect_uri: grant.redirectUri };
  if (grant.codeVerifier !== undefined) {
    parameters.code_verifier = grant.codeVerifier;
  }
  return tokenRequest(oauth, endpoints, client, parameters);
}

export function refreshTokens(oauth: ConnectorOAuth, endpoints: ProviderEndpoints, client: ConfiguredClient, refreshToken: string): Promise<ProviderTokens> {
  return tokenRequest(oauth, endpoints, client, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

/** Revokes at the provider; throws when the provider could not be reached or refused. */
/** A bearer revocation the provider refused because its access token had lapsed, before the service knew: renew it and revoke again. */
export class LapsedAccessTokenError extends Error {}

export async function revokeTokens(
  oauth: ConnectorOAuth,
  endpoints: ProviderEndpoints,
  client: ConfiguredClient,
  tokens: { accessToken: string; refreshToken: string | undefined },
): Promise<void> {
  const revocation = revocationOf(oauth, endpoints);
  if (!revocation || !endpoints.revokeUrl) {
    return;
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string;
  if (revocation === 'bearer') {
    headers.authorization = `Bearer ${tokens.accessToken}`;
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = '';
  } else {
    const token = tokens.refreshToken ?? tokens.accessToken;
    const form: Record<string, string> = { token, token_type_hint: tokens.refreshToken ? 'refresh_token' : 'access_token' };
    Object.assign(headers, clientAuthentication(oauth, client, form));
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(form).toString();
  }
  const response = await fetch(endpoints.revokeUrl, { method: 'POST', headers, body, signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS) });
  const text = await response.text();
  // Revoking a token the provider already forgot is a success: it is no longer usable either way.
  if (!response.ok && response.status !== 400) {
    throw new ProviderCallError({ kind: 'transient', message: `the provider's revocation endpoint answered ${response.status}` });
  }
  const answer = parseObject(text);
  if (answer?.ok === false && answer.error === 'token_expired') {
    throw new LapsedAccessTokenError('the access token the revocation was made with has expired');
  }
  if (answer?.ok === false && answer.error !== 'invalid_auth' && answer.error !== 'token_revoked') {
    throw new ProviderCallError({ kind: 'fatal', message: `the provider refused the revocation: ${String(answer.error)}` });
  }
}

/**
 * How a provider's tokens are revoked: its own way, or, where it has none but the operator configured a
 * revocation address (`<PROVIDER>_REVOKE_URL`, a gateway or a single-tenant deployment), RFC 7009.
 */
export function revocationOf(oauth: ConnectorOAuth, endpoints: ProviderEndpoints): ConnectorOAuth['revocation'] {
  return oauth.revocation ?? (endpoints.revokeUrl ? 'rfc7009' : undefined);
}

async function tokenRequest(
  oauth: ConnectorOAuth,
  endpoints: ProviderEndpoints,
  client: ConfiguredClient,
  parameters: Record<string, string>,
): Promise<ProviderTokens> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string;
  if (oauth.tokenRequest === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify({ ...parameters, client_id: client.clientId, client_secret: client.clientSecret });
  } else {
    const form = { ...parameters };
    Object.assign(headers, clientAuthentication(oauth, client, form));
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(form).toString();
  }
  let response: Awaited<ReturnType<typeof fetch>>;
  try {
    response = await fetch(endpoints.tokenUrl, { method: 'POST', headers, body, signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderCallError({ kind: 'transient', message: "the provider's token endpoint could not be reached" }, { cause: error });
  }
  const answer = parseObject(await response.text());
  if (response.status >= 500 || response.status === 429) {
    throw new ProviderCallError({ kind: 'transient', message: `the provider's token endpoint answered ${response.status}` });
  }
  if (!answer) {
    throw new TokenEndpointError(`the provider's token endpoint answered ${response.status} with a body that is not JSON (a proxy or gateway in the way?)`);
  }
  // Slack answers its errors inside a 200.
  if (!response.ok || answer.error !== undefined) {
    const failure = { status: response.status, code: stringOf(answer.error), description: stringOf(answer.error_description) };
    throw tokenEndpointFailure(failure, oauth.tokenErrors);
  }
  return oauth.readTokens(answer);
}

/** Client credentials in a Basic header (RFC 6749 2.3.1), or in the form when the provider wants them there. */
function clientAuthentication(oauth: ConnectorOAuth, client: ConfiguredClient, form: Record<string, string>): Record<string, string> {
  if (oauth.tokenRequest === 'basic') {
    const credentials = `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`;
    return { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` };
  }
  form.client_id = client.clientId;
  form.client_secret = client.clientSecret;
  return {};
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
