import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { flag, numberOption, stringOption, usage } from '#bench/bench-options.js';
import type { EventLoopReading } from '#bench/event-loop-probe.js';
import { serveFolder } from '#bench/folder-site.js';
import { drive, pooled, quantile, type TimedLoad } from '#bench/http-load.js';
import { TARGET_HEADER } from '#bench/loopback-proxy.js';
import { cpuSecondsBetween, cpuSecondsByPid, cpuSecondsOf, machineCpu } from '#bench/process-cpu.js';
import { createScratchDatabase } from '#bench/scratch-database.js';
import { startStubEmbeddings } from '#bench/stub-embeddings.js';
import { forgetRedisPrefix } from '#bench/redis-prefix.js';
import { Topology } from '#bench/topology.js';

usage(`
npm run bench:load -- [--pages 300] [--load-pages 100] [--duration 4] [--rounds 2] [--api-cores 0.2]
                       [--loads query,semantic,read,ingestion] [--json]

The deployment's shape on this machine (bench/topology.ts): two api and two worker processes on one
PostgreSQL database (a scratch database on the server DATABASE_URL names, dropped afterwards) and one Redis
(REDIS_URL, a private prefix), behind the loopback proxy in a process of its own, sending each request to the
api with the fewest requests in flight, as a production load balancer would (nginx's least_conn). An
enterprise organization is seeded through the API with a generated website of \`--pages\` pages (two sources,
one per worker), crawled and embedded by an embedding stub in its own process, so what is measured is the
service, not a model. Then, through the proxy, against ONE api (every request pinned to api 1) and against
TWO, in alternating slices of \`--duration\` seconds, \`--rounds\` of each:
- POST /api/v1/query (an extractive agent over both sources) at 16 and 64 clients;
- POST /api/v1/semantic-search at 16 clients;
- GET /api/v1/agents/:id at 16 clients, which the api answers from its caches: its own capacity;
- ingestion under query load: a sync of another \`--load-pages\` pages alone, then again while 16 clients
  query through one api, then through two; the queries' throughput and the sync's time.
Each row gives req/s, p50/p95/p99 latency, each api's event-loop delay (an in-process probe,
bench/event-loop-probe.ts), the cores each process used and which resource bounded the figure.

With \`--api-cores\`, each api process is held to that many cores by a CPU quota of its own (a cgroup, so
root), as if each ran on a small host of its own: what a second instance adds can then be seen on a
machine whose cores would otherwise be shared by everything.
`);

const log = (message: string): void => void process.stderr.write(`[bench:load] ${message}\n`);

const PAGES = numberOption('pages', 300);
const LOAD_PAGES = numberOption('load-pages', 100);
const DURATION = numberOption('duration', 4);
const ROUNDS = numberOption('rounds', 2);
const API_CORES = flag('api-cores') ? numberOption('api-cores', 0) : undefined;
/** The measurements to make, by the first word of their name; all of them by default. */
const LOADS = stringOption('loads')?.split(',') ?? ['query', 'semantic', 'read', 'ingestion'];
const wanted = (name: string): boolean => LOADS.some((load) => name.startsWith(load));
const WARM_UP_SECONDS = 2;
/** Queries run in slices while a sync goes on, until it ends: the last slice may outlast it by up to this. */
const INGESTION_SLICE_SECONDS = 2;
const CORES = cpus().length;
const KEY_SECRET = 'bench-secret-bench-secret-bench-secret-0000';

const fixed = (value: number, digits = 1): string => (Number.isFinite(value) ? value.toFixed(digits) : '-');

type Mode = 'one' | 'two';
const MODES: readonly Mode[] = ['one', 'two'];

interface Load {
  name: string;
  clients: number;
  method: 'GET' | 'POST';
  path: (agentId: string) => string;
  /** A new body for each request (a new question), given the bench's agent and organization. */
  body?: (agentId: string, orgId: string) => string;
}

