import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { flag, numberOption } from '#bench/bench-options.js';

/**
 * npm run bench:api [-- --duration 5 --rounds 3 --connections 16 --agents 10 --json]
 *
 * Requests/s and latency of an unauthenticated health check (the framework's ceiling on this machine),
 * an authenticated agent list and an authenticated agent read, each as a ratio of the ceiling measured
 * in the same run, in interleaved rounds.
 */
interface Ready {
  port: number;
  key: string;
  agentId: string;
  database: string;
  agents: number;
}

interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const duration = numberOption('duration', 5);
const rounds = numberOption('rounds', 3);
const connections = numberOption('connections', 16);

// BENCH_PROFILE=<dir> writes a CPU profile of the server process there.
const profileDir = process.env.BENCH_PROFILE;
const server = fork(fileURLToPath(new URL('./api-server.js', import.meta.url)), {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  env: { ...process.env, RATE_LIMITS_ENABLED: 'false', BENCH_AGENTS: String(numberOption('agents', 10)) },
  execArgv: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
});
const [ready] = (await once(server, 'message')) as [Ready];
const base = `http://127.0.0.1:${ready.port}`;
const auth = { authorization: `Bearer ${ready.key}` };

async function measure(name: string, path: string, headers: Record<string, string> = {}): Promise<Measurement> {
  await autocannon({ url: base + path, headers, connections, duration: 1 });
  const result = await autocannon({ url: base + path, headers, connections, duration });
  return { name, requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

const ENDPOINTS: Array<[string, string, Record<string, string>]> = [
  ['GET /healthz (no auth)', '/healthz', {}],
  ['GET /api/v1/agents', '/api/v1/agents', auth],
  ['GET /api/v1/agents/:id', `/api/v1/agents/${ready.agentId}`, auth],
];

// BENCH_ONLY=<substring> measures only the matching endpoints (for profiling one of them).
const only = process.env.BENCH_ONLY;
const selected = only ? ENDPOINTS.filter(([name]) => name.includes(only)) : ENDPOINTS;

// The machine is noisy: measure the endpoints in interleaved rounds, so each sees the same conditions.
const samples: Measurement[][] = selected.map(() => []);
for (let round = 0; round < rounds; round++) {
  for (const [index, [name, path, headers]] of selected.entries()) {
    samples[index].push(await measure(name, path, headers));
  }
}
server.disconnect();

const mean = (values: number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;
const combined: Measurement[] = samples.map((runs) => ({
  name: runs[0].name,
  requestsPerSecond: mean(runs.map((run) => run.requestsPerSecond)),
  p50: mean(runs.map((run) => run.p50)),
  p99: mean(runs.map((run) => run.p99)),
  errors: runs.reduce((sum, run) => sum + run.errors, 0),
  non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
}));
const ceiling = combined[0];
const rows = combined.map((row) => ({ ...row, ratio: row.requestsPerSecond / ceiling.requestsPerSecond }));

if (flag('json')) {
  process.stdout.write(`${JSON.stringify({ database: ready.database, agents: ready.agents, duration, rounds, connections, rows })}\n`);
} else {
  process.stdout.write(
    `\nbench:api  database=${ready.database}  agents=${ready.agents}  connections=${connections}  ${rounds} interleaved rounds of ${duration}s per endpoint\n\n`,
  );
  process.stdout.write(
    `${'endpoint'.padEnd(28)}${'req/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'ratio'.padStart(8)}${'errors'.padStart(8)}\n`,
  );
  for (const row of rows) {
    process.stdout.write(
      `${row.name.padEnd(28)}${row.requestsPerSecond.toFixed(0).padStart(10)}${row.p50.toFixed(1).padStart(9)}${row.p99.toFixed(1).padStart(9)}${row.ratio.toFixed(2).padStart(8)}${String(row.errors + row.non2xx).padStart(8)}\n`,
    );
  }
  process.stdout.write(`\nceiling per round: ${samples[0].map((run) => run.requestsPerSecond.toFixed(0)).join(' / ')} req/s\n`);
}
