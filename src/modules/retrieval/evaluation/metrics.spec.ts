import { describe, expect, it } from 'vitest';
import { documentRanking, evaluateRun, ndcgAt, recallAt, reciprocalRankAt, type Qrels } from '#src/modules/retrieval/evaluation/metrics.js';

// A hand-made judgement: d1 is highly relevant (2), d2 and d3 relevant (1), d9 judged not relevant (0).
const judged = new Map([
  ['d1', 2],
  ['d2', 1],
  ['d3', 1],
  ['d9', 0],
]);
// Relevant documents at ranks 2 (d1), 3 (d3) and 5 (d2); d9 at rank 6 gains nothing.
const ranked = ['d4', 'd1', 'd3', 'd5', 'd2', 'd9'];

describe('retrieval quality metrics', () => {
  it('should compute nDCG@10 with graded gains and a log2 discount, as computed by hand', () => {
    // DCG  = 2/log2(3) + 1/log2(4) + 1/log2(6) = 1.2618595 + 0.5 + 0.3868528 = 2.1487123
    // IDCG = 2/log2(2) + 1/log2(3) + 1/log2(4) = 2 + 0.6309298 + 0.5        = 3.1309298
    expect(ndcgAt(ranked, judged, 10)).toBeCloseTo(2.1487123 / 3.1309298, 6);
    expect(ndcgAt(ranked, judged, 10)).toBeCloseTo(0.6862857, 6);
    // @2: only d1 at rank 2 counts; the ideal holds d1 then one grade-1 document.
    expect(ndcgAt(ranked, judged, 2)).toBeCloseTo(2 / Math.log2(3) / (2 + 1 / Math.log2(3)), 9);
    expect(ndcgAt(['d1', 'd2', 'd3'], judged, 10)).toBeCloseTo(1, 12);
    expect(ndcgAt(['d4', 'd9'], judged, 10)).toBe(0);
  });

  it('should compute recall as the share of relevant documents retrieved within k', () => {
    expect(recallAt(ranked, judged, 10)).toBe(1);
    expect(recallAt(ranked, judged, 3)).toBeCloseTo(2 / 3, 12);
    expect(recallAt(ranked, judged, 1)).toBe(0);
    expect(recallAt(ranked, new Map([['x', 0]]), 10)).toBe(0);
  });

  it('should compute the reciprocal rank of the first relevant document within k', () => {
    expect(reciprocalRankAt(ranked, judged, 10)).toBe(0.5);
    expect(reciprocalRankAt(ranked, judged, 1)).toBe(0);
    expect(reciprocalRankAt(['d3'], judged, 10)).toBe(1);
  });

  it('should average over the judged queries, counting a query without results as zero and skipping queries with no relevant document', () => {
    const qrels: Qrels = new Map([
      ['q1', judged],
      ['q2', new Map([['d7', 1]])],
      ['q3', new Map([['d8', 0]])],
    ]);
    const run = new Map([
      ['q1', ranked],
      ['q3', ['d8']],
    ]);
    const metrics = evaluateRun(run, qrels);
    expect(metrics.queries).toBe(2);
    expect(metrics.ndcgAt10).toBeCloseTo(0.6862857 / 2, 6);
    expect(metrics.recallAt10).toBe(0.5);
    expect(metrics.recallAt100).toBe(0.5);
    expect(metrics.mrrAt10).toBe(0.25);
  });

  it('should count a document retrieved twice only at its first rank', () => {
    const qrels: Qrels = new Map([['q', new Map([['a', 1]])]]);
    expect(evaluateRun(new Map([['q', ['b', 'b', 'a']]]), qrels).mrrAt10).toBe(0.5);
  });

  it('should rank documents by their best chunk, ties by the earlier chunk', () => {
    expect(
      documentRanking([
        { documentKey: 'A', score: 0.5 },
        { documentKey: 'B', score: 0.9 },
        { documentKey: 'A', score: 0.95 },
        { documentKey: 'C', score: 0.9 },
      ]),
    ).toEqual(['A', 'B', 'C']);
  });
});