/** Cores each part of the machine used during a measurement (CPU seconds over wall seconds). */
interface CpuSplit {
  apis: number[];
  workers: number[];
  postgres: number;
  proxy: number;
  /** This process: autocannon. */
  loadGenerator: number;
  /** Everything else: the embedding stub, the website, whatever else runs on the machine. */
  other: number;
  busy: number;
}

interface Row {
  load: string;
  mode: Mode;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
  /** Per api: the worst p99 of its event-loop delay over the slices, and the mean delay. */
  eventLoop: Array<{ p99: number; mean: number }>;
  cpu: CpuSplit;
  bound: string;
}

interface IngestionRow {
  mode: Mode | 'alone';
  syncSeconds: number;
  chunks: number;
  chunksPerSecond: number;
  /** Cores used from the sync's request to its end, and what bounded that stretch. */
  cpu: CpuSplit;
  bound: string;
  queries?: Omit<Row, 'load' | 'mode'>;
}

interface RunRow {
  status: string;
  error: string | null;
  started_at: Date;
  finished_at: Date;
  chunks_written: number;
}

// ---------------------------------------------------------------------------------------------------
// The corpus: pages of generated text, deterministic

/** mulberry32: a small seeded generator, so that every run crawls the same text. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ter', 'an', 'vel', 'sor', 'pri', 'du', 'nex', 'ob', 'ra', 'fen', 'gil', 'tu', 'mar', 'es', 'qua', 'lin', 'zo'];
const next = random(20_240_601);
const VOCABULARY = Array.from({ length: 3_000 }, () =>
  Array.from({ length: 2 + Math.floor(next() * 3) }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join(''),
);

/** Zipf-like: common words are drawn far more often than rare ones, as in real text. */
const word = (draw: () => number): string => VOCABULARY[Math.floor(VOCABULARY.length * draw() ** 3)];
const sentence = (draw: () => number, words: number): string => Array.from({ length: words }, () => word(draw)).join(' ');

function page(draw: () => number, title: string): string {
  const sections = Array.from({ length: 6 }, (_, index) => {
    const paragraphs = Array.from({ length: 2 }, () => `<p>${sentence(draw, 90 + Math.floor(draw() * 40))}.</p>`).join('');
    return `<h2>Part ${index + 1}: ${sentence(draw, 3)}</h2>${paragraphs}`;
  }).join('');
  return `<html><head><title>${title}</title></head><body><main><h1>${title}</h1>${sections}</main></body></html>`;
}

/** `folder/<name>/index.html` linking `pages` pages beside it. */
function writeSection(folder: string, name: string, pages: number, seed: number): void {
  const draw = random(seed);
  mkdirSync(join(folder, name));
  const links = Array.from({ length: pages }, (_, index) => `<li><a href="page-${index + 1}.html">Page ${index + 1}</a></li>`).join('');
  writeFileSync(join(folder, name, 'index.html'), `<html><head><title>${name}</title></head><body><main><ul>${links}</ul></main></body></html>`);
  for (let index = 1; index <= pages; index++) {
    writeFileSync(join(folder, name, `page-${index}.html`), page(draw, `${name} ${index}: ${sentence(draw, 4)}`));
  }
}

/** The commonest words, which nearly every chunk holds: a question is made of the others, as real ones are of content words. */
const COMMON_WORDS = 300;
const queryText = (): string =>
  Array.from(
    { length: 3 + Math.floor(Math.random() * 4) },
    () => VOCABULARY[COMMON_WORDS + Math.floor(Math.random() * (VOCABULARY.length - COMMON_WORDS))],
  ).join(' ');

// ---------------------------------------------------------------------------------------------------
// Measuring

interface CpuCounters {
  apis: number[];
  workers: number[];
  postgres: Map<number, number>;
  proxy: number;
  loadGenerator: number;
  machine: { busySeconds: number; atSeconds: number };
}

/** Every process's CPU seconds so far. */
function readCpu(topology: Topology): CpuCounters {
  const own = process.cpuUsage();
  return {
    apis: topology.apis.map((api) => cpuSecondsOf(api.pid)),
    workers: topology.workers.map((worker) => cpuSecondsOf(worker.pid)),
    postgres: cpuSecondsByPid('postgres'),
    proxy: cpuSecondsOf(topology.proxyPid),
    loadGenerator: (own.user + own.system) / 1e6,
    machine: machineCpu(),
  };
}

