import { findBlockedAddressError } from '#src/common/net/ssrf-guard.js';
/** A provider answered with an error status; the connector's `classify` or the default rules decide what it means. */
export class ProviderHttpError extends Error {
  override readonly name = 'ProviderHttpError';

  constructor(
    readonly status: number,
    readonly headers: Headers,
    readonly body: unknown,
    readonly url: string,
  ) {
    super(`${url.split('?')[0]} answered ${status}`);
  }
}

/**
 * What a failed provider call means for the sync:
 * - `throttled`: wait (shared by every worker syncing from this provider for the organization), then retry;
 * - `unauthorized`: the access token was refused: refresh it once, then retry;
 * - `transient`: an outage or a reset connection: retry with backoff, then fail the attempt (the sync
 *   resumes from its checkpoint);
 * - `not_found`: the item is gone (a deletion racing the sync);
 * - `fatal`: anything else, with a message a person can act on.
 */
export type ProviderFailure =
  /** `retryAfterMs` absent: the provider did not say how long (Google), and each wait doubles the last. */
  | { kind: 'throttled'; retryAfterMs?: number }
  | { kind: 'unauthorized' }
  | { kind: 'transient'; message: string }
  | { kind: 'not_found'; message: string }
  | { kind: 'fatal'; message: string };

/** The provider refused a call for good (after retries, or for a reason retrying cannot fix). */
export class ProviderCallError extends Error {
  override readonly name = 'ProviderCallError';

  constructor(
    readonly failure: ProviderFailure,
    options?: ErrorOptions,
  ) {
    super('message' in failure ? failure.message : failure.kind, options);
  }
}

/** The provider refused the refresh token (revoked, expired, app uninstalled): the source needs a new consent. */
export class ConnectionRefusedError extends Error {
  override readonly name = 'ConnectionRefusedError';
}

const DEFAULT_RETRY_AFTER_MS = 30_000;

/** Retry-After in seconds or as an HTTP date, in milliseconds; the default when absent or unreadable. */
export function retryAfterMs(headers: Headers, fallbackMs = DEFAULT_RETRY_AFTER_MS): number {
  const value = headers.get('retry-after');
  if (value === null) {
    return fallbackMs;
  }
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) {
    return seconds * 1_000;
  }
  const date = Date.parse(value);
  return Number.isNaN(date) ? fallbackMs : Math.max(0, date - Date.now());
}

/** The rules every provider shares: 429 and 503 with Retry-After, 401, other 5xx and network errors, 404. */
export function defaultFailure(error: unknown): ProviderFailure {
  if (error instanceof ProviderHttpError) {
    if (error.status === 429 || (error.status === 503 && error.headers.has('retry-after'))) {
      return { kind: 'throttled', retryAfterMs: retryAfterMs(error.headers) };
    }
    if (error.status === 401) {
      return { kind: 'unauthorized' };
    }
    if (error.status === 404 || error.status === 410) {
      return { kind: 'not_found', message: error.message };
    }
    if (error.status >= 500 || error.status === 408) {
      return { kind: 'transient', message: error.message };
    }
    return { kind: 'fatal', message: error.message };
  }
  if (error instanceof ProviderCallError) {
    return error.failure;
  }
  // A link the provider handed back that leads to a private address (SSRF guard): no retry will change that.
  const blocked = findBlockedAddressError(error);
  if (blocked) {
    return { kind: 'fatal', message: `the provider's link was not followed: ${blocked.message}` };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'transient', message };
}
