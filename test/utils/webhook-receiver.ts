import { createHmac, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestCertificates } from '#test/utils/tls.js';

export interface ReceivedDelivery {
  path: string;
  /** The exact bytes received. */
  raw: Buffer;
  headers: IncomingHttpHeaders;
  receivedAt: number;
  /** The status this receiver answered. */
  answered: number;
}

/** What the receiver answers at a path: a status per attempt (the last one repeats), and an optional delay. */
export interface ReceiverBehaviour {
  statuses: number[];
  /** How long the answer takes to complete: the whole answer waits, or with `slowBody` only the end of its body. */
  delayMs?: number;
  slowBody?: boolean;
  headers?: Record<string, string>;
}

/**
 * An HTTPS webhook receiver on 127.0.0.1 with a certificate of the given test CA (or a self-signed one).
 * It keeps every request's raw body and answers what it was told to, path by path (200 by default).
 */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  private readonly behaviours = new Map<string, ReceiverBehaviour>();
  private readonly seen = new Map<string, number>();

  private readonly server: Server;

  private constructor(certificates: Pick<TestCertificates, 'cert' | 'key'>) {
    this.server = createServer({ cert: certificates.cert, key: certificates.key }, (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => this.answer(request.url ?? '/', Buffer.concat(chunks), request.headers, response));
    });
  }

  static async start(certificates: Pick<TestCertificates, 'cert' | 'key'>): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver(certificates);
    receiver.server.listen(0, '127.0.0.1');
    await once(receiver.server, 'listening');
    return receiver;
  }

  private answer(path: string, raw: Buffer, headers: IncomingHttpHeaders, response: ServerResponse): void {
    const behaviour = this.behaviours.get(path) ?? { statuses: [200] };
    const count = this.seen.get(path) ?? 0;
    this.seen.set(path, count + 1);
    const status = behaviour.statuses[Math.min(count, behaviour.statuses.length - 1)];
    this.received.push({ path, raw, headers, receivedAt: Date.now(), answered: status });
    const body = status < 300 ? 'ok' : 'no';
    if (behaviour.slowBody) {
      response.writeHead(status, { 'content-type': 'text/plain', ...behaviour.headers });
      response.write(body);
      setTimeout(() => response.end('.'), behaviour.delayMs ?? 0);
      return;
    }
    setTimeout(() => {
      response.writeHead(status, { 'content-type': 'text/plain', ...behaviour.headers });
      response.end(body);
    }, behaviour.delayMs ?? 0);
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** `https://localhost:<port><path>`: the certificate names localhost and 127.0.0.1. */
  url(path: string, host = 'localhost'): string {
    return `https://${host}:${this.port}${path}`;
  }

  respond(path: string, behaviour: ReceiverBehaviour): void {
    this.behaviours.set(path, behaviour);
  }

  at(path: string): ReceivedDelivery[] {
    return this.received.filter((delivery) => delivery.path === path);
  }

  /** Resolves once `count` requests reached `path`. */
  async waitFor(path: string, count: number, timeoutMs = 15_000): Promise<ReceivedDelivery[]> {
    const deadline = Date.now() + timeoutMs;
    let last = false;
    while (this.at(path).length < count) {
      if (last) {
        throw new Error(`${path} received ${this.at(path).length} of ${count} requests in ${timeoutMs} ms`);
      }
      // After the process stalls (a loaded machine), this timer runs before the requests that arrived meanwhile
      // are read: one last look, once they have been, before giving up.
      last = Date.now() > deadline;
      await new Promise((resolve) => setTimeout(resolve, last ? 200 : 20));
    }
    return this.at(path);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, 'close').catch(() => undefined);
  }
}

/** What a receiver does: HMAC-SHA256 of the raw bytes, compared in constant time with the header. */
export function signatureIsValid(delivery: Pick<ReceivedDelivery, 'raw' | 'headers'>, secret: string): boolean {
  const header = delivery.headers['x-service-signature'];
  if (typeof header !== 'string' || !/^[0-9a-f]{64}$/.test(header)) {
    return false;
  }
  const expected = createHmac('sha256', secret).update(delivery.raw).digest();
  return timingSafeEqual(expected, Buffer.from(header, 'hex'));
}
