import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A real HTTP server on 127.0.0.1 that speaks the parts of the OpenAI API the service uses, for tests of
 * anything that talks to an OpenAI-compatible provider.
 *
 * It is a small router: each endpoint is a StubRoute (method, path, handler, its own settings), and what
 * applies to every endpoint (authentication, request recording, injected failures and delays) lives in the
 * stub itself. `/v1/embeddings` is EmbeddingsRoute and `/v1/chat/completions` is ChatCompletionsRoute, built
 * in by the constructor and exposed as `embeddings` and `chat` for tests to steer. Another endpoint is another
 * class implementing StubRoute: built in the same way (a field beside them), or passed by a test with `routes`.
 * A route answers JSON, or streams (server-sent events) by returning a StubResponse with `stream`; every
 * recorded request says, through `closedEarly`, whether the client hung up before the response was complete.
 */

export interface StubRequest {
  method: string;
  /** Without the query string, e.g. `/v1/embeddings`. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body; undefined when there was none. */
  body: unknown;
  /** performance.now() when the request arrived. */
  receivedAt: number;
  /**
   * Settles when the exchange is over: true when the client closed the connection before the response was
   * complete (an aborted call), false when the whole response was sent.
   */
  closedEarly: Promise<boolean>;
  /** performance.now() when the exchange was over; undefined while it goes on. */
  endedAt?: number;
}

export interface StubResponse {
  status: number;
  /** Sent as JSON; ignored when `stream` or `page` is set. */
  body?: unknown;
  /** Sent as is, as HTML: what a gateway in front of a provider answers when it fails. */
  page?: string;
  headers?: Record<string, string>;
  /** Written piece by piece as it yields (default content type `text/event-stream`); stops when the client goes away. */
  stream?: AsyncIterable<string>;
}

export interface StubRoute {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  handle(request: StubRequest): StubResponse | Promise<StubResponse>;
  /** Back to the route's initial settings; called by OpenAIStub.reset(). */
  reset?(): void;
}

export interface StubFailure {
  status: number;
  /** Default: a message naming the status. */
  message?: string;
  /** Sent as is, e.g. `{ 'retry-after-ms': '10' }`. */
  headers?: Record<string, string>;
  /** Only requests to this path; default: any. */
  path?: string;
  /** An HTML error page instead of the provider's JSON error. */
  page?: string;
}

export interface OpenAIStubOptions {
  /** Requests must carry `Authorization: Bearer <apiKey>`; others get 401. Default: no check. */
  apiKey?: string;
  /** Dimensions of the embeddings when a request does not ask for a number. Default 64. */
  dimensions?: number;
  /** Further endpoints. */
  routes?: StubRoute[];
}

/** An error body shaped like OpenAI's. */
export function openAIError(status: number, message: string, type = 'invalid_request_error', code: string | null = null): StubResponse {
  return { status, body: { error: { message, type, param: null, code } } };
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function fnv1a(text: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME) >>> 0;
  }
  return hash;
}

/** Lower-cased words: what the stub's embeddings and token counts are made of. */
export function stubWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The stub's embedding of `text`: a hashed bag of words, so texts sharing words get similar vectors. Each
 * word adds ±1 to one dimension chosen by its hash; dimension 0 is always 1, so no vector is zero. Not
 * normalised (its length grows with the text), so a client's normalisation shows.
 */
export function stubEmbedding(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  vector[0] = 1;
  if (dimensions > 1) {
    for (const word of stubWords(text)) {
      const hash = fnv1a(word);
      vector[1 + (hash % (dimensions - 1))] += hash >>> 31 === 1 ? -1 : 1;
    }
  }
  return vector;
}

function toBase64(vector: number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString('base64');
}

const MAX_INPUTS = 2_048;

/** POST /v1/embeddings, validated like OpenAI's (model, input, dimensions, encoding_format). */
export class EmbeddingsRoute implements StubRoute {
  readonly method = 'POST';
  readonly path = '/v1/embeddings';
  /** Answer with this many dimensions whatever the request asked for, like a misconfigured model. */
  forcedDimensions: number | undefined;
  /** Always answer plain arrays of numbers, as servers that ignore `encoding_format` do. */
  ignoreEncodingFormat = false;
  /** Sum of `usage.prompt_tokens` over every answer (a token is a word here). */
  promptTokens = 0;

