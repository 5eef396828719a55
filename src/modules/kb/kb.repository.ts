import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { EntityRows } from '#src/common/database/entity-rows.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import type { Page } from '#src/common/validation/validators.js';
import { KbArticleVersionEntity } from '#src/modules/kb/kb-article-version.entity.js';
import { KbArticleEntity, type KbStatus } from '#src/modules/kb/kb-article.entity.js';

@Injectable()
export class KbRepository {
  private readonly articleRows: EntityRows<KbArticleEntity>;
  private readonly versionRows: EntityRows<KbArticleVersionEntity>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: SqlClient,
  ) {
    this.articleRows = new EntityRows(sql, dataSource, KbArticleEntity);
    this.versionRows = new EntityRows(sql, dataSource, KbArticleVersionEntity);
  }

  private articles(tx?: Tx): Repository<KbArticleEntity> {
    return (tx?.manager ?? this.dataSource.manager).getRepository(KbArticleEntity);
  }

  private versions(tx?: Tx): Repository<KbArticleVersionEntity> {
    return (tx?.manager ?? this.dataSource.manager).getRepository(KbArticleVersionEntity);
  }

  /** Saves the article as its current version and appends that version to its history. */
  async saveVersion(article: KbArticleEntity, tx: Tx): Promise<KbArticleEntity> {
    const saved = await this.articles(tx).save(article);
    await this.versions(tx).insert({
      articleId: saved.id,
      version: saved.version,
      orgId: saved.orgId,
      title: saved.title,
      content: saved.content,
      tags: saved.tags,
      status: saved.status,
    });
    return saved;
  }

  async findById(orgId: string, id: string): Promise<KbArticleEntity | null> {
    return this.articleRows.findOne('org_id = $1 AND id = $2', [orgId, id]);
  }

  async findByIdForUpdate(orgId: string, id: string, tx: Tx): Promise<KbArticleEntity | null> {
    return this.articles(tx).findOne({ where: { orgId, id }, lock: { mode: 'pessimistic_write' } });
  }

  async list(orgId: string, status: KbStatus | undefined, page: Page): Promise<{ items: KbArticleEntity[]; total: number }> {
    const query = status ? { where: 'org_id = $1 AND status = $2', params: [orgId, status] } : { where: 'org_id = $1', params: [orgId] };
    return this.articleRows.page({ ...query, orderBy: 'created_at DESC, id DESC' }, page);
  }

  async listVersions(orgId: string, articleId: string, page: Page): Promise<{ items: KbArticleVersionEntity[]; total: number }> {
    return this.versionRows.page({ where: 'org_id = $1 AND article_id = $2', params: [orgId, articleId], orderBy: 'version DESC' }, page);
  }

  async delete(orgId: string, id: string, tx: Tx): Promise<boolean> {
    const result = await this.articles(tx).delete({ orgId, id });
    return (result.affected ?? 0) > 0;
  }
}
