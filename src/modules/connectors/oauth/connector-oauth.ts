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
  /** Reads a token endpoint answer; throws TokenRefusedError when the provider refused the grant inside a 200 (Slack). */
  readTokens(body: Record<string, unknown>): ProviderTokens;
  /**
   * How tokens are revoked at `revokeUrl`: `rfc7009` posts `token` (the refresh token, else the access token)
   * with the client's credentials (Google); `bearer` posts with the access token as the bearer (Slack's
   * auth.revoke). Absent: the provider offers no revocation (Atlassian, Microsoft identity platform).
   */
  readonly revocation?: 'rfc7009' | 'bearer';
  /** Provider-specific meanings of a failed API call; undefined falls back to the shared rules. */
  classify?(error: unknown): ProviderFailure | undefined;
}

/** The provider refused the code or the refresh token. */
export class TokenRefusedError extends Error {
  override readonly name = 'TokenRefusedError';
}
