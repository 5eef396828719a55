import { once } from 'node:events';
import { Agent, createServer, request as forward, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request carrying this header (an instance's index) goes to that instance instead of the next in turn. */
export const TARGET_HEADER = 'x-loopback-target';

/**
 * How the next instance is chosen: in turn, or the one with the fewest requests in flight (ties in turn), as
 * load balancers such as nginx's least_conn do, so that an instance running slow for a moment is not handed
 * as much as a fast one.
 */
export type Balance = 'round-robin' | 'least-outstanding';

/** Meaningful for one connection only (RFC 9110 §7.6.1), so never passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * An HTTP reverse proxy on 127.0.0.1, as a load balancer in front of several api instances:
 * bodies stream both ways (uploads, server-sent events), the client's address is appended to
 * X-Forwarded-For, and the Host header is kept, so the instances see the proxy's origin as their own.
 */
export class LoopbackProxy {
  /** Requests passed to each target, by index. */
  readonly forwarded: number[];
  private readonly outstanding: number[];
  private turn = 0;
  // An idle connection is let go after 2 s, well before the instances' own 5 s keep-alive timeout closes it
  // from their side: reusing one the instance is closing meanwhile would fail the request (a 502). The
  // timeout ends idle connections only; a request in flight is never cut by it.
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 512, timeout: 2_000 });

  private constructor(
    private readonly server: Server,
    readonly targets: readonly URL[],
    private readonly balance: Balance,
  ) {
    this.forwarded = targets.map(() => 0);
    this.outstanding = targets.map(() => 0);
  }

  /** Listens on `port` (any free one by default) in front of `targets`, origins such as `http://127.0.0.1:3001`. */
  static async start(targets: readonly string[], port = 0, balance: Balance = 'round-robin'): Promise<LoopbackProxy> {
    const server = createServer();
    const proxy = new LoopbackProxy(
      server,
      targets.map((target) => new URL(target)),
      balance,
    );
    server.on('request', (request: IncomingMessage, response: ServerResponse) => proxy.pass(request, response));
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    return proxy;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  url(path: string): string {
    return new URL(path, this.origin).href;
  }

  async close(): Promise<void> {
    this.agent.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private pass(request: IncomingMessage, response: ServerResponse): void {
    const index = this.targetOf(request.headers[TARGET_HEADER]);
    if (index === undefined) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end(`${TARGET_HEADER} names no instance`);
      return;
    }
    this.forwarded[index]++;
    this.outstanding[index]++;
    response.on('close', () => this.outstanding[index]--);
    const target = this.targets[index];
    const upstream = forward(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: forwardedHeaders(request),
        agent: this.agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, withoutHopByHop(answer.headers));
        answer.pipe(response);
      },
    );
    upstream.on('error', () =>
      response.headersSent ? response.destroy() : response.writeHead(502, { 'content-type': 'text/plain' }).end('upstream unreachable'),
    );
    // A client that hangs up (a closed event stream) ends the upstream exchange too, as a real proxy does.
    response.on('close', () => {
      if (!response.writableFinished) {
        upstream.destroy();
      }
    });
    request.pipe(upstream);
  }

  private targetOf(pinned: string | string[] | undefined): number | undefined {
    if (pinned === undefined) {
      const count = this.targets.length;
      let index = this.turn;
      if (this.balance === 'least-outstanding') {
        for (let offset = 1; offset < count; offset++) {
          const candidate = (this.turn + offset) % count;
          index = this.outstanding[candidate] < this.outstanding[index] ? candidate : index;
        }
      }
      this.turn = (index + 1) % count;
      return index;
    }
    const index = Number(pinned);
    return Number.isInteger(index) && index >= 0 && index < this.targets.length ? index : undefined;
  }
}

function forwardedHeaders(request: IncomingMessage): IncomingHttpHeaders {
  const headers = withoutHopByHop(request.headers);
  delete headers[TARGET_HEADER];
  const client = request.socket.remoteAddress ?? '';
  const before = request.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = before ? `${String(before)}, ${client}` : client;
  headers['x-forwarded-proto'] = 'http';
  return headers;
}

/** `headers` without the hop-by-hop ones, including those the Connection header names. */
function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name !== ''),
  );
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && !named.has(name)));
}

/** Run as a child process (`--serve <port> <balance> <target>…`), so that a load generator does not share the proxy's event loop. */
async function serve(port: number, balance: Balance, targets: string[]): Promise<void> {
  const proxy = await LoopbackProxy.start(targets, port, balance);
  process.send?.({ port: Number(new URL(proxy.origin).port), pid: process.pid });
}

if (process.argv[2] === '--serve') {
  await serve(Number(process.argv[3]), process.argv[4] as Balance, process.argv.slice(5));
}
