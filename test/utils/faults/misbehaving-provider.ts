import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { closedEarly, readBody, sseData } from '#test/utils/openai-stub.js';

/**
 * How the endpoint misbehaves, chosen by the model a request names (`custom:<behaviour>`):
 * - `hang`: takes the request and never answers, the connection left open;
 * - `reset`: resets the connection (RST) once the request has arrived;
 * - `invalid-json`: 200 with a body that is not JSON (streamed: an event whose data is not JSON);
 * - `wrong-shape`: 200 with JSON that is no chat completion (streamed: chunks without `choices`);
 * - `cut-short`: the answer stops half-way: a body shorter than its Content-Length (streamed: a few deltas,
 *   then the response ends without a finish reason or `[DONE]`);
 * - `endless`: an answer that never ends, written as fast as the client reads it until it goes away: one
 *   completion whose text goes on for ever (streamed: deltas for ever);
 * - `healthy`: a proper completion, `HEALTHY_ANSWER`.
 */
export type ProviderBehaviour = 'hang' | 'reset' | 'invalid-json' | 'wrong-shape' | 'cut-short' | 'endless' | 'healthy';

export const HEALTHY_ANSWER = 'Calibrate the widget with a torque wrench in four steps [1].';

export interface ProviderRequest {
  behaviour: string;
  stream: boolean;
  /** Settles true when the client closed the connection before the response was complete (see closedEarly). */
  closedEarly: Promise<boolean>;
}

/** An OpenAI-compatible chat completions endpoint on loopback that fails in the ways real ones do. */
export class MisbehavingProvider {
  readonly requests: ProviderRequest[] = [];
  private readonly sockets = new Set<Socket>();

  private constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    server.on('request', (request: IncomingMessage, response: ServerResponse) => void this.serve(request, response));
  }

  static async start(): Promise<MisbehavingProvider> {
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return new MisbehavingProvider(server);
  }

  /** What CUSTOM_MODEL_BASE_URL takes. */
  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  /** Requests received for `behaviour`. */
  received(behaviour: ProviderBehaviour): ProviderRequest[] {
    return this.requests.filter((request) => request.behaviour === behaviour);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) {
      socket.destroy();
    }
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = JSON.parse(await readBody(request)) as { model?: string; stream?: boolean };
    const behaviour = body.model ?? '';
    const stream = body.stream === true;
    this.requests.push({ behaviour, stream, closedEarly: closedEarly(response) });
    switch (behaviour as ProviderBehaviour) {
      case 'hang':
        return;
      case 'reset':
        request.socket.resetAndDestroy();
        return;
      case 'invalid-json':
        return stream
          ? this.sse(response, ['data: {"id": "chatcmpl-1", "choices": [{"delta": {"content": "Cal\n\n'])
          : this.json(response, '{"id": "chatcmpl-1", "choices": [');
      case 'wrong-shape':
        return stream
          ? this.sse(response, [sseData({ id: 'chatcmpl-1', result: 'Calibrate' }), sseData({ id: 'chatcmpl-1', result: ' the widget' }), sseData('[DONE]')])
          : this.json(response, JSON.stringify({ id: 'chatcmpl-1', object: 'text_completion', result: 'Calibrate the widget.' }));
      case 'cut-short':
        return stream
          ? this.sse(response, [chunk({ role: 'assistant', content: '' }), chunk({ content: 'Calibrate the ' }), chunk({ content: 'widget' })])
          : this.truncated(response);
      case 'endless':
        return this.endless(response, stream);
      case 'healthy':
        return stream
          ? this.sse(response, [chunk({ role: 'assistant', content: '' }), chunk({ content: HEALTHY_ANSWER }), chunk({}, 'stop'), sseData('[DONE]')])
          : this.json(response, JSON.stringify(completion(HEALTHY_ANSWER)));
      default:
        response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `Unknown model ${behaviour}` } }));
    }
  }

  private json(response: ServerResponse, text: string): void {
    response.writeHead(200, { 'content-type': 'application/json' }).end(text);
  }

  private sse(response: ServerResponse, events: string[]): void {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const event of events) {
      response.write(event);
    }
    response.end();
  }

  /** Writes whenever the client has read what came before, until it goes away. */
  private endless(response: ServerResponse, stream: boolean): void {
    response.writeHead(200, { 'content-type': stream ? 'text/event-stream' : 'application/json' });
    if (!stream) {
      response.write(
        '{"id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": "m", "choices": [{"index": 0, "message": {"role": "assistant", "content": "',
      );
    }
    const piece = stream ? chunk({ content: 'Calibrate '.repeat(100) }) : 'Calibrate '.repeat(6_500);
    const write = (): void => {
      while (!response.destroyed) {
        if (!response.write(piece)) {
          response.once('drain', write);
          return;
        }
      }
    };
    write();
  }

  /** Promises a whole completion and sends the first half of it, then closes the connection. */
  private truncated(response: ServerResponse): void {
    const text = JSON.stringify(completion(HEALTHY_ANSWER));
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
    response.write(text.slice(0, Math.floor(text.length / 2)));
    response.socket?.end();
  }
}

function chunk(delta: Record<string, string>, finishReason: string | null = null): string {
  return sseData({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta, finish_reason: finishReason }] });
}

function completion(text: string): unknown {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 0,
    model: 'm',
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}
