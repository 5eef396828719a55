import { describe, expect, it } from 'vitest';
import { reciprocalRankFusion } from '#src/modules/retrieval/fusion.js';

describe('reciprocal-rank fusion', () => {
  it('should sum weight / (k + rank) over the lists and divide by the score of a chunk first in every list', () => {
    const fused = reciprocalRankFusion(
      [
        { ids: ['a', 'b', 'c'], weight: 0.5 },
        { ids: ['b', 'd'], weight: 1 },
      ],
      10,
    );
    const attainable = 0.5 / 11 + 1 / 11;
    // b: 0.5/12 + 1/11, d: 1/12, a: 0.5/11, c: 0.5/13
    expect(fused.map((hit) => hit.id)).toEqual(['b', 'd', 'a', 'c']);
    expect(fused[0].raw).toBeCloseTo(0.5 / 12 + 1 / 11, 12);
    expect(fused[0].score).toBeCloseTo((0.5 / 12 + 1 / 11) / attainable, 12);
    expect(fused.find((hit) => hit.id === 'a')!.raw).toBeCloseTo(0.5 / 11, 12);
    expect(fused.find((hit) => hit.id === 'd')!.raw).toBeCloseTo(1 / 12, 12);
    expect(fused.every((hit) => hit.score > 0 && hit.score <= 1)).toBe(true);
  });

  it('should give 1 to a chunk first in every list', () => {
    const [top] = reciprocalRankFusion(
      [
        { ids: ['x', 'y'], weight: 0.3 },
        { ids: ['x'], weight: 1 },
      ],
      5,
    );
    expect(top).toMatchObject({ id: 'x', score: 1, bestRank: 1 });
  });

  it('should break ties by best rank, then by id', () => {
    // c and a tie (rank 1 in one list each, same weights); b ties with d at rank 2.
    const fused = reciprocalRankFusion(
      [
        { ids: ['c', 'd'], weight: 1 },
        { ids: ['a', 'b'], weight: 1 },
      ],
      60,
    );
    expect(fused.map((hit) => hit.id)).toEqual(['a', 'c', 'b', 'd']);
  });

  it('should ignore a list of weight 0 and answer nothing for no lists', () => {
    expect(reciprocalRankFusion([{ ids: ['a'], weight: 0 }], 60)).toEqual([]);
    expect(reciprocalRankFusion([], 60)).toEqual([]);
  });
});
