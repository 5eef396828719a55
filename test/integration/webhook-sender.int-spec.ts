import { once } from 'node:events';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '#src/config/app-config.js';
import { WebhookSender } from '#src/modules/webhooks/webhook-sender.js';
import { createTestCertificates } from '#test/utils/tls.js';

/**
 * A receiver that closes a connection when a second request arrives on it: what any server does to a
 * kept-alive connection whose idle timeout ends just as the sender reuses it.
 */
class ClosingReceiver {
  readonly bodies: string[] = [];
  connections = 0;
  private readonly server: Server;

  constructor(certificates: { cert: Buffer; key: Buffer }) {
    const served = new WeakMap<Socket, number>();
    this.server = createServer({ cert: certificates.cert, key: certificates.key }, (request, response) => {
      const count = (served.get(request.socket) ?? 0) + 1;
      served.set(request.socket, count);
      if (count > 1) {
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
  const receiver = new ClosingReceiver(certificates);
  const sender = new WebhookSender({
    allowPrivateTargets: true,
    webhooks: { timeoutMs: 5_000, extraCaCertificates: [certificates.ca], retryTimeScale: 1 },
  } as AppConfig);
  let url: string;

  beforeAll(async () => {
    url = await receiver.listen();
  });

  afterAll(async () => {
    await sender.onApplicationShutdown();
    await receiver.close();
  });

  it('should not lose an attempt to a receiver that closes the connection of an earlier delivery', async () => {
    const outcomes = [];
    for (const index of [1, 2, 3]) {
      outcomes.push(await sender.send(url, JSON.stringify({ index }), 'whsec_test', { 'x-service-delivery': `delivery_${index}` }));
    }

    expect(outcomes.map((outcome) => [outcome.success, outcome.error])).toEqual([
      [true, null],
      [true, null],
      [true, null],
    ]);
    expect(receiver.bodies).toEqual(['{"index":1}', '{"index":2}', '{"index":3}']);
    expect(receiver.connections).toBe(3);
  });
});
