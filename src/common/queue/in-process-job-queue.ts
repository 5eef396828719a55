import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { newId } from '#src/common/ids/ids.js';
import type { JobPayloadMap } from '#src/common/queue/job-map.js';
import { QUEUE_OF_JOB } from '#src/common/queue/job-map.js';
import {
  backoffDelay,
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  JobInterruptedError,
  JobQueue,
  PermanentJobError,
  type EnqueueOptions,
  type JobHandler,
} from '#src/common/queue/job-queue.js';
import { QUEUE_CONCURRENCY } from '#src/common/queue/queue-concurrency.js';
import { QUEUE_CONSUMING } from '#src/common/queue/queue-consuming.js';
import type { JobName, QueueName } from '#src/common/queue/queue-name.enum.js';

interface PendingJob {
  id: string;
  name: JobName;
  payload: unknown;
  attempt: number;
  maxAttempts: number;
  backoffMs: number;
  delayMs: number;
  dedupeKey: string | undefined;
}

/**
 * The embedded default when no REDIS_URL is set: jobs run in this process, with the same delay, retry
 * and de-duplication semantics as the BullMQ driver. Jobs do not survive a restart, which is why every
 * feature keeps its durable state in PostgreSQL and re-creates lost work from there at boot.
 */
@Injectable()
export class InProcessJobQueue extends JobQueue implements OnApplicationShutdown {
  private readonly logger = new Logger('InProcessJobQueue');
  private readonly handlers = new Map<JobName, JobHandler<JobName>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly schedules = new Map<string, { timer: NodeJS.Timeout; everyMs: number }>();
  private readonly waitingKeys = new Set<string>();
  /** The id of the job that holds each key, waiting or running: what a collapsed enqueue returns. */
  private readonly keyHolders = new Map<string, string>();
  /** Keys from their job's first attempt until it finishes, with the follow-up enqueued while it ran. */
  private readonly runningKeys = new Map<string, PendingJob | undefined>();
  /** Keys whose job is in its handler right now (not waiting for a retry). */
  private readonly activeKeys = new Set<string>();
  private readonly running = new Map<QueueName, number>();
  private readonly ready = new Map<QueueName, PendingJob[]>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(@Inject(QUEUE_CONSUMING) readonly consuming: boolean) {
    super();
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloadMap[N], options: EnqueueOptions = {}): Promise<string> {
    const job: PendingJob = {
      id: newId('job'),
      name,
      payload,
      attempt: 1,
      maxAttempts: options.attempts ?? DEFAULT_ATTEMPTS,
      backoffMs: options.backoffMs ?? DEFAULT_BACKOFF_MS,
      delayMs: options.delayMs ?? 0,
      dedupeKey: options.dedupeKey,
    };
    if (job.dedupeKey !== undefined) {
      if (this.waitingKeys.has(job.dedupeKey)) {
        return this.keyHolders.get(job.dedupeKey)!;
      }
      if (this.runningKeys.has(job.dedupeKey)) {
        // While its job waits for a retry, the key collapses into that retry, as on BullMQ.
        if (this.activeKeys.has(job.dedupeKey)) {
          this.runningKeys.set(job.dedupeKey, job);
        }
        return this.keyHolders.get(job.dedupeKey)!;
      }
      this.waitingKeys.add(job.dedupeKey);
      this.keyHolders.set(job.dedupeKey, job.id);
    }
    this.after(job.delayMs, () => this.makeReady(job));
    return job.id;
  }

  async enqueueMany<N extends JobName>(name: N, payloads: Array<JobPayloadMap[N]>, options: Omit<EnqueueOptions, 'dedupeKey'> = {}): Promise<void> {
    for (const payload of payloads) {
      await this.enqueue(name, payload, options);
    }
  }

  async schedule<N extends JobName>(key: string, name: N, payload: JobPayloadMap[N], everyMs: number): Promise<void> {
    const rescheduled = this.schedules.get(key)?.everyMs === everyMs;
    await this.unschedule(key);
    // Like a BullMQ job scheduler, the first run is due at once, unless only the payload changed.
    if (!rescheduled) {
      void this.enqueue(name, payload, { dedupeKey: `schedule:${key}` });
    }
    const timer = setInterval(() => void this.enqueue(name, payload, { dedupeKey: `schedule:${key}` }), everyMs);
    timer.unref();
    this.schedules.set(key, { timer, everyMs });
  }

