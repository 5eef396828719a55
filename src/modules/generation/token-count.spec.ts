import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { countTokens } from '#src/modules/generation/token-count.js';
import { countTokens as countExactly } from '#src/modules/ingestion/chunker.js';

describe('countTokens', () => {
  it('should count text without long unbroken runs exactly', () => {
    const prose = 'To reset your password, open Settings.\n\n```\nListen 8080\n```\n'.repeat(40);
    expect(countTokens(prose)).toBe(countExactly(prose));
    expect(countTokens('')).toBe(0);
  });

  it.each([
    ['letters', 'x'.repeat(3_000)],
    ['spaces', `a${' '.repeat(3_000)}b`],
    ['punctuation', '.,'.repeat(1_500)],
    ['a run inside prose', `See ${'ab'.repeat(700)} for details.`],
  ])('should count a long run of %s within a token per 256 characters of it', (_name, text) => {
    const exact = countExactly(text);
    expect(Math.abs(countTokens(text) - exact)).toBeLessThanOrEqual(Math.ceil(text.length / 256));
  });

  it.each([
    ['one letter', 'x'.repeat(10_000_000)],
    ['base64', randomBytes(7_500_000).toString('base64')],
  ])('should count a 10 MB run of %s quickly, at the rate of its first slices', (_name, run) => {
    const started = performance.now();
    const counted = countTokens(`Before ${run} after.`);
    expect(performance.now() - started).toBeLessThan(5_000);
    const rate = countTokens(run.slice(0, 65_536)) / 65_536;
    expect(counted / run.length).toBeCloseTo(rate, 2);
  });
});
