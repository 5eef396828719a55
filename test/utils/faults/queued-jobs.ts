import { Queue, type JobType } from 'bullmq';
import { bullConnection } from '#src/common/queue/bull-queue.js';
import type { JobName, QueueName } from '#src/common/queue/queue-name.enum.js';

export interface QueuedJob {
  name: JobName;
  data: Record<string, unknown>;
}

/** The jobs of one queue in Redis that are in one of `states`, read through BullMQ itself. */
export async function queuedJobs(redisUrl: string, prefix: string, queue: QueueName, states: JobType[]): Promise<QueuedJob[]> {
  const reader = new Queue(queue, { connection: bullConnection(redisUrl), prefix });
  // A connection error fails getJobs; BullMQ would also print it, unheard, as its connection winds down.
  reader.on('error', () => undefined);
  try {
    const jobs = await reader.getJobs(states);
    return jobs.map((job) => ({ name: job.name as JobName, data: job.data as Record<string, unknown> }));
  } finally {
    await reader.close();
  }
}
