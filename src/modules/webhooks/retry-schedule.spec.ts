import { describe, expect, it } from 'vitest';
import { delayAfterAttempt, MAX_ATTEMPTS, RETRY_DELAYS_MS } from '#src/modules/webhooks/retry-schedule.js';

describe('the webhook retry schedule', () => {
  it('should be the contract\u2019s: 5 attempts at 0 s, 5 s, 35 s, 5 min 35 s and 1 h 5 min 35 s', () => {
    expect(MAX_ATTEMPTS).toBe(5);
    expect(RETRY_DELAYS_MS).toEqual([5_000, 30_000, 300_000, 3_600_000]);
    const cumulative = [0];
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      cumulative.push(cumulative.at(-1)! + delayAfterAttempt(attempt)!);
    }
    expect(cumulative).toEqual([0, 5_000, 35_000, 335_000, 3_935_000]);
    expect(delayAfterAttempt(MAX_ATTEMPTS)).toBeUndefined();
  });

  it('should scale for tests without reaching zero', () => {
    expect(delayAfterAttempt(1, 0.001)).toBe(5);
    expect(delayAfterAttempt(4, 0.001)).toBe(3_600);
    expect(delayAfterAttempt(1, 0.0001)).toBe(1);
  });
});
