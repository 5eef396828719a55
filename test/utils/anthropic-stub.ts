import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  contentText,
  pace,
  receive,
  send,
  streamPieces,
  stubWords,
  take,
  type Pending,
  type StubFailure,
  type StubRequest,
  type StubResponse,
} from '#test/utils/openai-stub.js';

/**
 * A real HTTP server on 127.0.0.1 speaking the part of Anthropic's Messages API the service uses:
 * `POST /v1/messages`, answered whole or streamed as server-sent events (message_start, content_block_start,
 * ping, content_block_delta per text delta, content_block_stop, message_delta with the output usage,
 * message_stop). Errors have Anthropic's shape (`{"type": "error", "error": {"type", "message"}}`).
 * Authentication is `x-api-key` or `Authorization: Bearer` (what the SDK sends depends on its version).
 * Tokens are words here. Like OpenAIStub it records requests, fails or delays the next ones on demand,
 * and tells (StubRequest.closedEarly) whether the client hung up before the end.
 */

export interface MessagesBody {
  model: string;
  max_tokens: number;
  messages: Array<{ role: string; content: unknown }>;
  system?: string | Array<{ type: string; text: string }>;
  stream?: boolean;
  temperature?: number;
}

export interface AnthropicStubOptions {
  /** Requests must carry this key (x-api-key or Bearer); others get 401. Default: no check. */
  apiKey?: string;
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

export function anthropicError(status: number, message: string): StubResponse {
  return { status, body: { type: 'error', error: { type: ERROR_TYPES[status] ?? 'api_error', message }, request_id: `req_stub_${Date.now()}` } };
}

export const DEFAULT_ANTHROPIC_ANSWER = 'This is the Anthropic stub answer [1].';

/** The system prompt's text, whether a string or text blocks. */
export function systemText(system: MessagesBody['system']): string {
  return typeof system === 'string' ? system : (system ?? []).map((block) => block.text).join('\n');
}

export class AnthropicStub {
  readonly requests: StubRequest[] = [];
  /** The answer: a text, or a function of the request body. */
  answer: string | ((body: MessagesBody) => string) = DEFAULT_ANTHROPIC_ANSWER;
  chunkDelayMs = 0;
  chunkChars: number | undefined;
  stallAfterChunks: number | undefined;
  cutAfterChunks: number | undefined;
  /** After this many deltas, end the stream cleanly without its message_delta and message_stop (a gateway cutting it short). */
  endAfterChunks: number | undefined;
  /** Messages answered, failed requests excluded. */
  completions = 0;
  private readonly failures: Pending<StubFailure>[] = [];
  private readonly delays: Pending<number>[] = [];

  private constructor(
    private readonly server: Server,
    /** e.g. `http://127.0.0.1:41234`: what the Anthropic SDK takes as its base URL (it adds `/v1/messages`). */
    readonly baseUrl: string,
    private readonly apiKey: string | undefined,
  ) {}

