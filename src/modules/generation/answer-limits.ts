import type { FetchFunction } from '#src/common/net/fetch-through.js';
import { MalformedAnswer } from '#src/modules/generation/provider-errors.js';

/**
 * How much of a provider's answer is read, and for how long. `max_tokens` is the response length limit, but
 * a provider (a customer's own endpoint above all) may ignore it: what it sends is read only up to what an
 * answer of that many tokens can hold. A provider that sends more is stopped there, and its answer fails
 * (503, as any answer a provider sends that cannot be used) rather than being shown, stored or counted in
 * part: no provider that honours max_tokens comes near the limit.
 */

/** Characters a token may stand for: four times what prose takes, more than code or any language needs. */
const CHARS_PER_TOKEN = 16;
/** The longest answer whatever max_tokens says: 32,768 tokens, the most an agent or a query may set, of 16 characters. */
export const MAX_ANSWER_CHARS = 524_288;
/** What JSON may spend on one character of the answer (`\u00e9`), and on everything else in a response or event. */
const JSON_BYTES_PER_CHAR = 6;
const ENVELOPE_BYTES = 65_536;

export interface AnswerLimit {
  maxTokens: number;
  /** The longest answer text read. */
  chars: number;
  /** The largest body read (an unstreamed answer), or the longest line of an event stream. */
  bytes: number;
}

export function answerLimit(maxTokens: number): AnswerLimit {
  const chars = Math.min(maxTokens * CHARS_PER_TOKEN, MAX_ANSWER_CHARS);
  return { maxTokens, chars, bytes: chars * JSON_BYTES_PER_CHAR + ENVELOPE_BYTES };
}

/** Throws when an answer of `length` characters is longer than its limit allows. */
export function checkAnswerLength(length: number, limit: AnswerLimit): void {
  if (length > limit.chars) {
    throw new MalformedAnswer(`it is longer than max_tokens (${limit.maxTokens}) allows: more than ${limit.chars} characters`);
  }
}

/**
 * A fetch that reads a response no further than `limit`: an event stream a line at a time, each line at
 * most `limit.bytes` (its text is checked by the answerer, with checkAnswerLength), anything else (a whole
 * answer, an error) at most `limit.bytes` in all. Past that the body fails with MalformedAnswer and the
 * connection is dropped, so the rest is never received.
 */
export function boundedFetch(fetch: FetchFunction, limit: AnswerLimit): FetchFunction {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.body === null) {
      return response;
    }
    const streamed = response.headers.get('content-type')?.toLowerCase().startsWith('text/event-stream') === true;
    const bounded = new Response(response.body.pipeThrough(streamed ? lineLimit(limit) : sizeLimit(limit)), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    Object.defineProperty(bounded, 'url', { value: response.url });
    return bounded;
  };
}

const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

function lineLimit(limit: AnswerLimit): TransformStream<Uint8Array, Uint8Array> {
  let sinceBreak = 0;
  return new TransformStream({
    transform(chunk, controller) {
      for (const byte of chunk) {
        sinceBreak = byte === LINE_FEED || byte === CARRIAGE_RETURN ? 0 : sinceBreak + 1;
        if (sinceBreak > limit.bytes) {
          controller.error(
            new MalformedAnswer(`a line of its stream is longer than an answer of max_tokens (${limit.maxTokens}) can be: more than ${limit.bytes} bytes`),
          );
          return;
        }
      }
      controller.enqueue(chunk);
    },
  });
}

function sizeLimit(limit: AnswerLimit): TransformStream<Uint8Array, Uint8Array> {
  let read = 0;
  return new TransformStream({
    transform(chunk, controller) {
      read += chunk.byteLength;
      if (read > limit.bytes) {
        controller.error(
          new MalformedAnswer(`its response is larger than an answer of max_tokens (${limit.maxTokens}) can be: more than ${limit.bytes} bytes`),
        );
        return;
      }
      controller.enqueue(chunk);
    },
  });
}

/** Once a provider has begun answering, how long it may go on: a slow model writing the longest answer still finishes. */
const GENERATING_MS = 15 * 60_000;

/**
 * How long a whole provider call may take before its first token (or, unstreamed, its whole answer): every
 * attempt's timeout plus the SDK's backoff between them (at most 8 s each).
 */
export function wholeCallBudget(settings: { timeoutMs: number; maxRetries: number }): number {
  return settings.timeoutMs * (settings.maxRetries + 1) + 8_000 * settings.maxRetries + 1_000;
}

/**
 * The longest an answer may take from its start: the provider call's budget before its first token, then
 * GENERATING_MS. An answer still running then is stopped, so an interaction pending for longer than this
 * (and the time to record the outcome) belongs to a process that is gone.
 */
export function longestAnswerMs(settings: { timeoutMs: number; maxRetries: number }): number {
  return wholeCallBudget(settings) + GENERATING_MS;
}
