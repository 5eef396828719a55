import 'reflect-metadata';
import { execFileSync, fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { NestFactory } from '@nestjs/core';
import autocannon from 'autocannon';
import pg from 'pg';
import pino from 'pino';
import { DataSource } from 'typeorm';
import { createApiApp } from '#src/api-app.js';
import { APP_CONFIG, loadConfig, type AppConfig } from '#src/config/app-config.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import { newId } from '#src/common/ids/ids.js';
import { createLogger, NestPinoLogger } from '#src/common/logging/logger.js';
import { ChunkSearchRepository } from '#src/modules/retrieval/chunk-search.repository.js';
import { SearchStatsRepository } from '#src/modules/retrieval/search-stats.repository.js';
import { Embedder } from '#src/modules/retrieval/embeddings/embedder.js';
import { summarize } from '#src/modules/retrieval/evaluation/evaluation-harness.js';
import { EvaluationModule } from '#src/modules/retrieval/evaluation/evaluation.module.js';
import { RAG_STRATEGIES, type RagStrategy } from '#src/modules/retrieval/rag-strategy.js';
import { HNSW_MAX_EF_SEARCH, HNSW_MIN_EF_SEARCH, HYBRID_FUSION } from '#src/modules/retrieval/retrieval-settings.js';
import { RetrievalService } from '#src/modules/retrieval/retrieval.service.js';
import type { SearchScope } from '#src/modules/retrieval/retrieval.types.js';
import { SearchSessions, type SearchConnection } from '#src/modules/retrieval/search-session.js';
import { flag, numberOption, withDatabase, usage } from '#bench/bench-options.js';

usage(`
npm run bench:query -- [--chunks 100000] [--other-chunks N] [--duration 5] [--rounds 2] [--queries 100]
                       [--recall-queries 100] [--keep] [--json]

Query-path latency on PostgreSQL at \`--chunks\` chunks, against the targets of the issue: semantic-search
p95 <= 100 ms including the query embedding, the service's retrieval time <= 1.5 x the bare SQL of the
same retrieval, HNSW recall@10 >= 0.95 against exact search.

Corpus, in a scratch database (DATABASE_URL names the server; dropped at the end unless \`--keep\`, and a
kept database of the same sizes is reused): one enterprise organization with \`--chunks\` chunks in two
data sources (90% and 10%), and a second organization with \`--other-chunks\` (default half as many)
that every search must filter out. Texts are 150 to 400 words from a 30,000-word vocabulary with a
Zipf-like law whose 100 commonest words are English stop words. Vectors (512 dimensions, seeded, made
here and sent in binary) have the structure of text embeddings rather than uniform noise: a shared
direction plus a low-rank content subspace in which topics, documents and chunks sit (see VectorModel,
calibrated on the local embedder). The two indexes the searches use are the migrations' own, dropped
before the bulk load and rebuilt after it from their stored definitions; seeding and both builds are
timed.

Measured, in this order:
1. in process: the query embedding of the configured embedder (local USE by default), one at a time;
2. in process: RetrievalService.search per strategy with a precomputed query vector (an embedder that
   answers from a map, so no embedding time), against the very statements it ran (recorded, then
   replayed with the same parameters on connections of the same pool, HNSW settings applied once per
   connection), in interleaved pairs; the ratio is the service's time over the bare statements';
3. in process: HNSW recall@10 against exact search (\`enable_indexscan = off\`), same filter (organization
   and data sources) and query vectors drawn near documents, at the service's settings and a few other
   ef_search values;
4. over HTTP (the api in a child process, rate limits off; autocannon with a random query text per
   request): POST /api/v1/semantic-search (top_k 10) and POST /api/v1/query (an agent per strategy over
   both data sources, model \`extractive\`) at 1 and 16 clients, in interleaved rounds. The api embeds the
   query texts, which bear no relation to the synthetic vectors: right for latency, meaningless for
   relevance.
`);

const log = (message: string): void => void process.stderr.write(`[bench:query] ${message}\n`);

const DIMENSIONS = 512;
const CHUNKS_PER_DOCUMENT = 5;
const CHUNKS_PER_TOPIC = 200;
/**
 * The vector model (see VectorModel): weight of the direction all texts share, rank of the subspace the
 * content varies in and the decay of its spectrum, spread of topics, documents and chunks in it, and
 * isotropic noise per document and per chunk.
 */
const MODEL = { common: 2.2, rank: 64, decay: 0.4, topic: 1, document: 0.5, chunk: 1.5, documentNoise: 0.15, chunkNoise: 0.3 };
const SEED = 20_240_601;
/** Bump when the corpus changes: a kept database of another version is rebuilt. */
const CORPUS_VERSION = 3;
/**
 * The 100 most frequent words of the texts' vocabulary are English stop words (in PostgreSQL's list, so
 * to_tsvector drops them), as in real text, where they are about half of the words; the others are w101
 * to w30000.
 */
const STOP_WORDS = (
  'the of and to a in is it you that he was for on are with as i his they be at have this from or had by but not what all were we when your can ' +
  'there an which their if do will each about how up out them then she some so these other into has more her him been its who now my over than ' +
  'only did down very just should any most such both same our me those after before through where why again here off once while few own under ' +
  'until during because against between'
).split(' ');
const VOCABULARY = 30_000;
const HNSW_INDEX = 'ix_chunk_embedding_hnsw';
const GIN_INDEX = 'ix_chunk_tsv_gin';
const SEARCH_TOP_K = 10;
const CLIENTS = [1, 16];
const EF_SEARCH_SWEEP = [40, 64, 100, 200, 400, 800];
const ENDPOINTS = ['semantic-search', 'query'] as const;
type Endpoint = (typeof ENDPOINTS)[number];

/** The api under load, in its own process so that autocannon does not share its event loop. */
async function serve(): Promise<void> {
  const config = loadConfig({ ...process.env, PORT: '0' });
  const app = await createApiApp(config, createLogger(config));
  await app.listen(0, '127.0.0.1');
  process.send?.({ port: (app.getHttpServer().address() as AddressInfo).port });
  process.on('disconnect', () => {
    void app.close().then(() => process.exit(0));
  });
}

interface Corpus {
  version: number;
  orgId: string;
  key: string;
  /** The 90% and the 10% data source. */
  sources: [string, string];
  /** Documents of the benchmarked organization: [0, split) in the first data source, the others in the second. */
  documents: number;
  split: number;
  topics: number;
  seedSeconds: number;
  ginSeconds: number;
  hnswSeconds: number;
  hnswDefinition: string;
  /** Set when the corpus comes from a kept database: the timings are those of the run that made it. */
  reused?: boolean;
}

interface Percentiles {
  p50: number;
  p95: number;
}

async function main(): Promise<void> {
  const chunks = numberOption('chunks', 100_000);
  const otherChunks = numberOption('other-chunks', Math.round(chunks / 2 / CHUNKS_PER_DOCUMENT) * CHUNKS_PER_DOCUMENT);
  const duration = numberOption('duration', 5);
  const rounds = numberOption('rounds', 2);
  const queries = numberOption('queries', 100);
  const recallQueries = numberOption('recall-queries', 100);
  const keep = flag('keep');
  if (chunks % CHUNKS_PER_DOCUMENT !== 0 || otherChunks % CHUNKS_PER_DOCUMENT !== 0 || chunks < 1_000) {
    throw new Error(`--chunks and --other-chunks must be multiples of ${CHUNKS_PER_DOCUMENT}, --chunks at least 1000`);
  }
  const started = performance.now();

  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseName = `aqs_bench_query_${chunks}_${otherChunks}`;
  const databaseUrl = withDatabase(serverUrl, databaseName);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATABASE_URL: databaseUrl,
    DATA_DIR: process.env.DATA_DIR ?? 'data/bench-query',
    API_KEY_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
    RATE_LIMITS_ENABLED: 'false',
  };
  const model = new VectorModel(Math.max(10, Math.round(chunks / CHUNKS_PER_TOPIC)), SEED);

  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const corpus = await prepareCorpus(admin, databaseName, env, model, chunks, otherChunks);
    const scope: SearchScope = { orgId: corpus.orgId, dataSourceIds: corpus.sources, includeKnowledgeBase: true };
    const texts = queryTexts(1_000, SEED + 1);
    const server = await serverFacts(databaseUrl, corpus.orgId);

    const inProcess = await measureInProcess(env, model, corpus, scope, texts, queries, recallQueries);
    const http = await measureHttp(env, corpus, texts, duration, rounds);

    const report = {
      chunks,
      otherChunks,
      server,
      corpus: {
        documents: corpus.documents,
        topics: corpus.topics,
        seedSeconds: round(corpus.seedSeconds, 1),
        ginSeconds: round(corpus.ginSeconds, 1),
        hnswSeconds: round(corpus.hnswSeconds, 1),
        hnswDefinition: corpus.hnswDefinition,
        reused: corpus.reused ?? false,
        vectorModel: MODEL,
      },
      settings: {
        hnswMinEfSearch: HNSW_MIN_EF_SEARCH,
        hnswMaxEfSearch: HNSW_MAX_EF_SEARCH,
        searchTopK: SEARCH_TOP_K,
        hybridVectorDepth: HYBRID_FUSION.vectorDepth,
      },
      http: { duration, rounds, rows: http },
      ...inProcess,
      totalSeconds: round((performance.now() - started) / 1000, 0),
    };
    process.stdout.write(flag('json') ? `${JSON.stringify(report)}\n` : markdown(report));
  } finally {
    if (keep) {
      log(`kept database ${databaseName}: the next run with the same sizes reuses it`);
    } else {
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    }
    await admin.end();
  }
}

