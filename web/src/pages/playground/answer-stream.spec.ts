import { describe, expect, it, vi } from 'vitest';
import { applyEvent, ASKING, endOfStream, readEventStream, stopped, streamAnswer, type Answer, type StreamEvent } from '@/pages/playground/answer-stream';

function streamOf(pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) {
        controller.enqueue(encoder.encode(piece));
      }
      controller.close();
    },
  });
}

const SOURCE = {
  chunk_id: 'chk_1',
  chunk_text: 'Reset it in Settings.',
  document_title: 'Passwords',
  document_url: 'https://docs.test/pw',
  similarity_score: 0.8,
};
const METADATA = {
  interaction_id: 'int_1',
  session_id: 'ses_1',
  latency_ms: 12,
  model: 'extractive',
  rag_strategy: 'hybrid',
  tokens_input: 10,
  tokens_output: 5,
  cost_usd: 0,
};

describe('readEventStream', () => {
  it('should read named events however the body is cut, skipping comments', async () => {
    const body = `event: sources\ndata: ${JSON.stringify([SOURCE])}\n\n: heartbeat\n\nevent: delta\ndata: {"text":"Héllo "}\n\nevent: delta\ndata: {"text":"[1]"}\n\nevent: done\ndata: ${JSON.stringify(METADATA)}\n\n`;
    const bytes = new TextEncoder().encode(body);
    // Cut inside the two-byte "é" and inside field names.
    const cuts = [3, 17, 60, 61, bytes.indexOf(0xc3) + 1, bytes.length - 4];
    const pieces: Uint8Array[] = [];
    let from = 0;
    for (const cut of [...cuts, bytes.length]) {
      pieces.push(bytes.slice(from, cut));
      from = cut;
    }
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        pieces.forEach((piece) => controller.enqueue(piece));
        controller.close();
      },
    });
    const events: StreamEvent[] = [];
    await readEventStream(stream, (event) => events.push(event));
    expect(events.map((event) => event.event)).toEqual(['sources', 'delta', 'delta', 'done']);
    expect(JSON.parse(events[1].data)).toEqual({ text: 'Héllo ' });
  });

  it('should end quietly on an empty body', async () => {
    const events: StreamEvent[] = [];
    await readEventStream(streamOf([]), (event) => events.push(event));
    expect(events).toEqual([]);
  });
});

describe('applyEvent', () => {
  const run = (events: StreamEvent[]): Answer => events.reduce(applyEvent, ASKING);

  it('should gather sources, text and metadata into a finished answer', () => {
    const answer = run([
      { event: 'sources', data: JSON.stringify([SOURCE]) },
      { event: 'delta', data: '{"text":"Open Settings "}' },
      { event: 'delta', data: '{"text":"[1]."}' },
      { event: 'done', data: JSON.stringify(METADATA) },
    ]);
    expect(answer).toEqual({ phase: 'done', text: 'Open Settings [1].', sources: [SOURCE], searched: true, metadata: METADATA });
  });

  it('should be answering once sources arrive, and keep the text so far when the stream fails', () => {
    const partial = run([
      { event: 'sources', data: '[]' },
      { event: 'delta', data: '{"text":"Half"}' },
    ]);
    expect(partial).toMatchObject({ phase: 'answering', searched: true });
    const failed = applyEvent(partial, { event: 'error', data: '{"error":{"code":"service_unavailable","message":"The model failed"}}' });
    expect(failed).toMatchObject({ phase: 'failed', text: 'Half', error: { error: { code: 'service_unavailable' } } });
  });

  it('should ignore unknown events and malformed data', () => {
    expect(
      run([
        { event: 'ping', data: '{}' },
        { event: 'delta', data: 'not json' },
        { event: 'sources', data: '{}' },
      ]),
    ).toEqual(ASKING);
  });
});

