import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { freePort } from '#bench/api-process.js';
import { forkServer } from '#bench/child-server.js';
import { CpuQuota } from '#bench/cpu-quota.js';
import type { EventLoopReading, EventLoopRequest } from '#bench/event-loop-probe.js';
import { LoopbackProxy, type Balance } from '#bench/loopback-proxy.js';

const MAIN = fileURLToPath(new URL('../src/main.js', import.meta.url));
const WORKER = fileURLToPath(new URL('../src/worker.js', import.meta.url));
const PROBE = new URL('./event-loop-probe.js', import.meta.url).href;
const STOP_GRACE_MS = 5_000;

/** Runs a built entry point (dist/src/…) with `env` only; with `preload`, that module first, and an IPC channel to it. */
function spawnService(script: string, env: Record<string, string | undefined>, preload?: string): ChildProcess {
  return spawn(process.execPath, [...(preload ? ['--import', preload] : []), script], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe', ...(preload ? (['ipc'] as const) : [])],
  });
}

/** A built entry point running as its own process, its stdout and stderr kept. */
export class ServiceProcess {
  private output = '';
  private readonly exited: Promise<number | null>;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.setEncoding('utf8').on('data', (text: string) => (this.output += text));
    }
    this.exited = once(child, 'exit').then(([code]) => code as number | null);
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** Everything the process wrote so far, stdout and stderr interleaved. */
  logs(): string {
    return this.output;
  }

  /** The JSON log lines with this `msg`, among the lines written in full so far. */
  logLines(message: string): Array<Record<string, unknown>> {
    return this.output
      .slice(0, this.output.lastIndexOf('\n'))
      .split('\n')
      .filter((line) => line.startsWith('{') && line.includes(message))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === message);
  }

  async waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = this.output.match(pattern);
      if (match) {
        return match;
      }
      this.assertRunning(pattern.source);
      if (Date.now() > deadline) {
        throw new Error(`${this.name}: ${pattern} did not appear in ${timeoutMs} ms\n${this.output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  assertRunning(waitingFor: string): void {
    if (this.child.exitCode !== null || this.child.signalCode !== null) {
      throw new Error(`${this.name} exited (${this.child.exitCode ?? this.child.signalCode}) while waiting for ${waitingFor}\n${this.output}`);
    }
  }

  /** SIGTERM (a graceful shutdown), then SIGKILL if it takes longer than a few seconds; answers the exit code. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill(signal);
      const timer = setTimeout(() => this.child.kill('SIGKILL'), STOP_GRACE_MS);
      await this.exited;
      clearTimeout(timer);
    }
    return this.exited;
  }
}

/** An api process (`node dist/src/main.js`) on its own loopback port. */
export class ApiProcess extends ServiceProcess {
  constructor(
    name: string,
    child: ChildProcess,
    readonly port: number,
  ) {
    super(name, child);
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async ready(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const response = await fetch(`${this.origin}/readyz`).catch(() => undefined);
      if (response?.ok) {
        return;
      }
      this.assertRunning('/readyz');
      if (Date.now() > deadline) {
        throw new Error(`${this.name} was not ready in ${timeoutMs} ms\n${this.logs()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** How late the event loop ran since the previous reading; only with the probe preloaded (TopologyOptions.eventLoopProbe). */
  async eventLoopDelay(): Promise<EventLoopReading> {
    const answer = new Promise<EventLoopReading>((resolve) => {
      const listener = (message: { eventLoopDelay?: EventLoopReading }): void => {
        if (message.eventLoopDelay) {
          this.child.off('message', listener);
          resolve(message.eventLoopDelay);
        }
      };
      this.child.on('message', listener);
    });
    this.child.send('event-loop-delay' satisfies EventLoopRequest);
    return answer;
  }
}

/** Where the round-robin proxy runs: in this process, or in a child of its own so that a load generator here does not slow it. */
export type ProxyPlacement = 'in-process' | 'child';

export interface TopologyOptions {
  databaseUrl: string;
  redisUrl: string;
  /** Keeps this deployment's queues, limits and invalidations apart from anything else on the Redis server. */
  redisPrefix: string;
  /** Environment of every process (secrets, shared folders, providers); PUBLIC_URL defaults to the proxy's origin. */
  env: Record<string, string | undefined>;
  apis?: number;
  workers?: number;
  proxy?: ProxyPlacement;
  /** How the proxy spreads requests over the apis: round robin by default. */
  balance?: Balance;
  /** Preloads event-loop-probe.js into each api, so that `ApiProcess.eventLoopDelay()` answers. */
  eventLoopProbe?: boolean;
  /** Holds each api process to this many cores (a cgroup CPU quota of its own), as if each ran on a small host of its own. */
  apiCores?: number;
  readyTimeoutMs?: number;
}

/**
 * The production shape on one machine: api processes (EMBEDDED_WORKER=false) and worker processes on one
 * PostgreSQL database and one Redis, behind a round-robin loopback proxy. Every process starts at once, as
 * replicas of a deployment do, so the first start on an empty database has them all race to migrate it.
 */
export class Topology {
  private constructor(
    /** The proxy's origin: what clients call. */
    readonly origin: string,
    readonly apis: ApiProcess[],
    readonly workers: ServiceProcess[],
    /** The proxy itself, when it runs in this process. */
    readonly proxy: LoopbackProxy | undefined,
    /** The process the proxy runs in. */
    readonly proxyPid: number,
    private readonly closeProxy: () => Promise<void>,
    private readonly quotas: CpuQuota[],
  ) {}

  static async start(options: TopologyOptions): Promise<Topology> {
    const ports = await distinctFreePorts(options.apis ?? 2);
    const targets = ports.map((port) => `http://127.0.0.1:${port}`);
    const proxy = await startProxy(targets, options.proxy ?? 'in-process', options.balance ?? 'round-robin');
    const env: Record<string, string | undefined> = {
      PUBLIC_URL: proxy.origin,
      ...options.env,
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      REDIS_PREFIX: options.redisPrefix,
    };
    const apis = ports.map((port, index) => {
      const apiEnv = { ...env, PORT: String(port), HOST: '127.0.0.1', EMBEDDED_WORKER: 'false' };
      return new ApiProcess(`api ${index + 1}`, spawnService(MAIN, apiEnv, options.eventLoopProbe ? PROBE : undefined), port);
    });
    // A worker has no port to probe: it is up once it logs so, at info level.
    const workerEnv = { ...env, LOG_LEVEL: env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace' ? env.LOG_LEVEL : 'info' };
    const workers = Array.from({ length: options.workers ?? 2 }, (_, index) => new ServiceProcess(`worker ${index + 1}`, spawnService(WORKER, workerEnv)));
    const quotas: CpuQuota[] = [];
    const topology = new Topology(proxy.origin, apis, workers, proxy.instance, proxy.pid, proxy.close, quotas);
    const timeoutMs = options.readyTimeoutMs ?? 90_000;
    try {
      if (options.apiCores !== undefined) {
        for (const api of apis) {
          const quota = CpuQuota.create(`aqs-api-${api.pid}`, options.apiCores);
          quotas.push(quota);
          quota.add(api.pid);
        }
      }
      await Promise.all([...apis.map((api) => api.ready(timeoutMs)), ...workers.map((worker) => worker.waitFor(/"msg":"Worker started"/, timeoutMs))]);
    } catch (error) {
      await topology.stop();
      throw error;
    }
    return topology;
  }

  /** A URL through the proxy. */
  url(path: string): string {
    return new URL(path, this.origin).href;
  }

  get processes(): ServiceProcess[] {
    return [...this.apis, ...this.workers];
  }

  async stop(): Promise<void> {
    await Promise.all(this.processes.map((service) => service.stop()));
    await this.closeProxy();
    for (const quota of this.quotas) {
      quota.remove();
    }
  }
}

interface RunningProxy {
  origin: string;
  pid: number;
  instance?: LoopbackProxy;
  close: () => Promise<void>;
}

async function startProxy(targets: string[], placement: ProxyPlacement, balance: Balance): Promise<RunningProxy> {
  if (placement === 'in-process') {
    const proxy = await LoopbackProxy.start(targets, 0, balance);
    return { origin: proxy.origin, pid: process.pid, instance: proxy, close: () => proxy.close() };
  }
  const { ready, close } = await forkServer(new URL('./loopback-proxy.js', import.meta.url).href, ['--serve', '0', balance, ...targets]);
  return { origin: `http://127.0.0.1:${ready.port}`, pid: Number(ready.pid), close };
}

/** freePort answers a port nobody listens on now; asked in a row it may answer the same one twice. */
async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) {
    ports.add(await freePort());
  }
  return [...ports];
}
