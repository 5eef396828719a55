import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';

interface Pair {
  client: Socket;
  upstream: Socket;
}

/**
 * A TCP proxy on 127.0.0.1 in front of a real server, able to fail the way a restarting server does to
 * its clients: every open connection reset (RST) at once, new connections refused while it is "down"
 * (the port closed: ECONNREFUSED), then accepted again on the same port.
 */
export class TcpFaultProxy {
  private readonly pairs = new Set<Pair>();
  private readonly watches: Array<{ text: Buffer; seen: () => void }> = [];
  private server: Server;

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {
    this.server = this.listener();
  }

  static async start(target: { host: string; port: number }): Promise<TcpFaultProxy> {
    const probe = createServer();
    probe.listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const proxy = new TcpFaultProxy(port, target);
    await proxy.listen();
    return proxy;
  }

  /** `url` (a postgres:// or redis:// URL of the target) pointed at this proxy instead. */
  urlFor(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.toString();
  }

  /**
   * Resolves as soon as a client sends bytes holding `text` (already passed on to the server), so a fault can
   * land at a chosen point of a conversation: `'BEGIN'`, and the connection is inside a transaction.
   */
  whenClientSends(text: string): Promise<void> {
    return new Promise((resolve) => this.watches.push({ text: Buffer.from(text), seen: resolve }));
  }

  /** Resets every open connection, on both sides; answers how many there were. */
  resetAll(): number {
    const count = this.pairs.size;
    for (const { client, upstream } of this.pairs) {
      client.resetAndDestroy();
      upstream.resetAndDestroy();
    }
    this.pairs.clear();
    return count;
  }

  /** Stops listening at once: connection attempts are refused until `accept`. Open connections are left as they are. */
  refuse(): void {
    if (this.server.listening) {
      // The port is released now; the callback would wait for open connections to end.
      this.server.close();
    }
  }

  /** Listens again on the same port. */
  async accept(): Promise<void> {
    if (!this.server.listening) {
      this.server = this.listener();
      await this.listen();
    }
  }

  /** What a server restart looks like from outside: the port closed and every connection reset at once, for `downMs`. */
  async restart(downMs: number, whileDown: () => Promise<void> = async () => undefined): Promise<void> {
    this.refuse();
    this.resetAll();
    await Promise.all([whileDown(), new Promise((resolve) => setTimeout(resolve, downMs))]);
    await this.accept();
  }

  async close(): Promise<void> {
    this.refuse();
    this.resetAll();
  }

  private listener(): Server {
    return createServer((client) => this.relay(client));
  }

  private async listen(): Promise<void> {
    this.server.listen(this.port, '127.0.0.1');
    await once(this.server, 'listening');
  }

  private relay(client: Socket): void {
    const upstream = connect(this.target.port, this.target.host);
    const pair: Pair = { client, upstream };
    this.pairs.add(pair);
    const end = (): void => {
      if (this.pairs.delete(pair)) {
        client.destroy();
        upstream.destroy();
      }
    };
    for (const socket of [client, upstream]) {
      socket.setNoDelay(true);
      socket.on('error', end);
      socket.on('close', end);
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('data', (chunk: Buffer) => this.notice(chunk));
  }

  private notice(chunk: Buffer): void {
    for (const watch of this.watches.filter((candidate) => chunk.includes(candidate.text))) {
      this.watches.splice(this.watches.indexOf(watch), 1);
      watch.seen();
    }
  }
}
