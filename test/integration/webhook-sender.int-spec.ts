import { once } from 'node:events';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '#src/config/app-config.js';
import { WebhookSender } from '#src/modules/webhooks/webhook-sender.js';
import { createTestCertificates } from '#test/utils/tls.js';

/**
 * An HTTPS receiver that keeps connections alive and, when `closesReused`, closes a connection when a second
 * request arrives on it: what any server does to a kept-alive connection whose idle timeout ends just as the
 * sender reuses it.
 */
class Receiver {
  readonly bodies: string[] = [];
  connections = 0;
  private readonly server: Server;

  constructor(certificates: { cert: Buffer; key: Buffer }, closesReused: boolean) {
    const served = new WeakMap<Socket, number>();
    this.server = createServer({ cert: certificates.cert, key: certificates.key }, (request, response) => {
      const count = (served.get(request.socket) ?? 0) + 1;
      served.set(request.socket, count);
      if (closesReused && count > 1) {
        request.socket.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.bodies.push(Buffer.concat(chunks).toString('utf8'));
        response.writeHead(200, { 'keep-alive': 'timeout=60' }).end('ok');
      });
    });
    this.server.on('secureConnection', () => this.connections++);
  }

  async listen(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `https://localhost:${(this.server.address() as AddressInfo).port}/hook`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, 'close');
  }
}

describe('WebhookSender', () => {
  const certificates = createTestCertificates();
  const sender = new WebhookSender({
    allowPrivateTargets: true,
    webhooks: { timeoutMs: 5_000, extraCaCertificates: [certificates.ca], retryTimeScale: 1 },
  } as AppConfig);
  const receivers: Receiver[] = [];

  const receiver = async (closesReused: boolean): Promise<{ receiver: Receiver; url: string }> => {
    const started = new Receiver(certificates, closesReused);
    receivers.push(started);
    return { receiver: started, url: await started.listen() };
  };

  const deliver = async (url: string, count: number): Promise<Array<[boolean, string | null]>> => {
    const outcomes: Array<[boolean, string | null]> = [];
    for (let index = 1; index <= count; index++) {
      const outcome = await sender.send(url, JSON.stringify({ index }), 'whsec_test', { 'x-service-delivery': `delivery_${index}` });
      outcomes.push([outcome.success, outcome.error]);
    }
    return outcomes;
  };

  afterAll(async () => {
    await sender.onApplicationShutdown();
    await Promise.all(receivers.map((started) => started.close()));
  });

  it('should deliver one after another over kept-alive connections', async () => {
    const { receiver: kept, url } = await receiver(false);

    expect(await deliver(url, 10)).toEqual(Array.from({ length: 10 }, () => [true, null]));
    expect(kept.bodies).toEqual(Array.from({ length: 10 }, (_, index) => `{"index":${index + 1}}`));
    // The pool may open a second connection while the first finishes an answer, and no more.
    expect(kept.connections).toBeLessThanOrEqual(2);
  });

  it('should not lose an attempt to a receiver that closes the connection of an earlier delivery', async () => {
    const { receiver: closing, url } = await receiver(true);

    expect(await deliver(url, 3)).toEqual([
      [true, null],
      [true, null],
      [true, null],
    ]);
    expect(closing.bodies).toEqual(['{"index":1}', '{"index":2}', '{"index":3}']);
  });
});
