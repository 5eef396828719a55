import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What something in front of the provider answers in its place (a proxy's block page, a captive portal). */
export interface CannedAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** A fake provider's HTTP server on 127.0.0.1, with the response time the test sets. */
export interface LoopbackServer {
  url: string;
  /** Every request waits `ms` before it is answered (0: at once): a slow provider keeps a sync running long enough to watch or kill it. */
  slowDown(ms: number): void;
  /** Until called again with undefined, requests to `path` get `answer` and never reach the provider. */
  intercept(path: string, answer: CannedAnswer | undefined): void;
  close(): Promise<void>;
}

export async function serveOnLoopback(listener: (request: IncomingMessage, response: ServerResponse) => void): Promise<LoopbackServer> {
  let latencyMs = 0;
  const intercepted = new Map<string, CannedAnswer>();
  const answer = (request: IncomingMessage, response: ServerResponse): void => {
    const canned = intercepted.get(new URL(request.url ?? '/', 'http://loopback.invalid').pathname);
    if (canned === undefined) {
      listener(request, response);
      return;
    }
    request.resume();
    response.writeHead(canned.status, { 'content-type': canned.contentType }).end(canned.body);
  };
  const server = createServer((request, response) => {
    if (latencyMs > 0) {
      setTimeout(() => answer(request, response), latencyMs);
    } else {
      answer(request, response);
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    slowDown: (ms) => {
      latencyMs = ms;
    },
    intercept: (path, canned) => {
      if (canned === undefined) {
        intercepted.delete(path);
      } else {
        intercepted.set(path, canned);
      }
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
