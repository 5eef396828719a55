import 'reflect-metadata';
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '#src/app.module.js';
import { loadConfig } from '#src/config/app-config.js';
import { organizationKeyContext } from '#src/common/auth/auth-context.js';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { createLogger, NestPinoLogger } from '#src/common/logging/logger.js';
import { DomainEventsService } from '#src/modules/events/domain-events.service.js';
import type { AgentEventResource } from '#src/modules/events/event-map.js';
import { OrganizationsService } from '#src/modules/organizations/organizations.service.js';
import { WebhooksService } from '#src/modules/webhooks/webhooks.service.js';
import { flag, numberOption, usage } from '#bench/bench-options.js';
import { createScratchDatabase } from '#bench/scratch-database.js';

usage(`
npm run bench:webhooks [-- --events 10000 --rate 500 --workers 1 --json]

An api instance (this process) commits domain events; worker processes deliver them over HTTPS to a
receiver in this process, on PostgreSQL and Redis (a scratch database, dropped afterwards). Three phases
of \`--events\` events each: a backlog committed before the workers start, then drained (deliveries/s is
the delivery capacity, whatever this process can commit); a burst, committed as fast as 16 concurrent
transactions here allow; and a steady stream at \`--rate\` events/s (the delay from each event's commit to
its first delivery attempt, p50 and p95, at that load).
`);

const EVENTS = numberOption('events', 10_000);
const RATE = numberOption('rate', 500);
const WORKERS = numberOption('workers', 1);
const EMITTERS = 16;

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const certificate = selfSignedCertificate();
const firstArrival = new Map<string, number>();
let received = 0;
const receiver = createServer({ cert: certificate.cert, key: certificate.key }, (request, response) => {
  const arrived = Date.now();
  const eventId = request.headers['x-service-event-id'];
  received++;
  if (typeof eventId === 'string' && !firstArrival.has(eventId)) {
    firstArrival.set(eventId, arrived);
  }
  request.resume();
  request.on('end', () => response.writeHead(200).end());
});
receiver.listen(0, '127.0.0.1');
await once(receiver, 'listening');

const scratch = await createScratchDatabase(serverUrl, `aqs_bench_webhooks_${process.pid}`);
const databaseUrl = scratch.url;

const env = {
  LOG_LEVEL: 'warn',
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  REDIS_PREFIX: `aqs-bench-webhooks-${process.pid}`,
  API_KEY_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
  SECRET_ENCRYPTION_KEYS: `bench:${randomBytes(32).toString('base64')}`,
  WEBHOOK_CA_CERTS: certificate.path,
  ALLOW_PRIVATE_TARGETS: 'true',
  // No embedding happens here; a remote embedder keeps the local model from loading in every process.
  EMBEDDING_PROVIDER: 'openai',
  EMBEDDING_BASE_URL: 'http://127.0.0.1:9/v1',
  EMBEDDING_MODEL: 'none',
  EMBEDDING_DIMENSIONS: '512',
};
const config = loadConfig({ ...env, EMBEDDED_WORKER: 'false', DATA_DIR: mkdtempSync(join(tmpdir(), 'aqs-bench-webhooks-')) });
const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, { role: 'api' }), { logger: new NestPinoLogger(createLogger(config)) });
const workers: ChildProcess[] = [];

