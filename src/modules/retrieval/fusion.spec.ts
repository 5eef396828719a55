import { describe, expect, it } from 'vitest';
import { reciprocalRankFusion, sufficientDepth } from '#src/modules/retrieval/fusion.js';

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

describe('sufficientDepth', () => {
  const k = 5;
  const weights = { vector: 0.2, keyword: 1 };

  it('should read the measured fusion 25 deep for ten chunks, and in full once no depth can be shown to suffice', () => {
    expect(sufficientDepth(weights.keyword, [weights.vector], k, 5, 100)).toBe(10);
    expect(sufficientDepth(weights.keyword, [weights.vector], k, 10, 100)).toBe(25);
    expect(sufficientDepth(weights.keyword, [weights.vector], k, 19, 100)).toBe(100);
    expect(sufficientDepth(weights.vector, [weights.keyword], k, 10, 100)).toBe(100);
    expect(sufficientDepth(weights.keyword, [weights.vector], k, 150, 100)).toBe(150);
  });

  it('should not return a depth whose bound only equals the floor', () => {
    // Weight 1, another list of 0.5, k 1, top 1: the floor is 1/2 - 0.5/2 = 1/4, met exactly by 1 / (1 + d + 1) at d 2.
    expect(sufficientDepth(1, [0.5], 1, 1, 10)).toBe(3);
  });

  it('should leave the fused top k exactly as the full lists give it, for random lists', () => {
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pool = Array.from({ length: 400 }, (_, i) => `c${i}`);
    const shuffled = (): string[] => {
      const copy = [...pool];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy;
    };
    for (let trial = 0; trial < 300; trial++) {
      const topK = 1 + Math.floor(random() * 20);
      // Correlated lists, as real ones are: the vector list takes a third of its chunks from the keyword list's head.
      const keyword = shuffled().slice(0, 100);
      const vector = shuffled()
        .slice(0, 100)
        .map((id, i) => (i % 3 === 0 ? keyword[Math.floor(random() * 40)] : id))
        .filter((id, i, all) => all.indexOf(id) === i);
      const depth = sufficientDepth(weights.keyword, [weights.vector], k, topK, 100);
      const full = reciprocalRankFusion(
        [
          { ids: vector, weight: weights.vector },
          { ids: keyword, weight: weights.keyword },
        ],
        k,
      ).slice(0, topK);
      const cut = reciprocalRankFusion(
        [
          { ids: vector, weight: weights.vector },
          { ids: keyword.slice(0, depth), weight: weights.keyword },
        ],
        k,
      ).slice(0, topK);
      expect(cut).toEqual(full);
    }
  });
});
