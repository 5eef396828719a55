import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import pino from 'pino';
import { loadConfig } from '#src/config/app-config.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import { createLogger, NestPinoLogger } from '#src/common/logging/logger.js';
import { ChunkSearchRepository } from '#src/modules/retrieval/chunk-search.repository.js';
import { CorpusIndexer, type IndexedCorpus } from '#src/modules/retrieval/evaluation/corpus-indexer.js';
import { EVAL_TOP_K, loadJudgedQueries, type JudgedQueries } from '#src/modules/retrieval/evaluation/evaluation-harness.js';
import { EvaluationModule } from '#src/modules/retrieval/evaluation/evaluation.module.js';
import { documentRanking, evaluateRun, ndcgAt, type QualityMetrics, type Run } from '#src/modules/retrieval/evaluation/metrics.js';
import { Embedder } from '#src/modules/retrieval/embeddings/embedder.js';
import { reciprocalRankFusion } from '#src/modules/retrieval/fusion.js';
import type { SearchScope } from '#src/modules/retrieval/retrieval.types.js';
import { BM25_PARAMS, HYBRID_FUSION, MAX_QUERY_LEXEMES } from '#src/modules/retrieval/retrieval-settings.js';
import { usage } from '#bench/bench-options.js';

usage(`
npm run eval:tune -- --dataset <BEIR folder> --split train --grid tsrank|bm25|fusion [--k1 x --b y] [--json]

The measurements behind the constants of retrieval-settings.ts, on the index \`npm run eval\` builds
(same cache): \`tsrank\` ranks by PostgreSQL's ts_rank/ts_rank_cd (the baseline BM25 replaces),
\`bm25\` sweeps k1 and b, \`fusion\` fetches each query's vector and keyword lists once (depth 300) and
sweeps the reciprocal-rank-fusion constants in memory with the service's own fusion function, plus
score-based convex combinations for comparison. Tune on a training split only.
`);

const args = process.argv.slice(2);
const value = (name: string): string | undefined => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const dataset = value('dataset');
const grid = value('grid');
if (!dataset || !grid || !['tsrank', 'bm25', 'heading', 'fusion', 'prf'].includes(grid)) {
  process.stderr.write('usage: npm run eval:tune -- --dataset <BEIR folder> [--split train] --grid tsrank|bm25|heading|fusion|prf [--k1 x --b y] [--json]\n');
  process.exit(2);
}
const bm25 = { ...BM25_PARAMS, k1: Number(value('k1') ?? BM25_PARAMS.k1), b: Number(value('b') ?? BM25_PARAMS.b) };
const log = (message: string): void => void process.stderr.write(`[tune] ${message}\n`);