/** The cores each part used between two readings. */
function coresBetween(before: CpuCounters, after: CpuCounters): CpuSplit {
  const wall = after.machine.atSeconds - before.machine.atSeconds;
  const cores = (from: number, to: number): number => (to - from) / wall;
  const split = {
    apis: after.apis.map((value, index) => cores(before.apis[index], value)),
    workers: after.workers.map((value, index) => cores(before.workers[index], value)),
    postgres: cpuSecondsBetween(before.postgres, after.postgres) / wall,
    proxy: cores(before.proxy, after.proxy),
    loadGenerator: cores(before.loadGenerator, after.loadGenerator),
    busy: cores(before.machine.busySeconds, after.machine.busySeconds),
  };
  const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);
  const known = sum(split.apis) + sum(split.workers) + split.postgres + split.proxy + split.loadGenerator;
  return { ...split, other: Math.max(0, split.busy - known) };
}

/** Averages of the cores used over several measurements, weighted by their length. */
function meanCpu(samples: Array<{ cpu: CpuSplit; seconds: number }>): CpuSplit {
  const total = samples.reduce((sum, sample) => sum + sample.seconds, 0);
  const mean = (pick: (cpu: CpuSplit) => number): number => samples.reduce((sum, sample) => sum + pick(sample.cpu) * sample.seconds, 0) / total;
  return {
    apis: samples[0].cpu.apis.map((_, index) => mean((cpu) => cpu.apis[index])),
    workers: samples[0].cpu.workers.map((_, index) => mean((cpu) => cpu.workers[index])),
    postgres: mean((cpu) => cpu.postgres),
    proxy: mean((cpu) => cpu.proxy),
    loadGenerator: mean((cpu) => cpu.loadGenerator),
    other: mean((cpu) => cpu.other),
    busy: mean((cpu) => cpu.busy),
  };
}

/**
 * What held a figure back: the machine when its cores were all busy (naming the biggest user), else a Node
 * process using about a whole core (its JavaScript runs on one), else PostgreSQL, else nothing saturated.
 */
function boundOf(cpu: CpuSplit): string {
  const processes: Array<[string, number]> = [
    ...cpu.apis.map((value, index): [string, number] => [`api ${index + 1}`, value]),
    ...cpu.workers.map((value, index): [string, number] => [`worker ${index + 1}`, value]),
    ['the proxy', cpu.proxy],
    ['the load generator', cpu.loadGenerator],
  ];
  const parts: Array<[string, number]> = [...processes, ['PostgreSQL', cpu.postgres], ['other processes', cpu.other]];
  const [biggest, share] = parts.reduce((top, part) => (part[1] > top[1] ? part : top));
  const heldApis = cpu.apis.flatMap((value, index) => (API_CORES !== undefined && value >= 0.85 * API_CORES ? [`api ${index + 1}`] : []));
  if (heldApis.length > 0) {
    return `the CPU quota of ${heldApis.join(' and ')} (${API_CORES} core each)`;
  }
  if (cpu.busy >= 0.85 * CORES) {
    return `the ${CORES} cores of this machine (most: ${biggest}, ${fixed(share, 2)})`;
  }
  const [busiest, used] = processes.reduce((top, part) => (part[1] > top[1] ? part : top));
  if (used >= 0.85) {
    return `one core: CPU of ${busiest}`;
  }
  if (cpu.postgres >= 0.85) {
    return 'PostgreSQL';
  }
  return 'no resource saturated (latency)';
}

class Bench {
  private readonly headers: Record<string, string>;

  constructor(
    readonly topology: Topology,
    private readonly db: pg.Client,
    private readonly orgId: string,
    key: string,
  ) {
    this.headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  }

