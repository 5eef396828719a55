import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { flag, numberOption, usage } from '#bench/bench-options.js';
import { drive, pooled, summary, type LoadResult, type TimedLoad } from '#bench/http-load.js';

usage(`
npm run bench:api [-- --duration 5 --rounds 3 --connections 16 --agents 10 --json]

Requests/s and latency of an unauthenticated health check (the framework's ceiling on this machine),
an authenticated agent list and an authenticated agent read, each as a ratio of the ceiling measured
in the same run: after a warm-up, \`rounds\` x \`duration\` one-second slices per endpoint, the endpoints
taking turns.
`);

interface Ready {
  port: number;
  key: string;
  agentId: string;
  database: string;
  agents: number;
}

interface Measurement extends LoadResult {
  name: string;
}

const duration = numberOption('duration', 5);
const rounds = numberOption('rounds', 3);
const connections = numberOption('connections', 16);
/** The JIT needs about this long under load to reach its steady state. */
const WARM_UP_SECONDS = 3;

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

const ENDPOINTS: Array<[string, string, Record<string, string>]> = [
  ['GET /healthz (no auth)', '/healthz', {}],
  ['GET /api/v1/agents', '/api/v1/agents', auth],
  ['GET /api/v1/agents/:id', `/api/v1/agents/${ready.agentId}`, auth],
];

// BENCH_ONLY=<substring> measures only the matching endpoints (for profiling one of them).
const only = process.env.BENCH_ONLY;
const selected = only ? ENDPOINTS.filter(([name]) => name.includes(only)) : ENDPOINTS;

// The machine is noisy: throughput swings by a quarter from one second to the next. After a warm-up, the
// endpoints take turns in one-second slices, in alternating order (A B C C B A …), pooled per endpoint, so
// that each sees the same conditions.
const slice = (path: string, headers: Record<string, string>, seconds: number): Promise<TimedLoad> =>
  drive({ url: base + path, headers, connections, duration: seconds });
for (const [, path, headers] of selected) {
  await slice(path, headers, WARM_UP_SECONDS);
}
const slices: TimedLoad[][] = selected.map(() => []);
for (let pass = 0; pass < rounds * duration; pass++) {
  const indexes = [...selected.keys()];
  for (const index of pass % 2 === 0 ? indexes : indexes.reverse()) {
    const [, path, headers] = selected[index];
    slices[index].push(await slice(path, headers, 1));
  }
}
server.disconnect();

const combined: Measurement[] = slices.map((runs, index) => ({ name: selected[index][0], ...summary(pooled(runs)) }));
const ceiling = combined[0];
const rows = combined.map((row) => ({ ...row, ratio: row.requestsPerSecond / ceiling.requestsPerSecond }));

if (flag('json')) {
  process.stdout.write(`${JSON.stringify({ database: ready.database, agents: ready.agents, duration, rounds, connections, rows })}\n`);
} else {
  process.stdout.write(
    `\nbench:api  database=${ready.database}  agents=${ready.agents}  connections=${connections}  ${rounds * duration} one-second turns per endpoint\n\n`,
  );
  process.stdout.write(
    `${'endpoint'.padEnd(28)}${'req/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'ratio'.padStart(8)}${'errors'.padStart(8)}\n`,
  );
  for (const row of rows) {
    process.stdout.write(
      `${row.name.padEnd(28)}${row.requestsPerSecond.toFixed(0).padStart(10)}${row.p50.toFixed(2).padStart(9)}${row.p99.toFixed(2).padStart(9)}${row.ratio.toFixed(2).padStart(8)}${String(row.errors + row.non2xx).padStart(8)}\n`,
    );
  }
  const ceilings = slices[0].map((run) => run.requestsPerSecond);
  process.stdout.write(`\nceiling per one-second slice: ${Math.min(...ceilings).toFixed(0)} to ${Math.max(...ceilings).toFixed(0)} req/s\n`);
}
