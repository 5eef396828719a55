import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createApiApp } from '#src/api-app.js';
import { loadConfig } from '#src/config/app-config.js';
import { newId } from '#src/common/ids/ids.js';
import { createLogger } from '#src/common/logging/logger.js';
import { flag, numberOption, usage } from '#bench/bench-options.js';
import { createScratchDatabase } from '#bench/scratch-database.js';

usage(`
npm run bench:analytics [-- --interactions 1000000 --requests 40 --json]

Seeds \`--interactions\` interactions (default 1,000,000) over the last 91 days into one organization of a
scratch PostgreSQL database (DATABASE_URL names the server; the database is dropped afterwards), next to a
second organization of the same size whose rows the report must skip, then times GET /api/v1/analytics
through a running api: a 90-day daily series (the target: p95 <= 300 ms), the same per agent, and a
one-day report as the baseline of what the HTTP, authentication and response path cost by themselves.
The first 90-day report rolls the closed days up (analytics_day); it is timed apart, as "cold".
`);

const INTERACTIONS = numberOption('interactions', 1_000_000);
const REQUESTS = numberOption('requests', 40);
const WARMUP = 5;
const DAYS = 91;
const AGENTS = 10;
const agentIds = new Map<string, string[]>();

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scratch = await createScratchDatabase(serverUrl, `aqs_bench_analytics_${process.pid}`);
const databaseUrl = scratch.url;
const env = {
  ...process.env,
  LOG_LEVEL: 'warn',
  RATE_LIMITS_ENABLED: 'false',
  DATABASE_URL: databaseUrl,
  API_KEY_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
};
const cli = fileURLToPath(new URL('../src/cli.js', import.meta.url));

const db = new pg.Client({ connectionString: databaseUrl });
let app: Awaited<ReturnType<typeof createApiApp>> | undefined;

