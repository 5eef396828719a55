import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import pino from 'pino';
import { loadConfig } from '#src/config/app-config.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import { newId } from '#src/common/ids/ids.js';
import { createLogger, NestPinoLogger } from '#src/common/logging/logger.js';
import { summarize, type LatencySummary } from '#src/modules/retrieval/evaluation/evaluation-harness.js';
import { EvaluationModule } from '#src/modules/retrieval/evaluation/evaluation.module.js';
import { RAG_STRATEGIES } from '#src/modules/retrieval/rag-strategy.js';
import { RetrievalService } from '#src/modules/retrieval/retrieval.service.js';
import type { SearchScope } from '#src/modules/retrieval/retrieval.types.js';
import { usage } from '#bench/bench-options.js';

usage(`
npm run bench:retrieval -- [--chunks 100000] [--queries 200] [--top-k 10] [--json]

Latency of RetrievalService.search per strategy on a synthetic index of \`--chunks\` chunks (made once
per size and kept: run it on a scratch DATABASE_URL or DATA_DIR). Chunk texts are 150 to 400 words
drawn from a 30,000-word vocabulary with a Zipf-like law; vectors are 512 numbers around 500 random
centres, so the HNSW graph has structure. One organization holds the chunks in two data sources (90%
and 10%) and a second organization holds as many again, so every search is a filtered one. Queries
are short word strings embedded by the configured embedder: the measured time includes the query
embedding, one query at a time.
`);

const args = process.argv.slice(2);
const value = (name: string): string | undefined => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const chunks = Number(value('chunks') ?? 100_000);
const queries = Number(value('queries') ?? 200);
const topK = Number(value('top-k') ?? 10);
const log = (message: string): void => void process.stderr.write(`[bench] ${message}\n`);

const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? 'data/bench-retrieval', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
const app = await NestFactory.createApplicationContext(EvaluationModule.forRoot(config), {
  logger: new NestPinoLogger(createLogger(config, pino.destination({ fd: 2, sync: false }))),
});
const sql = app.get(SqlClient);

interface Row {
  strategy: string;
  scope: string;
  latency: LatencySummary;
  embeddingP50Ms: number;
  retrievalP50Ms: number;
  retrievalP95Ms: number;
}

try {
  const [main, small] = await synthetic(`bench synthetic ${chunks}`, chunks);
  await synthetic(`bench synthetic ${chunks} other`, chunks);
  const retrieval = app.get(RetrievalService);
  const [org] = await sql.query<{ org_id: string }>('SELECT org_id FROM data_source WHERE id = $1', [main]);
  const word = (): string => `w${Math.floor(Math.exp(Math.random() * Math.log(30_000)))}`;
  const texts = Array.from({ length: queries }, () => Array.from({ length: 3 + Math.floor(Math.random() * 6) }, word).join(' '));
  const results: Row[] = [];
  for (const [name, scope] of [
    ['90% source', { orgId: org.org_id, dataSourceIds: [main], includeKnowledgeBase: true }],
    ['10% source', { orgId: org.org_id, dataSourceIds: [small], includeKnowledgeBase: false }],
  ] as Array<[string, SearchScope]>) {
    for (const strategy of RAG_STRATEGIES) {
      // Warm up: prepared statements, the embedder's threads, the buffer cache.
      for (const text of texts.slice(0, 10)) {
        await retrieval.search({ query: text, scope, strategy, topK });
      }
      const total: number[] = [];
      const embedding: number[] = [];
      const retrievalMs: number[] = [];
      for (const text of texts) {
        const started = performance.now();
        const result = await retrieval.search({ query: text, scope, strategy, topK });
        total.push(performance.now() - started);
        embedding.push(result.timings.embeddingMs);
        retrievalMs.push(result.timings.retrievalMs);
      }
      const row = {
        strategy,
        scope: name,
        latency: summarize(total),
        embeddingP50Ms: summarize(embedding).p50Ms,
        retrievalP50Ms: summarize(retrievalMs).p50Ms,
        retrievalP95Ms: summarize(retrievalMs).p95Ms,
      };
      results.push(row);
      log(`${name} ${strategy}: p50 ${row.latency.p50Ms.toFixed(1)} ms, p95 ${row.latency.p95Ms.toFixed(1)} ms`);
    }
  }
  if (args.includes('--json')) {
    process.stdout.write(`${JSON.stringify({ chunks, queries, topK, database: config.database.kind, results })}\n`);
  } else {
    process.stdout.write(`\nbench:retrieval  ${chunks} chunks per organization, ${queries} queries, top_k ${topK}, ${config.database.kind}\n\n`);
    process.stdout.write(
      `${'scope'.padEnd(12)}${'strategy'.padEnd(10)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'embed p50'.padStart(11)}${'sql p50'.padStart(9)}${'sql p95'.padStart(9)}\n`,
    );
    for (const r of results) {
      process.stdout.write(
        `${r.scope.padEnd(12)}${r.strategy.padEnd(10)}${r.latency.p50Ms.toFixed(1).padStart(8)}${r.latency.p95Ms.toFixed(1).padStart(8)}${r.embeddingP50Ms.toFixed(1).padStart(11)}${r.retrievalP50Ms.toFixed(1).padStart(9)}${r.retrievalP95Ms.toFixed(1).padStart(9)}\n`,
      );
    }
  }
} finally {
  await app.close();
}
process.exit(0);

