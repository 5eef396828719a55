/** Graded relevance judgements: query id -> document id -> grade (> 0 is relevant). */
export type Qrels = Map<string, Map<string, number>>;

/** A run: query id -> document ids, best first. */
export type Run = Map<string, readonly string[]>;

export interface QualityMetrics {
  ndcgAt10: number;
  recallAt10: number;
  recallAt100: number;
  mrrAt10: number;
}

/**
 * nDCG@k as trec_eval and BEIR (pytrec_eval) compute it: gain = the graded relevance, discount
 * 1 / log2(rank + 1), normalised by the DCG of the ideal ranking of every judged relevant document.
 */
export function ndcgAt(ranked: readonly string[], judgements: ReadonlyMap<string, number>, k: number): number {
  let dcg = 0;
  ranked.slice(0, k).forEach((id, index) => {
    const grade = judgements.get(id) ?? 0;
    if (grade > 0) {
      dcg += grade / Math.log2(index + 2);
    }
  });
  const ideal = [...judgements.values()]
    .filter((grade) => grade > 0)
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, grade, index) => sum + grade / Math.log2(index + 2), 0);
  return ideal > 0 ? dcg / ideal : 0;
}

/** The share of the relevant documents found in the first k. */
export function recallAt(ranked: readonly string[], judgements: ReadonlyMap<string, number>, k: number): number {
  const relevant = [...judgements.values()].filter((grade) => grade > 0).length;
  if (relevant === 0) {
    return 0;
  }
  return ranked.slice(0, k).filter((id) => (judgements.get(id) ?? 0) > 0).length / relevant;
}

/** 1 / the rank of the first relevant document within the first k, else 0. */
export function reciprocalRankAt(ranked: readonly string[], judgements: ReadonlyMap<string, number>, k: number): number {
  const index = ranked.slice(0, k).findIndex((id) => (judgements.get(id) ?? 0) > 0);
  return index < 0 ? 0 : 1 / (index + 1);
}

/**
 * The metrics averaged over every query of `qrels` that has a relevant document (a query missing from
 * the run counts as retrieving nothing). Duplicate documents in a ranking count once, at their first rank.
 */
export function evaluateRun(run: Run, qrels: Qrels): QualityMetrics & { queries: number } {
  const sums = { ndcgAt10: 0, recallAt10: 0, recallAt100: 0, mrrAt10: 0 };
  let queries = 0;
  for (const [queryId, judgements] of qrels) {
    if (![...judgements.values()].some((grade) => grade > 0)) {
      continue;
    }
    queries += 1;
    const ranked = [...new Set(run.get(queryId) ?? [])];
    sums.ndcgAt10 += ndcgAt(ranked, judgements, 10);
    sums.recallAt10 += recallAt(ranked, judgements, 10);
    sums.recallAt100 += recallAt(ranked, judgements, 100);
    sums.mrrAt10 += reciprocalRankAt(ranked, judgements, 10);
  }
  const mean = (sum: number): number => (queries > 0 ? sum / queries : 0);
  return {
    queries,
    ndcgAt10: mean(sums.ndcgAt10),
    recallAt10: mean(sums.recallAt10),
    recallAt100: mean(sums.recallAt100),
    mrrAt10: mean(sums.mrrAt10),
  };
}

/** Chunk results to documents: each document ranked by its best chunk's score (ties: the earlier chunk). */
export function documentRanking(results: ReadonlyArray<{ documentKey: string; score: number }>): string[] {
  const best = new Map<string, { score: number; first: number }>();
  results.forEach((result, index) => {
    const seen = best.get(result.documentKey);
    if (!seen) {
      best.set(result.documentKey, { score: result.score, first: index });
    } else if (result.score > seen.score) {
      seen.score = result.score;
    }
  });
  return [...best.entries()].sort(([, a], [, b]) => b.score - a.score || a.first - b.first).map(([key]) => key);
}
