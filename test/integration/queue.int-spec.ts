import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Test, type TestingModule } from '@nestjs/testing';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobPayloadMap } from '#src/common/queue/job-map.js';
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  JobInterruptedError,
  JobQueue,
  PermanentJobError,
  type JobContext,
  type JobHandler,
} from '#src/common/queue/job-queue.js';
import { JobName } from '#src/common/queue/queue-name.enum.js';
import { QueueModule } from '#src/common/queue/queue.module.js';
import { ConfigModule, type AppConfig } from '#src/config/app-config.js';
import { testConfig } from '#test/utils/test-app.js';
import { REDIS_URL } from '#test/utils/test-database.js';

type ProbePayload = JobPayloadMap[JobName.Probe];

interface ProbeRun {
  payload: ProbePayload;
  context: JobContext;
  startedAt: number;
  finishedAt?: number;
}

/** Long enough for a job that is due to have run, on a loaded machine. */
const WAIT = { timeout: 5_000, interval: 10 };
/** How long to watch for runs that must not happen. */
const QUIET_MS = 300;
/** setTimeout may fire a millisecond or two before Date.now() says the delay is over. */
const TIMER_SLACK_MS = 5;

const drivers = [{ driver: 'in-process', durable: false }, ...(REDIS_URL ? [{ driver: 'bullmq', durable: true }] : [])];

/** Records every attempt of the probe job; `behaviour` runs after the attempt is recorded and the `failTimes` check. */
function probe(behaviour?: (payload: ProbePayload, context: JobContext) => Promise<void> | void): {
  runs: ProbeRun[];
  handler: JobHandler<JobName.Probe>;
} {
  const runs: ProbeRun[] = [];
  const handler: JobHandler<JobName.Probe> = async (payload, context) => {
    const run: ProbeRun = { payload, context, startedAt: Date.now() };
    runs.push(run);
    try {
      if (payload.failTimes !== undefined && context.attempt <= payload.failTimes) {
        throw new Error(`probe ${payload.label} fails attempt ${context.attempt}`);
      }
      await behaviour?.(payload, context);
    } finally {
      run.finishedAt = Date.now();
    }
  };
  return { runs, handler };
}

