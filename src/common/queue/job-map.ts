import { JobName, QueueName } from '#src/common/queue/queue-name.enum.js';

/** The payload of each job. Keep payloads small and free of secrets: handlers load what they need. */
export interface JobPayloadMap {
  [JobName.Probe]: { label: string; failTimes?: number };
  [JobName.SyncDataSource]: { orgId: string; dataSourceId: string; scheduled?: boolean };
  [JobName.IndexKbArticle]: { orgId: string; articleId: string };
  [JobName.SweepKbIndex]: Record<string, never>;
  [JobName.FailAbandonedAnswers]: Record<string, never>;
  [JobName.DispatchEvents]: { sweep?: boolean };
  [JobName.DeliverWebhook]: { deliveryId: string };
  [JobName.ReleaseHeldDeliveries]: { webhookId: string };
}

export const QUEUE_OF_JOB: Record<JobName, QueueName> = {
  [JobName.Probe]: QueueName.Maintenance,
  [JobName.SyncDataSource]: QueueName.Ingestion,
  [JobName.IndexKbArticle]: QueueName.Ingestion,
  [JobName.SweepKbIndex]: QueueName.Maintenance,
  [JobName.FailAbandonedAnswers]: QueueName.Maintenance,
  [JobName.DispatchEvents]: QueueName.WebhookDelivery,
  [JobName.DeliverWebhook]: QueueName.WebhookDelivery,
  [JobName.ReleaseHeldDeliveries]: QueueName.WebhookDelivery,
};