  constructor(public defaultDimensions: number) {}

  handle(request: StubRequest): StubResponse {
    const body = request.body as Record<string, unknown> | undefined;
    if (typeof body !== 'object' || body === null) {
      return openAIError(400, 'We could not parse the JSON body of your request.');
    }
    const { model, input, dimensions, encoding_format: encodingFormat = 'float' } = body;
    if (typeof model !== 'string' || model.length === 0) {
      return openAIError(400, 'you must provide a model parameter');
    }
    const inputs = typeof input === 'string' ? [input] : input;
    if (!Array.isArray(inputs) || inputs.length === 0 || inputs.length > MAX_INPUTS || inputs.some((text) => typeof text !== 'string' || text.length === 0)) {
      return openAIError(400, "'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference.");
    }
    if (dimensions !== undefined && (typeof dimensions !== 'number' || !Number.isInteger(dimensions) || dimensions < 1)) {
      return openAIError(400, `Invalid value for 'dimensions': ${JSON.stringify(dimensions)}.`);
    }
    if (encodingFormat !== 'float' && encodingFormat !== 'base64') {
      return openAIError(400, `Invalid value for 'encoding_format': ${JSON.stringify(encodingFormat)}.`);
    }
    const size = this.forcedDimensions ?? dimensions ?? this.defaultDimensions;
    const texts = inputs as string[];
    const tokens = texts.reduce((sum, text) => sum + stubWords(text).length, 0);
    this.promptTokens += tokens;
    const data = texts.map((text, index) => {
      const vector = stubEmbedding(text, size);
      return { object: 'embedding', index, embedding: encodingFormat === 'base64' && !this.ignoreEncodingFormat ? toBase64(vector) : vector };
    });
    return { status: 200, body: { object: 'list', data, model, usage: { prompt_tokens: tokens, total_tokens: tokens } } };
  }

  reset(): void {
    this.forcedDimensions = undefined;
    this.ignoreEncodingFormat = false;
    this.promptTokens = 0;
  }
}

