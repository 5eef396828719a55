import { compareIds } from '#src/modules/retrieval/id-order.js';

/** One ranked list of chunk ids (best first) and its weight in the fusion. */
export interface RankedList {
  ids: readonly string[];
  weight: number;
}

export interface FusedHit {
  id: string;
  /** Σ weight / (k + rank) over the lists holding the chunk (rank from 1). */
  raw: number;
  /** raw over its highest attainable value, Σ weight / (k + 1): 1 for a chunk first in every list. */
  score: number;
  /** Its best rank in any list, from 1. */
  bestRank: number;
}

/**
 * Weighted reciprocal-rank fusion (Cormack, Clarke and Büttcher, 2009): rank-based, so the lists'
 * scores, on different scales, need no calibration. Ties are broken by the best rank in any list, then
 * by id, so the order is deterministic.
 */
export function reciprocalRankFusion(lists: readonly RankedList[], k: number): FusedHit[] {
  const fused = new Map<string, FusedHit>();
  let attainable = 0;
  for (const list of lists) {
    if (list.weight <= 0) {
      continue;
    }
    attainable += list.weight / (k + 1);
    list.ids.forEach((id, index) => {
      const rank = index + 1;
      const hit = fused.get(id);
      if (hit) {
        hit.raw += list.weight / (k + rank);
        hit.bestRank = Math.min(hit.bestRank, rank);
      } else {
        fused.set(id, { id, raw: list.weight / (k + rank), score: 0, bestRank: rank });
      }
    });
  }
  const hits = [...fused.values()];
  for (const hit of hits) {
    hit.score = attainable > 0 ? Math.min(1, hit.raw / attainable) : 0;
  }
  return hits.sort(byFusedScore);
}

function byFusedScore(a: FusedHit, b: FusedHit): number {
  return b.raw - a.raw || a.bestRank - b.bestRank || compareIds(a.id, b.id);
}

/**
 * How deep one list must be read for the fused top `topK` to be exactly what reading it `depth` deep
 * gives, when the other lists are read in full. Each of the list's first topK chunks scores at least
 * weight / (k + topK), so every chunk of the fused top topK does too; a chunk past rank d of this list
 * scores at most weight / (k + d + 1) plus each other list's best, otherWeight / (k + 1). From the first d
 * where that is lower, a chunk past rank d can neither enter the top topK nor change the score of one in it.
 * A list read d deep that ends before d holds every chunk there is, so the argument needs nothing of its length.
 */
export function sufficientDepth(weight: number, otherWeights: readonly number[], k: number, topK: number, depth: number): number {
  const floor = weight / (k + topK) - otherWeights.reduce((sum, other) => sum + other / (k + 1), 0);
  for (let d = topK; d < depth; d++) {
    // The margin keeps a bound equal to the floor, rounded below it, from passing for lower.
    if (weight / (k + d + 1) < floor - 1e-12) {
      return d;
    }
  }
  return Math.max(depth, topK);
}