/** An organization with `count` synthetic chunks in two data sources (90% and 10%); made once, then reused. */
async function synthetic(name: string, count: number): Promise<[string, string]> {
  const existing = await sql.query<{ id: string }>(`SELECT id FROM data_source WHERE name LIKE $1 ORDER BY name`, [`${name} %`]);
  if (existing.length === 2) {
    return [existing[0].id, existing[1].id];
  }
  const orgId = newId('organization');
  await sql.query(`INSERT INTO organization (id, name, plan) VALUES ($1, $2, 'enterprise')`, [orgId, name]);
  const sources: [string, string] = [newId('dataSource'), newId('dataSource')];
  for (const [index, id] of sources.entries()) {
    await sql.query(`INSERT INTO data_source (id, org_id, type, name, status) VALUES ($1, $2, 'file', $3, 'active')`, [id, orgId, `${name} ${index}`]);
  }
  await sql.query(`CREATE TABLE IF NOT EXISTS bench_centre (i int PRIMARY KEY, v float4[])`, []);
  await sql.query(
    `INSERT INTO bench_centre SELECT i, (SELECT array_agg((random() * 2 - 1)::float4) FROM generate_series(1, 512) WHERE i > 0) FROM generate_series(0, 499) i ON CONFLICT DO NOTHING`,
    [],
  );
  const batch = 2_000;
  const started = performance.now();
  for (let from = 0; from < count; from += batch) {
    const to = Math.min(count, from + batch);
    const source = from < count * 0.9 ? sources[0] : sources[1];
    const prefix = `${orgId.slice(-10)}_${from}`;
    // One document per 5 chunks.
    await sql.query(
      `INSERT INTO document (id, org_id, data_source_id, key, url, title, status, chunk_count, token_count, last_seen_run_id)
       SELECT 'doc_' || $3 || '_' || d, $1, $2, 'k' || $3 || '_' || d, 'https://bench.test/' || $3 || '/' || d, 'Document ' || d, 'indexed', 5, 0, 'bench'
       FROM generate_series(0, $4::int - 1) d`,
      [orgId, source, prefix, Math.ceil((to - from) / 5)],
    );
    await sql.query(
      `INSERT INTO chunk (id, org_id, data_source_id, document_id, chunk_index, document_title, document_url, heading_path, section, text, token_count, embedding, embedding_model)
       SELECT 'chk_' || $3 || '_' || g, $1, $2, 'doc_' || $3 || '_' || (g / 5), g % 5, 'Document ' || (g / 5), 'https://bench.test/' || $3 || '/' || (g / 5), '{}', '',
              t.text, t.words * 4 / 3,
              (SELECT array_agg(c.x + ((random() - 0.5) * 0.6)::float4 ORDER BY c.n)::vector(512)
                 FROM bench_centre bc, unnest(bc.v) WITH ORDINALITY AS c(x, n) WHERE bc.i = (g * 7919) % 500),
              'synthetic'
       FROM generate_series(0, $4::int - 1) g,
       LATERAL (SELECT string_agg('w' || floor(exp(random() * ln(30000)))::int, ' ') AS text, count(*)::int AS words
                FROM generate_series(1, 150 + (random() * 250)::int + g * 0)) t`,
      [orgId, source, prefix, to - from],
    );
    log(`${name}: ${to}/${count} chunks (${(to / ((performance.now() - started) / 1000)).toFixed(0)}/s)`);
  }
  await sql.query('DROP TABLE bench_centre', []);
  await sql.query('VACUUM ANALYZE chunk', []).catch(() => sql.query('ANALYZE chunk', []));
  return sources;
}
