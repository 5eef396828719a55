/** One HTTP request to the provider's API, authorized by the session. */
export interface ProviderRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Absolute, or relative to the provider's `apiUrl`. */
  url: string;
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface ProviderBytes {
  bytes: Uint8Array;
  contentType: string | undefined;
}

/**
 * Calls to one provider on behalf of one data source. Every call carries a current access token (refreshed
 * before it expires, under a lock shared by every worker), waits while the provider throttles this
 * organization (a wait shared by every worker through Redis), retries throttled, refused-token and
 * transient failures, and throws ProviderCallError for the rest (ConnectionRefusedError when the refresh
 * token is refused).
 */
export interface ProviderSession {
  /** For an SDK: runs `operation` with the current access token under the session's rules. */
  call<T>(operation: (accessToken: string, signal: AbortSignal) => Promise<T>): Promise<T>;
  /** A JSON API call on the service's HTTP client; a non-2xx status is a ProviderHttpError to classify. */
  json<T>(request: ProviderRequest): Promise<T>;
  /** A download, refused beyond `maxBytes`. */
  bytes(request: ProviderRequest, maxBytes: number): Promise<ProviderBytes>;
}