/** A promise the test resolves by hand, to hold a job in its handler. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

async function dropRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL!);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1_000);
      cursor = next;
      if (keys.length > 0) {
        await redis.del(...keys);
      }
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

describe.each(drivers)('JobQueue contract ($driver)', ({ durable }) => {
  const modules = new Set<TestingModule>();
  const prefixes = new Set<string>();

  /** A configuration of this driver; on Redis, with a key prefix no other test uses. */
  function queueConfig(): AppConfig {
    if (!durable) {
      return testConfig({ redisPrefix: false });
    }
    const prefix = `aqs-test-queue-${randomBytes(6).toString('hex')}`;
    prefixes.add(prefix);
    return testConfig({ redisPrefix: prefix });
  }

  /** Builds the queue the way the application does; the handler is registered before consumers start. */
  async function startQueue(
    config: AppConfig,
    options: { consume: boolean; handler?: JobHandler<JobName.Probe> },
  ): Promise<{ queue: JobQueue; close: () => Promise<void> }> {
    const app = await Test.createTestingModule({
      imports: [ConfigModule.forRoot(config), QueueModule.forRoot(config, { consume: options.consume })],
    }).compile();
    modules.add(app);
    if (config.log.level === 'silent') {
      app.useLogger(false);
    }
    const queue = app.get(JobQueue);
    if (options.handler) {
      queue.handle(JobName.Probe, options.handler);
    }
    await app.init();
    return {
      queue,
      close: async () => {
        modules.delete(app);
        await app.close();
      },
    };
  }

  async function consumer(handler: JobHandler<JobName.Probe>): Promise<JobQueue> {
    const { queue } = await startQueue(queueConfig(), { consume: true, handler });
    return queue;
  }

  afterEach(async () => {
    const open = [...modules];
    modules.clear();
    await Promise.all(open.map((app) => app.close()));
    const used = [...prefixes];
    prefixes.clear();
    await Promise.all(used.map(dropRedisKeys));
  });

  it('should run an enqueued job once with its payload and context', async () => {
    const { runs, handler } = probe();
    const queue = await consumer(handler);

    const jobId = await queue.enqueue(JobName.Probe, { label: 'once' }, { attempts: 2 });

    await vi.waitFor(() => expect(runs).toHaveLength(1), WAIT);
    expect(jobId).toEqual(expect.any(String));
    expect(jobId).not.toBe('');
    expect(runs[0].payload).toEqual({ label: 'once' });
    expect(runs[0].context).toEqual({ jobId, name: JobName.Probe, attempt: 1, maxAttempts: 2 });
    await sleep(QUIET_MS);
    expect(runs).toHaveLength(1);
  });

  it('should run each job of a batch once, delayed and with the given attempts', async () => {
    const { runs, handler } = probe();
    const queue = await consumer(handler);
    const delayMs = 300;

    const enqueuedAt = Date.now();
    await queue.enqueueMany(JobName.Probe, [{ label: 'a' }, { label: 'b' }, { label: 'c' }], { delayMs, attempts: 3 });
    await queue.enqueueMany(JobName.Probe, []);

    await sleep(delayMs / 2);
    expect(runs).toHaveLength(0);
    await vi.waitFor(() => expect(runs).toHaveLength(3), WAIT);
    expect(runs.map((run) => run.payload.label).sort()).toEqual(['a', 'b', 'c']);
    for (const run of runs) {
      expect(run.startedAt - enqueuedAt).toBeGreaterThanOrEqual(delayMs - TIMER_SLACK_MS);
      expect(run.context.maxAttempts).toBe(3);
    }
    await sleep(QUIET_MS);
    expect(runs).toHaveLength(3);
  });

  it('should default to DEFAULT_ATTEMPTS attempts', async () => {
    const { runs, handler } = probe();
    const queue = await consumer(handler);

    const jobId = await queue.enqueue(JobName.Probe, { label: 'defaults' });

    await vi.waitFor(() => expect(runs).toHaveLength(1), WAIT);
    expect(runs[0].context).toEqual({ jobId, name: JobName.Probe, attempt: 1, maxAttempts: DEFAULT_ATTEMPTS });
  });

  it('should not run a delayed job before its delay and should run it after', async () => {
    const { runs, handler } = probe();
    const queue = await consumer(handler);
    const delayMs = 400;

    const enqueuedAt = Date.now();
    await queue.enqueue(JobName.Probe, { label: 'later' }, { delayMs });

    await sleep(delayMs / 2);
    expect(runs).toHaveLength(0);
    await vi.waitFor(() => expect(runs).toHaveLength(1), WAIT);
    expect(runs[0].startedAt - enqueuedAt).toBeGreaterThanOrEqual(delayMs - TIMER_SLACK_MS);
    expect(runs[0].payload).toEqual({ label: 'later' });
  });

  it('should retry a failing job with exponential backoff until it succeeds', async () => {
    const { runs, handler } = probe();
    const queue = await consumer(handler);
    const backoffMs = 100;

    const jobId = await queue.enqueue(JobName.Probe, { label: 'flaky', failTimes: 3 }, { attempts: 5, backoffMs });

    await vi.waitFor(() => expect(runs).toHaveLength(4), WAIT);
    expect(runs.map((run) => run.context)).toEqual([1, 2, 3, 4].map((attempt) => ({ jobId, name: JobName.Probe, attempt, maxAttempts: 5 })));
    for (let attempt = 1; attempt < runs.length; attempt++) {
      const gap = runs[attempt].startedAt - runs[attempt - 1].startedAt;
      const exponential = backoffMs * 2 ** (attempt - 1);
      expect(gap, `gap after attempt ${attempt}`).toBeGreaterThanOrEqual(exponential - TIMER_SLACK_MS);
      // The retry must use this job's backoff, not the 1 s default; the slack absorbs a loaded machine.
      expect(gap, `gap after attempt ${attempt}`).toBeLessThan(exponential * 1.25 + 500);
    }
    await sleep(QUIET_MS);
    expect(runs).toHaveLength(4);
  });

  it('should stop retrying a job that keeps failing after its attempts', async () => {
    const { runs, handler } = probe();
    const queue = await consumer(handler);

    await queue.enqueue(JobName.Probe, { label: 'broken', failTimes: Number.MAX_SAFE_INTEGER }, { attempts: 3, backoffMs: 20 });

    await vi.waitFor(() => expect(runs).toHaveLength(3), WAIT);
    // A fourth attempt would be due 80–100 ms after the third.
    await sleep(QUIET_MS);
    expect(runs.map((run) => run.context.attempt)).toEqual([1, 2, 3]);
  });

  it('should not retry a job that throws PermanentJobError', async () => {
    const { runs, handler } = probe((payload) => {
      if (payload.label === 'permanent') {
        throw new PermanentJobError('retrying cannot help');
      }
    });
    const queue = await consumer(handler);

    await queue.enqueue(JobName.Probe, { label: 'permanent' }, { attempts: 3, backoffMs: 20 });

    await vi.waitFor(() => expect(runs).toHaveLength(1), WAIT);
    await sleep(QUIET_MS);
    expect(runs).toHaveLength(1);

    // The queue goes on with other jobs.
    await queue.enqueue(JobName.Probe, { label: 'next' });
    await vi.waitFor(() => expect(runs.map((run) => run.payload.label)).toEqual(['permanent', 'next']), WAIT);
  });

  it('should spend no attempt on a job its stopping process handed back (JobInterruptedError)', async () => {
    let interruptions = 0;
    const { runs, handler } = probe(() => {
      if (interruptions < 2) {
        interruptions += 1;
        throw new JobInterruptedError('the process is stopping');
      }
    });
    const queue = await consumer(handler);

    // One attempt only: a counted failure would end the job after its first run.
    await queue.enqueue(JobName.Probe, { label: 'interrupted' }, { attempts: 1, backoffMs: 20 });

    if (durable) {
      // Back in the queue for another worker: it runs again, still on its first attempt, until it is done.
      await vi.waitFor(() => expect(runs).toHaveLength(3), { timeout: 15_000, interval: 20 });
      expect(runs.map((run) => run.context.attempt)).toEqual([1, 1, 1]);
    } else {
      // Jobs do not outlive this process: its work's state in the database brings it back at the next start.
      await vi.waitFor(() => expect(runs).toHaveLength(1), WAIT);
      await sleep(QUIET_MS);
      expect(runs).toHaveLength(1);
    }
  });

  it('should collapse jobs enqueued with the same dedupeKey while the first is waiting', async () => {
    const { runs, handler } = probe();
    const queue = await consumer(handler);

    const jobIds: string[] = [];
    // Long enough for the three to be enqueued while the first still waits, on a loaded machine too.
    for (const label of ['first', 'second', 'third']) {
      jobIds.push(await queue.enqueue(JobName.Probe, { label }, { delayMs: 1_000, dedupeKey: 'collapse' }));
    }

    await vi.waitFor(() => expect(runs).toHaveLength(1), WAIT);
    await sleep(QUIET_MS);
    expect(runs.map((run) => run.payload.label)).toEqual(['first']);
    // Every enqueue answers with the id of the job it collapsed into.
    expect(jobIds).toEqual([runs[0].context.jobId, runs[0].context.jobId, runs[0].context.jobId]);

    // Once it has run, the key is free again.
    await queue.enqueue(JobName.Probe, { label: 'fourth' }, { dedupeKey: 'collapse' });
    await vi.waitFor(() => expect(runs.map((run) => run.payload.label)).toEqual(['first', 'fourth']), WAIT);
  });

  it('should run the same dedupeKey exactly once more, after the running job, when enqueued while it runs', async () => {
    const hold = gate();
    const { runs, handler } = probe((payload) => (payload.label === 'running' ? hold.wait : undefined));
    const queue = await consumer(handler);
    const delayMs = 200;

    try {
      await queue.enqueue(JobName.Probe, { label: 'running' }, { dedupeKey: 'follow-up' });
      await vi.waitFor(() => expect(runs).toHaveLength(1), WAIT);

      const jobIds = [
        await queue.enqueue(JobName.Probe, { label: 'change 1' }, { dedupeKey: 'follow-up' }),
        await queue.enqueue(JobName.Probe, { label: 'change 2' }, { dedupeKey: 'follow-up', delayMs }),
      ];
      expect(jobIds).toEqual([runs[0].context.jobId, runs[0].context.jobId]);
      // Never two runs of one key at a time.
      await sleep(100);
      expect(runs).toHaveLength(1);
    } finally {
      hold.open();
    }

    await vi.waitFor(() => expect(runs).toHaveLength(2), WAIT);
    await sleep(QUIET_MS);
    // One more run, with the latest payload and its delay counted from the end of the first run.
    expect(runs.map((run) => run.payload.label)).toEqual(['running', 'change 2']);
    expect(runs[1].startedAt - runs[0].finishedAt!).toBeGreaterThanOrEqual(delayMs - TIMER_SLACK_MS);
  });

  it('should collapse a job enqueued with the same dedupeKey into its pending retry', async () => {
    const { runs, handler } = probe();
    const queue = await consumer(handler);

    const jobId = await queue.enqueue(JobName.Probe, { label: 'retrying', failTimes: 1 }, { attempts: 2, backoffMs: 400, dedupeKey: 'retry' });
    await vi.waitFor(() => expect(runs[0]?.finishedAt).toBeDefined(), WAIT);
    // The first attempt has failed: the job now waits for its retry, which will see any change.
    await sleep(100);
    await expect(queue.enqueue(JobName.Probe, { label: 'during backoff' }, { dedupeKey: 'retry' })).resolves.toBe(jobId);

    await vi.waitFor(() => expect(runs).toHaveLength(2), WAIT);
    await sleep(QUIET_MS);
    expect(runs.map((run) => [run.payload.label, run.context.attempt])).toEqual([
      ['retrying', 1],
      ['retrying', 2],
    ]);
    expect(runs.every((run) => run.context.jobId === jobId)).toBe(true);
  });

  it('should run a new schedule at once rather than after its first period', async () => {
    const { runs, handler } = probe();
    const queue = await consumer(handler);

    const scheduledAt = Date.now();
    await queue.schedule('probe-hourly', JobName.Probe, { label: 'hourly' }, 3_600_000);

    await vi.waitFor(() => expect(runs).toHaveLength(1), WAIT);
    expect(runs[0].startedAt - scheduledAt).toBeLessThan(1_000);
    await queue.unschedule('probe-hourly');
  });

  it('should retry a failing scheduled run with the default backoff', async () => {
    const { runs, handler } = probe();
    const queue = await consumer(handler);

    await queue.schedule('probe-flaky', JobName.Probe, { label: 'flaky tick', failTimes: 1 }, 3_600_000);

    await vi.waitFor(() => expect(runs).toHaveLength(2), WAIT);
    await queue.unschedule('probe-flaky');
    expect(runs.map((run) => run.context.attempt)).toEqual([1, 2]);
    expect(runs.map((run) => run.context.maxAttempts)).toEqual([DEFAULT_ATTEMPTS, DEFAULT_ATTEMPTS]);
    expect(runs[1].context.jobId).toBe(runs[0].context.jobId);
    expect(runs[1].startedAt - runs[0].startedAt).toBeGreaterThanOrEqual(DEFAULT_BACKOFF_MS - TIMER_SLACK_MS);
  });

  it('should replace a schedule with the same key, running at once only when its period changes', async () => {
    const { runs, handler } = probe();
    const queue = await consumer(handler);

    await queue.schedule('probe-replaced', JobName.Probe, { label: 'first' }, 3_600_000);
    await vi.waitFor(() => expect(runs).toHaveLength(1), WAIT);

    // Same period: the next run keeps its time, an hour away.
    await queue.schedule('probe-replaced', JobName.Probe, { label: 'same period' }, 3_600_000);
    await sleep(QUIET_MS);
    expect(runs).toHaveLength(1);

    // New period: a new schedule, due at once.
    await queue.schedule('probe-replaced', JobName.Probe, { label: 'new period' }, 1_800_000);
    await vi.waitFor(() => expect(runs).toHaveLength(2), WAIT);
    await queue.unschedule('probe-replaced');
    expect(runs.map((run) => run.payload.label)).toEqual(['first', 'new period']);
  });

  it('should run a scheduled job every everyMs until it is unscheduled', async () => {
    const { runs, handler } = probe();
    const queue = await consumer(handler);
    const everyMs = 150;

    const scheduledAt = Date.now();
    await queue.schedule('probe-tick', JobName.Probe, { label: 'tick' }, everyMs);

    await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(3), WAIT);
    expect(runs.every((run) => run.payload.label === 'tick')).toBe(true);
    // Each run is its own job, not a retry.
    expect(runs.every((run) => run.context.attempt === 1)).toBe(true);
    expect(new Set(runs.map((run) => run.context.jobId)).size).toBe(runs.length);
    // The first run is due at once, the k-th a period later each: never sooner, and (on a loaded machine) not much later.
    runs.slice(0, 3).forEach((run, k) => {
      expect(run.startedAt - scheduledAt, `run ${k}`).toBeGreaterThanOrEqual(k * everyMs - TIMER_SLACK_MS);
      expect(run.startedAt - scheduledAt, `run ${k}`).toBeLessThan(k * everyMs + 1_000);
    });

    await queue.unschedule('probe-tick');
    // A run already due when unschedule returned may still happen; none after that.
    await sleep(everyMs);
    const count = runs.length;
    await sleep(3 * everyMs);
    expect(runs).toHaveLength(count);
  });

  it('should ignore unscheduling a key that is not scheduled', async () => {
    const { handler } = probe();
    const queue = await consumer(handler);

    await expect(queue.unschedule('never-scheduled')).resolves.toBeUndefined();
  });

  describe.runIf(durable)('across restarts', () => {
    it('should run a job enqueued by a producer once a consumer starts after a restart', async () => {
      const config = queueConfig();
      const producer = await startQueue(config, { consume: false });
      await producer.queue.enqueue(JobName.Probe, { label: 'survivor' });
      await producer.close();

      const { runs, handler } = probe();
      await startQueue(config, { consume: true, handler });

      await vi.waitFor(() => expect(runs).toHaveLength(1), WAIT);
      expect(runs[0].payload).toEqual({ label: 'survivor' });
      expect(runs[0].context.attempt).toBe(1);
    });

    it('should run a delayed job enqueued before a restart after its delay', async () => {
      const config = queueConfig();
      const delayMs = 800;
      const producer = await startQueue(config, { consume: false });
      const enqueuedAt = Date.now();
      await producer.queue.enqueue(JobName.Probe, { label: 'delayed survivor' }, { delayMs });
      await producer.close();

      const { runs, handler } = probe();
      await startQueue(config, { consume: true, handler });
      // The restart is over before the job is due.
      expect(Date.now() - enqueuedAt).toBeLessThan(delayMs);
      expect(runs).toHaveLength(0);

      await vi.waitFor(() => expect(runs).toHaveLength(1), WAIT);
      expect(runs[0].payload).toEqual({ label: 'delayed survivor' });
      expect(runs[0].startedAt - enqueuedAt).toBeGreaterThanOrEqual(delayMs - TIMER_SLACK_MS);
    });
  });
});
