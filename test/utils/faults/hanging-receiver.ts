import { once } from 'node:events';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { TestCertificates } from '#test/utils/tls.js';

export interface HeldRequest {
  /** X-Service-Delivery: the same on every attempt of one delivery. */
  deliveryId: string;
  /** Date.now() when the request had arrived: comparable with the API's timestamps. */
  receivedAt: number;
}

/**
 * An HTTPS webhook receiver that reads each request whole and then holds it `hangMs` before answering 200,
 * as a receiver stuck on a slow database does. Its timers do not keep the test process alive.
 */
export class HangingReceiver {
  readonly held: HeldRequest[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;

  private constructor(
    certificates: Pick<TestCertificates, 'cert' | 'key'>,
    private readonly hangMs: number,
  ) {
    this.server = createServer({ cert: certificates.cert, key: certificates.key }, (request, response) => {
      request.resume();
      request.on('end', () => {
        this.held.push({ deliveryId: String(request.headers['x-service-delivery']), receivedAt: Date.now() });
        setTimeout(() => response.writeHead(200).end('finally'), this.hangMs).unref();
      });
    });
    this.server.on('secureConnection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  static async start(certificates: Pick<TestCertificates, 'cert' | 'key'>, hangMs: number): Promise<HangingReceiver> {
    const receiver = new HangingReceiver(certificates, hangMs);
    receiver.server.listen(0, '127.0.0.1');
    await once(receiver.server, 'listening');
    return receiver;
  }

  url(path: string): string {
    return `https://localhost:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** Requests of one delivery, in arrival order. */
  attemptsOf(deliveryId: string): HeldRequest[] {
    return this.held.filter((request) => request.deliveryId === deliveryId);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) {
      socket.destroy();
    }
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
