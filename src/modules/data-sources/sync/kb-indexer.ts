import { Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '#src/common/queue/job-queue.js';
import { JobName } from '#src/common/queue/queue-name.enum.js';
import { DocumentsRepository } from '#src/modules/data-sources/documents.repository.js';
import { DocumentPreparer } from '#src/modules/ingestion/document-preparer.js';
import { DocumentIndexer } from '#src/modules/data-sources/sync/document-indexer.js';
import { indexArticleLater } from '#src/modules/kb/kb-index-jobs.js';
import type { KbArticleEntity } from '#src/modules/kb/kb-article.entity.js';
import { KbRepository } from '#src/modules/kb/kb.repository.js';
import { KNOWLEDGE_BASE_SCOPE, SearchStatsRepository } from '#src/modules/retrieval/search-stats.repository.js';

/** How often articles whose index is behind them are looked for, and how long after a change their own job is left to do it. */
const SWEEP_EVERY_MS = 60_000;
const SWEEP_GRACE_MS = 30_000;
const SWEEP_BATCH = 500;

/**
 * Keeps the index in step with the knowledge base: a published article's current version is indexed
 * (its content read as Markdown), anything else (a draft, an unpublished or deleted article) is dropped.
 * Runs as a job after every change, so the request that changed the article does not wait for it; each
 * article records which of its states the index holds, and a periodic sweep queues again the articles a
 * lost job left behind.
 */
@Injectable()
export class KbIndexer implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly queue: JobQueue,
    private readonly kb: KbRepository,
    private readonly documents: DocumentsRepository,
    private readonly indexer: DocumentIndexer,
    private readonly preparer: DocumentPreparer,
    private readonly searchStats: SearchStatsRepository,
  ) {}

  onModuleInit(): void {
    this.queue.handle(JobName.IndexKbArticle, ({ orgId, articleId }) => this.refresh(orgId, articleId));
    this.queue.handle(JobName.SweepKbIndex, async () => {
      await this.sweep();
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.keepScheduled('kb-index-sweep', JobName.SweepKbIndex, {}, SWEEP_EVERY_MS);
  }

  /** Queues the indexing of the articles whose index is behind them; answers how many. */
  async sweep(): Promise<number> {
    const behind = await this.kb.behindTheIndex(SWEEP_GRACE_MS, SWEEP_BATCH);
    for (const { orgId, id } of behind) {
      await indexArticleLater(this.queue, orgId, id);
    }
    return behind.length;
  }

  /**
   * Also rewrites the knowledge base's search statistics, changed or not: a retry of a job whose refresh
   * failed finds the article's chunks already up to date. A knowledge base is small; this is cheap.
   */
  async refresh(orgId: string, articleId: string): Promise<void> {
    await this.reindex(orgId, articleId);
    await this.searchStats.refresh({ orgId, scope: KNOWLEDGE_BASE_SCOPE });
  }

  private async reindex(orgId: string, articleId: string): Promise<void> {
    const article = await this.kb.findById(orgId, articleId);
    if (!article) {
      // A deleted article's document goes with it (the foreign key cascades).
      return;
    }
    try {
      await this.indexState(article);
    } catch (error) {
      // Deleted while it was being indexed: its chunks had nothing left to belong to, and there is nothing to do.
      if (!(await this.kb.findById(orgId, articleId))) {
        return;
      }
      throw error;
    }
    await this.kb.markIndexed(orgId, articleId, article.updatedAt);
  }

  private async indexState(article: KbArticleEntity): Promise<void> {
    const { orgId, id: articleId } = article;
    if (article.status !== 'published') {
      await this.documents.removeKbArticle(orgId, articleId);
      return;
    }
    // In a parse thread, as a file's Markdown is: an article is as much the author's input as a file.
    const prepared = await this.preparer.prepare({ format: 'markdown', text: article.content, title: article.title });
    if (!prepared.ok) {
      await this.documents.removeKbArticle(orgId, articleId);
      return;
    }
    const { contentHash, chunks } = prepared.document;
    if ((await this.documents.kbArticleHash(orgId, articleId)) === contentHash) {
      return;
    }
    const identity = {
      orgId,
      dataSourceId: null,
      kbArticleId: articleId,
      key: articleId,
      url: `/api/v1/kb/${articleId}`,
      title: article.title,
      runId: `kb-v${article.version}`,
    };
    if (!(await this.indexer.indexChunks(identity, chunks, contentHash))) {
      await this.documents.removeKbArticle(orgId, articleId);
    }
  }
}
