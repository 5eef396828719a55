import { createParser } from 'eventsource-parser';
import type { components } from '@/api/schema';

export type Source = components['schemas']['InteractionSourceDto'];
export type QueryMetadata = components['schemas']['QueryMetadataDto'];

/** One server-sent event: its name (`sources`, `delta`, `done`, `error`) and its raw data. */
export interface StreamEvent {
  event: string;
  data: string;
}

/** Reads a `text/event-stream` body to its end, calling `onEvent` for each event (comments are skipped). */
export async function readEventStream(body: ReadableStream<Uint8Array>, onEvent: (event: StreamEvent) => void): Promise<void> {
  const parser = createParser({ onEvent: (message) => onEvent({ event: message.event ?? 'message', data: message.data }) });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      parser.feed(decoder.decode());
      return;
    }
    // `stream: true` keeps a character cut between two reads for the next one.
    parser.feed(decoder.decode(value, { stream: true }));
  }
}

/** asking: sent, nothing back yet; answering: sources or text arriving; then done, stopped (by the reader) or failed. */
export type Phase = 'asking' | 'answering' | 'done' | 'stopped' | 'failed';

export interface Answer {
  phase: Phase;
  text: string;
  sources: Source[];
  /** The sources have arrived (possibly none): retrieval finished. */
  searched: boolean;
  metadata?: QueryMetadata;
  /** The API's error envelope, or an Error for a broken connection. */
  error?: unknown;
}

export const ASKING: Answer = { phase: 'asking', text: '', sources: [], searched: false };

function json(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

/** The answer after one more event of the stream: sources, then text deltas, then the metadata (or an error). */
export function applyEvent(answer: Answer, event: StreamEvent): Answer {
  const data = json(event.data);
  switch (event.event) {
    case 'sources':
      return Array.isArray(data) ? { ...answer, phase: 'answering', sources: data as Source[], searched: true } : answer;
    case 'delta': {
      const text = (data as { text?: unknown } | undefined)?.text;
      return typeof text === 'string' ? { ...answer, phase: 'answering', text: answer.text + text } : answer;
    }
    case 'done':
      return { ...answer, phase: 'done', metadata: data as QueryMetadata };
    case 'error':
      return { ...answer, phase: 'failed', error: data ?? new Error('The answer failed.') };
    default:
      return answer;
  }
}

/** The stream closed: without `done` or `error`, the answer is incomplete. */
export function endOfStream(answer: Answer): Answer {
  if (answer.phase === 'done' || answer.phase === 'failed') {
    return answer;
  }
  return { ...answer, phase: 'failed', error: new Error('The connection closed before the answer was complete.') };
}

export function stopped(answer: Answer): Answer {
  return answer.phase === 'done' || answer.phase === 'failed' ? answer : { ...answer, phase: 'stopped' };
}

export function failed(answer: Answer, error: unknown): Answer {
  return { ...answer, phase: 'failed', error };
}

/** What a question sends: `session_id` continues a conversation, its absence starts one. */
export interface Question {
  agent_id: string;
  query: string;
  session_id?: string;
}

async function errorBody(response: Response): Promise<unknown> {
  const body: unknown = await response.json().catch(() => undefined);
  return body ?? new Error(`The question could not be asked (HTTP ${response.status}).`);
}

/**
 * Asks with `stream: true` and reports the answer as it grows (`onAnswer`), until it is done, fails, or `signal`
 * aborts it (stopped, keeping the text so far). Errors found before the answer starts (a disabled agent, a rate
 * limit) come back as ordinary JSON and fail the answer with the API's error.
 */
export async function streamAnswer(
  question: Question,
  options: { signal: AbortSignal; headers: Record<string, string>; onAnswer: (answer: Answer) => void; fetcher?: typeof fetch },
): Promise<Answer> {
  let answer = ASKING;
  const show = (next: Answer) => {
    if (next !== answer) {
      answer = next;
      options.onAnswer(next);
    }
  };
  try {
    const response = await (options.fetcher ?? fetch)('/api/v1/query', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', ...options.headers },
      body: JSON.stringify({ ...question, stream: true }),
      credentials: 'same-origin',
      signal: options.signal,
    });
    if (!response.ok || !response.body || !response.headers.get('Content-Type')?.startsWith('text/event-stream')) {
      show(failed(answer, await errorBody(response)));
      return answer;
    }
    await readEventStream(response.body, (event) => show(applyEvent(answer, event)));
    show(endOfStream(answer));
  } catch (error) {
    show(options.signal.aborted ? stopped(answer) : failed(answer, error));
  }
  return answer;
}

export function isFinished(answer: Answer): boolean {
  return answer.phase === 'done' || answer.phase === 'stopped' || answer.phase === 'failed';
}
