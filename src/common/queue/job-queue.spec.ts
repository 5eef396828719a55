import { describe, expect, it } from 'vitest';
import { backoffDelay } from '#src/common/queue/job-queue.js';

describe('backoffDelay', () => {
  it('should wait exactly the exponential delay when the jitter draws 0', () => {
    expect(backoffDelay(1_000, 1, () => 0)).toBe(1_000);
    expect(backoffDelay(1_000, 2, () => 0)).toBe(2_000);
    expect(backoffDelay(1_000, 3, () => 0)).toBe(4_000);
  });

  it('should add at most 25% of jitter on top of the exponential delay', () => {
    expect(backoffDelay(1_000, 1, () => 0.5)).toBe(1_125);
    expect(backoffDelay(1_000, 3, () => 0.999_999)).toBe(5_000);
  });

  it('should never wait less than base·2^(attempt-1) nor more than 1.25 times it', () => {
    for (let attempt = 1; attempt <= 8; attempt++) {
      const exponential = 100 * 2 ** (attempt - 1);
      for (let sample = 0; sample < 200; sample++) {
        const delay = backoffDelay(100, attempt);
        expect(delay).toBeGreaterThanOrEqual(exponential);
        expect(delay).toBeLessThanOrEqual(exponential * 1.25);
        expect(Number.isInteger(delay)).toBe(true);
      }
    }
  });

  it('should double the delay with every attempt', () => {
    const delays = [1, 2, 3, 4, 5].map((attempt) => backoffDelay(250, attempt, () => 0.4));
    expect(delays).toEqual([275, 550, 1_100, 2_200, 4_400]);
    for (let i = 1; i < delays.length; i++) {
      expect(delays[i]).toBe(delays[i - 1] * 2);
    }
  });

  it('should scale with the base delay', () => {
    expect(backoffDelay(10, 1, () => 0)).toBe(10);
    expect(backoffDelay(10, 4, () => 0)).toBe(80);
    expect(backoffDelay(0, 5, () => 0.9)).toBe(0);
  });
});
