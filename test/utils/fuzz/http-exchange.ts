import { Agent, request, type IncomingHttpHeaders } from 'node:http';

/** A request exactly as it goes on the wire: no client library adds, fixes or encodes anything. */
export interface RawRequest {
  method: string;
  /** Path and query string, already percent-encoded. */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body parsed, when the answer says it is JSON; undefined otherwise (or when it does not parse). */
  json: unknown;
  /** Set when the answer says JSON and the body does not parse. */
  jsonError?: string;
}

/** A client of one server (origin http://host:port) over kept-alive connections. */
export class HttpExchange {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 4 });
  private readonly url: URL;

  constructor(origin: string) {
    this.url = new URL(origin);
  }

  /**
   * Sends one request and reads the whole answer. A kept-alive connection the server closed while idle (its
   * keep-alive timeout passes while a loaded machine stalls between two requests) resets the next request
   * sent on it before the server reads it: that one request is sent again, once, on a new connection.
   */
  async send(sent: RawRequest, timeoutMs = 30_000): Promise<RawResponse> {
    try {
      return await this.sendOnce(sent, timeoutMs);
    } catch (error) {
      if ((error as { staleConnection?: boolean }).staleConnection) {
        return this.sendOnce(sent, timeoutMs);
      }
      throw error;
    }
  }

  private sendOnce(sent: RawRequest, timeoutMs: number): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      let answered = false;
      const outgoing = request(
        {
          agent: this.agent,
          host: this.url.hostname,
          port: this.url.port,
          method: sent.method,
          path: sent.target,
          headers: { ...sent.headers, ...(sent.body ? { 'Content-Length': String(sent.body.length) } : {}) },
          timeout: timeoutMs,
        },
        (incoming) => {
          answered = true;
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => resolve(responseOf(incoming.statusCode ?? 0, incoming.headers, Buffer.concat(chunks))));
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error(`No answer to ${sent.method} ${sent.target.slice(0, 200)} within ${timeoutMs} ms`)));
      outgoing.on('error', (error: NodeJS.ErrnoException) =>
        reject(Object.assign(error, { staleConnection: outgoing.reusedSocket && error.code === 'ECONNRESET' && !answered })),
      );
      outgoing.end(sent.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** A supertest answer as the checks read answers: its bytes, and its JSON when it says it is JSON. */
export function rawResponseOf(response: { status: number; headers: Record<string, unknown>; text?: string; body: unknown }): RawResponse {
  const body = Buffer.isBuffer(response.body) ? response.body : Buffer.from(response.text ?? '');
  return responseOf(response.status, response.headers as IncomingHttpHeaders, body);
}

function responseOf(status: number, headers: IncomingHttpHeaders, body: Buffer): RawResponse {
  const isJson = /^application\/([\w.+-]+\+)?json\b/.test(headers['content-type'] ?? '');
  if (!isJson || body.length === 0) {
    return { status, headers, body, json: undefined };
  }
  try {
    return { status, headers, body, json: JSON.parse(body.toString('utf8')) };
  } catch (error) {
    return { status, headers, body, json: undefined, jsonError: (error as Error).message };
  }
}
