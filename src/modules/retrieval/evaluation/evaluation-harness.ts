import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { availableSplits, readQrels, readQueries } from '#src/modules/retrieval/evaluation/beir.js';
import { CorpusIndexer, type IndexedCorpus } from '#src/modules/retrieval/evaluation/corpus-indexer.js';
import { documentRanking, evaluateRun, type QualityMetrics, type Qrels, type Run } from '#src/modules/retrieval/evaluation/metrics.js';
import { Embedder } from '#src/modules/retrieval/embeddings/embedder.js';
import type { RagStrategy } from '#src/modules/retrieval/rag-strategy.js';
import { RetrievalService } from '#src/modules/retrieval/retrieval.service.js';
import type { SearchScope } from '#src/modules/retrieval/retrieval.types.js';

/** Chunks asked for per query: enough for 100 distinct documents when some documents have several chunks. */
export const EVAL_TOP_K = 200;

export interface HarnessOptions {
  /** A BEIR-format folder: corpus.jsonl, queries.jsonl, qrels/<split>.tsv. */
  dataset: string;
  /** Default: `test` when the dataset has it, else its only split. */
  split?: string;
  strategies: readonly RagStrategy[];
  progress?: (message: string) => void;
}

export interface LatencySummary {
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
}

export interface StrategyReport extends QualityMetrics {
  strategy: RagStrategy;
  queries: number;
  latency: LatencySummary;
}

export interface HarnessReport {
  dataset: string;
  split: string;
  embeddingModel: string;
  documents: number;
  chunks: number;
  queries: number;
  index: { reused: boolean; seconds: number };
  results: StrategyReport[];
}

/** The judged queries of a split, with their text only (never their metadata). */
export interface JudgedQueries {
  split: string;
  queries: Array<{ id: string; text: string }>;
  qrels: Qrels;
}

export async function loadJudgedQueries(dataset: string, split?: string): Promise<JudgedQueries> {
  for (const file of ['corpus.jsonl', 'queries.jsonl']) {
    if (!existsSync(join(dataset, file))) {
      throw new Error(`${dataset} is not a BEIR dataset: ${file} is missing`);
    }
  }
  const splits = availableSplits(dataset);
  const chosen = split ?? (splits.includes('test') ? 'test' : splits.length === 1 ? splits[0] : undefined);
  if (chosen === undefined || !splits.includes(chosen)) {
    throw new Error(`${dataset} has no qrels for split ${JSON.stringify(split ?? 'test')}; available: ${splits.join(', ') || 'none'}`);
  }
  const qrels = await readQrels(dataset, chosen);
  const texts = await readQueries(dataset);
  const queries = [...qrels.keys()].flatMap((id) => {
    const text = texts.get(id);
    return text === undefined ? [] : [{ id, text }];
  });
  return { split: chosen, queries, qrels };
}

/**
 * The quality harness: indexes a BEIR corpus through the real ingestion code, runs every judged query
 * through RetrievalService with each strategy, maps chunks back to corpus documents (a document scores
 * its best chunk) and reports nDCG@10, Recall@10, Recall@100 and MRR@10, with per-query latency.
 */
@Injectable()
export class EvaluationHarness {
  constructor(
    private readonly indexer: CorpusIndexer,
    private readonly retrieval: RetrievalService,
    private readonly embedder: Embedder,
  ) {}

  async run(options: HarnessOptions): Promise<HarnessReport> {
    const progress = options.progress ?? (() => undefined);
    const judged = await loadJudgedQueries(options.dataset, options.split);
    const corpus = await this.indexer.index(options.dataset, progress);
    progress(`${corpus.reused ? 'reusing the index of' : 'indexed'} ${corpus.documents} documents, ${corpus.chunks} chunks`);
    const results: StrategyReport[] = [];
    for (const strategy of options.strategies) {
      const { run, latencies } = await this.runStrategy(corpus, judged, strategy, progress);
      results.push({ strategy, ...evaluateRun(run, judged.qrels), latency: summarize(latencies) });
    }
    return {
      dataset: options.dataset,
      split: judged.split,
      embeddingModel: this.embedder.model,
      documents: corpus.documents,
      chunks: corpus.chunks,
      queries: judged.queries.length,
      index: { reused: corpus.reused, seconds: corpus.seconds },
      results,
    };
  }

  /** One strategy over every query, one query at a time (so latencies are those of an idle system). */
  async runStrategy(
    corpus: IndexedCorpus,
    judged: JudgedQueries,
    strategy: RagStrategy,
    progress: (message: string) => void,
  ): Promise<{ run: Run; latencies: number[] }> {
    const scope: SearchScope = { orgId: corpus.orgId, dataSourceIds: [corpus.dataSourceId], includeKnowledgeBase: false };
    const run: Run = new Map();
    const latencies: number[] = [];
    for (const [index, query] of judged.queries.entries()) {
      const started = performance.now();
      const result = await this.retrieval.search({ query: query.text, scope, strategy, topK: EVAL_TOP_K });
      latencies.push(performance.now() - started);
      run.set(
        query.id,
        documentRanking(result.chunks.map((chunk) => ({ documentKey: corpus.corpusIdOf.get(chunk.documentId) ?? chunk.documentId, score: chunk.score }))),
      );
      if ((index + 1) % 100 === 0) {
        progress(`${strategy}: ${index + 1}/${judged.queries.length} queries`);
      }
    }
    return { run, latencies };
  }
}

export function summarize(latencies: number[]): LatencySummary {
  if (latencies.length === 0) {
    return { meanMs: 0, p50Ms: 0, p95Ms: 0 };
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { meanMs: sorted.reduce((sum, value) => sum + value, 0) / sorted.length, p50Ms: at(0.5), p95Ms: at(0.95) };
}

/** The report as a fixed-width table: one row per strategy, then the latencies. */
export function formatReport(report: HarnessReport): string {
  const lines = [
    `Dataset ${report.dataset}, split ${report.split}: ${report.queries} queries, ${report.documents} documents, ${report.chunks} chunks; embedder ${report.embeddingModel}`,
    report.index.reused ? 'Index: reused from an earlier run' : `Index: built in ${report.index.seconds.toFixed(0)} s`,
    '',
    `${'strategy'.padEnd(12)}${'nDCG@10'.padStart(9)}${'Recall@10'.padStart(11)}${'Recall@100'.padStart(12)}${'MRR@10'.padStart(9)}`,
  ];
  for (const r of report.results) {
    lines.push(
      `${r.strategy.padEnd(12)}${r.ndcgAt10.toFixed(4).padStart(9)}${r.recallAt10.toFixed(4).padStart(11)}${r.recallAt100.toFixed(4).padStart(12)}${r.mrrAt10.toFixed(4).padStart(9)}`,
    );
  }
  lines.push('', `Latency per query (ms, top_k ${EVAL_TOP_K}, one query at a time):`);
  for (const r of report.results) {
    lines.push(`${r.strategy.padEnd(12)}mean ${r.latency.meanMs.toFixed(1)}  p50 ${r.latency.p50Ms.toFixed(1)}  p95 ${r.latency.p95Ms.toFixed(1)}`);
  }
  return `${lines.join('\n')}\n`;
}
