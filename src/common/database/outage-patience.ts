import { setTimeout as sleep } from 'node:timers/promises';
import { isDatabaseUnreachable } from '#src/common/database/connection-failure.js';

export interface OutagePatience {
  /** How long, from the first failure, the database may stay unreachable before the work gives up. */
  patienceMs: number;
  /** Aborted when the process stops: the wait ends at once and the last failure is thrown. */
  signal: AbortSignal;
  /** Told of each wait, for the logs. */
  onWait?: (error: unknown, waitMs: number) => void;
  firstWaitMs?: number;
  maxWaitMs?: number;
}

/**
 * Runs `work`, and runs it again while it fails because the database cannot be reached, waiting longer
 * each time (1 s, doubling, at most 10 s), for up to `patienceMs`. For work that resumes from what it
 * recorded (a sync from its checkpoint): a queue's few quick retries would spend themselves within one
 * restart of the database and leave the work undone until the next start of the process.
 */
export async function withOutagePatience<T>(work: () => Promise<T>, options: OutagePatience): Promise<T> {
  const firstWaitMs = options.firstWaitMs ?? 1_000;
  const maxWaitMs = options.maxWaitMs ?? 10_000;
  let waitMs = firstWaitMs;
  let outageStartedAt: number | undefined;
  for (;;) {
    const startedAt = Date.now();
    try {
      return await work();
    } catch (error) {
      // Work that got going before it failed met a new outage, with the whole patience again.
      if (outageStartedAt === undefined || Date.now() - startedAt > maxWaitMs) {
        outageStartedAt = Date.now();
        waitMs = firstWaitMs;
      }
      if (!isDatabaseUnreachable(error) || options.signal.aborted || Date.now() + waitMs > outageStartedAt + options.patienceMs) {
        throw error;
      }
      options.onWait?.(error, waitMs);
      try {
        await sleep(waitMs, undefined, { signal: options.signal });
      } catch {
        throw error;
      }
      waitMs = Math.min(waitMs * 2, maxWaitMs);
    }
  }
}
