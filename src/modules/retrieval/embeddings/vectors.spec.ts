import { describe, expect, it } from 'vitest';
import { batches, dot, l2Normalize } from '#src/modules/retrieval/embeddings/vectors.js';

describe('l2Normalize', () => {
  it('should scale a vector to unit length', () => {
    expect(l2Normalize([3, 4])).toEqual([0.6, 0.8]);
    expect(l2Normalize(new Float32Array([0, 2, 0]))).toEqual([0, 1, 0]);
  });

  it('should leave a zero vector zero rather than divide by zero', () => {
    expect(l2Normalize([0, 0, 0])).toEqual([0, 0, 0]);
  });

  it('should refuse a vector with a non-finite component', () => {
    expect(() => l2Normalize([1, Number.NaN])).toThrow(RangeError);
    expect(() => l2Normalize([1, Number.POSITIVE_INFINITY])).toThrow(RangeError);
  });
});

describe('dot', () => {
  it('should multiply component by component and sum', () => {
    expect(dot([1, 2, 3], [4, 5, 6])).toBe(32);
  });

  it('should refuse vectors of different dimensions', () => {
    expect(() => dot([1, 2], [1, 2, 3])).toThrow('2 and 3 dimensions');
  });
});

describe('batches', () => {
  it('should cut items into consecutive batches of at most the given size', () => {
    expect(batches([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(batches([], 3)).toEqual([]);
  });

  it('should refuse a size that is not a positive integer', () => {
    expect(() => batches([1], 0)).toThrow(RangeError);
    expect(() => batches([1], 1.5)).toThrow(RangeError);
  });
});
