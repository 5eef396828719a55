import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A fake provider's HTTP server on 127.0.0.1, with the response time the test sets. */
export interface LoopbackServer {
  url: string;
  /** Every request waits `ms` before it is answered (0: at once): a slow provider keeps a sync running long enough to watch or kill it. */
  slowDown(ms: number): void;
  close(): Promise<void>;
}

export async function serveOnLoopback(listener: (request: IncomingMessage, response: ServerResponse) => void): Promise<LoopbackServer> {
  let latencyMs = 0;
  const server = createServer((request, response) => {
    if (latencyMs > 0) {
      setTimeout(() => listener(request, response), latencyMs);
    } else {
      listener(request, response);
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    slowDown: (ms) => {
      latencyMs = ms;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