try {
  execFileSync(process.execPath, [cli, 'migrate'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const orgs = [createOrganization(), createOrganization()];
  await db.connect();

  const seedStarted = performance.now();
  for (const org of orgs) {
    await seed(org.orgId);
  }
  await db.query('VACUUM ANALYZE interaction');
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const config = loadConfig({ ...env, PORT: '0' });
  app = await createApiApp(config, createLogger(config));
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const key = orgs[0].key;

  const today = new Date();
  const day = (offset: number): string => new Date(today.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
  const scenarios = [
    { name: '1 day, daily (baseline)', query: `start_date=${day(1)}&end_date=${day(1)}` },
    { name: '90 days, daily', query: `start_date=${day(90)}&end_date=${day(1)}` },
    { name: '90 days, daily, one agent', query: `start_date=${day(90)}&end_date=${day(1)}&agent_id=${agentId(orgs[0].orgId, 3)}` },
    { name: '30 days, hourly', query: `start_date=${day(30)}&end_date=${day(1)}&granularity=hour` },
  ];
  const coldStarted = performance.now();
  const cold = await fetch(`${base}/api/v1/analytics?${scenarios[1].query}`, { headers: { authorization: `Bearer ${key}` } });
  await cold.arrayBuffer();
  const coldMs = round1(performance.now() - coldStarted);
  const results: Array<{ scenario: string; rows: number; p50: number; p95: number; max: number; ratio: number }> = [];
  const timings = new Map<string, number[]>(scenarios.map((scenario) => [scenario.name, []]));
  const rowsCovered = new Map<string, number>();
  // Interleaved rounds, so that a noisy moment on the machine falls on every scenario alike.
  for (let round = 0; round < WARMUP + REQUESTS; round++) {
    for (const scenario of scenarios) {
      const started = performance.now();
      const response = await fetch(`${base}/api/v1/analytics?${scenario.query}`, { headers: { authorization: `Bearer ${key}` } });
      const body = (await response.json()) as { metrics: { total_queries: number } };
      const elapsed = performance.now() - started;
      if (response.status !== 200) {
        throw new Error(`${scenario.name}: HTTP ${response.status} ${JSON.stringify(body)}`);
      }
      if (round >= WARMUP) {
        timings.get(scenario.name)!.push(elapsed);
      }
      rowsCovered.set(scenario.name, body.metrics.total_queries);
    }
  }
  const baselineP95 = percentile(timings.get(scenarios[0].name)!, 0.95);
  for (const scenario of scenarios) {
    const samples = timings.get(scenario.name)!;
    const p95 = percentile(samples, 0.95);
    results.push({
      scenario: scenario.name,
      rows: rowsCovered.get(scenario.name) ?? 0,
      p50: round1(percentile(samples, 0.5)),
      p95: round1(p95),
      max: round1(Math.max(...samples)),
      ratio: round1(p95 / baselineP95),
    });
  }

  if (flag('json')) {
    process.stdout.write(`${JSON.stringify({ interactions: INTERACTIONS, organizations: orgs.length, requests: REQUESTS, seedSeconds, coldMs, results })}\n`);
  } else {
    process.stdout.write(
      `\n${INTERACTIONS.toLocaleString('en')} interactions in the organization reported on (and as many in another), over ${DAYS} days; seeded in ${seedSeconds.toFixed(0)} s\n`,
    );
    process.stdout.write(`First 90-day daily report (rolls up the closed days): ${coldMs} ms\n`);
    process.stdout.write(`${REQUESTS} timed requests per scenario, interleaved, after ${WARMUP} warm-up rounds\n\n`);
    process.stdout.write('| scenario | interactions covered | p50 ms | p95 ms | max ms | p95 / baseline p95 |\n|---|---|---|---|---|---|\n');
    for (const result of results) {
      process.stdout.write(`| ${result.scenario} | ${result.rows.toLocaleString('en')} | ${result.p50} | ${result.p95} | ${result.max} | ${result.ratio} |\n`);
    }
    process.stdout.write('\nTarget: p95 <= 300 ms for the 90-day daily series.\n');
  }
} finally {
  await app?.close();
  await db.end().catch(() => undefined);
  await scratch.drop();
}

function createOrganization(): { orgId: string; key: string } {
  const output = execFileSync(
    process.execPath,
    [cli, 'org:create', '--name', 'Bench', '--admin-email', `bench-${Math.random().toString(36).slice(2)}@example.test`, '--plan', 'enterprise'],
    { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const created = JSON.parse(output.trim().split('\n').pop()!) as { organization: { id: string }; api_key: string };
  return { orgId: created.organization.id, key: created.api_key };
}

function agentId(orgId: string, index: number): string {
  if (!agentIds.has(orgId)) {
    agentIds.set(
      orgId,
      Array.from({ length: AGENTS }, () => newId('agent')),
    );
  }
  return agentIds.get(orgId)![index];
}

/**
 * Realistic spreads: latency skewed (most answers fast, a long tail), one in five answers rated, about one in
 * ten pending or failed, 500 distinct callers. Generated in SQL, in batches, so the seed takes seconds.
 */
async function seed(orgId: string): Promise<void> {
  await db.query(
    `INSERT INTO agent (id, org_id, name, rag_strategy, model, temperature, max_tokens)
     SELECT id, $1, 'Agent ' || ordinality, 'hybrid', 'extractive', 0.2, 1024 FROM unnest($2::text[]) WITH ORDINALITY AS a(id, ordinality)`,
    [orgId, Array.from({ length: AGENTS }, (_, index) => agentId(orgId, index))],
  );
  const batch = 200_000;
  for (let offset = 0; offset < INTERACTIONS; offset += batch) {
    await db.query(
      `INSERT INTO interaction (id, org_id, agent_id, user_id, api_key_id, query, response, latency_ms, tokens_input, tokens_output,
                                cost_usd, rag_strategy, model, created_at, status, feedback, citation_count)
       SELECT 'int_' || md5($1 || n::text),
              $1,
              ($2::text[])[1 + n % ${AGENTS}],
              CASE WHEN n % 5 = 0 THEN NULL ELSE 'user_bench_' || (n % 400) END,
              'key_bench_' || (n % 100),
              'question ' || n,
              'answer [1]',
              (50 + 4000 * power(random(), 3))::int,
              200 + (n % 300),
              50 + (n % 150),
              0.0004,
              'hybrid',
              'extractive',
              now() - random() * interval '${DAYS} days',
              CASE WHEN n % 10 = 0 THEN 'failed' WHEN n % 97 = 0 THEN 'pending' ELSE 'completed' END,
              CASE n % 10 WHEN 1 THEN 'positive' WHEN 2 THEN 'negative' ELSE NULL END,
              CASE WHEN n % 4 = 0 THEN 0 ELSE 1 + n % 3 END
         FROM generate_series($3::int, $4::int) AS n`,
      [orgId, Array.from({ length: AGENTS }, (_, index) => agentId(orgId, index)), offset, Math.min(offset + batch, INTERACTIONS) - 1],
    );
  }
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
