import { describe, expect, it } from 'vitest';
import { costUsd, MODEL_CATALOG, outputTokensFor } from '#src/modules/generation/model-catalog.js';

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

describe('outputTokensFor', () => {
  it('should keep max_tokens within what the model can write, and leave it as it is where the limit is unknown', () => {
    expect(outputTokensFor('gpt-4o', 32_768)).toBe(16_384);
    expect(outputTokensFor('gpt-4o', 1024)).toBe(1024);
    expect(outputTokensFor('claude-3-5-haiku-latest', 10_000)).toBe(8_192);
    expect(outputTokensFor('gpt-5', 32_768)).toBe(32_768);
    expect(outputTokensFor('custom:llama3', 32_768)).toBe(32_768);
    expect(outputTokensFor('extractive', 32_768)).toBe(32_768);
  });

  it('should know the limit of every provider model of the catalog', () => {
    for (const [model, info] of Object.entries(MODEL_CATALOG)) {
      expect(info.provider === 'builtin' || (info.maxOutputTokens ?? 0) > 0, model).toBe(true);
    }
  });
});