  static async start(options: AnthropicStubOptions = {}): Promise<AnthropicStub> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const stub = new AnthropicStub(server, `http://127.0.0.1:${port}`, options.apiKey);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      stub.serve(request, response).catch((error: unknown) => {
        if (!response.headersSent) {
          response.writeHead(500, { 'content-type': 'application/json' });
        }
        response.end(JSON.stringify(anthropicError(500, `Stub failure: ${String(error)}`).body));
      });
    });
    return stub;
  }

  /** The next `count` requests get `failure.status` (with Anthropic's error shape) instead of an answer. */
  failNext(count: number, failure: StubFailure): void {
    if (count > 0) {
      this.failures.push({ remaining: count, path: failure.path, value: failure });
    }
  }

  /** The next `count` requests are held `ms` before being handled (or failed). */
  delayNext(count: number, ms: number): void {
    if (count > 0) {
      this.delays.push({ remaining: count, path: undefined, value: ms });
    }
  }

  reset(): void {
    this.requests.length = 0;
    this.failures.length = 0;
    this.delays.length = 0;
    this.answer = DEFAULT_ANTHROPIC_ANSWER;
    this.chunkDelayMs = 0;
    this.chunkChars = undefined;
    this.stallAfterChunks = undefined;
    this.cutAfterChunks = undefined;
    this.endAfterChunks = undefined;
    this.completions = 0;
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  private async serve(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const { request, malformed } = await receive(incoming, response);
    this.requests.push(request);
    const delay = take(this.delays, request.path);
    if (delay !== undefined) {
      await sleep(delay);
    }
    await send(response, this.precheck(request, malformed) ?? this.route(request));
  }

  private precheck(request: StubRequest, malformed: boolean): StubResponse | undefined {
    if (this.apiKey !== undefined) {
      const header = request.headers['x-api-key'];
      const given = typeof header === 'string' ? header : /^Bearer (.*)$/.exec(request.headers.authorization ?? '')?.[1];
      if (given !== this.apiKey) {
        return anthropicError(401, 'invalid x-api-key');
      }
    }
    const failure = take(this.failures, request.path);
    if (failure !== undefined) {
      return { ...anthropicError(failure.status, failure.message ?? `Stub failure with status ${failure.status}`), headers: failure.headers };
    }
    if (malformed) {
      return anthropicError(400, 'There was an issue with the formatting or content of your request.');
    }
    if (typeof request.headers['anthropic-version'] !== 'string') {
      return anthropicError(400, 'anthropic-version: header is required');
    }
    return undefined;
  }

  private route(request: StubRequest): StubResponse {
    if (request.method !== 'POST' || request.path !== '/v1/messages') {
      return anthropicError(404, `Not found: ${request.method} ${request.path}`);
    }
    const invalid = validateMessagesBody(request.body);
    if (invalid) {
      return invalid;
    }
    const body = request.body as MessagesBody;
    const text = typeof this.answer === 'function' ? this.answer(body) : this.answer;
    const inputTokens =
      stubWords(systemText(body.system)).length + body.messages.reduce((sum, message) => sum + stubWords(contentText(message.content)).length, 0);
    const outputTokens = stubWords(text).length;
    this.completions++;
    const id = `msg_stub${this.completions}`;
    const message = { id, type: 'message', role: 'assistant', model: body.model, stop_sequence: null };
    if (!body.stream) {
      return {
        status: 200,
        body: { ...message, content: [{ type: 'text', text }], stop_reason: 'end_turn', usage: { input_tokens: inputTokens, output_tokens: outputTokens } },
      };
    }
    const settings = { delay: this.chunkDelayMs, stallAfter: this.stallAfterChunks, cutAfter: this.cutAfterChunks };
    const endAfter = this.endAfterChunks;
    const pieces = streamPieces(text, this.chunkChars);
    async function* events(): AsyncGenerator<string> {
      yield event('message_start', {
        type: 'message_start',
        message: { ...message, content: [], stop_reason: null, usage: { input_tokens: inputTokens, output_tokens: 1 } },
      });
      yield event('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
      yield event('ping', { type: 'ping' });
      for (const [index, piece] of pieces.entries()) {
        if (endAfter !== undefined && index >= endAfter) {
          return;
        }
        await pace(index, settings);
        yield event('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } });
      }
      yield event('content_block_stop', { type: 'content_block_stop', index: 0 });
      yield event('message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: outputTokens } });
      yield event('message_stop', { type: 'message_stop' });
    }
    return { status: 200, stream: events() };
  }
}

function event(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** As the Messages API checks: model, max_tokens, and messages alternating from user, each with content. */
function validateMessagesBody(raw: unknown): StubResponse | undefined {
  if (typeof raw !== 'object' || raw === null) {
    return anthropicError(400, 'There was an issue with the formatting or content of your request.');
  }
  const body = raw as Record<string, unknown>;
  if (typeof body.model !== 'string' || body.model.length === 0) {
    return anthropicError(400, 'model: Field required');
  }
  if (typeof body.max_tokens !== 'number' || !Number.isInteger(body.max_tokens) || body.max_tokens < 1) {
    return anthropicError(400, 'max_tokens: Field required');
  }
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0) {
    return anthropicError(400, 'messages: at least one message is required');
  }
  for (const [index, message] of (messages as Array<{ role?: unknown; content?: unknown }>).entries()) {
    const expected = index % 2 === 0 ? 'user' : 'assistant';
    if (message.role !== expected) {
      return anthropicError(
        400,
        `messages: roles must alternate between "user" and "assistant", starting with "user" (message ${index} is ${String(message.role)})`,
      );
    }
    if (contentText(message.content).length === 0) {
      return anthropicError(400, `messages.${index}: all messages must have non-empty content`);
    }
  }
  if (body.system !== undefined && typeof body.system !== 'string' && !Array.isArray(body.system)) {
    return anthropicError(400, 'system: Input should be a valid string');
  }
  if (body.temperature !== undefined) {
    return anthropicError(400, 'temperature: Extra inputs are not permitted');
  }
  if (body.stream !== undefined && typeof body.stream !== 'boolean') {
    return anthropicError(400, 'stream: Input should be a valid boolean');
  }
  return undefined;
}
