import type { JobPayloadMap } from '#src/common/queue/job-map.js';
import type { JobName } from '#src/common/queue/queue-name.enum.js';

export interface EnqueueOptions {
  /** Wait this long before the first attempt. */
  delayMs?: number;
  /** Total attempts including the first (default 3). */
  attempts?: number;
  /** Base of the exponential backoff between attempts (default 1 s): base · 2^(attempt-1), with jitter. */
  backoffMs?: number;
  /**
   * Jobs with the same key collapse into one while the first is waiting (for its delay or for a retry);
   * while it runs, one more (the latest, with its own options) is kept to run after it, so a change made
   * during a run is never missed. Two jobs of one key never run at the same time.
   */
  dedupeKey?: string;
}

export interface JobContext {
  jobId: string;
  name: JobName;
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
}

export type JobHandler<N extends JobName> = (payload: JobPayloadMap[N], context: JobContext) => Promise<void>;

/** Thrown by a handler when retrying cannot help (bad input, a resource that no longer exists). */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

/**
 * Thrown by a handler that its own process stopped (SIGTERM, a deploy) before the work was done: the job
 * runs again, on another worker or after the restart, without spending one of its attempts.
 */
export class JobInterruptedError extends Error {
  override readonly name = 'JobInterruptedError';
}

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 1_000;

/**
 * Backoff before attempt `attempt + 1`: base·2^(attempt-1) plus up to 25% jitter, so retries of many jobs
 * spread out without ever coming sooner than the exponential delay. Both drivers use it.
 */
export function backoffDelay(baseMs: number, attempt: number, random: () => number = Math.random): number {
  const exponential = baseMs * 2 ** (attempt - 1);
  return Math.round(exponential * (1 + 0.25 * random()));
}

/**
 * The queue every feature uses. Durable state lives in PostgreSQL: a job only wakes the work up,
 * so a lost job can always be re-created from the database.
 *
 * Both drivers keep the contract that test/integration/queue.int-spec.ts checks. Where BullMQ's own
 * semantics rule out an exact match, the shared guarantee is the weaker one:
 * - Timing: a delay, a backoff or a period is a minimum. BullMQ starts due jobs from Redis, commonly
 *   tens of milliseconds late (up to ~100 ms at Redis' default `hz`); the in-process driver uses timers.
 * - Schedules: both run a new schedule at once, then about every `everyMs`. BullMQ keeps the period's
 *   phase across restarts and across `schedule` calls that keep `everyMs`; in-process, the period restarts
 *   with each `schedule` call, and with each boot (when it also runs at once again). In-process, the runs
 *   of one schedule never overlap (its ticks share a dedupe key); on BullMQ each tick is a job of its own,
 *   so a run that outlasts `everyMs`, or waits for a retry, may overlap the next tick.
 * - Restarts: BullMQ keeps waiting, delayed and retrying jobs and re-runs a job whose worker died mid-run;
 *   the in-process driver loses them. Handlers must therefore be idempotent.
 */
export abstract class JobQueue {
  /** Whether this process runs jobs (the worker, or the api on the embedded default) rather than only queueing them. */
  abstract readonly consuming: boolean;

  /** Returns the job's id; an enqueue that collapsed (see `dedupeKey`) returns the id of the job it collapsed into. */
  abstract enqueue<N extends JobName>(name: N, payload: JobPayloadMap[N], options?: EnqueueOptions): Promise<string>;

  /** Many jobs of one name with the same options, in one round trip where the driver can (no `dedupeKey`). */
  abstract enqueueMany<N extends JobName>(name: N, payloads: Array<JobPayloadMap[N]>, options?: Omit<EnqueueOptions, 'dedupeKey'>): Promise<void>;

  /**
   * Runs `name` at once, then every `everyMs`, until unscheduled; a run already due may still happen
   * after `unschedule` returns. Scheduling a key again replaces its schedule. It survives restarts on Redis.
   */
  abstract schedule<N extends JobName>(key: string, name: N, payload: JobPayloadMap[N], everyMs: number): Promise<void>;

  abstract unschedule(key: string): Promise<void>;

  /** Registers the handler of a job; it only runs in a process that consumes (the worker, or the embedded api). */
  abstract handle<N extends JobName>(name: N, handler: JobHandler<N>): void;

  /**
   * Runs `restore` each time the queue's store answers again after its connection was lost: a Redis restarted
   * empty, or failed over, may have lost every job, and features re-create theirs from PostgreSQL as they do
   * at start-up. Never called on the in-process driver, whose jobs last as long as the process.
   */
  abstract onReconnect(restore: () => Promise<void>): void;

  /**
   * A periodic sweep, scheduled by the processes that run jobs: at start-up, and again whenever the store
   * answers after a loss (a schedule kept in Redis may have come back empty). Nothing in a process that
   * only queues.
   */
  async keepScheduled<N extends JobName>(key: string, name: N, payload: JobPayloadMap[N], everyMs: number): Promise<void> {
    if (!this.consuming) {
      return;
    }
    const schedule = (): Promise<void> => this.schedule(key, name, payload, everyMs);
    await schedule();
    this.onReconnect(schedule);
  }
}
