import type * as AnthropicSdk from '@anthropic-ai/sdk';
import type * as OpenAISdk from 'openai';
import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import { redactSecret } from '#src/common/logging/redact-secret.js';
import { findBlockedAddressError } from '#src/common/net/ssrf-guard.js';
import { anthropicSdk, openAiSdk } from '#src/modules/generation/provider-sdks.js';

/** Of a provider's own error message, quoted in ours. */
const MAX_DETAIL_CHARACTERS = 300;

/** What an error message may say about the call that failed. Never the key itself. */
export interface ProviderCallContext {
  /** As people know it: `OpenAI`, `Anthropic`, `The custom model endpoint`. */
  label: string;
  /** The host called, named only when the customer supplied it (an operator's internal host stays private). */
  host: string | undefined;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  /** Where the key came from, for the 401 message: the operator's setting or the agent's provider key. */
  keySource: string;
  /** Masked out of anything quoted from the provider. */
  apiKey: string | undefined;
}

/** Thrown by an answerer when a stream goes PROVIDER_TIMEOUT_MS without a token. */
export class StreamIdleTimeout extends Error {
  override name = 'StreamIdleTimeout';
}

/**
 * Thrown by an answerer when what came back is not an answer the provider's API can send: a completion
 * without choices, or a stream that ends before its last chunk (a gateway that cut it off cleanly).
 */
export class MalformedAnswer extends Error {
  override name = 'MalformedAnswer';
}

type SdkApiError = OpenAISdk.APIError | AnthropicSdk.APIError;
type SdkErrorName = 'APIError' | 'APIUserAbortError' | 'APIConnectionTimeoutError' | 'APIConnectionError';

/** An error of either SDK's class of that name; neither can have made one before it was loaded. */
function isSdkError(error: unknown, name: SdkErrorName): boolean {
  return [openAiSdk.loaded?.[name], anthropicSdk.loaded?.[name]].some((type) => type !== undefined && error instanceof type);
}

function isApiError(error: unknown): error is SdkApiError {
  return isSdkError(error, 'APIError');
}

function isUserAbort(error: unknown): boolean {
  return isSdkError(error, 'APIUserAbortError');
}

function isTimeout(error: unknown): boolean {
  return isSdkError(error, 'APIConnectionTimeoutError');
}

function isConnectionError(error: unknown): boolean {
  return isSdkError(error, 'APIConnectionError');
}

/**
 * A provider SDK's error as the API error the client gets. The SDK's error is not kept as the cause: it
 * holds the provider's response, which may echo the key.
 *
 * | Provider outcome                         | API error                                         |
 * |------------------------------------------|---------------------------------------------------|
 * | 401 or 403 (key refused)                 | 503 service_unavailable naming the provider       |
 * | 429 after the retries                    | 503 service_unavailable (+ Retry-After)           |
 * | 5xx after the retries                    | 503 service_unavailable                           |
 * | timeout after the retries, idle stream   | 503 service_unavailable                           |
 * | 400, 404, 413, 422 (request refused)     | 503 service_unavailable with the provider's word  |
 * | cannot connect                           | 503 service_unavailable                           |
 * | not a completion, or a stream cut short  | 503 service_unavailable                           |
 * | customer URL at a non-public address     | 409 conflict                                      |
 *
 * Every provider failure is the contract's 503: the service cannot answer now for want of something
 * it depends on, which clients retry with backoff; the message says which provider and what it did.
 */