/** Server-sent event framing of one `data:` event. */
export function sseData(data: unknown): string {
  return `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
}

/** Splits an answer into the deltas a provider would stream: words with their trailing spaces, or fixed-size pieces. */
export function streamPieces(text: string, chunkChars?: number): string[] {
  if (chunkChars !== undefined && chunkChars > 0) {
    const pieces: string[] = [];
    for (let i = 0; i < text.length; i += chunkChars) {
      pieces.push(text.slice(i, i + chunkChars));
    }
    return pieces;
  }
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/** The text of a message's content, whether a string or an array of text parts. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') {
    return content;
  }
  if (Array.isArray(content)) {
    return content
      .map((part) =>
        typeof part === 'object' && part !== null && typeof (part as { text?: unknown }).text === 'string' ? (part as { text: string }).text : '',
      )
      .join('');
  }
  return '';
}

export interface ChatMessageBody {
  role: string;
  content: unknown;
}

export interface ChatCompletionBody {
  model: string;
  messages: ChatMessageBody[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
}

const CHAT_ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);

/**
 * POST /v1/chat/completions, validated like OpenAI's (model, messages, temperature, token limits,
 * stream_options only with stream). Answers `answer` (a text, or a function of the request body), as one
 * completion or, with `stream: true`, as SSE chunks in OpenAI's format: a role chunk, one chunk per delta
 * (`chunkDelayMs` apart), a chunk with `finish_reason`, then (with `stream_options.include_usage`) a chunk
 * with `choices: []` and the usage, then `data: [DONE]`. Tokens are words here (stubWords).
 */
export class ChatCompletionsRoute implements StubRoute {
  readonly method = 'POST';
  readonly path = '/v1/chat/completions';
  answer: string | ((body: ChatCompletionBody) => string) = DEFAULT_CHAT_ANSWER;
  /** Pause before each streamed delta. */
  chunkDelayMs = 0;
  /** Stream pieces of this many characters instead of words (to cut markers such as "[12]" in the middle). */
  chunkChars: number | undefined;
  /** Report usage (in the completion, or in the last chunk when asked); false: as servers that never do. */
  reportUsage = true;
  /** Counts reported in place of the true ones, as a careless gateway might (fractions, negatives, huge numbers). */
  reportedUsage: Record<string, unknown> | undefined;
  /** After this many deltas, go silent with the connection open (a stalled provider). */
  stallAfterChunks: number | undefined;
  /** After this many deltas, destroy the connection (a provider that dies mid-answer). */
  cutAfterChunks: number | undefined;
  /** Completions answered (streamed or not), failed requests excluded. */
  completions = 0;

  handle(request: StubRequest): StubResponse {
    const invalid = validateChatBody(request.body);
    if (invalid) {
      return invalid;
    }
    const body = request.body as ChatCompletionBody;
    const text = typeof this.answer === 'function' ? this.answer(body) : this.answer;
    const usage = {
      prompt_tokens: body.messages.reduce((sum, message) => sum + stubWords(contentText(message.content)).length, 0),
      completion_tokens: stubWords(text).length,
      total_tokens: 0,
    };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    Object.assign(usage, this.reportedUsage);
    this.completions++;
    const id = `chatcmpl-stub${this.completions}`;
    const created = Math.floor(Date.now() / 1000);
    if (!body.stream) {
      return {
        status: 200,
        body: {
          id,
          object: 'chat.completion',
          created,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, logprobs: null, finish_reason: 'stop' }],
          ...(this.reportUsage ? { usage } : {}),
        },
      };
    }
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}): string =>
      sseData({ id, object: 'chat.completion.chunk', created, model: body.model, choices, ...extra });
    const settings = { delay: this.chunkDelayMs, stallAfter: this.stallAfterChunks, cutAfter: this.cutAfterChunks };
    const includeUsage = this.reportUsage && body.stream_options?.include_usage === true;
    const pieces = streamPieces(text, this.chunkChars);
    async function* events(): AsyncGenerator<string> {
      yield chunk([{ index: 0, delta: { role: 'assistant', content: '', refusal: null }, logprobs: null, finish_reason: null }]);
      for (const [index, piece] of pieces.entries()) {
        await pace(index, settings);
        yield chunk([{ index: 0, delta: { content: piece }, logprobs: null, finish_reason: null }]);
      }
      yield chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }]);
      if (includeUsage) {
        yield chunk([], { usage });
      }
      yield sseData('[DONE]');
    }
    return { status: 200, stream: events() };
  }

  reset(): void {
    this.answer = DEFAULT_CHAT_ANSWER;
    this.chunkDelayMs = 0;
    this.chunkChars = undefined;
    this.reportUsage = true;
    this.reportedUsage = undefined;
    this.stallAfterChunks = undefined;
    this.cutAfterChunks = undefined;
    this.completions = 0;
  }
}

export const DEFAULT_CHAT_ANSWER = 'This is the stub answer [1].';

/** Thrown inside a stream to make the stub destroy the connection. */
export class CutConnection extends Error {}

/** The pause before delta `index`, a stall (never ends while the client stays), or a cut connection. */
export async function pace(index: number, settings: { delay: number; stallAfter?: number; cutAfter?: number }): Promise<void> {
  if (settings.cutAfter !== undefined && index >= settings.cutAfter) {
    throw new CutConnection();
  }
  if (settings.stallAfter !== undefined && index >= settings.stallAfter) {
    // Unreferenced: a stalled stream must not keep the test process alive.
    await sleep(24 * 3_600_000, undefined, { ref: false });
  }
  if (settings.delay > 0) {
    await sleep(settings.delay);
  }
}

function validateChatBody(raw: unknown): StubResponse | undefined {
  if (typeof raw !== 'object' || raw === null) {
    return openAIError(400, 'We could not parse the JSON body of your request.');
  }
  const body = raw as Record<string, unknown>;
  if (typeof body.model !== 'string' || body.model.length === 0) {
    return openAIError(400, 'you must provide a model parameter');
  }
  const messages = body.messages;
  if (
    !Array.isArray(messages) ||
    messages.length === 0 ||
    messages.some(
      (message: ChatMessageBody) =>
        typeof message !== 'object' ||
        message === null ||
        !CHAT_ROLES.has(message.role) ||
        (typeof message.content !== 'string' && !Array.isArray(message.content)),
    )
  ) {
    return openAIError(400, "Invalid value for 'messages'.");
  }
  if (body.temperature !== undefined && (typeof body.temperature !== 'number' || body.temperature < 0 || body.temperature > 2)) {
    return openAIError(400, `Invalid 'temperature': ${JSON.stringify(body.temperature)}. Expected a value between 0 and 2.`);
  }
  for (const field of ['max_tokens', 'max_completion_tokens']) {
    const value = body[field];
    if (value !== undefined && (typeof value !== 'number' || !Number.isInteger(value) || value < 1)) {
      return openAIError(400, `Invalid '${field}': ${JSON.stringify(value)}.`);
    }
  }
  if (body.stream !== undefined && typeof body.stream !== 'boolean') {
    return openAIError(400, "Invalid value for 'stream'.");
  }
  if (body.stream_options !== undefined && body.stream !== true) {
    return openAIError(400, "The 'stream_options' parameter is only allowed when 'stream' is enabled.");
  }
  return undefined;
}

export interface Pending<T> {
  remaining: number;
  path: string | undefined;
  value: T;
}

export class OpenAIStub {
  /** Every request received, failed ones included, in arrival order. */
  readonly requests: StubRequest[] = [];
  readonly embeddings: EmbeddingsRoute;
  readonly chat = new ChatCompletionsRoute();
  private readonly routes = new Map<string, StubRoute>();
  private readonly failures: Pending<StubFailure>[] = [];
  private readonly delays: Pending<number>[] = [];

  private constructor(
    private readonly server: Server,
    /** e.g. `http://127.0.0.1:41234/v1`, what an OpenAI client takes as its base URL. */
    readonly baseUrl: string,
    private readonly apiKey: string | undefined,
    dimensions: number,
    routes: StubRoute[],
  ) {
    this.embeddings = new EmbeddingsRoute(dimensions);
    for (const route of [this.embeddings, this.chat, ...routes]) {
      this.addRoute(route);
    }
  }

  static async start(options: OpenAIStubOptions = {}): Promise<OpenAIStub> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const stub = new OpenAIStub(server, `http://127.0.0.1:${port}/v1`, options.apiKey, options.dimensions ?? 64, options.routes ?? []);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      stub.serve(request, response).catch((error: unknown) => {
        if (!response.headersSent) {
          response.writeHead(500, { 'content-type': 'application/json' });
        }
        response.end(JSON.stringify(openAIError(500, `Stub failure: ${String(error)}`, 'server_error').body));
      });
    });
    return stub;
  }

  addRoute(route: StubRoute): void {
    this.routes.set(`${route.method} ${route.path}`, route);
  }

  /** The next `count` requests (to `failure.path`, or any) get `failure.status` instead of an answer. */
  failNext(count: number, failure: StubFailure): void {
    if (count < 1) {
      return;
    }
    this.failures.push({ remaining: count, path: failure.path, value: failure });
  }

  /** The next `count` requests (to `path`, or any) are held `ms` before being handled (or failed). */
  delayNext(count: number, ms: number, path?: string): void {
    if (count < 1) {
      return;
    }
    this.delays.push({ remaining: count, path, value: ms });
  }

  requestsTo(path: string): StubRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  /** Forgets recorded requests, pending failures and delays, and the routes' settings. */
  reset(): void {
    this.requests.length = 0;
    this.failures.length = 0;
    this.delays.length = 0;
    for (const route of this.routes.values()) {
      route.reset?.();
    }
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
    await send(response, this.answer(request, malformed) ?? (await this.route(request)));
  }

  /** An answer decided before routing: refused authentication, an injected failure, a malformed body. */
  private answer(request: StubRequest, malformed: boolean): StubResponse | undefined {
    if (this.apiKey !== undefined) {
      const given = /^Bearer (.*)$/.exec(request.headers.authorization ?? '')?.[1];
      if (given !== this.apiKey) {
        // Echoes the key it was given, in full, as some providers do: clients must not repeat it.
        const message = given === undefined ? "You didn't provide an API key." : `Incorrect API key provided: ${given}.`;
        return openAIError(401, message, 'invalid_request_error', 'invalid_api_key');
      }
    }
    const failure = take(this.failures, request.path);
    if (failure?.page !== undefined) {
      return { status: failure.status, page: failure.page, headers: failure.headers };
    }
    if (failure !== undefined) {
      const response = openAIError(
        failure.status,
        failure.message ?? `Stub failure with status ${failure.status}`,
        failure.status === 429 ? 'rate_limit_error' : 'server_error',
      );
      return { ...response, headers: failure.headers };
    }
    if (malformed) {
      return openAIError(400, 'We could not parse the JSON body of your request.');
    }
    return undefined;
  }

  private async route(request: StubRequest): Promise<StubResponse> {
    const route = this.routes.get(`${request.method} ${request.path}`);
    if (!route) {
      return openAIError(404, `Invalid URL (${request.method} ${request.path})`);
    }
    return route.handle(request);
  }
}