// ---------------------------------------------------------------------------------------------------
// Corpus

/**
 * The kept database of these sizes if complete, else a new one: migrated by the service's CLI, an
 * enterprise organization made by the CLI (for its API key), a second organization, the chunks, then the
 * two search indexes rebuilt from the migrations' definitions.
 */
async function prepareCorpus(admin: pg.Client, name: string, env: NodeJS.ProcessEnv, model: VectorModel, chunks: number, otherChunks: number): Promise<Corpus> {
  const cli = fileURLToPath(new URL('../src/cli.js', import.meta.url));
  const migrate = (): void => void execFileSync(process.execPath, [cli, 'migrate'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const [exists] = (await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_database WHERE datname = $1', [name])).rows;
  if (exists.n > 0) {
    const db = new pg.Client({ connectionString: env.DATABASE_URL });
    await db.connect();
    try {
      const [present] = (await db.query<{ yes: boolean }>(`SELECT to_regclass('bench_query_meta') IS NOT NULL AS yes`)).rows;
      const [kept] = present.yes ? (await db.query<{ corpus: Corpus }>(`SELECT value AS corpus FROM bench_query_meta WHERE key = 'corpus'`)).rows : [];
      if (kept && kept.corpus.version === CORPUS_VERSION && kept.corpus.topics === model.topics) {
        log(`reusing the corpus in ${name} (seeded in ${kept.corpus.seedSeconds.toFixed(0)} s, HNSW built in ${kept.corpus.hnswSeconds.toFixed(0)} s)`);
        // A corpus kept by an earlier version of the schema gets its later migrations.
        migrate();
        return { ...kept.corpus, reused: true };
      }
    } finally {
      await db.end();
    }
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
  }
  await admin.query(`CREATE DATABASE ${name}`);
  migrate();
  const output = execFileSync(
    process.execPath,
    [cli, 'org:create', '--name', 'Bench query', '--admin-email', 'bench-query@example.test', '--plan', 'enterprise'],
    {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const created = JSON.parse(output.trim().split('\n').pop()!) as { organization: { id: string }; api_key: string };

  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  try {
    await db.query('SELECT setseed(0.5)');
    const [oid] = (await db.query<{ oid: number }>(`SELECT 'vector'::regtype::oid::int AS oid`)).rows;
    const indexes = (
      await db.query<{ name: string; definition: string }>(
        `SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'chunk' AND indexname = ANY($1)`,
        [[GIN_INDEX, HNSW_INDEX]],
      )
    ).rows;
    if (indexes.length !== 2) {
      throw new Error(`Expected the migrations' indexes ${GIN_INDEX} and ${HNSW_INDEX} on chunk, found ${indexes.map((index) => index.name).join(', ')}`);
    }
    for (const index of indexes) {
      await db.query(`DROP INDEX ${index.name}`);
    }

    const otherOrg = newId('organization');
    await db.query(`INSERT INTO organization (id, name, plan) VALUES ($1, 'Bench query, another organization', 'enterprise')`, [otherOrg]);
    // Both organizations at once, on two connections: the vectors of one are made while the other's batch is stored.
    const seedStarted = performance.now();
    const second = new pg.Client({ connectionString: env.DATABASE_URL });
    await second.connect();
    const [sources] = await Promise.all([
      seedOrganization(db, oid.oid, model, 0, created.organization.id, chunks),
      otherChunks > 0 ? second.query('SELECT setseed(0.25)').then(() => seedOrganization(second, oid.oid, model, 1, otherOrg, otherChunks)) : undefined,
    ]).finally(() => second.end());
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    // For the builds only (this session): pgvector builds HNSW much faster while the graph fits in maintenance_work_mem.
    await db.query(`SET maintenance_work_mem = '1GB'`);
    const build = async (indexName: string): Promise<number> => {
      const definition = indexes.find((index) => index.name === indexName)!.definition;
      log(`building ${indexName}: ${definition}`);
      const buildStarted = performance.now();
      await db.query(definition);
      return (performance.now() - buildStarted) / 1000;
    };
    const ginSeconds = await build(GIN_INDEX);
    const hnswSeconds = await build(HNSW_INDEX);
    log(`indexes built: GIN ${ginSeconds.toFixed(0)} s, HNSW ${hnswSeconds.toFixed(0)} s`);
    await db.query('VACUUM ANALYZE chunk');
    await db.query('VACUUM ANALYZE document');

    const documents = chunks / CHUNKS_PER_DOCUMENT;
    const corpus: Corpus = {
      version: CORPUS_VERSION,
      orgId: created.organization.id,
      key: created.api_key,
      sources,
      documents,
      split: Math.floor(documents * 0.9),
      topics: model.topics,
      seedSeconds,
      ginSeconds,
      hnswSeconds,
      hnswDefinition: indexes.find((index) => index.name === HNSW_INDEX)!.definition,
    };
    await db.query('CREATE TABLE bench_query_meta (key text PRIMARY KEY, value jsonb NOT NULL)');
    await db.query(`INSERT INTO bench_query_meta VALUES ('corpus', $1)`, [JSON.stringify(corpus)]);
    return corpus;
  } finally {
    await db.end();
  }
}

/** `count` chunks of organization number `org` in two data sources (90% and 10% of the documents), in batches. */
async function seedOrganization(db: pg.Client, vectorOid: number, model: VectorModel, org: number, orgId: string, count: number): Promise<[string, string]> {
  const sources: [string, string] = [newId('dataSource'), newId('dataSource')];
  for (const [index, id] of sources.entries()) {
    await db.query(`INSERT INTO data_source (id, org_id, type, name, status) VALUES ($1, $2, 'file', $3, 'active')`, [
      id,
      orgId,
      `Bench source ${org}.${index}`,
    ]);
  }
  const documents = count / CHUNKS_PER_DOCUMENT;
  const split = Math.floor(documents * 0.9);
  const batch = 400;
  const started = performance.now();
  for (let from = 0; from < documents;) {
    const to = Math.min(from < split ? split : documents, from + batch);
    const source = from < split ? sources[0] : sources[1];
    const vectors: Float32Array[] = [];
    for (let document = from; document < to; document++) {
      for (let index = 0; index < CHUNKS_PER_DOCUMENT; index++) {
        vectors.push(model.chunk(org, document, index));
      }
    }
    await db.query(
      `INSERT INTO document (id, org_id, data_source_id, key, url, title, status, chunk_count, token_count, last_seen_run_id)
       SELECT 'doc_' || $3 || '_' || d, $1, $2, 'k' || d, 'https://bench.test/' || $3 || '/' || d, 'Document ' || d, 'indexed', ${CHUNKS_PER_DOCUMENT}, 0, 'bench'
       FROM generate_series($4::int, $5::int - 1) d`,
      [orgId, source, org, from, to],
    );
    await db.query(
      `INSERT INTO chunk (id, org_id, data_source_id, document_id, chunk_index, document_title, document_url, heading_path, section, text, token_count, embedding, embedding_model)
       SELECT 'chk_' || $3 || '_' || v.g, $1, $2, 'doc_' || $3 || '_' || (v.g / ${CHUNKS_PER_DOCUMENT}), v.g % ${CHUNKS_PER_DOCUMENT},
              'Document ' || (v.g / ${CHUNKS_PER_DOCUMENT}), 'https://bench.test/' || $3 || '/' || (v.g / ${CHUNKS_PER_DOCUMENT}), '{}', '',
              t.text, t.words * 4 / 3, v.e, 'synthetic'
       FROM (SELECT u.e, $5::int + (u.n - 1)::int AS g FROM unnest($4::vector[]) WITH ORDINALITY AS u(e, n)) v,
       LATERAL (SELECT string_agg(CASE WHEN w.r <= cardinality($6::text[]) THEN ($6::text[])[w.r] ELSE 'w' || w.r END, ' ') AS text, count(*)::int AS words
                FROM (SELECT floor(exp(random() * ln($7::int)))::int AS r FROM generate_series(1, 150 + (random() * 250)::int + v.g * 0)) w) t`,
      [orgId, source, org, vectorArray(vectors, vectorOid), from * CHUNKS_PER_DOCUMENT, STOP_WORDS, VOCABULARY],
    );
    from = to;
    const done = to * CHUNKS_PER_DOCUMENT;
    if (to === documents || to % 4_000 === 0) {
      log(`organization ${org}: ${done}/${count} chunks (${(done / ((performance.now() - started) / 1000)).toFixed(0)}/s)`);
    }
  }
  return sources;
}

/** PostgreSQL's binary form of a vector[] (pgvector's vector_recv: int16 dimensions, int16 unused, float4s). */
function vectorArray(vectors: Float32Array[], oid: number): Buffer {
  const element = 4 + 4 + 4 * DIMENSIONS;
  const buffer = Buffer.allocUnsafe(20 + vectors.length * element);
  buffer.writeInt32BE(1, 0);
  buffer.writeInt32BE(0, 4);
  buffer.writeUInt32BE(oid, 8);
  buffer.writeInt32BE(vectors.length, 12);
  buffer.writeInt32BE(1, 16);
  let offset = 20;
  for (const vector of vectors) {
    offset = buffer.writeInt32BE(4 + 4 * DIMENSIONS, offset);
    offset = buffer.writeInt16BE(DIMENSIONS, offset);
    offset = buffer.writeInt16BE(0, offset);
    for (let i = 0; i < DIMENSIONS; i++) {
      offset = buffer.writeFloatBE(vector[i], offset);
    }
  }
  return buffer;
}

/** A small deterministic generator (mulberry32) with normal deviates (Box-Muller). */
class Random {
  private state: number;
  private spare: number | undefined;

  constructor(...seeds: number[]) {
    let state = 0x9e3779b9;
    for (const seed of seeds) {
      state = Math.imul(state ^ (seed >>> 0), 0x85ebca6b) ^ (state >>> 13);
      state = Math.imul(state ^ (state >>> 16), 0xc2b2ae35) >>> 0;
    }
    this.state = state;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  normal(): number {
    if (this.spare !== undefined) {
      const spare = this.spare;
      this.spare = undefined;
      return spare;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - this.next()));
    const angle = 2 * Math.PI * this.next();
    this.spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  }
}

/**
 * Vectors shaped like text embeddings rather than uniform noise. A text's vector is a direction all texts
 * share, plus a point in a 64-dimension content subspace whose spectrum decays (direction j weighs
 * (j + 1)^-0.4), plus a little isotropic noise: a topic is a point in that subspace, a document a point
 * near its topic, a chunk (or a query) a point around its document. Calibrated on the configured local
 * embedder (USE lite) over 429 paragraphs of 143 READMEs of node_modules: mean cosine between paragraphs
 * of different READMEs 0.60, of the same README 0.66, participation ratio of the spectrum 27 (effective
 * dimensions), local intrinsic dimension (maximum likelihood, 10 neighbours) 20.5; this model, sampled
 * the same way: 0.58, 0.74, 23 and 21.8. Documents and chunks are recomputed from
 * (organization, document, chunk) alone, so a reused corpus gets the same queries.
 */
class VectorModel {
  private readonly common: Float32Array;
  private readonly basis: Float32Array[] = [];
  private readonly topicCentres: Float64Array[] = [];
  private cached: { key: string; base: Float32Array } | undefined;

  constructor(
    readonly topics: number,
    private readonly seed: number,
  ) {
    const random = new Random(seed);
    this.common = unit(gaussian(random));
    const scale = Math.sqrt(Array.from({ length: MODEL.rank }, (_, j) => (j + 1) ** (-2 * MODEL.decay)).reduce((sum, value) => sum + value, 0));
    for (let j = 0; j < MODEL.rank; j++) {
      this.basis.push(unit(gaussian(random)).map((value) => (value * (j + 1) ** -MODEL.decay) / scale));
    }
    for (let topic = 0; topic < topics; topic++) {
      this.topicCentres.push(Float64Array.from({ length: MODEL.rank }, () => random.normal()));
    }
  }

  /** A document's vector before its chunks' own variation. */
  private document(org: number, document: number): Float32Array {
    const key = `${org}:${document}`;
    if (this.cached?.key !== key) {
      const random = new Random(this.seed, org, document);
      const centre = this.topicCentres[Math.floor(random.next() * this.topics)];
      const base = new Float32Array(DIMENSIONS);
      add(base, this.common, MODEL.common);
      for (let j = 0; j < MODEL.rank; j++) {
        add(base, this.basis[j], MODEL.topic * centre[j] + MODEL.document * random.normal());
      }
      for (let i = 0; i < DIMENSIONS; i++) {
        base[i] += (MODEL.documentNoise * random.normal()) / Math.sqrt(DIMENSIONS);
      }
      this.cached = { key, base };
    }
    return this.cached.base;
  }

  chunk(org: number, document: number, index: number): Float32Array {
    const vector = Float32Array.from(this.document(org, document));
    const random = new Random(this.seed, org, document, index + 1);
    for (let j = 0; j < MODEL.rank; j++) {
      add(vector, this.basis[j], MODEL.chunk * random.normal());
    }
    for (let i = 0; i < DIMENSIONS; i++) {
      vector[i] += (MODEL.chunkNoise * random.normal()) / Math.sqrt(DIMENSIONS);
    }
    return vector;
  }

  /** A query about a document: drawn as one more of its chunks, one that is not in the corpus. */
  query(org: number, document: number, index: number): Float32Array {
    return this.chunk(org, document, 1_000 + index);
  }
}

function gaussian(random: Random): Float32Array {
  return Float32Array.from({ length: DIMENSIONS }, () => random.normal());
}

function unit(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const value of vector) {
    norm += value * value;
  }
  norm = Math.sqrt(norm);
  return vector.map((value) => value / norm);
}

function add(target: Float32Array, vector: Float32Array, weight: number): void {
  for (let i = 0; i < DIMENSIONS; i++) {
    target[i] += weight * vector[i];
  }
}

/** Query texts: 3 to 8 words of the corpus's vocabulary, by the same law. */
function queryTexts(count: number, seed: number): string[] {
  const random = new Random(seed);
  const word = (): string => {
    const rank = Math.floor(Math.exp(random.next() * Math.log(VOCABULARY)));
    return rank <= STOP_WORDS.length ? STOP_WORDS[rank - 1] : `w${rank}`;
  };
  return Array.from({ length: count }, () => Array.from({ length: 3 + Math.floor(random.next() * 6) }, word).join(' '));
}

/** Query vectors near documents of the benchmarked organization: of any document, or of the 10% source's. */
function queryVectors(model: VectorModel, corpus: Corpus, count: number, smallSource: boolean): number[][] {
  const random = new Random(SEED + (smallSource ? 3 : 2));
  return Array.from({ length: count }, (_, index) => {
    const document = smallSource ? corpus.split + Math.floor(random.next() * (corpus.documents - corpus.split)) : Math.floor(random.next() * corpus.documents);
    return Array.from(model.query(0, document, index));
  });
}

async function serverFacts(databaseUrl: string, orgId: string): Promise<{ postgres: string; pgvector: string; chunksInTable: number; chunksInScope: number }> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const [row] = (
      await db.query<{ postgres: string; pgvector: string; total: number; scope: number }>(
        `SELECT current_setting('server_version') AS postgres, (SELECT extversion FROM pg_extension WHERE extname = 'vector') AS pgvector,
                (SELECT count(*)::int FROM chunk) AS total, (SELECT count(*)::int FROM chunk WHERE org_id = $1) AS scope`,
        [orgId],
      )
    ).rows;
    return { postgres: row.postgres, pgvector: row.pgvector, chunksInTable: row.total, chunksInScope: row.scope };
  } finally {
    await db.end();
  }
}

// ---------------------------------------------------------------------------------------------------
// In process: embedding, service vs bare SQL, recall

interface Statement {
  text: string;
  values: unknown[];
  /** The `SET` statements of the search transaction it ran in; null for a statement straight on the pool. */
  settings: string[] | null;
}

class Recorder {
  statements: Statement[] | undefined;
}

/** SqlClient, noting each statement. */
class RecordingSqlClient extends SqlClient {
  constructor(
    dataSource: DataSource,
    private readonly recorder: Recorder,
  ) {
    super(dataSource);
  }

  override query<T>(text: string, values: unknown[]): Promise<T[]> {
    this.recorder.statements?.push({ text, values, settings: null });
    return super.query<T>(text, values);
  }
}

/** SearchSessions, noting each statement with the settings of its transaction. */
class RecordingSearchSessions extends SearchSessions {
  constructor(
    dataSource: DataSource,
    config: AppConfig,
    private readonly recorder: Recorder,
  ) {
    super(dataSource, config);
  }

  override withConnection<T>(work: (connection: SearchConnection) => Promise<T>): Promise<T> {
    return super.withConnection((connection) => {
      let settings: string[] = [];
      return work({
        query: <R>(text: string, values: unknown[]): Promise<R[]> => {
          this.recorder.statements?.push({ text, values, settings });
          return connection.query<R>(text, values);
        },
        exec: (text: string): Promise<void> => {
          if (text.startsWith('BEGIN')) {
            settings = text
              .split(';')
              .map((part) => part.trim())
              .filter((part) => part.startsWith('SET LOCAL '))
              .map((part) => part.replace('SET LOCAL ', 'SET '));
          }
          return connection.exec(text);
        },
      });
    });
  }
}

/** The query embedding, precomputed: RetrievalService then measures retrieval alone. */
class PrecomputedEmbedder extends Embedder {
  readonly model = 'precomputed';
  readonly dimensions = DIMENSIONS;

  constructor(private readonly vectors: Map<string, number[]>) {
    super();
  }

  embedDocuments(): Promise<number[][]> {
    return Promise.reject(new Error('Queries only'));
  }

  embedQuery(text: string): Promise<number[]> {
    const vector = this.vectors.get(text);
    return vector ? Promise.resolve(vector) : Promise.reject(new Error(`No vector for ${JSON.stringify(text)}`));
  }
}

/** A connection of the service's pool for the bare statements: prepared once each, settings applied only when they change. */
class BareConnection {
  private settings = '';
  private readonly names = new Map<string, string>();

  constructor(readonly client: pg.PoolClient) {}

  async run(statement: Statement): Promise<void> {
    const settings = statement.settings ? statement.settings.join('; ') : '';
    if (settings !== this.settings) {
      await this.client.query(['RESET ALL', ...(statement.settings ?? [])].join('; '));
      this.settings = settings;
    }
    let name = this.names.get(statement.text);
    if (!name) {
      name = `bench_${createHash('sha1').update(statement.text).digest('hex').slice(0, 20)}`;
      this.names.set(statement.text, name);
    }
    await this.client.query({ text: statement.text, values: statement.values, name });
  }
}

interface RatioRow {
  strategy: RagStrategy;
  service: Percentiles;
  bare: Percentiles;
  ratioP50: number;
  ratioP95: number;
  statements: number;
}

interface RecallRow {
  scope: string;
  efSearch: string;
  plan: string;
  recall: number;
  minimum: number;
  p50Ms: number;
}

async function measureInProcess(
  env: NodeJS.ProcessEnv,
  model: VectorModel,
  corpus: Corpus,
  scope: SearchScope,
  texts: string[],
  queries: number,
  recallQueries: number,
): Promise<{ embedding: Percentiles & { samples: number }; ratio: RatioRow[]; recall: RecallRow[] }> {
  const config = loadConfig({ ...env, MIGRATIONS_RUN: 'false' });
  const app = await NestFactory.createApplicationContext(EvaluationModule.forRoot(config), {
    logger: new NestPinoLogger(createLogger(config, pino.destination({ fd: 2, sync: false }))),
  });
  try {
    // Keyword search's stored statistics, as a sync leaves them (the corpus was loaded by plain inserts).
    const refreshStarted = performance.now();
    const refreshed = await app.get(SearchStatsRepository).refreshMissing();
    if (refreshed > 0) {
      log(`search statistics of ${refreshed} scopes refreshed in ${((performance.now() - refreshStarted) / 1000).toFixed(1)} s`);
    }

    // 1. The query embedding, one at a time, after the workers have loaded the model.
    const embedder = app.get(Embedder);
    for (const text of texts.slice(0, 10)) {
      await embedder.embedQuery(text);
    }
    const embedMs: number[] = [];
    for (const text of texts.slice(10, 210)) {
      const embedStarted = performance.now();
      await embedder.embedQuery(text);
      embedMs.push(performance.now() - embedStarted);
    }
    const embedding = { ...percentiles(embedMs), samples: embedMs.length };
    log(`query embedding (${embedder.model}): p50 ${embedding.p50.toFixed(1)} ms, p95 ${embedding.p95.toFixed(1)} ms`);

    const dataSource = app.get(DataSource);
    const ratio = await serviceVersusBare(dataSource, app.get<AppConfig>(APP_CONFIG), model, corpus, scope, texts, queries);
    const recall = await measureRecall(dataSource, app.get(ChunkSearchRepository), model, corpus, scope, recallQueries);
    return { embedding, ratio, recall };
  } finally {
    await app.close();
  }
}

/**
 * RetrievalService.search (with query vectors near documents, precomputed) against the statements it
 * ran, replayed bare: first a pass to fill the keyword statistics cache, then a pass recording each
 * search's statements (which warms buffers and prepared statements), then interleaved pairs, service
 * first or bare first in turn. A hybrid search runs its keyword statements and its vector statement concurrently and then
 * reads the fused chunks: so does its replay, on two connections.
 */
async function serviceVersusBare(
  dataSource: DataSource,
  config: AppConfig,
  model: VectorModel,
  corpus: Corpus,
  scope: SearchScope,
  texts: string[],
  queries: number,
): Promise<RatioRow[]> {
  const vectors = queryVectors(model, corpus, queries, false);
  const queryTexts = texts.slice(0, queries);
  const recorder = new Recorder();
  const repository = new ChunkSearchRepository(new RecordingSearchSessions(dataSource, config, recorder), new RecordingSqlClient(dataSource, recorder));
  const service = new RetrievalService(new PrecomputedEmbedder(new Map(queryTexts.map((text, index) => [text, vectors[index]]))), repository);
  const pool = (dataSource.driver as unknown as { master: pg.Pool }).master;
  const clients: pg.PoolClient[] = [];
  const connection = async (): Promise<BareConnection> => {
    const client = await pool.connect();
    clients.push(client);
    return new BareConnection(client);
  };
  const bare = { keyword: await connection(), vector: await connection(), hybridKeyword: await connection(), hybridVector: await connection() };
  const isFetch = (statement: Statement): boolean => /WHERE c\.org_id = \$1 AND c\.id = ANY\(\$2/.test(statement.text);
  const replay = async (strategy: RagStrategy, statements: Statement[]): Promise<void> => {
    const pooled = statements.filter((statement) => statement.settings === null && !isFetch(statement));
    const session = statements.filter((statement) => statement.settings !== null);
    const fetches = statements.filter(isFetch);
    const [keywordConnection, vectorConnection] = strategy === 'hybrid' ? [bare.hybridKeyword, bare.hybridVector] : [bare.keyword, bare.vector];
    await Promise.all([
      (async () => {
        for (const statement of pooled) {
          await keywordConnection.run(statement);
        }
      })(),
      (async () => {
        for (const statement of session) {
          await vectorConnection.run(statement);
        }
      })(),
    ]);
    for (const statement of fetches) {
      await keywordConnection.run(statement);
    }
  };
  const search = (strategy: RagStrategy, index: number): Promise<unknown> => service.search({ query: queryTexts[index], scope, strategy, topK: SEARCH_TOP_K });

  try {
    // Keyword statistics are cached per scope: once every query's lexemes are known, what a search runs
    // no longer changes from one run to the next, and the recorded statements are those the timed run sends.
    for (let i = 0; i < queries; i++) {
      await search('keyword', i);
    }
    const recorded = new Map<RagStrategy, Statement[][]>();
    for (const strategy of RAG_STRATEGIES) {
      const perQuery: Statement[][] = [];
      for (let i = 0; i < queries; i++) {
        recorder.statements = [];
        await search(strategy, i);
        perQuery.push(recorder.statements);
        recorder.statements = undefined;
      }
      recorded.set(strategy, perQuery);
      // The replay's own warm-up: its connections prepare the statements and take the settings.
      for (const statements of perQuery.slice(0, 10)) {
        await replay(strategy, statements);
      }
    }
    const times = new Map(RAG_STRATEGIES.map((strategy) => [strategy, { service: [] as number[], bare: [] as number[] }]));
    for (let i = 0; i < queries; i++) {
      for (const strategy of RAG_STRATEGIES) {
        const sample = times.get(strategy)!;
        const timeService = async (): Promise<void> => {
          const searchStarted = performance.now();
          await search(strategy, i);
          sample.service.push(performance.now() - searchStarted);
        };
        const timeBare = async (): Promise<void> => {
          const replayStarted = performance.now();
          await replay(strategy, recorded.get(strategy)![i]);
          sample.bare.push(performance.now() - replayStarted);
        };
        if (i % 2 === 0) {
          await timeService();
          await timeBare();
        } else {
          await timeBare();
          await timeService();
        }
      }
    }
    return RAG_STRATEGIES.map((strategy) => {
      const sample = times.get(strategy)!;
      const service = percentiles(sample.service);
      const bareTimes = percentiles(sample.bare);
      const statements = recorded.get(strategy)!.reduce((sum, list) => sum + list.length, 0) / queries;
      const row = {
        strategy,
        service,
        bare: bareTimes,
        ratioP50: round(service.p50 / bareTimes.p50, 2),
        ratioP95: round(service.p95 / bareTimes.p95, 2),
        statements: round(statements, 2),
      };
      log(`${strategy}: service p50 ${service.p50} ms, bare p50 ${bareTimes.p50} ms, ratio ${row.ratioP50}`);
      return row;
    });
  } finally {
    // Their session settings must not go back to the pool.
    for (const client of clients) {
      client.release(true);
    }
  }
}

/**
 * recall@10 of the HNSW index against the exact nearest chunks (the index off: `enable_indexscan = off`),
 * same statement shape and filter as the service's (organization, data sources, knowledge base), for the
 * whole organization and for its 10% source: first the service's own repository at its settings, then
 * the statement at several ef_search values (iterative scans and enable_seqscan as the service sets them).
 */
async function measureRecall(
  dataSource: DataSource,
  repository: ChunkSearchRepository,
  model: VectorModel,
  corpus: Corpus,
  wholeScope: SearchScope,
  count: number,
): Promise<RecallRow[]> {
  const pool = (dataSource.driver as unknown as { master: pg.Pool }).master;
  const client = await pool.connect();
  const nearest = `SELECT c.id FROM chunk c
    WHERE c.org_id = $1 AND (c.data_source_id = ANY($2::varchar[]) OR ($3::boolean AND c.kb_article_id IS NOT NULL))
    ORDER BY c.embedding <=> $4::vector LIMIT $5`;
  const top = async (scope: SearchScope, vector: number[], settings: string[]): Promise<{ ids: string[]; ms: number }> => {
    const started = performance.now();
    await client.query(['BEGIN READ ONLY', ...settings].join('; '));
    try {
      const result = await client.query<{ id: string }>({
        text: nearest,
        values: [scope.orgId, [...scope.dataSourceIds], scope.includeKnowledgeBase, `[${vector.join(',')}]`, SEARCH_TOP_K],
        name: 'bench_recall',
      });
      return { ids: result.rows.map((row) => row.id), ms: performance.now() - started };
    } finally {
      await client.query('COMMIT');
    }
  };
  /** The indexes the plan of the first query reads (EXPLAIN; the prepared statement may settle on another plan later). */
  const plan = async (scope: SearchScope, vector: number[], settings: string[]): Promise<string> => {
    await client.query(['BEGIN READ ONLY', ...settings].join('; '));
    try {
      const values = [scope.orgId, [...scope.dataSourceIds], scope.includeKnowledgeBase, `[${vector.join(',')}]`, SEARCH_TOP_K];
      const [row] = (await client.query<{ plan: unknown }>(`EXPLAIN (FORMAT JSON) ${nearest}`, values)).rows;
      const names = new Set<string>();
      const visit = (node: unknown): void => {
        if (node && typeof node === 'object') {
          for (const [key, value] of Object.entries(node)) {
            if (key === 'Index Name' && typeof value === 'string') {
              names.add(value);
            }
            visit(value);
          }
        }
      };
      visit(row);
      return names.has(HNSW_INDEX) ? 'HNSW' : `exact (${[...names].join(', ') || 'seq scan'} + sort)`;
    } finally {
      await client.query('COMMIT');
    }
  };
  const exactSettings = ['SET LOCAL enable_indexscan = off'];
  const rows: RecallRow[] = [];
  try {
    const scopes: Array<[string, SearchScope, boolean]> = [
      ['organization', wholeScope, false],
      ['10% source', { orgId: corpus.orgId, dataSourceIds: [corpus.sources[1]], includeKnowledgeBase: false }, true],
    ];
    for (const [name, scope, small] of scopes) {
      const vectors = queryVectors(model, corpus, count, small);
      const exact: string[][] = [];
      const exactMs: number[] = [];
      const exactStarted = performance.now();
      for (const vector of vectors) {
        const result = await top(scope, vector, exactSettings);
        exact.push(result.ids);
        exactMs.push(result.ms);
      }
      log(`${name}: exact top ${SEARCH_TOP_K} of ${count} queries in ${((performance.now() - exactStarted) / 1000).toFixed(0)} s`);
      rows.push({
        scope: name,
        efSearch: 'exact',
        plan: await plan(scope, vectors[0], exactSettings),
        recall: 1,
        minimum: 1,
        p50Ms: round(percentiles(exactMs).p50, 1),
      });

      const hnswSettings = (efSearch: number): string[] => [
        `SET LOCAL hnsw.ef_search = ${efSearch}`,
        'SET LOCAL enable_seqscan = off',
        'SET LOCAL hnsw.iterative_scan = relaxed_order',
      ];
      const score = async (found: string[][], ms: number[], settings: string[], label: string): Promise<void> => {
        const recalls = found.map((ids, index) => ids.filter((id) => exact[index].includes(id)).length / Math.max(1, exact[index].length));
        const row = {
          scope: name,
          efSearch: label,
          plan: await plan(scope, vectors[0], settings),
          recall: round(recalls.reduce((sum, value) => sum + value, 0) / recalls.length, 3),
          minimum: round(Math.min(...recalls), 2),
          p50Ms: round(percentiles(ms).p50, 1),
        };
        log(`${name}, ${label}: recall@${SEARCH_TOP_K} ${row.recall}`);
        rows.push(row);
      };
      const serviceFound: string[][] = [];
      const serviceMs: number[] = [];
      for (const vector of vectors) {
        const started = performance.now();
        const result = await repository.vector(scope, vector, SEARCH_TOP_K, false);
        serviceMs.push(performance.now() - started);
        serviceFound.push(result.hits.map((hit) => hit.id));
      }
      const servicePlan = await repository.vectorPlan(scope, SEARCH_TOP_K);
      await score(
        serviceFound,
        serviceMs,
        servicePlan.exact ? exactSettings : hnswSettings(servicePlan.efSearch),
        `service (${servicePlan.exact ? 'exact' : `ef_search ${servicePlan.efSearch}`})`,
      );
      for (const efSearch of EF_SEARCH_SWEEP) {
        const found: string[][] = [];
        const ms: number[] = [];
        for (const vector of vectors) {
          const result = await top(scope, vector, hnswSettings(efSearch));
          found.push(result.ids);
          ms.push(result.ms);
        }
        await score(found, ms, hnswSettings(efSearch), `ef_search ${efSearch}`);
      }
    }
  } finally {
    client.release(true);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------
// HTTP

interface HttpRow {
  endpoint: Endpoint;
  strategy: RagStrategy;
  clients: number;
  p50: number;
  p95: number;
  requestsPerSecond: number;
  requests: number;
  failures: number;
}

async function measureHttp(env: NodeJS.ProcessEnv, corpus: Corpus, texts: string[], duration: number, rounds: number): Promise<HttpRow[]> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env });
  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code) => reject(new Error(`The api exited with code ${String(code)}`)));
  });
  exited.catch(() => undefined);
  try {
    const [ready] = (await Promise.race([once(child, 'message'), exited])) as [{ port: number }];
    const base = `http://127.0.0.1:${ready.port}`;
    const headers = { authorization: `Bearer ${corpus.key}`, 'content-type': 'application/json' };
    const agents = new Map<RagStrategy, string>();
    for (const strategy of RAG_STRATEGIES) {
      const response = await fetch(`${base}/api/v1/agents`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: `Bench ${strategy}`, data_source_ids: corpus.sources, rag_strategy: strategy, model: 'extractive' }),
      });
      const body = (await response.json()) as { id: string };
      if (response.status !== 201) {
        throw new Error(`Creating an agent: HTTP ${response.status} ${JSON.stringify(body)}`);
      }
      agents.set(strategy, body.id);
    }
    const pick = (): string => texts[Math.floor(Math.random() * texts.length)];
    const bodyOf = (endpoint: Endpoint, strategy: RagStrategy): (() => string) =>
      endpoint === 'semantic-search'
        ? () => JSON.stringify({ query: pick(), org_id: corpus.orgId, rag_strategy: strategy, top_k: SEARCH_TOP_K })
        : () => JSON.stringify({ agent_id: agents.get(strategy), query: pick() });

    const combos = ENDPOINTS.flatMap((endpoint) => RAG_STRATEGIES.flatMap((strategy) => CLIENTS.map((clients) => ({ endpoint, strategy, clients }))));
    const samples = combos.map(() => ({ latencies: [] as number[], seconds: 0, failures: 0 }));
    let firstFailure: string | undefined;
    const load = async (index: number, seconds: number, keep: boolean): Promise<void> => {
      const { endpoint, strategy, clients } = combos[index];
      const body = bodyOf(endpoint, strategy);
      const latencies: number[] = [];
      let failures = 0;
      const loadStarted = performance.now();
      const result = await new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon(
          {
            url: `${base}/api/v1/${endpoint}`,
            method: 'POST',
            headers,
            connections: clients,
            duration: seconds,
            requests: [
              {
                setupRequest: (request) => ({ ...request, body: body() }),
                onResponse: (status, responseBody) => {
                  if (status >= 300 && firstFailure === undefined) {
                    firstFailure = `${endpoint} ${strategy}: HTTP ${status} ${responseBody.slice(0, 300)}`;
                  }
                },
              },
            ],
          },
          (error: Error | null, done) => (error ? reject(error) : resolve(done)),
        );
        instance.on('response', (_client, status, _bytes, responseTime) => {
          if (status >= 200 && status < 300) {
            latencies.push(responseTime);
          } else {
            failures += 1;
          }
        });
      });
      // autocannon stops without waiting for the requests in flight: let the api finish them before the next row.
      await sleep(Math.min(5_000, 100 + latencies.reduce((max, value) => Math.max(max, value), 0)));
      if (keep) {
        const sample = samples[index];
        sample.latencies.push(...latencies);
        sample.seconds += (performance.now() - loadStarted) / 1000;
        sample.failures += failures + result.errors + result.timeouts;
      }
    };
    log('HTTP warm-up');
    for (const index of combos.keys()) {
      await load(index, 1, false);
    }
    for (let roundIndex = 0; roundIndex < rounds; roundIndex++) {
      log(`HTTP round ${roundIndex + 1}/${rounds}`);
      for (const index of combos.keys()) {
        await load(index, duration, true);
      }
    }
    if (firstFailure) {
      log(`first failure: ${firstFailure}`);
    }
    return combos.map((combo, index) => {
      const sample = samples[index];
      const { p50, p95 } = percentiles(sample.latencies);
      return {
        ...combo,
        p50,
        p95,
        requestsPerSecond: round(sample.latencies.length / Math.max(sample.seconds, 1e-9), 1),
        requests: sample.latencies.length,
        failures: sample.failures,
      };
    });
  } finally {
    if (child.connected) {
      child.disconnect();
    }
    await exited.catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------------
// Report

function percentiles(values: number[]): Percentiles {
  const summary = summarize(values);
  return { p50: round(summary.p50Ms, 1), p95: round(summary.p95Ms, 1) };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

interface Report {
  chunks: number;
  otherChunks: number;
  server: { postgres: string; pgvector: string; chunksInTable: number; chunksInScope: number };
  corpus: { documents: number; topics: number; seedSeconds: number; ginSeconds: number; hnswSeconds: number; hnswDefinition: string; reused: boolean };
  http: { duration: number; rounds: number; rows: HttpRow[] };
  embedding: Percentiles & { samples: number };
  ratio: RatioRow[];
  recall: RecallRow[];
  totalSeconds: number;
}

function markdown(report: Report): string {
  const lines: string[] = [];
  const mark = (ok: boolean): string => (ok ? 'met' : 'NOT met');
  lines.push(
    '',
    `bench:query  PostgreSQL ${report.server.postgres}, pgvector ${report.server.pgvector}; ${report.server.chunksInScope.toLocaleString('en')} chunks in the organization searched, ${report.server.chunksInTable.toLocaleString('en')} in the table`,
    `${report.corpus.reused ? 'corpus kept from an earlier run, which ' : ''}seeded ${report.corpus.documents.toLocaleString('en')} documents (${report.corpus.topics} topics) in ${report.corpus.seedSeconds} s, built GIN in ${report.corpus.ginSeconds} s, HNSW in ${report.corpus.hnswSeconds} s (${report.corpus.hnswDefinition.replace(/^.* USING /, '')}); run ${report.totalSeconds} s`,
    '',
    `HTTP: ${report.http.rounds} interleaved rounds of ${report.http.duration} s per row, a random query text per request; semantic-search top_k ${SEARCH_TOP_K}, query with model extractive`,
    '',
    '| endpoint | strategy | clients | p50 ms | p95 ms | req/s | requests | failures |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  );
  for (const row of report.http.rows) {
    lines.push(
      `| ${row.endpoint} | ${row.strategy} | ${row.clients} | ${row.p50} | ${row.p95} | ${row.requestsPerSecond} | ${row.requests} | ${row.failures} |`,
    );
  }
  lines.push(
    '',
    `Query embedding (configured embedder, in process, one at a time, ${report.embedding.samples} texts): p50 ${report.embedding.p50} ms, p95 ${report.embedding.p95} ms`,
    '',
    'RetrievalService.search (precomputed query vector) vs the same statements bare, same pool, interleaved pairs',
    '',
    '| strategy | statements | service p50 | service p95 | bare p50 | bare p95 | ratio p50 | ratio p95 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const row of report.ratio) {
    lines.push(
      `| ${row.strategy} | ${row.statements} | ${row.service.p50} | ${row.service.p95} | ${row.bare.p50} | ${row.bare.p95} | ${row.ratioP50} | ${row.ratioP95} |`,
    );
  }
  lines.push(
    '',
    `HNSW recall@${SEARCH_TOP_K} against exact search, query vectors near documents`,
    '',
    '| scope | ef_search | plan | recall | worst query | p50 ms |',
    '|---|---|---|---:|---:|---:|',
  );
  for (const row of report.recall) {
    lines.push(`| ${row.scope} | ${row.efSearch} | ${row.plan} | ${row.recall} | ${row.minimum} | ${row.p50Ms} |`);
  }
  const search = report.http.rows.filter((row) => row.endpoint === 'semantic-search' && row.clients === 1);
  const worstSearch = Math.max(...search.map((row) => row.p95));
  const worstRatio = Math.max(...report.ratio.map((row) => row.ratioP50));
  const serviceRecall = report.recall.filter((row) => row.efSearch.startsWith('service'));
  const worstRecall = Math.min(...serviceRecall.map((row) => row.recall));
  lines.push(
    '',
    'Targets:',
    `- semantic-search p95 <= 100 ms (1 client, with the query embedding): worst strategy ${worstSearch} ms, ${mark(worstSearch <= 100)}`,
    `- service / bare SQL <= 1.5 (p50): worst strategy ${worstRatio}, ${mark(worstRatio <= 1.5)}`,
    `- HNSW recall@${SEARCH_TOP_K} >= 0.95 at the service's settings: worst scope ${worstRecall}, ${mark(worstRecall >= 0.95)}`,
    '',
  );
  return lines.join('\n');
}

// Last, once every class above is defined.
if (flag('serve')) {
  await serve();
} else {
  await main();
  process.exit(0);
}
