import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppModule } from '#src/app.module.js';
import { loadConfig } from '#src/config/app-config.js';
import { createLogger, NestPinoLogger } from '#src/common/logging/logger.js';
import { organizationKeyContext } from '#src/common/auth/auth-context.js';
import { DataSourcesService } from '#src/modules/data-sources/data-sources.service.js';
import { OrganizationsService } from '#src/modules/organizations/organizations.service.js';
import { Embedder } from '#src/modules/retrieval/embeddings/embedder.js';
import { embeddingText } from '#src/modules/retrieval/embeddings/embedding-text.js';
import { serveFolder } from '#bench/folder-site.js';
import { createScratchDatabase } from '#bench/scratch-database.js';
import { startStubEmbeddings } from '#bench/stub-embeddings.js';
import { usage } from '#bench/bench-options.js';

usage(`
npm run bench:ingest -- --dir <folder of HTML or Markdown> [--embedder local|stub|both] [--threads N] [--json]

Serves the folder on loopback, crawls it as a website data source through the real sync (crawler,
parsers, chunker, embedder, PostgreSQL or the embedded database) and prints pages/s, chunks/s, the
embedder's share of the wall time and the peak RSS. With the local embedder it then embeds the same
chunks again with the embedder alone, same threads, same run: the ceiling end-to-end is compared to.
With DATABASE_URL each embedder's sync gets a scratch database of its own on that server (created empty,
dropped afterwards), so a run never depends on what earlier runs left in the index.
`);

interface Result {
  embedder: string;
  pages: number;
  chunks: number;
  seconds: number;
  pagesPerSecond: number;
  chunksPerSecond: number;
  embedderShare: number;
  /** CPU time of this process (all its threads) during the sync, per chunk: what the pipeline costs, whatever else runs. */
  cpuMsPerChunk: number;
  /** CPU time of every other process on the machine during the sync, per chunk: the database server, the site, the stub (and any other load). */
  otherCpuMsPerChunk: number;
  /** Cores busy on average during the sync, all processes: near the core count, the machine is the limit. */
  machineBusyCores: number;
  peakRssMb: number;
  rawEmbedderChunksPerSecond?: number;
  ratioToRawEmbedder?: number;
}

const args = process.argv.slice(2);
const value = (name: string): string | undefined => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const dir = value('dir');
if (!dir) {
  process.stderr.write('usage: npm run bench:ingest -- --dir <folder of HTML or Markdown> [--embedder local|stub|both] [--threads N] [--json]\n');
  process.exit(2);
}
const modes = (value('embedder') ?? 'both') === 'both' ? ['local', 'stub'] : [value('embedder')!];
const threads = value('threads');

const site = await serveFolder(dir);
const results: Result[] = [];
for (const mode of modes) {
  results.push(await run(mode));
}
await site.close();

if (args.includes('--json')) {
  process.stdout.write(`${JSON.stringify({ folder: dir, files: site.pages, results })}\n`);
} else {
  process.stdout.write(`\nbench:ingest  ${dir}  (${site.pages} files served)\n\n`);
  process.stdout.write(
    `${'embedder'.padEnd(10)}${'pages'.padStart(7)}${'chunks'.padStart(8)}${'secs'.padStart(8)}${'pages/s'.padStart(9)}${'chunks/s'.padStart(10)}${'embed %'.padStart(9)}${'CPU ms/chunk'.padStart(14)}${'others'.padStart(8)}${'busy cores'.padStart(12)}${'peak RSS'.padStart(10)}${'raw emb/s'.padStart(11)}${'ratio'.padStart(7)}\n`,
  );
  for (const r of results) {
    process.stdout.write(
      `${r.embedder.padEnd(10)}${String(r.pages).padStart(7)}${String(r.chunks).padStart(8)}${r.seconds.toFixed(1).padStart(8)}${r.pagesPerSecond.toFixed(1).padStart(9)}${r.chunksPerSecond.toFixed(1).padStart(10)}${(r.embedderShare * 100).toFixed(0).padStart(8)}%${r.cpuMsPerChunk.toFixed(2).padStart(14)}${r.otherCpuMsPerChunk.toFixed(2).padStart(8)}${`${r.machineBusyCores.toFixed(2)} / ${cpus().length}`.padStart(12)}${`${r.peakRssMb.toFixed(0)} MB`.padStart(10)}${(r.rawEmbedderChunksPerSecond?.toFixed(1) ?? '-').padStart(11)}${(r.ratioToRawEmbedder?.toFixed(2) ?? '-').padStart(7)}\n`,
    );
  }
  process.stdout.write(
    `\nCPU ms/chunk: this process, all threads; others: every other process on the machine (${process.env.DATABASE_URL ? 'PostgreSQL, ' : ''}the site server and, with the stub embedder, the stub); busy cores: all processes, on average during the sync\n`,
  );
}

async function run(mode: string): Promise<Result> {
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, `aqs_bench_ingest_${process.pid}_${mode}`) : undefined;
  try {
    return await sync(mode, scratch?.url);
  } finally {
    await scratch?.drop();
  }
}

