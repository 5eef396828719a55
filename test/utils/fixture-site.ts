import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** What a route answers. Everything is optional: the default is an empty 200. */
export interface FixtureResponse {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Waits this long before sending the status line. */
  delayMs?: number;
  /** Sends the body in pieces of `bytes`, pausing `intervalMs` between them (a slow body). */
  trickle?: { bytes: number; intervalMs: number };
}

export type FixtureHandler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  path: string;
  headers: IncomingMessage['headers'];
  /** performance.now() when the request arrived. */
  at: number;
}

/**
 * A small website served on loopback for tests that fetch over HTTP (crawler, webhooks). Routes are exact paths
 * (with the query string, else without it); anything else is a 404. Every request is recorded with its arrival time,
 * and the highest number of requests in progress at once is kept.
 */
export class FixtureSite {
  readonly requests: RecordedRequest[] = [];
  maxInFlight = 0;
  private inFlight = 0;
  private readonly routes = new Map<string, FixtureHandler>();

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<FixtureSite> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const site = new FixtureSite(server, `http://127.0.0.1:${port}`);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => site.handle(request, response));
    return site;
  }

  get port(): number {
    return Number(new URL(this.origin).port);
  }

  /** An absolute URL on this site; `host` replaces 127.0.0.1 (for names a test resolver maps to loopback). */
  url(path: string, host?: string): string {
    const url = new URL(path, this.origin);
    if (host) {
      url.hostname = host;
    }
    return url.href;
  }

  route(path: string, answer: FixtureResponse | FixtureHandler): this {
    this.routes.set(path, typeof answer === 'function' ? answer : respondWith(answer));
    return this;
  }

  html(path: string, body: string, extra: Omit<FixtureResponse, 'body'> = {}): this {
    return this.route(path, { ...extra, body, headers: { 'content-type': 'text/html; charset=utf-8', ...extra.headers } });
  }

  redirect(path: string, location: string, status = 301): this {
    return this.route(path, { status, headers: { location } });
  }

  requestsTo(path: string): RecordedRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  /** Paths requested, in arrival order. */
  paths(): string[] {
    return this.requests.map((request) => request.path);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const path = request.url ?? '/';
    this.requests.push({ method: request.method ?? 'GET', path, headers: request.headers, at: performance.now() });
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    response.once('close', () => this.inFlight--);
    const handler = this.routes.get(path) ?? this.routes.get(path.split('?')[0]) ?? respondWith({ status: 404, body: 'Not found' });
    Promise.resolve(handler(request, response)).catch(() => response.destroy());
  }
}

export function respondWith(answer: FixtureResponse): FixtureHandler {
  return async (_request, response) => {
    if (answer.delayMs) {
      await sleep(answer.delayMs);
    }
    const body = answer.body === undefined ? Buffer.alloc(0) : Buffer.from(answer.body);
    response.writeHead(answer.status ?? 200, answer.headers);
    if (!answer.trickle) {
      response.end(body);
      return;
    }
    for (let offset = 0; offset < body.length && !response.destroyed; offset += answer.trickle.bytes) {
      response.write(body.subarray(offset, offset + answer.trickle.bytes));
      await sleep(answer.trickle.intervalMs);
    }
    response.end();
  };
}
