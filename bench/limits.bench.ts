import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { flag, numberOption, usage } from '#bench/bench-options.js';
import { drive, pooled, quantile, summary, type LoadResult, type TimedLoad } from '#bench/http-load.js';
import { createScratchDatabase } from '#bench/scratch-database.js';

usage(`
npm run bench:limits [-- --duration 6 --rounds 5 --connections 16 --json]

What the rate limiter costs: the same authenticated read (GET /api/v1/agents/:id) against two api
processes on one PostgreSQL database and one Redis, one with RATE_LIMITS_ENABLED=true (every request
passes the key bucket, the minute and day counters and a concurrency slot, from units the instance
leased from Redis, with a step in Redis when a lease runs out) and one with it off, taking turns in
one-second slices, in rounds of a fresh pair each, under two loads: saturated (autocannon, 16
connections: throughput and latency when the machine's CPU is the bottleneck) and light (2 sequential
clients, each request timed to the microsecond: what the limiter adds to one request). The
organization's limits are far above the load, so nothing is refused. Needs REDIS_URL and DATABASE_URL
(a PostgreSQL server; a scratch database is created and dropped). Target: latency with limits at most
1.15 times latency without, as the median of the rounds' ratios. A Redis step costs a round trip, so
the Redis round-trip time on this machine is printed too, and so is the share of requests that took a
step (the limiter's script calls over the requests it admitted).
`);

interface Ready {
  port: number;
  key: string;
  agentId: string;
}

/** `requests` counts the measured requests (not the warm-up). */
type Measurement = LoadResult;

const duration = numberOption('duration', 6);
const rounds = numberOption('rounds', 5);
const connections = numberOption('connections', 16);
/** The JIT needs about this long under load to reach its steady state. */
const WARM_UP_SECONDS = 4;

const serverUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!serverUrl?.startsWith('postgres') || !redisUrl) {
  process.stderr.write('bench:limits needs DATABASE_URL (PostgreSQL) and REDIS_URL\n');
  process.exit(1);
}

const suffix = randomBytes(4).toString('hex');
const prefix = `aqs-bench-limits-${suffix}`;
const scratch = await createScratchDatabase(serverUrl, `aqs_bench_limits_${suffix}`);

const children: ChildProcess[] = [];
async function startServer(limits: boolean): Promise<Ready & { process: ChildProcess }> {
  const server = fork(fileURLToPath(new URL('./api-server.js', import.meta.url)), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      DATABASE_URL: scratch.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      RATE_LIMITS_ENABLED: String(limits),
      BENCH_AGENTS: '10',
    },
  });
  children.push(server);
  const [ready] = (await once(server, 'message')) as [Ready];
  return { ...ready, process: server };
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode === null) {
    const exited = once(server, 'exit');
    server.disconnect();
    await exited;
  }
}

/** Saturated load: autocannon with `connections` connections for `seconds`. */
function saturate(ready: Ready, seconds: number): Promise<TimedLoad> {
  return drive({
    url: `http://127.0.0.1:${ready.port}/api/v1/agents/${ready.agentId}`,
    headers: { authorization: `Bearer ${ready.key}` },
    connections,
    duration: seconds,
  });
}

/** Median time of a PING, one at a time: the floor of what the limiter adds to a request. */
async function redisRoundTripMs(): Promise<number> {
  const client = new Redis(redisUrl!);
  try {
    const times: number[] = [];
    for (let i = 0; i < 2_000; i++) {
      const started = performance.now();
      await client.ping();
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[times.length >> 1];
  } finally {
    client.disconnect();
  }
}

/** Script calls (EVALSHA) Redis has run so far, from any client. */
async function scriptCalls(client: Redis): Promise<number> {
  const stats = await client.info('commandstats');
  return Number(/cmdstat_evalsha:calls=(\d+)/.exec(stats)?.[1] ?? 0);
}

/** Light load: `clients` sequential loops for `seconds`, each request timed to the microsecond. */
async function light(ready: Ready, clients: number, seconds: number): Promise<TimedLoad> {
  const url = `http://127.0.0.1:${ready.port}/api/v1/agents/${ready.agentId}`;
  const headers = { authorization: `Bearer ${ready.key}` };
  const times: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1_000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        times.push(performance.now() - started);
        failures += response.status === 200 ? 0 : 1;
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    latencies: times,
    seconds,
    requests: times.length,
    requestsPerSecond: times.length / seconds,
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    errors: 0,
    non2xx: failures,
  };
}

type Side = 'on' | 'off';
type Load = 'saturated' | 'light';

/** `duration` one-second slices of `load` per side, the sides taking turns (ABBA…), pooled per side. */
async function inTurns(load: (ready: Ready) => Promise<TimedLoad>, servers: Record<Side, Ready>, order: Side[]): Promise<Record<Side, TimedLoad>> {
  const slices: Record<Side, TimedLoad[]> = { on: [], off: [] };
  for (let slice = 0; slice < duration; slice++) {
    for (const side of slice % 2 === 0 ? order : [...order].reverse()) {
      slices[side].push(await load(servers[side]));
    }
  }
  return { on: pooled(slices.on), off: pooled(slices.off) };
}

