import type { FetchFunction } from '#src/common/net/fetch-through.js';
import { StreamIdleTimeout } from '#src/modules/generation/provider-errors.js';

/** Where and how one answer is generated: resolved by AnswerService from the model name and the credentials. */
export interface ProviderTarget {
  /** Which wire protocol: OpenAI chat completions (OpenAI and custom endpoints) or Anthropic messages. */
  api: 'openai' | 'anthropic';
  /** `openai`: OpenAI itself (max_completion_tokens, no temperature for reasoning models); `compatible`: any other server. */
  dialect: 'openai' | 'compatible' | 'anthropic';
  /** For messages: `OpenAI`, `Anthropic`, `The custom model endpoint`. */
  label: string;
  baseUrl: string;
  /** Undefined: no Authorization header (a custom endpoint without authentication). */
  apiKey: string | undefined;
  /** The model as the provider knows it (`custom:llama3` → `llama3`). */
  model: string;
  /** The guarded fetch for a customer-supplied base URL; undefined for operator-configured (trusted) ones. */
  fetch: FetchFunction | undefined;
  /** Named in a 401 message: which setting or provider key to check. */
  keySource: string;
  timeoutMs: number;
  maxRetries: number;
}

/** The host of a base URL, for messages (never its credentials or path). */
export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return 'an invalid URL';
  }
}

/**
 * Aborts a call that goes `ms` without progress: armed when the call starts, re-armed on every streamed
 * token. The SDKs' own timeout stops at the response headers, so a provider that stalls mid-stream (or
 * mid-body) would otherwise hold the request forever.
 */
export class ProgressWatchdog {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  readonly signal: AbortSignal;

  constructor(
    private readonly ms: number,
    private readonly caller: AbortSignal | undefined,
  ) {
    this.signal = caller ? AbortSignal.any([caller, this.controller.signal]) : this.controller.signal;
  }

  /**
   * After a stream ends: the SDKs end a stream quietly when its signal aborts, so an aborted or stalled
   * stream must be told apart from a complete one here.
   */
  throwIfStopped(): void {
    if (this.caller?.aborted) {
      throw this.caller.reason;
    }
    if (this.controller.signal.aborted) {
      throw this.controller.signal.reason;
    }
  }

  /** What stopped the call, when it was this watchdog (and not the caller): a StreamIdleTimeout. */
  stallOr(error: unknown): unknown {
    return this.controller.signal.aborted && !this.caller?.aborted ? (this.controller.signal.reason as unknown) : error;
  }

  arm(ms = this.ms): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.controller.abort(new StreamIdleTimeout(`no progress for ${ms} ms`)), ms);
    this.timer.unref();
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}