  async post<T>(path: string, body: unknown, expected = 201): Promise<T> {
    const response = await fetch(this.topology.url(path), { method: 'POST', headers: this.headers, body: JSON.stringify(body) });
    const parsed = (await response.json()) as T;
    if (response.status !== expected) {
      throw new Error(`POST ${path}: HTTP ${response.status} ${JSON.stringify(parsed)}`);
    }
    return parsed;
  }

  /** Creates a website source, whose first sync starts at once; answers its id. */
  async startSync(name: string, url: string): Promise<string> {
    return (await this.post<{ id: string }>('/api/v1/data-sources', { type: 'website', name, config: { url, max_pages: 10_000 } })).id;
  }

  /** Waits for the source's sync to succeed. */
  async runOf(dataSourceId: string): Promise<RunRow> {
    for (;;) {
      const run = await this.finishedRun(dataSourceId);
      if (run) {
        return run;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async finishedRun(dataSourceId: string): Promise<RunRow | undefined> {
    const {
      rows: [run],
    } = await this.db.query<RunRow>('SELECT status, error, started_at, finished_at, chunks_written FROM sync_run WHERE data_source_id = $1', [dataSourceId]);
    if (run?.status === 'failed') {
      throw new Error(`The sync of ${dataSourceId} failed: ${run.error}`);
    }
    return run?.status === 'succeeded' ? run : undefined;
  }

  /**
   * One slice of `load`: its responses, the cores used and each api's event-loop delay meanwhile. `one` pins
   * every request to api 1, `two` lets the proxy take turns, `{ api }` pins them to that api (0-based).
   */
  async slice(
    load: Load,
    route: Mode | { api: number },
    agentId: string,
    seconds: number,
  ): Promise<{ load: TimedLoad; cpu: CpuSplit; eventLoop: EventLoopReading[] }> {
    const body = load.body;
    const pinned = route === 'one' ? 0 : route === 'two' ? undefined : route.api;
    await Promise.all(this.topology.apis.map((api) => api.eventLoopDelay()));
    const before = readCpu(this.topology);
    const result = await drive({
      url: this.topology.url(load.path(agentId)),
      method: load.method,
      headers: { ...this.headers, ...(pinned === undefined ? {} : { [TARGET_HEADER]: String(pinned) }) },
      connections: load.clients,
      duration: seconds,
      requests: [{ setupRequest: (request) => (body ? { ...request, body: body(agentId, this.orgId) } : request) }],
    });
    const cpu = coresBetween(before, readCpu(this.topology));
    const eventLoop = await Promise.all(this.topology.apis.map((api) => api.eventLoopDelay()));
    // autocannon stops without waiting for the requests in flight: let the apis finish them before the next slice.
    await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 100 + (result.latencies.at(-1) ?? 0))));
    return { load: result, cpu, eventLoop };
  }
}

function rowOf(name: string, mode: Mode, slices: Array<{ load: TimedLoad; cpu: CpuSplit; eventLoop: EventLoopReading[] }>): Row {
  const load = pooled(slices.map((slice) => slice.load));
  const cpu = meanCpu(slices.map((slice) => ({ cpu: slice.cpu, seconds: slice.load.seconds })));
  return {
    load: name,
    mode,
    requestsPerSecond: load.requestsPerSecond,
    p50: load.p50,
    p95: quantile(load.latencies, 0.95),
    p99: load.p99,
    failures: load.errors + load.non2xx,
    eventLoop: slices[0].eventLoop.map((_, index) => ({
      p99: Math.max(...slices.map((slice) => slice.eventLoop[index].p99)),
      mean: slices.reduce((sum, slice) => sum + slice.eventLoop[index].mean, 0) / slices.length,
    })),
    cpu,
    bound: boundOf(cpu),
  };
}

const query = (clients: number): Load => ({
  name: `query, ${clients} clients`,
  clients,
  method: 'POST',
  path: () => '/api/v1/query',
  body: (agentId) => JSON.stringify({ agent_id: agentId, query: queryText() }),
});

const SEMANTIC_SEARCH: Load = {
  name: 'semantic search, 16 clients',
  clients: 16,
  method: 'POST',
  path: () => '/api/v1/semantic-search',
  body: (_agentId, orgId) => JSON.stringify({ query: queryText(), org_id: orgId, top_k: 10 }),
};

