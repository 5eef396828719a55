import { Injectable } from '@nestjs/common';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { TransactionRunner, type Tx } from '#src/common/database/transaction.js';
import { JobQueue } from '#src/common/queue/job-queue.js';
import { AppError } from '#src/common/errors/app.error.js';
import { newId } from '#src/common/ids/ids.js';
import type { Page } from '#src/common/validation/validators.js';
import { indexArticleLater } from '#src/modules/kb/kb-index-jobs.js';
import type { CreateKbArticleDto, UpdateKbArticleDto } from '#src/modules/kb/dto/kb.dto.js';
import type { KbArticleVersionEntity } from '#src/modules/kb/kb-article-version.entity.js';
import { KbArticleEntity, type KbStatus } from '#src/modules/kb/kb-article.entity.js';
import { KbRepository } from '#src/modules/kb/kb.repository.js';

@Injectable()
export class KbService {
  constructor(
    private readonly kb: KbRepository,
    private readonly queue: JobQueue,
    private readonly transactions: TransactionRunner,
  ) {}

  /** Published articles are retrieved by the organization's agents: every change re-indexes (or un-indexes) the article. */
  private reindexAfterCommit(tx: Tx, orgId: string, articleId: string): void {
    tx.afterCommit(() => indexArticleLater(this.queue, orgId, articleId));
  }

  async create(auth: AuthContext, dto: CreateKbArticleDto): Promise<KbArticleEntity> {
    return this.transactions.run(async (tx) => {
      const article = await this.kb.insertFirstVersion(
        auth.orgId,
        Object.assign(new KbArticleEntity(), {
          id: newId('kbArticle'),
          orgId: auth.orgId,
          title: dto.title,
          content: dto.content,
          tags: dto.tags ?? [],
          status: dto.status ?? 'draft',
          version: 1,
        }),
        tx,
      );
      this.reindexAfterCommit(tx, auth.orgId, article.id);
      return article;
    });
  }

  async list(auth: AuthContext, status: KbStatus | undefined, page: Page): Promise<{ items: KbArticleEntity[]; total: number }> {
    return this.kb.list(auth.orgId, status, page);
  }

  async get(auth: AuthContext, id: string): Promise<KbArticleEntity> {
    const article = await this.kb.findById(auth.orgId, id);
    if (!article) {
      throw AppError.notFound('Knowledge base article', id);
    }
    return article;
  }

  /** Every update is a new version; the previous ones stay readable. */
  async update(auth: AuthContext, id: string, dto: UpdateKbArticleDto): Promise<KbArticleEntity> {
    return this.transactions.run(async (tx) => {
      const article = await this.kb.lockById(auth.orgId, id, tx);
      if (!article) {
        throw AppError.notFound('Knowledge base article', id);
      }
      Object.assign(article, {
        title: dto.title ?? article.title,
        content: dto.content ?? article.content,
        tags: dto.tags ?? article.tags,
        status: dto.status ?? article.status,
        version: article.version + 1,
      });
      if (article.status !== 'published') {
        await this.kb.withdrawFromIndex(auth.orgId, id, tx);
      }
      this.reindexAfterCommit(tx, auth.orgId, id);
      return this.kb.saveVersion(auth.orgId, article, tx);
    });
  }

  async versions(auth: AuthContext, id: string, page: Page): Promise<{ items: KbArticleVersionEntity[]; total: number }> {
    await this.get(auth, id);
    return this.kb.listVersions(auth.orgId, id, page);
  }

  async delete(auth: AuthContext, id: string): Promise<void> {
    await this.transactions.run(async (tx) => {
      if (!(await this.kb.delete(auth.orgId, id, tx))) {
        throw AppError.notFound('Knowledge base article', id);
      }
      this.reindexAfterCommit(tx, auth.orgId, id);
    });
  }
}
