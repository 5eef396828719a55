import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import { flag, numberOption } from '#bench/bench-options.js';

/**
 * npm run bench:limits [-- --duration 5 --rounds 3 --connections 16 --json]
 *
 * What the rate limiter costs: the same authenticated read (GET /api/v1/agents/:id) against two api
 * processes on one PostgreSQL database and one Redis, one with RATE_LIMITS_ENABLED=true (every request
 * passes the key bucket, the minute and day counters and a concurrency slot, from units the instance
 * leased from Redis, with a step in Redis when a lease runs out) and one with it off, in interleaved
 * rounds, under two loads: saturated (autocannon, 16 connections: throughput and latency when the
 * machine's CPU is the bottleneck) and light (2 sequential clients, each request timed to the
 * microsecond: what the limiter adds to one request). The organization's limits are far above the load,
 * so nothing is refused. Needs REDIS_URL and DATABASE_URL (a PostgreSQL server; a scratch database is
 * created and dropped). Target: latency with limits at most 1.15 times latency without. A Redis step
 * costs a round trip, so the Redis round-trip time on this machine is printed too, and so is the share
 * of requests that took a step (the limiter's script calls over the requests it admitted).
 */
interface Ready {
  port: number;
  key: string;
  agentId: string;
}

interface Measurement {
  /** Every request sent, warm-up included. */
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const duration = numberOption('duration', 5);
const rounds = numberOption('rounds', 3);
const connections = numberOption('connections', 16);

const serverUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!serverUrl?.startsWith('postgres') || !redisUrl) {
  process.stderr.write('bench:limits needs DATABASE_URL (PostgreSQL) and REDIS_URL\n');
  process.exit(1);
}

const suffix = randomBytes(4).toString('hex');
const databaseName = `aqs_bench_limits_${suffix}`;
const prefix = `aqs-bench-limits-${suffix}`;
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${databaseName}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${databaseName}`);

const children: ChildProcess[] = [];
async function startServer(limits: boolean): Promise<Ready> {
  const server = fork(fileURLToPath(new URL('./api-server.js', import.meta.url)), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      RATE_LIMITS_ENABLED: String(limits),
      BENCH_AGENTS: '10',
    },
  });
  children.push(server);
  const [ready] = (await once(server, 'message')) as [Ready];
  return ready;
}

async function measure(ready: Ready): Promise<Measurement> {
  const options = { url: `http://127.0.0.1:${ready.port}/api/v1/agents/${ready.agentId}`, headers: { authorization: `Bearer ${ready.key}` }, connections };
  const warmUp = await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration });
  return {
    requests: warmUp.requests.total + result.requests.total,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
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

/** Light load: `clients` sequential loops for `duration` seconds, each request timed to the microsecond. */
async function light(ready: Ready, clients: number): Promise<Measurement> {
  const url = `http://127.0.0.1:${ready.port}/api/v1/agents/${ready.agentId}`;
  const headers = { authorization: `Bearer ${ready.key}` };
  const times: number[] = [];
  let failures = 0;
  const until = performance.now() + duration * 1_000;
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
  const at = (quantile: number): number => times[Math.min(times.length - 1, Math.floor(quantile * times.length))];
  return { requests: times.length, requestsPerSecond: times.length / duration, p50: at(0.5), p99: at(0.99), errors: 0, non2xx: failures };
}

type Side = 'on' | 'off';
type Load = 'saturated' | 'light';

try {
  // One after the other: the first applies the migrations to the scratch database.
  const servers = { on: await startServer(true), off: await startServer(false) };
  for (const ready of Object.values(servers)) {
    await light(ready, 2); // warm both up
  }

  // The machine is noisy: interleave the sides and alternate which goes first, so both see the same conditions.
  const samples: Record<Load, Record<Side, Measurement[]>> = { saturated: { on: [], off: [] }, light: { on: [], off: [] } };
  const stats = new Redis(redisUrl);
  let steps = 0;
  for (let round = 0; round < rounds; round++) {
    const order: Side[] = round % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
    for (const side of order) {
      const before = await scriptCalls(stats);
      samples.saturated[side].push(await measure(servers[side]));
      samples.light[side].push(await light(servers[side], 2));
      steps += side === 'on' ? (await scriptCalls(stats)) - before : 0;
    }
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
  const rows = (['saturated', 'light'] as const).map((load) => {
    const on = combine(samples[load].on);
    const off = combine(samples[load].off);
    return { load, on, off, ratio: { p50: on.p50 / off.p50, p99: on.p99 / off.p99, throughput: on.requestsPerSecond / off.requestsPerSecond } };
  });

  const admitted = rows.reduce((sum, row) => sum + row.on.requests, 0);
  const stepShare = steps / admitted;
  if (flag('json')) {
    process.stdout.write(`${JSON.stringify({ duration, rounds, connections, rows, redisRoundTripMs: roundTrip, stepShare })}\n`);
  } else {
    process.stdout.write(`\nbench:limits  GET /api/v1/agents/:id  postgresql + redis  ${rounds} interleaved rounds of ${duration}s per side and load\n`);
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
        `${load.padEnd(11)}${'on / off'.padEnd(10)}${ratio.throughput.toFixed(2).padStart(9)}${ratio.p50.toFixed(2).padStart(9)}${ratio.p99.toFixed(2).padStart(9)}\n`,
      );
    }
    process.stdout.write(`\nRedis round trip (PING, p50): ${roundTrip.toFixed(3)} ms\n`);
    process.stdout.write(`Redis script calls while limits were on, per request: ${stepShare.toFixed(4)} (counting every Redis client's calls)\n`);
    for (const { load, ratio } of rows) {
      process.stdout.write(
        `target ${load}: latency on/off at most 1.15: p50 ${ratio.p50 <= 1.15 ? 'met' : 'missed'}, p99 ${ratio.p99 <= 1.15 ? 'met' : 'missed'}\n`,
      );
    }
  }
} finally {
  await Promise.all(
    children.map(async (server) => {
      if (server.exitCode === null) {
        const exited = once(server, 'exit');
        server.disconnect();
        await exited;
      }
    }),
  );
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) {
    await redis.del(...keys);
  }
  await redis.quit();
}