const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? 'data/eval', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
const app = await NestFactory.createApplicationContext(EvaluationModule.forRoot(config), {
  logger: new NestPinoLogger(createLogger(config, pino.destination({ fd: 2, sync: false }))),
});
const rows: Array<Record<string, string | number>> = [];
try {
  const judged = await loadJudgedQueries(dataset, value('split'));
  const corpus = await app.get(CorpusIndexer).index(dataset, log);
  const scope: SearchScope = { orgId: corpus.orgId, dataSourceIds: [corpus.dataSourceId], includeKnowledgeBase: false };
  const repo = app.get(ChunkSearchRepository);
  const docOf = (chunkId: string, documentOf: Map<string, string>): string => corpus.corpusIdOf.get(documentOf.get(chunkId) ?? '') ?? chunkId;
  const documentOf = new Map(
    (
      await app.get(SqlClient).query<{ id: string; document_id: string }>('SELECT id, document_id FROM chunk WHERE data_source_id = $1', [corpus.dataSourceId])
    ).map((row) => [row.id, row.document_id]),
  );
  const toDocs = (hits: Array<{ id: string; score: number }>): string[] =>
    documentRanking(hits.map((hit) => ({ documentKey: docOf(hit.id, documentOf), score: hit.score })));
  const measure = (run: Run): QualityMetrics => evaluateRun(run, judged.qrels);
  const row = (name: string, metrics: QualityMetrics, extra: Record<string, string | number> = {}): void => {
    rows.push({
      name,
      ...extra,
      ndcgAt10: round(metrics.ndcgAt10),
      recallAt10: round(metrics.recallAt10),
      recallAt100: round(metrics.recallAt100),
      mrrAt10: round(metrics.mrrAt10),
    });
    log(`${name} ${JSON.stringify(extra)} nDCG@10 ${metrics.ndcgAt10.toFixed(4)} R@100 ${metrics.recallAt100.toFixed(4)}`);
  };

  if (grid === 'tsrank') {
    await tsRankBaseline(judged, corpus, app.get(SqlClient), toDocs, measure, row);
    const run: Run = new Map();
    for (const query of judged.queries) {
      run.set(query.id, toDocs((await repo.keyword(scope, query.text, EVAL_TOP_K, bm25, false)).hits));
    }
    row('bm25', measure(run), { k1: bm25.k1, b: bm25.b });
  } else if (grid === 'bm25') {
    for (const k1 of [0.6, 0.9, 1.2, 1.5, 1.8]) {
      for (const b of [0.4, 0.6, 0.75, 0.9, 1.0]) {
        const run: Run = new Map();
        for (const query of judged.queries) {
          run.set(query.id, toDocs((await repo.keyword(scope, query.text, EVAL_TOP_K, { ...bm25, k1, b }, false)).hits));
        }
        row('bm25', measure(run), { k1, b });
      }
    }
  } else if (grid === 'heading') {
    for (const headingWeight of [1, 1.5, 2, 3, 4]) {
      const run: Run = new Map();
      for (const query of judged.queries) {
        run.set(query.id, toDocs((await repo.keyword(scope, query.text, EVAL_TOP_K, { ...bm25, headingWeight }, false)).hits));
      }
      row('bm25', measure(run), { headingWeight });
    }
  } else if (grid === 'fusion') {
    await fusionGrid(judged, scope, repo, app.get(Embedder), toDocs, measure, row);
  } else {
    await feedbackGrid(judged, scope, corpus, repo, app.get(SqlClient), app.get(Embedder), toDocs, measure, row);
  }
} finally {
  await app.close();
}
process.stdout.write(args.includes('--json') ? `${JSON.stringify(rows)}\n` : `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
process.exit(0);

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/** PostgreSQL's own ranking functions over the same candidates (any query lexeme), for comparison with BM25. */
async function tsRankBaseline(
  judged: JudgedQueries,
  corpus: IndexedCorpus,
  sql: SqlClient,
  toDocs: (hits: Array<{ id: string; score: number }>) => string[],
  measure: (run: Run) => QualityMetrics,
  row: (name: string, metrics: QualityMetrics, extra?: Record<string, string | number>) => void,
): Promise<void> {
  const variants: Array<[string, string]> = [
    ['ts_rank', 'ts_rank(c.tsv, q.query)'],
    ['ts_rank norm 1 (log length)', 'ts_rank(c.tsv, q.query, 1)'],
    ['ts_rank norm 2 (length)', 'ts_rank(c.tsv, q.query, 2)'],
    ['ts_rank_cd', 'ts_rank_cd(c.tsv, q.query)'],
    ['ts_rank_cd norm 1 (log length)', 'ts_rank_cd(c.tsv, q.query, 1)'],
  ];
  for (const [name, expression] of variants) {
    const text = `WITH q AS (
        SELECT string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''', ' | ')::tsquery AS query
        FROM (SELECT t.lexeme FROM unnest(to_tsvector('english', $2::text)) AS t ORDER BY t.positions[1] LIMIT ${MAX_QUERY_LEXEMES}) l)
      SELECT c.id, ${expression} AS score FROM chunk c, q WHERE c.data_source_id = $1 AND c.tsv @@ q.query ORDER BY score DESC, c.id LIMIT ${EVAL_TOP_K}`;
    const run: Run = new Map();
    for (const query of judged.queries) {
      run.set(query.id, toDocs(await sql.query<{ id: string; score: number }>(text, [corpus.dataSourceId, query.text])));
    }
    row(name, measure(run));
  }
}

interface Lists {
  vector: Array<{ id: string; score: number }>;
  keyword: Array<{ id: string; score: number }>;
}

async function fusionGrid(
  judged: JudgedQueries,
  scope: SearchScope,
  repo: ChunkSearchRepository,
  embedder: Embedder,
  toDocs: (hits: Array<{ id: string; score: number }>) => string[],
  measure: (run: Run) => QualityMetrics,
  row: (name: string, metrics: QualityMetrics, extra?: Record<string, string | number>) => void,
): Promise<void> {
  const DEPTH = 300;
  const lists = new Map<string, Lists>();
  for (const [index, query] of judged.queries.entries()) {
    const embedding = await embedder.embedQuery(query.text);
    const vector = await repo.vector(scope, embedding, DEPTH, false);
    const keyword = await repo.keyword(scope, query.text, DEPTH, bm25, false);
    lists.set(query.id, {
      vector: vector.hits.map((hit) => ({ id: hit.id, score: hit.similarity })),
      keyword: keyword.hits.map((hit) => ({ id: hit.id, score: hit.score })),
    });
    if ((index + 1) % 200 === 0) {
      log(`lists for ${index + 1} queries`);
    }
  }
  const single = (pick: (l: Lists) => Array<{ id: string; score: number }>): Run =>
    new Map([...lists].map(([id, l]) => [id, toDocs(pick(l).slice(0, EVAL_TOP_K))]));
  row('vector', measure(single((l) => l.vector)));
  row('keyword', measure(single((l) => l.keyword)), bm25);

  // Fusion of the first `depth` chunks of each list, as the service fuses for any top_k <= depth.
  const rrfRun = (k: number, vectorWeight: number, keywordWeight: number, vectorDepth: number, keywordDepth: number): Run =>
    new Map(
      [...lists].map(([id, l]) => {
        const fused = reciprocalRankFusion(
          [
            { ids: l.vector.slice(0, vectorDepth).map((h) => h.id), weight: vectorWeight },
            { ids: l.keyword.slice(0, keywordDepth).map((h) => h.id), weight: keywordWeight },
          ],
          k,
        );
        return [id, toDocs(fused.map((hit) => ({ id: hit.id, score: hit.score })))];
      }),
    );
  for (const k of [1, 2, 3, 5, 8, 10, 15, 20, 30, 60]) {
    for (const vectorWeight of [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.7, 1.0]) {
      row('rrf', measure(rrfRun(k, vectorWeight, 1, 100, 100)), { k, vectorWeight, keywordWeight: 1, vectorDepth: 100, keywordDepth: 100 });
    }
  }
  for (const vectorDepth of [20, 50, 100, 200, 300]) {
    for (const keywordDepth of [20, 50, 100, 200, 300]) {
      for (const [k, vectorWeight] of [
        [3, 0.2],
        [5, 0.2],
        [10, 0.1],
        [60, 1],
      ]) {
        row('rrf depth', measure(rrfRun(k, vectorWeight, 1, vectorDepth, keywordDepth)), { k, vectorWeight, keywordWeight: 1, vectorDepth, keywordDepth });
      }
    }
  }
  // Score-based fusion for comparison: alpha * keyword + (1 - alpha) * vector, each min-max normalised per query.
  for (const alpha of [0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95]) {
    const run: Run = new Map();
    for (const [id, l] of lists) {
      const norm = (hits: Array<{ id: string; score: number }>): Map<string, number> => {
        const max = Math.max(...hits.map((h) => h.score));
        const min = Math.min(...hits.map((h) => h.score));
        return new Map(hits.map((h) => [h.id, max > min ? (h.score - min) / (max - min) : 1]));
      };
      const v = norm(l.vector.slice(0, 100));
      const kw = norm(l.keyword.slice(0, 100));
      const ids = new Set([...v.keys(), ...kw.keys()]);
      const fused = [...ids]
        .map((chunk) => ({ id: chunk, score: alpha * (kw.get(chunk) ?? 0) + (1 - alpha) * (v.get(chunk) ?? 0) }))
        .sort((a, b) => b.score - a.score);
      run.set(id, toDocs(fused.slice(0, EVAL_TOP_K)));
    }
    row('convex min-max', measure(run), { alpha });
  }

  // How sure are the gains? Paired bootstrap over queries of the nDCG@10 differences, and a 2-fold
  // cross-validation of the RRF grid (constants chosen on half of the queries, measured on the other half).
  const convexRun = (alpha: number): Run =>
    new Map(
      [...lists].map(([id, l]) => {
        const v = minmax(l.vector.slice(0, 100));
        const kw = minmax(l.keyword.slice(0, 100));
        const all = new Set([...v.keys(), ...kw.keys()]);
        const fused = [...all]
          .map((chunk) => ({ id: chunk, score: alpha * (kw.get(chunk) ?? 0) + (1 - alpha) * (v.get(chunk) ?? 0) }))
          .sort((a, b) => b.score - a.score);
        return [id, toDocs(fused.slice(0, EVAL_TOP_K))];
      }),
    );
  const perQuery = (run: Run): number[] => judged.queries.map((q) => ndcgAt([...new Set(run.get(q.id) ?? [])], judged.qrels.get(q.id)!, 10));
  const keywordScores = perQuery(single((l) => l.keyword));
  const hybridScores = perQuery(
    rrfRun(HYBRID_FUSION.k, HYBRID_FUSION.vectorWeight, HYBRID_FUSION.keywordWeight, HYBRID_FUSION.vectorDepth, HYBRID_FUSION.keywordDepth),
  );
  const convexScores = perQuery(convexRun(0.8));
  for (const [name, a, b] of [
    ['hybrid - keyword', hybridScores, keywordScores],
    ['convex 0.8 - keyword', convexScores, keywordScores],
    ['convex 0.8 - hybrid', convexScores, hybridScores],
  ] as Array<[string, number[], number[]]>) {
    const diff = a.map((value, i) => value - b[i]);
    const random = mulberry32(42);
    const means: number[] = [];
    for (let r = 0; r < 2_000; r++) {
      let sum = 0;
      for (let i = 0; i < diff.length; i++) {
        sum += diff[Math.floor(random() * diff.length)];
      }
      means.push(sum / diff.length);
    }
    means.sort((x, y) => x - y);
    const mean = diff.reduce((x, y) => x + y, 0) / diff.length;
    rows.push({
      name: `bootstrap ${name}`,
      meanDiff: round(mean),
      ci95Low: round(means[49]),
      ci95High: round(means[1_949]),
      pAtMostZero: round(means.filter((m) => m <= 0).length / means.length),
      better: diff.filter((d) => d > 0).length,
      worse: diff.filter((d) => d < 0).length,
    });
    log(`bootstrap ${name}: mean ${mean.toFixed(4)} 95% [${means[49].toFixed(4)}, ${means[1_949].toFixed(4)}]`);
  }
  const folds = [judged.queries.filter((_, i) => i % 2 === 0).map((q) => q.id), judged.queries.filter((_, i) => i % 2 === 1).map((q) => q.id)];
  const grid: Array<[number, number]> = [];
  for (const k of [1, 2, 3, 5, 8, 10, 15, 20, 30, 60]) {
    for (const w of [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.7, 1.0]) {
      grid.push([k, w]);
    }
  }
  const runs = new Map(grid.map(([k, w]) => [`${k}/${w}`, perQuery(rrfRun(k, w, 1, 100, 100))]));
  const indexOfQuery = new Map(judged.queries.map((q, i) => [q.id, i]));
  const meanOver = (scores: number[], ids: string[]): number => ids.reduce((sum, id) => sum + scores[indexOfQuery.get(id)!], 0) / ids.length;
  for (const [train, test] of [
    [0, 1],
    [1, 0],
  ]) {
    const [bestKey] = [...runs.entries()].sort(([, a], [, b]) => meanOver(b, folds[train]) - meanOver(a, folds[train]))[0];
    rows.push({
      name: `2-fold rrf: chosen on fold ${train}, measured on fold ${test}`,
      chosen: bestKey,
      trainNdcg: round(meanOver(runs.get(bestKey)!, folds[train])),
      testNdcg: round(meanOver(runs.get(bestKey)!, folds[test])),
      testKeywordNdcg: round(meanOver(keywordScores, folds[test])),
    });
  }
}

/**
 * Pseudo-relevance feedback in embedding space (Rocchio): the query vector moved towards the centroid
 * of the first keyword results, q' = normalise((1 - beta) q + beta mean(top m)), then an exact
 * nearest-neighbour list for q' fused with the keyword list. Simulated in memory (exact cosine over
 * every chunk of the corpus: at this size HNSW returns the same lists).
 */
async function feedbackGrid(
  judged: JudgedQueries,
  scope: SearchScope,
  corpus: IndexedCorpus,
  repo: ChunkSearchRepository,
  sql: SqlClient,
  embedder: Embedder,
  toDocs: (hits: Array<{ id: string; score: number }>) => string[],
  measure: (run: Run) => QualityMetrics,
  row: (name: string, metrics: QualityMetrics, extra?: Record<string, string | number>) => void,
): Promise<void> {
  const DEPTH = 300;
  const chunkRows = await sql.query<{ id: string; embedding: string }>(
    'SELECT id, embedding::text AS embedding FROM chunk WHERE data_source_id = $1 ORDER BY id',
    [corpus.dataSourceId],
  );
  const ids = chunkRows.map((r) => r.id);
  const dims = embedder.dimensions;
  const matrix = new Float32Array(ids.length * dims);
  const indexOf = new Map<string, number>();
  chunkRows.forEach((r, i) => {
    indexOf.set(r.id, i);
    const values = r.embedding.slice(1, -1).split(',').map(Number);
    const norm = Math.hypot(...values) || 1;
    values.forEach((v, d) => (matrix[i * dims + d] = v / norm));
  });
  const nearest = (q: Float32Array): Array<{ id: string; score: number }> => {
    const scores = new Float32Array(ids.length);
    for (let i = 0; i < ids.length; i++) {
      let dot = 0;
      for (let d = 0; d < dims; d++) {
        dot += matrix[i * dims + d] * q[d];
      }
      scores[i] = dot;
    }
    return [...scores.keys()]
      .sort((a, b) => scores[b] - scores[a])
      .slice(0, DEPTH)
      .map((i) => ({ id: ids[i], score: scores[i] }));
  };
  const data: Array<{ id: string; q: Float32Array; keyword: Array<{ id: string; score: number }> }> = [];
  for (const [index, query] of judged.queries.entries()) {
    const q = Float32Array.from(await embedder.embedQuery(query.text));
    const keyword = (await repo.keyword(scope, query.text, DEPTH, bm25, false)).hits.map((h) => ({ id: h.id, score: h.score }));
    data.push({ id: query.id, q, keyword });
    if ((index + 1) % 200 === 0) {
      log(`lists for ${index + 1} queries`);
    }
  }
  const keywordRun: Run = new Map(data.map((d) => [d.id, toDocs(d.keyword.slice(0, EVAL_TOP_K))]));
  row('keyword', measure(keywordRun), bm25);
  for (const m of [3, 5, 10]) {
    for (const beta of [0, 0.5, 0.7, 0.85, 1]) {
      const lists = data.map((d) => {
        const q2 = new Float32Array(dims);
        const top = d.keyword.slice(0, m);
        for (let dd = 0; dd < dims; dd++) {
          let centroid = 0;
          for (const hit of top) {
            centroid += matrix[indexOf.get(hit.id)! * dims + dd];
          }
          q2[dd] = (1 - beta) * d.q[dd] + (top.length > 0 ? (beta * centroid) / top.length : 0);
        }
        const norm = Math.hypot(...q2) || 1;
        for (let dd = 0; dd < dims; dd++) {
          q2[dd] /= norm;
        }
        return { id: d.id, vector: nearest(q2), keyword: d.keyword };
      });
      row('prf vector', measure(new Map(lists.map((l) => [l.id, toDocs(l.vector.slice(0, EVAL_TOP_K))]))), { m, beta });
      for (const [k, vectorWeight] of [
        [5, 0.2],
        [10, 0.3],
        [10, 0.5],
        [20, 0.5],
        [60, 0.5],
        [60, 1],
      ]) {
        const run: Run = new Map(
          lists.map((l) => [
            l.id,
            toDocs(
              reciprocalRankFusion(
                [
                  { ids: l.vector.slice(0, 100).map((h) => h.id), weight: vectorWeight },
                  { ids: l.keyword.slice(0, 100).map((h) => h.id), weight: 1 },
                ],
                k,
              ).map((h) => ({ id: h.id, score: h.score })),
            ),
          ]),
        );
        row('prf rrf', measure(run), { m, beta, k, vectorWeight });
      }
      for (const alpha of [0.6, 0.7, 0.8]) {
        const run: Run = new Map(
          lists.map((l) => {
            const v = minmax(l.vector.slice(0, 100));
            const kw = minmax(l.keyword.slice(0, 100));
            const all = new Set([...v.keys(), ...kw.keys()]);
            const fused = [...all].map((id) => ({ id, score: alpha * (kw.get(id) ?? 0) + (1 - alpha) * (v.get(id) ?? 0) })).sort((a, b) => b.score - a.score);
            return [l.id, toDocs(fused.slice(0, EVAL_TOP_K))];
          }),
        );
        row('prf convex', measure(run), { m, beta, alpha });
      }
    }
  }
}

/** A small seeded PRNG, so the bootstrap is repeatable. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Scores mapped linearly onto 0..1 within one list (all 1 when they are equal). */
function minmax(hits: Array<{ id: string; score: number }>): Map<string, number> {
  const max = Math.max(...hits.map((h) => h.score));
  const min = Math.min(...hits.map((h) => h.score));
  return new Map(hits.map((h) => [h.id, max > min ? (h.score - min) / (max - min) : 1]));
}