try {
  const created = await app
    .get(OrganizationsService)
    .create({ name: `Bench ${Date.now()}`, plan: 'enterprise', adminEmail: `bench-${Date.now()}@example.test` });
  const orgId = created.organization.id;
  const auth = organizationKeyContext(orgId, created.apiKey.id);
  const port = (receiver.address() as AddressInfo).port;
  await app.get(WebhooksService).create(auth, { url: `https://localhost:${port}/hook`, events: ['agent.updated'] });

  const transactions = app.get(TransactionRunner);
  const events = app.get(DomainEventsService);
  const commitAt = new Map<string, number>();
  const emit = async (sequence: number): Promise<void> => {
    const envelope = await transactions.run((tx) =>
      events.record(tx, orgId, 'agent.updated', { agent: benchAgent(sequence), changes: { temperature: { previous: 0.7, current: 0.2 } } }),
    );
    commitAt.set(envelope.id, Date.now());
  };
  const emitAll = async (): Promise<void> => {
    let next = 0;
    await Promise.all(
      Array.from({ length: EMITTERS }, async () => {
        while (next < EVENTS) {
          await emit(next++);
        }
      }),
    );
  };

  // Capacity: a backlog of events committed while no worker runs, then drained; timed from the first delivery to the last.
  await emitAll();
  const workerScript = fileURLToPath(new URL('../src/worker.js', import.meta.url));
  for (let i = 0; i < WORKERS; i++) {
    workers.push(fork(workerScript, [], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  }
  await waitForDeliveries(commitAt, 300_000);
  const arrivals = [...firstArrival.values()].sort((a, b) => a - b);
  const backlog = { name: 'backlog', deliveriesPerSecond: (arrivals.length - 1) / ((arrivals.at(-1)! - arrivals[0]) / 1000) };

  const burst = await phase('burst', commitAt, emitAll);
  const steady = await phase(`${RATE}/s`, commitAt, async () => {
    const started = performance.now();
    const pending: Array<Promise<void>> = [];
    for (let i = 0; i < EVENTS; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) {
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
      pending.push(emit(i));
    }
    await Promise.all(pending);
  });

  const results = { events: EVENTS, workers: WORKERS, received, backlog, phases: [burst, steady] };
  if (flag('json')) {
    process.stdout.write(`${JSON.stringify(results)}\n`);
  } else {
    process.stdout.write(`\nbench:webhooks  ${EVENTS} events per phase, ${WORKERS} worker process(es), PostgreSQL + Redis, HTTPS receiver on loopback\n\n`);
    process.stdout.write(
      `${'phase'.padEnd(10)}${'committed/s'.padStart(13)}${'deliveries/s'.padStart(14)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'max ms'.padStart(9)}\n`,
    );
    for (const r of [burst, steady]) {
      process.stdout.write(
        `${r.name.padEnd(10)}${r.committedPerSecond.toFixed(0).padStart(13)}${r.deliveriesPerSecond.toFixed(0).padStart(14)}${String(r.p50).padStart(9)}${String(r.p95).padStart(9)}${String(r.max).padStart(9)}\n`,
      );
    }
    process.stdout.write(
      `\nbacklog: ${EVENTS} events committed before the workers start, drained at ${backlog.deliveriesPerSecond.toFixed(0)} deliveries/s (first to last delivery)\n`,
    );
    process.stdout.write(`p50/p95/max: from an event's commit to its first delivery attempt. Targets: >= 500 deliveries/s, p95 <= 1000 ms.\n`);
  }
} finally {
  for (const worker of workers) {
    worker.kill('SIGTERM');
  }
  await Promise.all(workers.filter((worker) => worker.exitCode === null).map((worker) => once(worker, 'exit')));
  await app.close();
  receiver.closeAllConnections();
  receiver.close();
  await scratch.drop();
}

interface PhaseResult {
  name: string;
  committedPerSecond: number;
  deliveriesPerSecond: number;
  p50: number;
  p95: number;
  max: number;
}

async function phase(name: string, commitAt: Map<string, number>, commit: () => Promise<void>): Promise<PhaseResult> {
  commitAt.clear();
  firstArrival.clear();
  const started = Date.now();
  await commit();
  const committed = Date.now();
  await waitForDeliveries(commitAt, 300_000);
  const delays = [...commitAt].map(([id, at]) => firstArrival.get(id)! - at).sort((a, b) => a - b);
  const lastArrival = Math.max(...firstArrival.values());
  return {
    name,
    committedPerSecond: commitAt.size / ((committed - started) / 1000),
    deliveriesPerSecond: firstArrival.size / ((lastArrival - started) / 1000),
    p50: percentile(delays, 0.5),
    p95: percentile(delays, 0.95),
    max: delays.at(-1) ?? 0,
  };
}

async function waitForDeliveries(commitAt: Map<string, number>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ([...commitAt.keys()].some((id) => !firstArrival.has(id))) {
    if (Date.now() > deadline) {
      throw new Error(`${[...commitAt.keys()].filter((id) => !firstArrival.has(id)).length} events were not delivered in ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

function benchAgent(sequence: number): AgentEventResource {
  const now = new Date().toISOString();
  return {
    id: `agt_bench${String(sequence).padStart(17, '0')}`,
    name: `Agent ${sequence}`,
    systemPrompt: null,
    ragStrategy: 'hybrid',
    model: 'extractive',
    temperature: 0.2,
    maxTokens: 1024,
    status: 'active',
    dataSourceIds: [],
    providerKeyId: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** A self-signed certificate for localhost, trusted by the workers through WEBHOOK_CA_CERTS. */
function selfSignedCertificate(): { path: string; cert: Buffer; key: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'aqs-bench-tls-'));
  const [certPath, keyPath] = [join(dir, 'receiver.crt'), join(dir, 'receiver.key')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      keyPath,
      '-out',
      certPath,
    ],
    { stdio: 'pipe' },
  );
  return { path: certPath, cert: readFileSync(certPath), key: readFileSync(keyPath) };
}