/** A read the api answers from its caches (the key's, the agent's): the path that shows the api's own capacity. */
const READ_AGENT: Load = { name: 'read an agent, 16 clients', clients: 16, method: 'GET', path: (agentId) => `/api/v1/agents/${agentId}` };

async function measureReads(bench: Bench, agentId: string): Promise<Row[]> {
  const loads = [query(16), query(64), SEMANTIC_SEARCH, READ_AGENT].filter((load) => wanted(load.name));
  const rows: Row[] = [];
  for (const load of loads) {
    log(`${load.name}: warm-up, then ${ROUNDS} rounds of ${DURATION} s per mode`);
    // Each api alone, for as long: an api whose code the JIT has optimised less would spend more CPU per request.
    for (const [api] of bench.topology.apis.entries()) {
      await bench.slice(load, { api }, agentId, WARM_UP_SECONDS);
    }
    const slices: Record<Mode, Array<Awaited<ReturnType<Bench['slice']>>>> = { one: [], two: [] };
    // The machine is noisy: the modes take turns (one two, two one, …) so that each sees the same conditions.
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of round % 2 === 0 ? MODES : [...MODES].reverse()) {
        slices[mode].push(await bench.slice(load, mode, agentId, DURATION));
      }
    }
    rows.push(...MODES.map((mode) => rowOf(load.name, mode, slices[mode])));
  }
  return rows;
}

