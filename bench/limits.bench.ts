import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * npm run bench:limits [-- --duration 5 --rounds 3 --connections 16 --json]
 *
 * What the rate limiter costs: the same authenticated read (GET /api/v1/agents/:id) against two api
 * processes on one PostgreSQL database and one Redis, one with RATE_LIMITS_ENABLED=true (every request
 * runs the limiter's Lua script: key bucket, minute and day counters, a concurrency slot) and one with
 * it off, in interleaved rounds. The organization's limits are far above the load, so nothing is
 * refused. Needs REDIS_URL and DATABASE_URL (a PostgreSQL server; a scratch database is created and
 * dropped). Target: p50 and p99 with limits at most 1.15 times those without.
 */
interface Ready {
  port: number;
  key: string;
  agentId: string;
}

interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const duration = option('duration', 5);
const rounds = option('rounds', 3);
const connections = option('connections', 16);

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

const servers: ChildProcess[] = [];
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
  servers.push(server);
  const [ready] = (await once(server, 'message')) as [Ready];
  return ready;
}

async function measure(ready: Ready): Promise<Measurement> {
  const options = { url: `http://127.0.0.1:${ready.port}/api/v1/agents/${ready.agentId}`, headers: { authorization: `Bearer ${ready.key}` }, connections };
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration });
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

try {
  // One after the other: the first applies the migrations to the scratch database.
  const on = await startServer(true);
  const off = await startServer(false);

  // The machine is noisy: alternate which side goes first in each round, so both see the same conditions.
  const samples: Record<'on' | 'off', Measurement[]> = { on: [], off: [] };
  for (let round = 0; round < rounds; round++) {
    const order: Array<['on' | 'off', Ready]> =
      round % 2 === 0
        ? [
            ['on', on],
            ['off', off],
          ]
        : [
            ['off', off],
            ['on', on],
          ];
    for (const [side, ready] of order) {
      samples[side].push(await measure(ready));
    }
  }

  const mean = (values: number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;
  const combine = (runs: Measurement[]): Measurement => ({
    requestsPerSecond: mean(runs.map((run) => run.requestsPerSecond)),
    p50: mean(runs.map((run) => run.p50)),
    p99: mean(runs.map((run) => run.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
  });
  const withLimits = combine(samples.on);
  const without = combine(samples.off);
  const ratio = { p50: withLimits.p50 / without.p50, p99: withLimits.p99 / without.p99, throughput: withLimits.requestsPerSecond / without.requestsPerSecond };

  if (args.includes('--json')) {
    process.stdout.write(`${JSON.stringify({ duration, rounds, connections, on: withLimits, off: without, ratio })}\n`);
  } else {
    process.stdout.write(
      `\nbench:limits  GET /api/v1/agents/:id  postgresql + redis  connections=${connections}  ${rounds} interleaved rounds of ${duration}s per side\n\n`,
    );
    process.stdout.write(`${'rate limits'.padEnd(14)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'non-2xx'.padStart(9)}\n`);
    for (const [name, row] of [
      ['on', withLimits],
      ['off', without],
    ] as const) {
      process.stdout.write(
        `${name.padEnd(14)}${row.requestsPerSecond.toFixed(0).padStart(9)}${row.p50.toFixed(2).padStart(9)}${row.p99.toFixed(2).padStart(9)}${String(row.errors + row.non2xx).padStart(9)}\n`,
      );
    }
    process.stdout.write(
      `${'on / off'.padEnd(14)}${ratio.throughput.toFixed(2).padStart(9)}${ratio.p50.toFixed(2).padStart(9)}${ratio.p99.toFixed(2).padStart(9)}\n`,
    );
    process.stdout.write(
      `\np50 per round, on: ${samples.on.map((run) => run.p50.toFixed(2)).join(' / ')} ms; off: ${samples.off.map((run) => run.p50.toFixed(2)).join(' / ')} ms\n`,
    );
    process.stdout.write(
      `target: latency ratio on/off at most 1.15 (p50 ${ratio.p50 <= 1.15 ? 'met' : 'missed'}, p99 ${ratio.p99 <= 1.15 ? 'met' : 'missed'})\n`,
    );
  }
} finally {
  await Promise.all(
    servers.map(async (server) => {
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