  async unschedule(key: string): Promise<void> {
    clearInterval(this.schedules.get(key)?.timer);
    this.schedules.delete(key);
  }

  handle<N extends JobName>(name: N, handler: JobHandler<N>): void {
    this.handlers.set(name, handler as unknown as JobHandler<JobName>);
  }

  onReconnect(): void {
    // Nothing to lose: the jobs live in this process.
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    this.timers.forEach(clearTimeout);
    this.schedules.forEach(({ timer }) => clearInterval(timer));
    await Promise.allSettled([...this.inFlight]);
  }

  private after(delayMs: number, run: () => void): void {
    if (this.closed) {
      return;
    }
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        run();
      },
      Math.max(0, delayMs),
    );
    this.timers.add(timer);
  }

  private makeReady(job: PendingJob): void {
    const queue = QUEUE_OF_JOB[job.name];
    const ready = this.ready.get(queue) ?? [];
    ready.push(job);
    this.ready.set(queue, ready);
    this.drain(queue);
  }

  private drain(queue: QueueName): void {
    const ready = this.ready.get(queue) ?? [];
    while (!this.closed && ready.length > 0 && (this.running.get(queue) ?? 0) < QUEUE_CONCURRENCY[queue]) {
      const job = ready.shift()!;
      this.running.set(queue, (this.running.get(queue) ?? 0) + 1);
      const run = this.run(job).finally(() => {
        this.inFlight.delete(run);
        this.running.set(queue, (this.running.get(queue) ?? 1) - 1);
        this.drain(queue);
      });
      this.inFlight.add(run);
    }
  }

  private async run(job: PendingJob): Promise<void> {
    const handler = this.handlers.get(job.name);
    if (job.dedupeKey !== undefined && job.attempt === 1) {
      this.waitingKeys.delete(job.dedupeKey);
      this.runningKeys.set(job.dedupeKey, undefined);
    }
    try {
      if (!handler) {
        throw new PermanentJobError(`No handler registered for job ${job.name}`);
      }
      await this.invoke(handler, job);
      this.finish(job);
    } catch (error) {
      if (error instanceof JobInterruptedError) {
        // The process is stopping: the work's state in the database brings it back at the next start.
        this.logger.log({ job: job.name, job_id: job.id }, 'Job stopped by the shutdown; it resumes at the next start');
        this.finish(job);
        return;
      }
      const permanent = error instanceof PermanentJobError;
      if (!permanent && job.attempt < job.maxAttempts) {
        const delay = backoffDelay(job.backoffMs, job.attempt);
        this.logger.warn({ err: error, job: job.name, job_id: job.id, attempt: job.attempt, retry_in_ms: delay }, 'Job failed; retrying');
        this.after(delay, () => this.makeReady({ ...job, attempt: job.attempt + 1 }));
        return;
      }
      this.logger.error({ err: error, job: job.name, job_id: job.id, attempt: job.attempt }, 'Job failed for good');
      this.finish(job);
    }
  }

  /** Calls the handler, with the job's key marked active meanwhile. */
  private async invoke(handler: JobHandler<JobName>, job: PendingJob): Promise<void> {
    const key = job.dedupeKey;
    if (key !== undefined) {
      this.activeKeys.add(key);
    }
    try {
      await handler(job.payload as never, { jobId: job.id, name: job.name, attempt: job.attempt, maxAttempts: job.maxAttempts });
    } finally {
      if (key !== undefined) {
        this.activeKeys.delete(key);
      }
    }
  }

  private finish(job: PendingJob): void {
    if (job.dedupeKey === undefined) {
      return;
    }
    const next = this.runningKeys.get(job.dedupeKey);
    this.runningKeys.delete(job.dedupeKey);
    this.keyHolders.delete(job.dedupeKey);
    if (next) {
      // Its delay counts from now, as on BullMQ.
      void this.enqueue(next.name, next.payload as never, {
        delayMs: next.delayMs,
        attempts: next.maxAttempts,
        backoffMs: next.backoffMs,
        dedupeKey: next.dedupeKey,
      });
    }
  }
}
