import { describe, expect, it } from 'vitest';
import { costUsd, MODEL_CATALOG } from '#src/modules/generation/model-catalog.js';

describe('costUsd', () => {
  it('should price input and output tokens at the catalog rates per million', () => {
    // gpt-4o: $2.50 in, $10 out per million tokens.
    expect(costUsd('gpt-4o', 1_000_000, 0)).toBe(2.5);
    expect(costUsd('gpt-4o', 0, 1_000_000)).toBe(10);
    expect(costUsd('gpt-4o', 1200, 300)).toBe(0.006);
    expect(costUsd('claude-sonnet-4-5', 2000, 500)).toBe(0.0135);
    expect(costUsd('gpt-4o-mini', 7, 3)).toBe(0.00000285);
  });

  it('should cost nothing for the extractive model, custom models and unknown names', () => {
    expect(costUsd('extractive', 5000, 200)).toBe(0);
    expect(costUsd('custom:llama3.1-70b', 5000, 200)).toBe(0);
    expect(costUsd('not-a-model', 5000, 200)).toBe(0);
  });

  it('should round to 8 decimal places without float noise, and never be negative', () => {
    for (const model of Object.keys(MODEL_CATALOG)) {
      const cost = costUsd(model, 123_457, 98_765);
      expect(cost).toBeGreaterThanOrEqual(0);
      expect(Number(cost.toFixed(8))).toBe(cost);
    }
    expect(costUsd('gpt-4o', -5, -5)).toBe(0);
  });
});