describe('endOfStream and stopped', () => {
  it('should fail an answer whose stream closed before done, and leave a finished one alone', () => {
    expect(endOfStream({ ...ASKING, phase: 'answering', text: 'Half' })).toMatchObject({ phase: 'failed', text: 'Half', error: expect.any(Error) });
    const done: Answer = { ...ASKING, phase: 'done' };
    expect(endOfStream(done)).toBe(done);
  });

  it('should mark an unfinished answer stopped, keeping its text', () => {
    expect(stopped({ ...ASKING, phase: 'answering', text: 'Half' })).toEqual({ ...ASKING, phase: 'stopped', text: 'Half' });
    const done: Answer = { ...ASKING, phase: 'done' };
    expect(stopped(done)).toBe(done);
  });
});

describe('streamAnswer', () => {
  const sse = (events: Array<[string, unknown]>) => events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
  const eventStream = (body: BodyInit) => new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });

  it('should post the question for a stream, with the session and the CSRF header, and report the answer as it grows', async () => {
    const fetcher = vi.fn<typeof fetch>(async () =>
      eventStream(
        sse([
          ['sources', [SOURCE]],
          ['delta', { text: 'Open Settings ' }],
          ['delta', { text: '[1].' }],
          ['done', METADATA],
        ]),
      ),
    );
    const seen: Answer[] = [];
    const answer = await streamAnswer(
      { agent_id: 'agt_1', query: 'How?', session_id: 'ses_1' },
      { signal: new AbortController().signal, headers: { 'X-CSRF-Token': 'token' }, onAnswer: (next) => seen.push(next), fetcher },
    );
    expect(answer).toEqual({ phase: 'done', text: 'Open Settings [1].', sources: [SOURCE], searched: true, metadata: METADATA });
    expect(seen.map((next) => next.phase)).toEqual(['answering', 'answering', 'answering', 'done']);
    const [url, init] = fetcher.mock.calls[0];
    expect(url).toBe('/api/v1/query');
    expect(JSON.parse(init!.body as string)).toEqual({ agent_id: 'agt_1', query: 'How?', session_id: 'ses_1', stream: true });
    expect(init!.headers).toMatchObject({ 'X-CSRF-Token': 'token', Accept: 'text/event-stream' });
  });

  it("should fail with the API's error when the question is refused before the stream starts", async () => {
    const envelope = { error: { code: 'conflict', message: 'The agent is disabled' }, request_id: 'req_1' };
    const fetcher = async () => new Response(JSON.stringify(envelope), { status: 409, headers: { 'Content-Type': 'application/json' } });
    const answer = await streamAnswer(
      { agent_id: 'agt_1', query: 'How?' },
      { signal: new AbortController().signal, headers: {}, onAnswer: () => undefined, fetcher },
    );
    expect(answer).toEqual({ ...ASKING, phase: 'failed', error: envelope });
  });

  it('should stop when aborted, keeping the text streamed so far', async () => {
    const abort = new AbortController();
    // Like fetch: aborting the request errors the body being read.
    const fetcher = async (_url: RequestInfo | URL, init?: RequestInit) =>
      eventStream(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(
              new TextEncoder().encode(
                sse([
                  ['sources', []],
                  ['delta', { text: 'Half an' }],
                ]),
              ),
            );
            init!.signal!.addEventListener('abort', () => controller.error(new DOMException('The operation was aborted.', 'AbortError')));
          },
        }),
      );
    const answer = await streamAnswer(
      { agent_id: 'agt_1', query: 'How?' },
      {
        signal: abort.signal,
        headers: {},
        onAnswer: (next) => {
          if (next.text) {
            abort.abort();
          }
        },
        fetcher,
      },
    );
    expect(answer).toEqual({ phase: 'stopped', text: 'Half an', sources: [], searched: true });
  });

  it('should fail when the service cannot be reached', async () => {
    const fetcher = async () => Promise.reject(new TypeError('Failed to fetch'));
    const answer = await streamAnswer(
      { agent_id: 'agt_1', query: 'How?' },
      { signal: new AbortController().signal, headers: {}, onAnswer: () => undefined, fetcher },
    );
    expect(answer).toMatchObject({ phase: 'failed', error: expect.any(TypeError) });
  });
});
