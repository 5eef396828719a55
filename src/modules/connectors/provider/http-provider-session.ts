import { setTimeout as sleep } from 'node:timers/promises';
import { fetch } from 'undici';
import { readBodyWithin } from '#src/common/net/bounded-body.js';
import type { ProviderEndpoints } from '#src/modules/connectors/provider/provider-endpoints.js';
import { defaultFailure, ProviderCallError, ProviderHttpError, type ProviderFailure } from '#src/modules/connectors/provider/provider-failure.js';
import type { ProviderBytes, ProviderRequest, ProviderSession } from '#src/modules/connectors/provider/provider-session.js';

/** The access token a session sends, and a fresh one when the provider refused it. */
export interface AccessTokenSource {
  current(): Promise<string>;
  /** A token other than `refused` (refreshing when no other worker did meanwhile). */
  renew(refused: string): Promise<string>;
}

/** A pause every worker calling the provider for the organization honours (Redis, or memory when embedded). */
export interface ThrottleGate {
  /** Resolves once no pause is in force for `key`. */
  wait(key: string, signal: AbortSignal): Promise<void>;
  /** Every caller of `key` waits `ms` from now (a longer pause already in force is kept). */
  pause(key: string, ms: number): Promise<void>;
}

export interface SessionLimits {
  /** Attempts of one call that keeps being throttled before the sync attempt gives up (and resumes later). */
  maxThrottledAttempts: number;
  /** Attempts of one call that keeps failing transiently. */
  maxTransientAttempts: number;
  /** First backoff after a transient failure; doubled each time, with jitter. */
  backoffMs: number;
  /** Longest single wait a Retry-After may impose. */
  maxWaitMs: number;
  timeoutMs: number;
  /** Multiplies every wait: backoffs and Retry-After (SYNC_RETRY_TIME_SCALE, tests only). */
  timeScale: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = {
  maxThrottledAttempts: 12,
  maxTransientAttempts: 4,
  backoffMs: 500,
  maxWaitMs: 120_000,
  timeoutMs: 60_000,
  timeScale: 1,
};

export interface HttpProviderSessionOptions {
  endpoints: ProviderEndpoints;
  tokens: AccessTokenSource;
  gate: ThrottleGate;
  /** The key throttling is shared under: the provider and the organization (a provider rate-limits per app and workspace). */
  throttleKey: string;
  classify?: (error: unknown) => ProviderFailure | undefined;
  userAgent: string;
  signal: AbortSignal;
  limits?: Partial<SessionLimits>;
}

/** A throttled call whose answer does not say how long to wait: 1, 2, 4 … 64 seconds, plus up to a second (Google's exponential backoff). */
const UNSTATED_THROTTLE_FIRST_MS = 1_000;
const UNSTATED_THROTTLE_MAX_MS = 64_000;

function unstatedThrottleWaitMs(attempt: number): number {
  return Math.min(UNSTATED_THROTTLE_FIRST_MS * 2 ** (attempt - 1), UNSTATED_THROTTLE_MAX_MS) + Math.random() * UNSTATED_THROTTLE_FIRST_MS;
}

/** ProviderSession over undici: the rules of the interface, for SDK calls and plain HTTP alike. */
export class HttpProviderSession implements ProviderSession {
  private readonly limits: SessionLimits;

  constructor(private readonly options: HttpProviderSessionOptions) {
    this.limits = { ...DEFAULT_SESSION_LIMITS, ...options.limits };
  }

  async call<T>(operation: (accessToken: string, signal: AbortSignal) => Promise<T>): Promise<T> {
    const { tokens, gate, throttleKey, signal } = this.options;
    let token = await tokens.current();
    let throttled = 0;
    let transient = 0;
    let renewed = false;
    for (;;) {
      signal.throwIfAborted();
      await gate.wait(throttleKey, signal);
      try {
        return await operation(token, AbortSignal.any([signal, AbortSignal.timeout(this.limits.timeoutMs)]));
      } catch (error) {
        signal.throwIfAborted();
        const failure = this.classify(error);
        switch (failure.kind) {
          case 'throttled':
            throttled += 1;
            if (throttled >= this.limits.maxThrottledAttempts) {
              throw new ProviderCallError({ kind: 'transient', message: `still throttled after ${throttled} attempts` }, { cause: error });
            }
            await gate.pause(
              throttleKey,
              Math.min(Math.max((failure.retryAfterMs ?? unstatedThrottleWaitMs(throttled)) * this.limits.timeScale, 1), this.limits.maxWaitMs),
            );
            break;
          case 'unauthorized':
            if (renewed) {
              throw new ProviderCallError({ kind: 'fatal', message: 'the provider refused a freshly refreshed access token' }, { cause: error });
            }
            renewed = true;
            token = await tokens.renew(token);
            break;
          case 'transient':
            transient += 1;
            if (transient >= this.limits.maxTransientAttempts) {
              throw new ProviderCallError(failure, { cause: error });
            }
            await sleep(this.limits.backoffMs * this.limits.timeScale * 2 ** (transient - 1) * (0.5 + Math.random()), undefined, { signal });
            break;
          case 'not_found':
          case 'fatal':
            throw new ProviderCallError(failure, { cause: error });
        }
      }
    }
  }

  json<T>(request: ProviderRequest): Promise<T> {
    return this.call(async (token, signal) => {
      const response = await this.send(request, token, signal, 'application/json');
      const text = await response.text();
      const body = parseJson(text);
      if (!response.ok) {
        throw new ProviderHttpError(response.status, response.headers, body ?? text, response.url || this.url(request).toString());
      }
      return body as T;
    });
  }

  bytes(request: ProviderRequest, maxBytes: number): Promise<ProviderBytes> {
    return this.call(async (token, signal) => {
      const response = await this.send(request, token, signal, '*/*');
      if (!response.ok) {
        const text = await response.text();
        throw new ProviderHttpError(response.status, response.headers, parseJson(text) ?? text, this.url(request).toString());
      }
      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      const tooLarge = (): Error => new ProviderCallError({ kind: 'fatal', message: `the file is larger than ${maxBytes} bytes` });
      if (declared > maxBytes) {
        await response.body?.cancel();
        throw tooLarge();
      }
      const bytes = await readBodyWithin(response.body as AsyncIterable<Uint8Array> | null, maxBytes, tooLarge);
      return { bytes, contentType: response.headers.get('content-type') ?? undefined };
    });
  }

  private classify(error: unknown): ProviderFailure {
    return this.options.classify?.(error) ?? defaultFailure(error);
  }

  private url(request: ProviderRequest): URL {
    const url = /^https?:\/\//.test(request.url) ? new URL(request.url) : new URL(`${this.options.endpoints.apiUrl}/${request.url.replace(/^\/+/, '')}`);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) {
        url.searchParams.set(name, String(value));
      }
    }
    return url;
  }

  private send(request: ProviderRequest, token: string, signal: AbortSignal, accept: string): ReturnType<typeof fetch> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept, 'user-agent': this.options.userAgent, ...request.headers };
    let body: string | undefined;
    if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(request.form).toString();
    }
    return fetch(this.url(request), {
      method: request.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal,
      redirect: 'follow',
    });
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
