/** Five attempts: at once, then after 5 s, 30 s, 5 min and 1 h (cumulative 0, 5 s, 35 s, 5 min 35 s, 1 h 5 min 35 s). */
export const MAX_ATTEMPTS = 5;
export const RETRY_DELAYS_MS = [5_000, 30_000, 300_000, 3_600_000] as const;

/**
 * The wait after a failed attempt number `attempt` (1-based) before the next one, or undefined after
 * the last. `scale` shortens the schedule for tests (WEBHOOK_RETRY_TIME_SCALE).
 */
export function delayAfterAttempt(attempt: number, scale = 1): number | undefined {
  const delay = RETRY_DELAYS_MS[attempt - 1];
  return delay === undefined ? undefined : Math.max(1, Math.round(delay * scale));
}
