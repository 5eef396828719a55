import { describe, expect, it } from 'vitest';
import { readBodyWithin } from '#src/common/net/bounded-body.js';

/** A body of `parts` chunks of `size` bytes that records whether its reader let go of it early. */
function bodyOf(parts: number, size: number): { body: AsyncIterable<Uint8Array>; produced: () => number; closed: () => boolean } {
  let produced = 0;
  let closed = false;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    try {
      for (; produced < parts;) {
        produced += 1;
        yield new Uint8Array(size).fill(produced);
      }
    } finally {
      closed = true;
    }
  }
  return { body: chunks(), produced: () => produced, closed: () => closed };
}

describe('readBodyWithin', () => {
  it('should read a body up to its limit whole', async () => {
    const { body } = bodyOf(4, 256);
    const bytes = await readBodyWithin(body, 1024, () => new Error('too large'));
    expect(bytes).toHaveLength(1024);
    expect([bytes[0], bytes[1023]]).toEqual([1, 4]);
  });

  it('should refuse a body past its limit at the first chunk beyond it, and stop reading it', async () => {
    const { body, produced, closed } = bodyOf(100, 256);
    await expect(readBodyWithin(body, 1000, () => new Error('too large'))).rejects.toThrow('too large');
    expect(produced()).toBe(4);
    expect(closed()).toBe(true);
  });

  it('should read no body as empty', async () => {
    expect(await readBodyWithin(null, 10, () => new Error('too large'))).toHaveLength(0);
  });
});
