import { getQueueToken, InjectQueue, OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DelayedError, UnrecoverableError, type BackoffOptions, type Job, type JobsOptions, type MinimalJob, type Queue } from 'bullmq';
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
import { QueueName, type JobName } from '#src/common/queue/queue-name.enum.js';
import { outageLog } from '#src/common/redis/outage-log.js';

/**
 * Our own backoff type, computed by `backoffDelay` like the in-process driver: BullMQ's built-in
 * 'exponential' jitter is taken off the delay (0.75–1 × base·2^(attempt-1)), so a retry could come
 * sooner than the contract's minimum. Jobs stored with the built-in type still retry as they were.
 */
const BACKOFF_TYPE = 'aqs-exponential';

/** A job its stopping process handed back waits this long, so that the same process, still closing, does not take it again at once. */
const INTERRUPTED_JOB_DELAY_MS = 1_000;

function backoff(baseMs: number): BackoffOptions {
  return { type: BACKOFF_TYPE, delay: baseMs };
}

/** The workers' strategy for BACKOFF_TYPE; `attemptsMade` counts the attempt that just failed. */
function bullBackoffStrategy(attemptsMade: number, _type?: string, _error?: Error, job?: MinimalJob): number {
  const options = job?.opts.backoff;
  const baseMs = typeof options === 'object' ? (options.delay ?? DEFAULT_BACKOFF_MS) : (options ?? DEFAULT_BACKOFF_MS);
  return backoffDelay(baseMs, attemptsMade);
}

/** Handlers by job name, shared by the driver (which registers them) and the consumers (which run them). */
@Injectable()
export class JobHandlerRegistry {
  private readonly handlers = new Map<JobName, JobHandler<JobName>>();

  register<N extends JobName>(name: N, handler: JobHandler<N>): void {
    this.handlers.set(name, handler as unknown as JobHandler<JobName>);
  }

  async run(job: Job): Promise<void> {
    const handler = this.handlers.get(job.name as JobName);
    if (!handler) {
      throw new UnrecoverableError(`No handler registered for job ${job.name}`);
    }
    try {
      await handler(job.data as never, {
        jobId: job.id ?? '',
        name: job.name as JobName,
        attempt: job.attemptsMade + 1,
        maxAttempts: job.opts.attempts ?? 1,
      });
    } catch (error) {
      if (error instanceof PermanentJobError) {
        throw new UnrecoverableError(error.message);
      }
      throw error;
    }
  }
}

/** BullMQ on Redis: jobs, delays, retries and schedules survive restarts and are shared by every worker. */
@Injectable()
export class BullJobQueue extends JobQueue {
  private readonly logger = new Logger('Queue');
  private readonly restorers: Array<() => Promise<void>> = [];

  constructor(
    @Inject(QUEUE_CONSUMING) readonly consuming: boolean,
    private readonly moduleRef: ModuleRef,
    private readonly registry: JobHandlerRegistry,
  ) {
    super();
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloadMap[N], options: EnqueueOptions = {}): Promise<string> {
    const job = await this.queueOf(name).add(name, payload, jobOptions(options));
    return job.id ?? '';
  }

  async enqueueMany<N extends JobName>(name: N, payloads: Array<JobPayloadMap[N]>, options: Omit<EnqueueOptions, 'dedupeKey'> = {}): Promise<void> {
    if (payloads.length > 0) {
      await this.queueOf(name).addBulk(payloads.map((data) => ({ name, data, opts: jobOptions(options) })));
    }
  }

  async schedule<N extends JobName>(key: string, name: N, payload: JobPayloadMap[N], everyMs: number): Promise<void> {
    await this.queueOf(name).upsertJobScheduler(
      key,
      { every: everyMs },
      { name, data: payload, opts: { attempts: DEFAULT_ATTEMPTS, backoff: backoff(DEFAULT_BACKOFF_MS) } },
    );
  }

  async unschedule(key: string): Promise<void> {
    await Promise.all(Object.values(QueueName).map((queue) => this.queue(queue).removeJobScheduler(key)));
  }

  handle<N extends JobName>(name: N, handler: JobHandler<N>): void {
    this.registry.register(name, handler);
  }

  onReconnect(restore: () => Promise<void>): void {
    if (this.restorers.push(restore) === 1) {
      this.watchConnection();
    }
  }

