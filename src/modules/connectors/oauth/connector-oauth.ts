import type { ProviderFailure } from '#src/modules/connectors/provider/provider-failure.js';

/** Tokens as the provider's token endpoint returns them, read into one shape. */
export interface ProviderTokens {
  accessToken: string;
  /** Absent: the provider issues no refresh token (the access token does not expire). */
  refreshToken?: string;
  /**
   * Seconds; absent: the provider does not say, and the access token is treated as valid 1 hour when a
   * refresh token can renew it, else as lasting until the provider refuses it.
   */
  expiresIn?: number;
  scope?: string;
  /** What the provider tells about the account or workspace connected (shown on the source, never secret). */
  account?: string;
}

/** How one provider's OAuth 2.0 authorization code flow differs from the plain RFC 6749 one. */
export interface ConnectorOAuth {
  /** Scopes asked for at consent. */
  readonly scopes: readonly string[];
  /** Slack's authorize URL joins scopes with commas; everyone else with spaces. */
  readonly scopeSeparator?: ' ' | ',';
  /** The provider supports PKCE (S256): the verifier never leaves the service. */
  readonly pkce: boolean;
  /** Extra authorize parameters (Google's access_type=offline, Atlassian's audience). */
  readonly authorizeParams?: Readonly<Record<string, string>>;
  /** Client credentials in a Basic header (RFC 6749 2.3.1) or in the form body; `json` posts a JSON body (Atlassian). */
  readonly tokenRequest: 'basic' | 'form' | 'json';
  /** Reads a token endpoint's successful answer; throws TokenEndpointError when it holds no access token. */
  readTokens(body: Record<string, unknown>): ProviderTokens;
  /** The token endpoint's `error` codes, where the provider uses its own or uses RFC 6749's its own way; else RFC 6749's. */
  readonly tokenErrors?: TokenErrorCodes;
  /**
   * How tokens are revoked at `revokeUrl`: `rfc7009` posts `token` (the refresh token, else the access token)
   * with the client's credentials (Google); `bearer` posts with the access token as the bearer (Slack's
   * auth.revoke). Absent: the provider offers no revocation (Atlassian, Microsoft identity platform).
   */
  readonly revocation?: 'rfc7009' | 'bearer';
  /** Provider-specific meanings of a failed API call; undefined falls back to the shared rules. */
  classify?(error: unknown): ProviderFailure | undefined;
}

/** The provider refused the code or the refresh token itself: only a new consent gets new tokens. */
export class TokenRefusedError extends Error {
  override readonly name = 'TokenRefusedError';
}

/**
 * The token endpoint gave no tokens, yet did not refuse the grant: it refused this service's client, or
 * answered something else than the provider's OAuth answers (a proxy's page). The grant stands, and a later
 * request may get tokens with it.
 */
export class TokenEndpointError extends Error {
  override readonly name = 'TokenEndpointError';

  constructor(
    message: string,
    /** The provider refused this service's client (its id or secret), which its operator fixes for every source at once. */
    readonly clientRefused = false,
  ) {
    super(message);
  }
}

/** The error codes of a token endpoint that say what was refused. */
export interface TokenErrorCodes {
  /** The code or the refresh token itself. */
  grantRefused: ReadonlySet<string>;
  /** This service's client: its id or secret, or its right to the grant type. */
  clientRefused: ReadonlySet<string>;
}

/**
 * RFC 6749 §5.2. Only `invalid_grant` refuses the grant. `unauthorized_client` (this client may not use the
 * grant type; Google also answers it for a refresh token issued to another client) names this service's
 * client, as `invalid_client` does: its operator fixes that once for every source, where a refused grant
 * would ask each of them for a new consent.
 */
const RFC_6749_ERRORS: TokenErrorCodes = {
  grantRefused: new Set(['invalid_grant']),
  clientRefused: new Set(['invalid_client', 'unauthorized_client']),
};

export interface TokenEndpointAnswer {
  status: number;
  /** The answer's `error`; absent when it has none. */
  code?: string;
  description?: string;
}

/**
 * What a token endpoint's error answer means. Only a code of `codes.grantRefused` refuses the grant; a 401 is
 * the client's authentication failing (RFC 6749 §5.2); anything else is a failure a later request may not meet.
 */
export function tokenEndpointFailure(answer: TokenEndpointAnswer, codes: TokenErrorCodes = RFC_6749_ERRORS): TokenRefusedError | TokenEndpointError {
  const reason = [answer.code, answer.description].filter((part) => part !== undefined && part !== '').join(': ') || 'no reason given';
  if (answer.code !== undefined && codes.grantRefused.has(answer.code)) {
    return new TokenRefusedError(`The provider refused the grant: ${answer.description || answer.code}`);
  }
  if ((answer.code !== undefined && codes.clientRefused.has(answer.code)) || answer.status === 401) {
    return new TokenEndpointError(`the provider refused this service's OAuth client (${reason})`, true);
  }
  return new TokenEndpointError(`the provider's token endpoint answered ${answer.status} (${reason})`);
}