try {
  // The machine is noisy: throughput swings by a quarter from one second to the next. So the sides take
  // turns in one-second slices (on, off, off, on, …) and each side's slices are pooled. Two processes of
  // one build also differ by up to about 7 % in latency, as much as the limiter costs: each round starts a
  // fresh pair (one after the other: the first run applies the migrations), and the side that starts
  // first alternates, so the process differences average out over the rounds.
  const samples: Record<Load, Record<Side, Measurement[]>> = { saturated: { on: [], off: [] }, light: { on: [], off: [] } };
  const stats = new Redis(redisUrl);
  let steps = 0;
  for (let round = 0; round < rounds; round++) {
    const order: Side[] = round % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
    const started = {} as Record<Side, Ready & { process: ChildProcess }>;
    for (const side of order) {
      started[side] = await startServer(side === 'on');
      await saturate(started[side], WARM_UP_SECONDS);
    }
    const before = await scriptCalls(stats);
    const saturated = await inTurns((ready) => saturate(ready, 1), started, order);
    const lightly = await inTurns((ready) => light(ready, 2, 1), started, order);
    steps += (await scriptCalls(stats)) - before;
    for (const side of order) {
      samples.saturated[side].push(summary(saturated[side]));
      samples.light[side].push(summary(lightly[side]));
    }
    await Promise.all(order.map((side) => stopServer(started[side].process)));
  }
  stats.disconnect();

  const mean = (values: number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;
  const combine = (runs: Measurement[]): Measurement => ({
    requests: runs.reduce((sum, run) => sum + run.requests, 0),
    requestsPerSecond: mean(runs.map((run) => run.requestsPerSecond)),
    p50: mean(runs.map((run) => run.p50)),
    p99: mean(runs.map((run) => run.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
  });
  const roundTrip = await redisRoundTripMs();
  const median = (values: number[]): number => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  // A round's two sides took turns on the same pair of processes: each ratio is taken within a round, and
  // the rounds' median is reported, so that one disturbed round does not decide the figure.
  const pairedRatio = (load: Load, of: (run: Measurement) => number): { median: number; rounds: number[] } => {
    const ratios = samples[load].on.map((on, round) => of(on) / of(samples[load].off[round]));
    return { median: median(ratios), rounds: ratios };
  };
  const rows = (['saturated', 'light'] as const).map((load) => {
    const p50 = pairedRatio(load, (run) => run.p50);
    const p99 = pairedRatio(load, (run) => run.p99);
    const throughput = pairedRatio(load, (run) => run.requestsPerSecond);
    return {
      load,
      on: combine(samples[load].on),
      off: combine(samples[load].off),
      ratio: { p50: p50.median, p99: p99.median, throughput: throughput.median },
      roundRatios: { p50: p50.rounds, p99: p99.rounds, throughput: throughput.rounds },
    };
  });

  const admitted = rows.reduce((sum, row) => sum + row.on.requests, 0);
  const stepShare = steps / admitted;
  if (flag('json')) {
    process.stdout.write(`${JSON.stringify({ duration, rounds, connections, rows, samples, redisRoundTripMs: roundTrip, stepShare })}\n`);
  } else {
    process.stdout.write(
      `\nbench:limits  GET /api/v1/agents/:id  postgresql + redis  ${rounds} rounds of ${duration} one-second turns per side and load, a fresh pair of api processes per round\n`,
    );
    process.stdout.write(`saturated: autocannon, ${connections} connections; light: 2 sequential clients, each request timed\n\n`);
    process.stdout.write(
      `${'load'.padEnd(11)}${'limits'.padEnd(10)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'non-2xx'.padStart(9)}\n`,
    );
    const decimals = (load: Load): number => (load === 'light' ? 3 : 2);
    for (const { load, on, off, ratio } of rows) {
      for (const [name, row] of [
        ['on', on],
        ['off', off],
      ] as const) {
        process.stdout.write(
          `${load.padEnd(11)}${name.padEnd(10)}${row.requestsPerSecond.toFixed(0).padStart(9)}${row.p50.toFixed(decimals(load)).padStart(9)}${row.p99.toFixed(decimals(load)).padStart(9)}${String(row.errors + row.non2xx).padStart(9)}\n`,
        );
      }
      process.stdout.write(
        `${load.padEnd(11)}${'on / off'.padEnd(10)}${ratio.throughput.toFixed(2).padStart(9)}${ratio.p50.toFixed(2).padStart(9)}${ratio.p99.toFixed(2).padStart(9)}   (median of the rounds' ratios)\n`,
      );
    }
    process.stdout.write(`\nratios per round (on / off):\n`);
    for (const { load, roundRatios } of rows) {
      for (const [name, ratios] of Object.entries(roundRatios)) {
        process.stdout.write(`${load.padEnd(11)}${name.padEnd(11)}${ratios.map((ratio) => ratio.toFixed(2)).join('  ')}\n`);
      }
    }
    process.stdout.write(`\nRedis round trip (PING, p50): ${roundTrip.toFixed(3)} ms\n`);
    process.stdout.write(
      `Redis script calls during the measurement, per request the limited side admitted: ${stepShare.toFixed(4)} (counting every Redis client's calls, the job queue's included)\n`,
    );
    for (const { load, ratio } of rows) {
      process.stdout.write(
        `target ${load}: latency on/off at most 1.15: p50 ${ratio.p50 <= 1.15 ? 'met' : 'missed'}, p99 ${ratio.p99 <= 1.15 ? 'met' : 'missed'}\n`,
      );
    }
  }
} finally {
  await Promise.all(children.map(stopServer));
  await scratch.drop();
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) {
    await redis.del(...keys);
  }
  await redis.quit();
}
