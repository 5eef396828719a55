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
});
