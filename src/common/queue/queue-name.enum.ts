/** DO NOT change these values: queued jobs are stored under them and would be stranded. */
export enum QueueName {
  Ingestion = 'ingestion',
  WebhookDelivery = 'webhook-delivery',
  Maintenance = 'maintenance',
}

export enum JobName {
  /** A no-op job used by the queue's own contract tests. */
  Probe = 'probe',
  /** Run the oldest queued sync of a data source; a schedule's tick (`scheduled`) queues one if due and wakes the source's job. */
  SyncDataSource = 'sync-data-source',
  /** Index a knowledge base article's current version if it is published, or drop it from the index. */
  IndexKbArticle = 'index-kb-article',
  /** Queue the indexing of every article whose index is behind it (a job lost to a Redis flush); periodic. */
  SweepKbIndex = 'sweep-kb-index',
  /** Mark failed the interactions pending longer than any answer can run (their process died); periodic. */
  FailAbandonedAnswers = 'fail-abandoned-answers',
  /** Turn committed events into webhook deliveries (the outbox); also the periodic sweep. */
  DispatchEvents = 'dispatch-events',
  /** Attempt one webhook delivery if it is due. */
  DeliverWebhook = 'deliver-webhook',
  /** Send a webhook's held deliveries, oldest first, now that it is active again. */
  ReleaseHeldDeliveries = 'release-held-deliveries',
}
