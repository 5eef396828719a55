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

/**
 * POSTs a JSON body and reads the answer as a real SSE client would (eventsource-parser). `stopAfter`
 * closes the connection once an event of that name arrived, as a client going away would.
 */
export async function postSse(app: INestApplication, path: string, key: string, body: unknown, options: { stopAfter?: string } = {}): Promise<SseExchange> {
  const { port } = await listening(app);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        const exchange: SseExchange = { status: response.statusCode ?? 0, headers: response.headers, events: [], raw: '', firstByteMs: undefined };
        const parser = createParser({
          onEvent: (message: EventSourceMessage) => {
            exchange.events.push({ event: message.event ?? 'message', data: parseJson(message.data), at: performance.now() - started });
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
