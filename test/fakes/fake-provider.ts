import type { OAuthConnectorType } from '#src/modules/connectors/connector-types.js';
import type { CannedAnswer } from '#test/fakes/loopback-server.js';

/** One item at the fake provider that becomes one document here (a page, a file, a message on its own day). */
export interface FakeItem {
  id: string;
  title: string;
  /** Plain text; the fake serves it in the provider's own format (storage XHTML, a Google Doc export, …). */
  text: string;
}

/**
 * A provider's API on loopback, speaking the real paths, pagination, tokens and error bodies of the subset
 * its connector uses; the shared connector suite drives every fake through this interface.
 */
export interface FakeProvider {
  readonly type: OAuthConnectorType;
  /** Environment for the service under test: the provider's client id, secret and base URLs pointing here. */
  readonly environment: Record<string, string>;
  /** The `config` a source of this type is created with to read the fake's items. */
  readonly sourceConfig: Record<string, unknown>;
  /**
   * Plays the person approving at the provider's consent page: GETs `authorizeUrl` (the provider URL the
   * service redirected to), checks its parameters, and answers the service's callback URL with `code` and
   * `state`, as the provider's redirect would.
   */
  approve(authorizeUrl: string): Promise<string>;
  /** Plays the person refusing consent: the callback URL with `error=access_denied` and the state. */
  deny(authorizeUrl: string): string;
  /** Tokens issued as if a person had just consented, for tests of a connector alone (no service). */
  grant(): { accessToken: string; refreshToken: string };
  /** Adds the item, or edits it when the id exists (its modification time moves on). */
  put(item: FakeItem): void;
  remove(id: string): void;
  /** The URL the item's document must carry (a link that opens it at the provider). */
  documentUrl(id: string): string;
  /** Every refresh token becomes invalid, as when a person removes the app at the provider. */
  revokeGrants(): void;
  /** Access tokens issued so far stop working (401), as when they reach their lifetime. */
  expireAccessTokens(): void;
  /**
   * While on, the token endpoint refuses the service's client as the provider answers a wrong client id
   * or secret (one rotated at the provider and not yet here); its grants stay valid.
   */
  refuseClient(refused: boolean): void;
  /** Until called again with undefined, the token endpoint's requests get `answer`, as from a proxy in front of the provider. */
  answerTokenRequests(answer: CannedAnswer | undefined): void;
  /** The next `count` API calls (token endpoint excluded) are throttled the provider's way. */
  throttle(count: number, retryAfterSeconds: number): void;
  /** The next `count` API calls answer 503 without Retry-After (an outage). */
  fail(count: number): void;
  /** Every request waits `ms` before it is answered (0: at once). */
  slowDown(ms: number): void;
  /** Tokens revoked through the provider's revocation endpoint. */
  readonly revokedTokens: readonly string[];
  /** Refresh-token grants accepted so far. */
  readonly refreshes: number;
  /** API calls answered (throttled and failed ones included), token endpoint excluded. */
  readonly apiCalls: number;
  /** Throttled answers sent. */
  readonly throttled: number;
  close(): Promise<void>;
}
