import { describe, expect, it } from 'vitest';
import { firstPass, secondPass, widenedFirstPass } from '#src/modules/retrieval/keyword-plan.js';

describe('keyword search passes', () => {
  describe('firstPass', () => {
    it('should take the rarest terms, one clause each, up to the budget of chunks', () => {
      // The bounds follow rarity: the rarest term has the highest. 50 + 300 + 600 chunks fit in 1,000.
      expect(firstPass([300, 50, 5_000, 600], [3, 5, 1, 2], 10_000, 1_000)).toEqual([[1], [0], [3]]);
    });

    it('should take a rare term alone when the next one would pass the budget', () => {
      expect(firstPass([900, 4_000], [4, 1], 10_000, 1_000)).toEqual([[0]]);
    });

    it('should join common terms in one conjunction until the chunks holding them all are expected within the budget', () => {
      // 100,000 chunks, each term in a quarter of them: two terms expect 6,250 chunks, three 1,563, four 391.
      expect(firstPass([25_000, 25_000, 25_000, 25_000, 25_000], [2, 2, 2, 2, 2], 100_000, 1_000)).toEqual([[0, 1, 2, 3]]);
      expect(firstPass([20_000, 40_000, 30_000], [3, 1, 2], 100_000, 1_000)).toEqual([[0, 2, 1]]);
    });
  });

  describe('widenedFirstPass', () => {
    it('should drop the commonest term of a conjunction, down to a single term', () => {
      expect(widenedFirstPass([[3, 0, 2]])).toEqual([[3, 0]]);
      expect(widenedFirstPass([[3, 0]])).toEqual([[3]]);
      expect(widenedFirstPass([[3]])).toBeUndefined();
      expect(widenedFirstPass([[1], [0]])).toBeUndefined();
    });
  });

  describe('secondPass', () => {
    it('should keep the minimal term sets whose bounds exceed the floor', () => {
      expect(secondPass([3, 3, 3, 3], 7, [])).toEqual([
        [0, 1, 2],
        [0, 1, 3],
        [0, 2, 3],
        [1, 2, 3],
      ]);
      expect(secondPass([10, 2, 2], 5, [])).toEqual([[0]]);
      expect(secondPass([4, 2, 2], 5, [])).toEqual([
        [0, 1],
        [0, 2],
      ]);
    });

    it('should need nothing more when no set of terms can beat the floor', () => {
      expect(secondPass([2, 2, 2], 6, [])).toEqual([]);
      expect(secondPass([2, 2, 2], 6.5, [])).toEqual([]);
    });

    it('should score every chunk holding a term while nothing has set a floor', () => {
      expect(secondPass([3, 2, 1], 0, [])).toEqual([[0], [1], [2]]);
    });

    it('should drop the sets whose chunks the first pass has scored', () => {
      expect(secondPass([10, 2, 2], 5, [[0]])).toEqual([]);
      expect(secondPass([3, 3, 3, 3], 7, [[0, 1, 2, 3]])).toHaveLength(4);
      expect(secondPass([3, 3, 3, 3], 7, [[0, 1, 2]])).toEqual([
        [0, 1, 3],
        [0, 2, 3],
        [1, 2, 3],
      ]);
    });

    it('should fall back to single terms, a superset, when the sets are too many or the query too long', () => {
      const twelve = Array.from({ length: 12 }, () => 1);
      // Sets of seven of twelve equal terms: 792 clauses. Any six stay within the floor: the other six are essential.
      expect(secondPass(twelve, 6.5, [])).toEqual([[5], [4], [3], [2], [1], [0]]);
      const fourteen = Array.from({ length: 14 }, (_, i) => i + 1);
      // MaxScore: 1 + 2 + 3 + 4 = 10 stay within the floor, the other ten terms are essential.
      expect(secondPass(fourteen, 10, [])).toEqual(fourteen.slice(4).map((_, i) => [4 + i]));
    });
  });
});
