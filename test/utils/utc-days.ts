const DAY_MS = 86_400_000;

/** The UTC calendar date `offsetDays` from today, as `YYYY-MM-DD` (the form date filters take). */
export function utcDate(offsetDays = 0): string {
  return new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Waits, when UTC midnight is less than `marginMs` away, until it has passed: a test that records
 * something and then reads it back by "today" must not have the day change between the two.
 */
export async function clearOfMidnight(marginMs: number): Promise<void> {
  const untilMidnight = DAY_MS - (Date.now() % DAY_MS);
  if (untilMidnight < marginMs) {
    await new Promise((resolve) => setTimeout(resolve, untilMidnight + 1_000));
  }
}