async function measureIngestion(bench: Bench, agentId: string, loadUrl: string): Promise<IngestionRow[]> {
  const rowOfRun = (mode: IngestionRow['mode'], run: RunRow, before: CpuCounters): IngestionRow => {
    const syncSeconds = (run.finished_at.getTime() - run.started_at.getTime()) / 1000;
    const cpu = coresBetween(before, readCpu(bench.topology));
    return { mode, syncSeconds, chunks: run.chunks_written, chunksPerSecond: run.chunks_written / syncSeconds, cpu, bound: boundOf(cpu) };
  };
  log(`ingestion: a sync of ${LOAD_PAGES} pages alone`);
  const alone = readCpu(bench.topology);
  const rows = [rowOfRun('alone', await bench.runOf(await bench.startSync('Load alone', loadUrl)), alone)];
  const queries = query(16);
  for (const mode of MODES) {
    log(`ingestion: the same sync while 16 clients query through ${mode} api${mode === 'one' ? '' : 's'}`);
    const before = readCpu(bench.topology);
    const id = await bench.startSync(`Load ${mode}`, loadUrl);
    const slices: Array<Awaited<ReturnType<Bench['slice']>>> = [];
    let run: RunRow | undefined;
    while (!run) {
      slices.push(await bench.slice(queries, mode, agentId, INGESTION_SLICE_SECONDS));
      run = await bench.finishedRun(id);
    }
    const { load: _load, mode: _mode, ...measured } = rowOf(queries.name, mode, slices);
    rows.push({ ...rowOfRun(mode, run, before), queries: measured });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------
// Report

/** Left-aligned text columns, then right-aligned figures, each `[text, width]`. */
const columns = (left: Array<[string, number]>, right: Array<[string, number]>): string =>
  left.map(([text, width]) => text.padEnd(width)).join('') + right.map(([text, width]) => text.padStart(width)).join('');

const CORE_LABELS = ['api1', 'api2', 'pg', 'wrk1', 'wrk2', 'proxy', 'gen', 'other', 'busy'];
const coresOf = (cpu: CpuSplit): string[] =>
  [...cpu.apis, cpu.postgres, ...cpu.workers, cpu.proxy, cpu.loadGenerator, cpu.other, cpu.busy].map((value) => fixed(value, 2));
const coreColumns = (cells: string[]): Array<[string, number]> => cells.map((cell) => [cell, 6]);

function report(rows: Row[], ingestion: IngestionRow[], seed: { chunks: number; seconds: number }): string {
  const lines = [
    '',
    `bench:load  2 api + 2 worker processes behind a loopback proxy, one PostgreSQL, one Redis; ${CORES} cores shared by all of them and the load generator`,
    ...(API_CORES === undefined ? [] : [`each api held to ${API_CORES} core by a CPU quota of its own (a cgroup), as on a small host of its own`]),
    `seeded: ${seed.chunks} chunks from ${PAGES} pages in ${fixed(seed.seconds)} s (two sources, one per worker); ${ROUNDS} × ${DURATION} s per row after a warm-up`,
    'one: every request through the proxy to api 1; two: to the api with fewer requests in flight. Latencies in ms.',
    'loop p99: event-loop delay of api 1 / api 2. Cores used (CPU seconds per second): api 1, api 2, PostgreSQL, worker 1, worker 2,',
    'the proxy, the load generator, every other process on the machine, and all of them together.',
    '',
    columns(
      [
        ['load', 29],
        ['apis', 6],
      ],
      [['req/s', 7], ['p50', 8], ['p95', 8], ['p99', 8], ['fail', 6], ['loop p99', 16], ...coreColumns(CORE_LABELS)],
    ) + '  bound',
  ];
  for (const row of rows) {
    lines.push(
      columns(
        [
          [row.load, 29],
          [row.mode, 6],
        ],
        [
          [fixed(row.requestsPerSecond, 0), 7],
          [fixed(row.p50), 8],
          [fixed(row.p95), 8],
          [fixed(row.p99), 8],
          [String(row.failures), 6],
          [row.eventLoop.map((loop) => fixed(loop.p99)).join(' / '), 16],
          ...coreColumns(coresOf(row.cpu)),
        ],
      ) + `  ${row.bound}`,
    );
  }
  lines.push('', 'two / one, throughput (target ≥ 1.7 where PostgreSQL is not the bound):');
  for (const name of [...new Set(rows.map((row) => row.load))]) {
    const [one, two] = MODES.map((mode) => rows.find((row) => row.load === name && row.mode === mode)!);
    lines.push(`  ${name.padEnd(29)}${fixed(two.requestsPerSecond / one.requestsPerSecond, 2).padStart(5)}   (p95 ${fixed(one.p95)} → ${fixed(two.p95)} ms)`);
  }
  if (ingestion.length === 0) {
    return `${lines.join('\n')}\n`;
  }
  lines.push(
    '',
    `ingestion under query load: a sync of ${LOAD_PAGES} pages alone, then while 16 clients query through one api, then two`,
    '',
    columns(
      [
        ['sync', 29],
        ['apis', 6],
      ],
      [['secs', 7], ['chunks', 8], ['chunk/s', 8], ['query/s', 8], ['p95', 8], ['loop p99', 16], ...coreColumns(CORE_LABELS)],
    ) + '  bound (from the request to the end of the sync)',
  );
  for (const row of ingestion) {
    const queries = row.queries;
    lines.push(
      columns(
        [
          [row.mode === 'alone' ? 'alone' : 'while querying', 29],
          [row.mode === 'alone' ? '-' : row.mode, 6],
        ],
        [
          [fixed(row.syncSeconds), 7],
          [String(row.chunks), 8],
          [fixed(row.chunksPerSecond, 0), 8],
          [queries ? fixed(queries.requestsPerSecond, 0) : '-', 8],
          [queries ? fixed(queries.p95) : '-', 8],
          [queries ? queries.eventLoop.map((loop) => fixed(loop.p99)).join(' / ') : '-', 16],
          ...coreColumns(coresOf(row.cpu)),
        ],
      ) + `  ${row.bound}`,
    );
  }
  const [, one, two] = ingestion;
  if (one?.queries && two?.queries) {
    lines.push(
      '',
      `two / one while syncing: queries ${fixed(two.queries.requestsPerSecond / one.queries.requestsPerSecond, 2)}, sync time ${fixed(two.syncSeconds / one.syncSeconds, 2)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  // Whatever was started is stopped, in reverse order, however the run ends.
  const cleanups: Array<() => Promise<unknown>> = [];
  try {
    const folder = mkdtempSync(join(tmpdir(), 'aqs-bench-load-site-'));
    const dataDir = mkdtempSync(join(tmpdir(), 'aqs-bench-load-'));
    cleanups.push(() => Promise.all([folder, dataDir].map((path) => rm(path, { recursive: true, force: true }))));
    writeSection(folder, 'seed-a', Math.ceil(PAGES / 2), 1);
    writeSection(folder, 'seed-b', Math.floor(PAGES / 2), 2);
    writeSection(folder, 'load', LOAD_PAGES, 3);
    const site = await serveFolder(folder);
    cleanups.push(() => site.close());
    const stub = await startStubEmbeddings(512);
    cleanups.push(() => stub.close());
    const scratch = await createScratchDatabase(serverUrl, `aqs_bench_load_${process.pid}`);
    cleanups.push(() => scratch.drop());
    const prefix = `aqs-bench-load-${randomBytes(4).toString('hex')}`;
    cleanups.push(() => forgetRedisPrefix(redisUrl, prefix));
    const env = {
      API_KEY_SECRET: KEY_SECRET,
      SECRET_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMITS_ENABLED: 'false',
      ALLOW_PRIVATE_TARGETS: 'true',
      CRAWL_DELAY_MS: '0',
      EMBEDDING_PROVIDER: 'openai',
      EMBEDDING_BASE_URL: stub.baseUrl,
      EMBEDDING_MODEL: 'bench-stub',
      EMBEDDING_DIMENSIONS: '512',
      EMBEDDING_BATCH_SIZE: '256',
    };
    log('starting 2 api and 2 worker processes on an empty database');
    const topology = await Topology.start({
      databaseUrl: scratch.url,
      redisUrl,
      redisPrefix: prefix,
      env,
      proxy: 'child',
      eventLoopProbe: true,
      balance: 'least-outstanding',
      apiCores: API_CORES,
    });
    cleanups.push(() => topology.stop());
    const db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
    cleanups.push(() => db.end());

    const organization = createOrganization({ ...env, DATABASE_URL: scratch.url, REDIS_URL: redisUrl, REDIS_PREFIX: prefix });
    const bench = new Bench(topology, db, organization.orgId, organization.key);
    log(`seeding ${PAGES} pages through the API`);
    const seedStarted = performance.now();
    const sources = await Promise.all(['seed-a', 'seed-b'].map((name) => bench.startSync(name, `${site.url}${name}/`)));
    const seedRuns = await Promise.all(sources.map((id) => bench.runOf(id)));
    const seed = { chunks: seedRuns.reduce((sum, run) => sum + run.chunks_written, 0), seconds: (performance.now() - seedStarted) / 1000 };
    const agent = await bench.post<{ id: string }>('/api/v1/agents', { name: 'Bench load', data_source_ids: sources, model: 'extractive' });

    const rows = await measureReads(bench, agent.id);
    const ingestion = wanted('ingestion') ? await measureIngestion(bench, agent.id, `${site.url}load/`) : [];
    process.stdout.write(
      flag('json')
        ? `${JSON.stringify({ cores: CORES, apiCores: API_CORES, pages: PAGES, loadPages: LOAD_PAGES, seed, rows, ingestion })}\n`
        : report(rows, ingestion, seed),
    );
  } finally {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((error: unknown) => log(`cleaning up: ${String(error)}`));
    }
  }
}

/** An enterprise organization made by the service's CLI, as an operator makes one: its id and admin key. */
function createOrganization(env: Record<string, string>): { orgId: string; key: string } {
  const cli = fileURLToPath(new URL('../src/cli.js', import.meta.url));
  const output = execFileSync(
    process.execPath,
    [cli, 'org:create', '--name', 'Bench load', '--admin-email', 'bench-load@example.test', '--plan', 'enterprise'],
    {
      env: { PATH: process.env.PATH, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const created = JSON.parse(output.trim().split('\n').at(-1)!) as { organization: { id: string }; api_key: string };
  return { orgId: created.organization.id, key: created.api_key };
}

await main();
