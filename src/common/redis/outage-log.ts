import type { Logger } from '@nestjs/common';

/** While Redis stays unreachable, a connection fails again at every reconnection attempt (a few a second). */
const REPEAT_EVERY_MS = 60_000;

/**
 * A connection's error handler that logs the first error of a run and then at most one a minute, with the
 * number left unsaid, so an outage is told once instead of flooding the log. Every BullMQ queue and worker
 * needs one too: without an `error` listener, the library prints the raw error outside the JSON log.
 */
export function outageLog(logger: Logger, message: string, now: () => number = Date.now): (error: Error) => void {
  let loggedAt = Number.NEGATIVE_INFINITY;
  let unsaid = 0;
  return (error: Error) => {
    if (now() - loggedAt < REPEAT_EVERY_MS) {
      unsaid++;
      return;
    }
    logger.warn({ err: error.message, ...(unsaid > 0 ? { repeated: unsaid } : {}) }, message);
    loggedAt = now();
    unsaid = 0;
  };
}