/** The value of the first pending entry that applies to `path`, counting it down. */
export function take<T>(pending: Pending<T>[], path: string): T | undefined {
  const index = pending.findIndex((entry) => entry.path === undefined || entry.path === path);
  if (index === -1) {
    return undefined;
  }
  const entry = pending[index];
  entry.remaining--;
  if (entry.remaining <= 0) {
    pending.splice(index, 1);
  }
  return entry.value;
}

/** A request as the stubs record it, its body read as JSON; `malformed` when it is not JSON. */
export async function receive(incoming: IncomingMessage, response: ServerResponse): Promise<{ request: StubRequest; malformed: boolean }> {
  const receivedAt = performance.now();
  const raw = await readBody(incoming);
  let body: unknown;
  let malformed = false;
  if (raw.length > 0) {
    try {
      body = JSON.parse(raw);
    } catch {
      malformed = true;
    }
  }
  const path = new URL(incoming.url ?? '/', 'http://stub').pathname;
  const request: StubRequest = { method: incoming.method ?? 'GET', path, headers: incoming.headers, body, receivedAt, closedEarly: closedEarly(response) };
  response.once('close', () => (request.endedAt = performance.now()));
  return { request, malformed };
}

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Settles true if the client goes away before the response is complete, false once it is. */
export function closedEarly(response: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => response.once('close', () => resolve(!response.writableFinished)));
}