export function toProviderAppError(error: unknown, context: ProviderCallContext): AppError {
  if (error instanceof AppError) {
    return error;
  }
  const retried = context.maxRetries === 0 ? '' : ` (after ${context.maxRetries} ${context.maxRetries === 1 ? 'retry' : 'retries'})`;
  if (error instanceof StreamIdleTimeout) {
    return new AppError(ErrorCode.ServiceUnavailable, `${context.label} stopped answering (${error.message})`);
  }
  if (isTimeout(error)) {
    return new AppError(ErrorCode.ServiceUnavailable, `${context.label} did not answer within ${context.timeoutMs} ms${retried}`);
  }
  const blocked = findBlockedAddressError(error);
  if (blocked) {
    return blockedBaseUrl(blocked);
  }
  if (isConnectionError(error)) {
    return new AppError(ErrorCode.ServiceUnavailable, `Could not reach ${lowerFirst(context.label)}${context.host ? ` at ${context.host}` : ''}${retried}`);
  }
  if (isApiError(error) && typeof error.status === 'number') {
    const status = error.status;
    const detail = providerDetail(error, context);
    if (status === 401 || status === 403) {
      return new AppError(ErrorCode.ServiceUnavailable, `${context.label} refused the API key (${status}); check ${context.keySource}`);
    }
    if (status === 429) {
      const retryAfter = retryAfterSeconds(error.headers);
      return new AppError(ErrorCode.ServiceUnavailable, `${context.label} is rate limiting requests${retried}; try again later`, {
        headers: retryAfter === undefined ? undefined : { 'Retry-After': String(retryAfter) },
      });
    }
    if (status === 408) {
      return new AppError(ErrorCode.ServiceUnavailable, `${context.label} did not answer in time (408)${retried}`);
    }
    if (status >= 500) {
      return new AppError(ErrorCode.ServiceUnavailable, `${context.label} failed with status ${status}${retried}${detail ? `: ${detail}` : ''}`);
    }
    return new AppError(
      ErrorCode.ServiceUnavailable,
      `${context.label} refused the request for model "${context.model}" (${status})${detail ? `: ${detail}` : ''}`,
    );
  }
  if (isApiError(error)) {
    // An error event inside a stream: no status.
    return new AppError(
      ErrorCode.ServiceUnavailable,
      `${context.label} reported an error while answering${mask(error.message, context) ? `: ${truncate(mask(error.message, context))}` : ''}`,
    );
  }
  if (error instanceof MalformedAnswer) {
    return new AppError(ErrorCode.ServiceUnavailable, `${context.label} sent an answer that cannot be used: ${error.message}`);
  }
  // The SDKs parse what came back: a SyntaxError is a body that is not JSON, or JSON cut off.
  if (error instanceof SyntaxError) {
    return new AppError(ErrorCode.ServiceUnavailable, `${context.label} sent an answer that cannot be used: it is not JSON, or was cut off`);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new AppError(ErrorCode.ServiceUnavailable, `The answer from ${lowerFirst(context.label)} was cut off: ${truncate(mask(message, context))}`);
}

/** True when the error only says the caller's signal aborted the call. */
export function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true && (isUserAbort(error) || (error instanceof Error && error.name === 'AbortError') || error === signal.reason);
}

function providerDetail(error: SdkApiError, context: ProviderCallContext): string | undefined {
  const message = providerMessage(error.error) ?? error.message.replace(/^\d{3}\s*/, '');
  const masked = mask(withoutMarkup(message), context).trim();
  return masked === '' ? undefined : truncate(masked);
}

/**
 * A gateway's error page (HTML) says what went wrong in its title, if anywhere: the page itself is noise in
 * an error message.
 */
function withoutMarkup(message: string): string {
  if (!/^\s*<(!doctype|html|head|body|\?xml)\b/i.test(message)) {
    return message;
  }
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(message)?.[1]?.trim();
  return title ? `an error page titled "${title}"` : 'an error page';
}

/** `{"error": {"message": …}}` (OpenAI, Anthropic), `{"message": …}` or `{"error": "…"}` (other servers). */
function providerMessage(body: unknown, depth = 0): string | undefined {
  if (depth > 3) {
    return undefined;
  }
  if (typeof body === 'string') {
    return body;
  }
  if (typeof body !== 'object' || body === null) {
    return undefined;
  }
  const record = body as Record<string, unknown>;
  if (typeof record.message === 'string') {
    return record.message;
  }
  return providerMessage(record.error, depth + 1);
}

/** The provider's text with the key hidden wherever it was echoed, whole or in part. */
function mask(message: string, context: ProviderCallContext): string {
  return redactSecret(message, context.apiKey);
}

/** A label inside a sentence: "the custom model endpoint", while "OpenAI" stays as it is. */
function lowerFirst(label: string): string {
  return label.startsWith('The ') ? `the ${label.slice(4)}` : label;
}

function truncate(text: string): string {
  return text.length <= MAX_DETAIL_CHARACTERS ? text : `${text.slice(0, MAX_DETAIL_CHARACTERS)}\u2026`;
}

/** `retry-after` in seconds (or an HTTP date), or `retry-after-ms`, as whole seconds. */
function retryAfterSeconds(headers: Headers | undefined): number | undefined {
  const milliseconds = Number(headers?.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(milliseconds) && milliseconds >= 0) {
    return Math.max(1, Math.ceil(milliseconds / 1000));
  }
  const raw = headers?.get('retry-after');
  if (!raw) {
    return undefined;
  }
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) {
    return Math.max(1, Math.ceil(seconds));
  }
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(1, Math.ceil((date - Date.now()) / 1000));
}

/** A customer provider key whose base_url is, or resolves to, an address the service does not call. */
export function blockedBaseUrl(blocked: { message: string }): AppError {
  return AppError.conflict(
    `The provider key's base_url cannot be used: ${blocked.message}. Model providers must be reached at public addresses; update the provider key`,
  );
}
