import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface SseExchange {
  status: number;
  headers: IncomingMessage['headers'];
  /** Parsed events, in order, with their JSON data. */
  events: Array<{ event: string; data: unknown; at: number }>;
  /** The raw body (to see heartbeat comments). */
  raw: string;
  /** ms from the request to the first byte of the body. */
  firstByteMs: number | undefined;
}

export interface SseOptions {
  /** Close the connection once an event of that name arrived, as a client going away would. */
  stopAfter?: string;
  /** Called with each event as it arrives. */
  onEvent?: (event: SseExchange['events'][number]) => void;
}

/** POSTs a JSON body and reads the answer as a real SSE client would (eventsource-parser). */
export async function postSse(app: INestApplication, path: string, key: string, body: unknown, options: SseOptions = {}): Promise<SseExchange> {
  const { port } = await listening(app);
  return postSseTo(`http://127.0.0.1:${port}`, path, key, body, options);
}

/** postSse to a service at `base` (`http://127.0.0.1:<port>`), a process of its own. */
export function postSseTo(base: string, path: string, key: string, body: unknown, options: SseOptions = {}): Promise<SseExchange> {
  const { hostname, port } = new URL(base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = httpRequest(
      {
        host: hostname,
        port,
        path,
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        const exchange: SseExchange = { status: response.statusCode ?? 0, headers: response.headers, events: [], raw: '', firstByteMs: undefined };
        const parser = createParser({
          onEvent: (message: EventSourceMessage) => {
            const event = { event: message.event ?? 'message', data: parseJson(message.data), at: performance.now() - started };
            exchange.events.push(event);
            options.onEvent?.(event);
            if (options.stopAfter === message.event) {
              request.destroy();
              resolve(exchange);
            }
          },
        });
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          exchange.firstByteMs ??= performance.now() - started;
          exchange.raw += chunk;
          parser.feed(chunk);
        });
        response.on('end', () => resolve(exchange));
        response.on('error', () => resolve(exchange));
      },
    );
    request.on('error', (error) => {
      if (!request.destroyed) {
        reject(error);
      }
    });
    request.end(payload);
  });
}

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

/** The app's HTTP server, listening on an ephemeral loopback port (supertest does not keep one open). */
export async function listening(app: INestApplication): Promise<AddressInfo> {
  const server = app.getHttpServer() as { listening: boolean; address: () => AddressInfo | string | null };
  if (!server.listening) {
    await app.listen(0, '127.0.0.1');
  }
  return server.address() as AddressInfo;
}
