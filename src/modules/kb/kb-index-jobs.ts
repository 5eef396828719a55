import type { JobQueue } from '#src/common/queue/job-queue.js';
import { JobName } from '#src/common/queue/queue-name.enum.js';

/** Queues the (re-)indexing of an article: one job per article at a time, retried through a provider's hiccup. */
export async function indexArticleLater(queue: JobQueue, orgId: string, articleId: string): Promise<void> {
  await queue.enqueue(JobName.IndexKbArticle, { orgId, articleId }, { dedupeKey: `kb:${articleId}`, attempts: 5, backoffMs: 2_000 });
}
