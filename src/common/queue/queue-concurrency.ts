import { QueueName } from '#src/common/queue/queue-name.enum.js';

/** Jobs of one queue run at most this many at a time in each consuming process. */
export const QUEUE_CONCURRENCY: Record<QueueName, number> = {
  [QueueName.Ingestion]: 2,
  [QueueName.WebhookDelivery]: 32,
  [QueueName.Maintenance]: 4,
};