  /** One queue's connection stands for the store: when it is ready again after closing, the restorers run. */
  private watchConnection(): void {
    const connection = this.queue(QueueName.Maintenance).backend;
    let lost = false;
    connection.on('close', () => {
      lost = true;
    });
    connection.on('ready', () => {
      if (!lost) {
        return;
      }
      lost = false;
      this.logger.warn('Redis answers again: re-creating its jobs from the database, in case they were lost');
      for (const restore of this.restorers) {
        restore().catch((error: unknown) => this.logger.error({ err: error }, 'Could not re-create jobs after Redis came back'));
      }
    });
  }

  private queueOf(name: JobName): Queue {
    return this.queue(QUEUE_OF_JOB[name]);
  }

  private queue(name: QueueName): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }
}

function jobOptions(options: EnqueueOptions): JobsOptions {
  return {
    delay: options.delayMs,
    attempts: options.attempts ?? DEFAULT_ATTEMPTS,
    backoff: backoff(options.backoffMs ?? DEFAULT_BACKOFF_MS),
    deduplication: options.dedupeKey ? { id: options.dedupeKey, keepLastIfActive: true } : undefined,
    removeOnComplete: { age: 3_600, count: 1_000 },
    removeOnFail: { age: 7 * 24 * 3_600 },
  };
}

function consumerFor(queue: QueueName, lockMs: number): Type<WorkerHost> {
  // autorun off: jobs already waiting in Redis must not start before every feature has registered its handler.
  // A worker that dies holds its jobs' locks for lockMs; after that (checked every lockMs) they run again elsewhere.
  @Processor(queue, {
    concurrency: QUEUE_CONCURRENCY[queue],
    settings: { backoffStrategy: bullBackoffStrategy },
    autorun: false,
    lockDuration: lockMs,
    stalledInterval: lockMs,
  })
  class QueueConsumer extends WorkerHost implements OnApplicationBootstrap {
    private readonly logger = new Logger(`Queue:${queue}`);
    private readonly connectionError = outageLog(this.logger, 'Redis connection error');

    constructor(private readonly registry: JobHandlerRegistry) {
      super();
    }

    /** Bound when the worker is made, before it first connects (see QueueOutageLog). */
    @OnWorkerEvent('error')
    onError(error: Error): void {
      this.connectionError(error);
    }

    onApplicationBootstrap(): void {
      this.worker.run().catch((error: unknown) => this.logger.error({ err: error }, 'Queue consumer stopped'));
    }

    async process(job: Job, token?: string): Promise<void> {
      try {
        await this.registry.run(job);
      } catch (error) {
        if (error instanceof JobInterruptedError) {
          // Delayed, not failed: the attempt is not spent, and a worker that is not stopping takes the job.
          this.logger.log({ job: job.name, job_id: job.id }, 'Job stopped by the shutdown; it runs again on another worker');
          await job.moveToDelayed(Date.now() + INTERRUPTED_JOB_DELAY_MS, token);
          throw new DelayedError();
        }
        this.logger.warn({ err: error, job: job.name, job_id: job.id, attempt: job.attemptsMade + 1 }, 'Job attempt failed');
        throw error;
      }
    }
  }
  Object.defineProperty(QueueConsumer, 'name', { value: `${queue}QueueConsumer` });
  return QueueConsumer;
}

/**
 * Every queue's connection errors, logged once an outage: made as soon as the queues are, since they start
 * connecting at once and, without a listener, the library prints each failed attempt outside the log.
 */
@Injectable()
export class QueueOutageLog {
  private readonly logger = new Logger('Queue');

  constructor(
    @InjectQueue(QueueName.Ingestion) ingestion: Queue,
    @InjectQueue(QueueName.WebhookDelivery) webhookDelivery: Queue,
    @InjectQueue(QueueName.Maintenance) maintenance: Queue,
  ) {
    for (const queue of [ingestion, webhookDelivery, maintenance]) {
      queue.on('error', outageLog(this.logger, `Queue ${queue.name}: Redis connection error`));
    }
  }
}

/** One consumer per queue; only the worker process (or an api with EMBEDDED_WORKER=true) includes them. */
export function bullConsumers(lockMs: number): Type<WorkerHost>[] {
  return Object.values(QueueName).map((queue) => consumerFor(queue, lockMs));
}
