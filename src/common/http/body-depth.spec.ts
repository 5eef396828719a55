import { describe, expect, it } from 'vitest';
import { depthOf } from '#src/common/http/body-depth.js';

describe('depthOf', () => {
  it('should count how deep a JSON value nests', () => {
    expect(depthOf('x', 10)).toBe(0);
    expect(depthOf(null, 10)).toBe(0);
    expect(depthOf({}, 10)).toBe(1);
    expect(depthOf({ a: [1, { b: 'c' }], d: 2 }, 10)).toBe(3);
    expect(depthOf([[[[]]], []], 10)).toBe(4);
  });

  it('should stop counting at the limit, without recursion, however deep the value', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`) as unknown;
    expect(depthOf(deep, 33)).toBe(33);
  });
});