/** Writes a JSON answer, or streams one, stopping when the client has gone (and destroying on CutConnection). */
export async function send(response: ServerResponse, answer: StubResponse): Promise<void> {
  if (response.destroyed) {
    return;
  }
  if (answer.page !== undefined) {
    response.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8', ...answer.headers });
    response.end(answer.page);
    return;
  }
  if (!answer.stream) {
    response.writeHead(answer.status, { 'content-type': 'application/json', 'x-request-id': `req_stub_${Date.now()}`, ...answer.headers });
    response.end(JSON.stringify(answer.body));
    return;
  }
  response.writeHead(answer.status, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-request-id': `req_stub_${Date.now()}`,
    ...answer.headers,
  });
  response.flushHeaders();
  const gone = new Promise<'gone'>((resolve) => response.once('close', () => resolve('gone')));
  const iterator = answer.stream[Symbol.asyncIterator]();
  try {
    for (;;) {
      // A stalled stream still notices the client leaving: the pending step loses the race to 'close'.
      const step = await Promise.race([iterator.next(), gone]);
      if (step === 'gone' || response.destroyed) {
        void iterator.return?.(undefined);
        return;
      }
      if (step.done) {
        break;
      }
      response.write(step.value);
    }
    response.end();
  } catch (error) {
    if (error instanceof CutConnection) {
      response.destroy();
      return;
    }
    throw error;
  }
}
