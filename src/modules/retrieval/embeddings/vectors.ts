/**
 * Scales a vector to unit length, so the cosine similarity of two vectors is their dot product. A zero
 * vector has no direction and is returned as zeros; a non-finite component is an error, since it would
 * poison every similarity computed with the vector.
 */
export function l2Normalize(vector: ArrayLike<number>): number[] {
  let sumOfSquares = 0;
  for (let i = 0; i < vector.length; i++) {
    sumOfSquares += vector[i] * vector[i];
  }
  if (!Number.isFinite(sumOfSquares)) {
    throw new RangeError('Cannot normalise a vector with a non-finite component');
  }
  const norm = Math.sqrt(sumOfSquares);
  const result = new Array<number>(vector.length);
  for (let i = 0; i < vector.length; i++) {
    result[i] = norm === 0 ? 0 : vector[i] / norm;
  }
  return result;
}

export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) {
    throw new RangeError(`Cannot compare vectors of ${a.length} and ${b.length} dimensions`);
  }
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    sum += a[i] * b[i];
  }
  return sum;
}

/** Splits `items` into consecutive batches of at most `size` items. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) {
    throw new RangeError(`Batch size must be a positive integer, not ${size}`);
  }
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
}