async function sync(mode: string, databaseUrl: string | undefined): Promise<Result> {
  const stub = mode === 'stub' ? await startStubEmbeddings(512) : undefined;
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    ...process.env,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: process.env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'aqs-bench-ingest-')),
    API_KEY_SECRET: process.env.API_KEY_SECRET ?? 'bench-secret-bench-secret-bench-secret-0000',
    ALLOW_PRIVATE_TARGETS: 'true',
    EMBEDDED_WORKER: 'true',
    CRAWL_DELAY_MS: '0',
    ...(threads ? { EMBEDDING_THREADS: threads } : {}),
    ...(stub
      ? {
          EMBEDDING_PROVIDER: 'openai',
          EMBEDDING_BASE_URL: stub.baseUrl,
          EMBEDDING_MODEL: 'bench-stub',
          EMBEDDING_DIMENSIONS: '512',
          EMBEDDING_BATCH_SIZE: '256',
        }
      : { EMBEDDING_PROVIDER: 'local' }),
  });
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, { role: 'api' }), { logger: new NestPinoLogger(createLogger(config)) });
  try {
    const embedder = app.get(Embedder);
    const busy = trackBusy(embedder);
    const cpuBefore = process.cpuUsage();
    const machineBefore = machineCpu();
    const created = await app
      .get(OrganizationsService)
      .create({ name: `Bench ${Date.now()}`, plan: 'enterprise', adminEmail: `bench-${Date.now()}@example.test` });
    const auth = organizationKeyContext(created.organization.id, created.apiKey.id);
    const source = await app.get(DataSourcesService).create(auth, { type: 'website', name: 'Bench', config: { url: site.url, max_pages: 10_000 } });
    const db = app.get(DataSource);
    const run = await waitForRun(db, source.id);
    const cpu = process.cpuUsage(cpuBefore);
    const machine = machineCpu();
    const seconds = (run.finished_at.getTime() - run.started_at.getTime()) / 1000;
    const result: Result = {
      embedder: mode,
      pages: run.documents_indexed,
      chunks: run.chunks_written,
      seconds,
      pagesPerSecond: run.documents_indexed / seconds,
      chunksPerSecond: run.chunks_written / seconds,
      embedderShare: busy.seconds() / seconds,
      cpuMsPerChunk: (cpu.user + cpu.system) / 1000 / run.chunks_written,
      otherCpuMsPerChunk: Math.max(0, machine.busyMs - machineBefore.busyMs - (cpu.user + cpu.system) / 1000) / run.chunks_written,
      machineBusyCores: (machine.busyMs - machineBefore.busyMs) / (machine.atMs - machineBefore.atMs),
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    };
    if (mode === 'local') {
      const rows = await db.query<Array<{ document_title: string; heading_path: string[]; text: string }>>(
        'SELECT document_title, heading_path, text FROM chunk WHERE data_source_id = $1 ORDER BY id',
        [source.id],
      );
      const started = performance.now();
      await embedder.embedDocuments(rows.map((row) => embeddingText(row.document_title, row.heading_path, row.text)));
      result.rawEmbedderChunksPerSecond = rows.length / ((performance.now() - started) / 1000);
      result.ratioToRawEmbedder = result.chunksPerSecond / result.rawEmbedderChunksPerSecond;
    }
    return result;
  } finally {
    await app.close();
    await stub?.close();
  }
}

interface RunRow {
  status: string;
  error: string | null;
  started_at: Date;
  finished_at: Date;
  documents_indexed: number;
  chunks_written: number;
}

async function waitForRun(db: DataSource, dataSourceId: string): Promise<RunRow> {
  for (;;) {
    const [row] = await db.query<RunRow[]>(
      'SELECT status, error, started_at, finished_at, documents_indexed, chunks_written FROM sync_run WHERE data_source_id = $1',
      [dataSourceId],
    );
    if (row?.status === 'succeeded') {
      return row;
    }
    if (row?.status === 'failed') {
      throw new Error(`The sync failed: ${row.error}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** CPU time all processes have spent on every core (busy: anything but idle), and when it was read. */
function machineCpu(): { busyMs: number; atMs: number } {
  const busyMs = cpus().reduce((sum, { times }) => sum + times.user + times.nice + times.sys + times.irq, 0);
  return { busyMs, atMs: performance.now() };
}

/** Wall time during which at least one embedding call was in flight. */
function trackBusy(embedder: Embedder): { seconds: () => number } {
  const original = embedder.embedDocuments.bind(embedder);
  let inFlight = 0;
  let since = 0;
  let total = 0;
  embedder.embedDocuments = async (texts: string[]) => {
    if (inFlight++ === 0) {
      since = performance.now();
    }
    try {
      return await original(texts);
    } finally {
      if (--inFlight === 0) {
        total += performance.now() - since;
      }
    }
  };
  return { seconds: () => total / 1000 };
}
