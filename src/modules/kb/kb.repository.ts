import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EntityRows } from '#src/common/database/entity-rows.js';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { EVERY_ROW, sql } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import type { Page } from '#src/common/validation/validators.js';
import { KbArticleVersionEntity } from '#src/modules/kb/kb-article-version.entity.js';
import { KbArticleEntity, type KbStatus } from '#src/modules/kb/kb-article.entity.js';

/** Articles, and their versions (keyed by article and number, so read and written here, always with the organization). */
@Injectable()
export class KbRepository extends OrgScopedRepository<KbArticleEntity> {
  private readonly versionRows: EntityRows<KbArticleVersionEntity>;

  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, KbArticleEntity);
    this.versionRows = new EntityRows(sqlClient, dataSource, KbArticleVersionEntity);
  }

  /** A new article, as its first version. */
  async insertFirstVersion(orgId: string, article: KbArticleEntity, tx: Tx): Promise<KbArticleEntity> {
    const inserted = await this.insert(orgId, article, tx);
    await this.appendVersion(inserted, tx);
    return inserted;
  }

  /** Saves the article as its current version and appends that version to its history. */
  async saveVersion(orgId: string, article: KbArticleEntity, tx: Tx): Promise<KbArticleEntity> {
    const saved = await this.save(orgId, article, tx);
    await this.appendVersion(saved, tx);
    return saved;
  }

  /**
   * Takes the article out of the index in the transaction that unpublishes it, so that a draft is never
   * retrieved, not even until its indexing job runs: its document goes, and its chunks with it (cascade).
   */
  async withdrawFromIndex(orgId: string, id: string, tx: Tx): Promise<void> {
    const { text, params } = this.scoped(orgId, sql`kb_article_id = ${id}`);
    await this.sqlClient.query(`DELETE FROM document WHERE ${text}`, params, tx);
  }

  /** Records that the index holds the article as it was at `updatedAt`, unless it has changed since. */
  async markIndexed(orgId: string, id: string, updatedAt: Date): Promise<void> {
    const { text, params } = this.scoped(orgId, sql`id = ${id} AND updated_at = ${updatedAt}`);
    await this.sqlClient.query(`UPDATE kb_article SET indexed_at = updated_at WHERE ${text}`, params);
  }

  /**
   * Articles whose index is behind them, changed more than `graceMs` ago (their own job has had its time),
   * oldest first. Across organizations: the sweep serves every organization.
   */
  async behindTheIndex(graceMs: number, limit: number): Promise<Array<{ orgId: string; id: string }>> {
    return this.sqlClient.query<{ orgId: string; id: string }>(
      `SELECT org_id AS "orgId", id FROM kb_article
        WHERE indexed_at IS DISTINCT FROM updated_at AND updated_at < now() - ($1 || ' milliseconds')::interval
        ORDER BY updated_at LIMIT $2`,
      [String(graceMs), limit],
    );
  }

  list(orgId: string, status: KbStatus | undefined, page: Page): Promise<{ items: KbArticleEntity[]; total: number }> {
    return this.page(orgId, status ? sql`status = ${status}` : EVERY_ROW, sql`created_at DESC, id DESC`, page);
  }

  listVersions(orgId: string, articleId: string, page: Page): Promise<{ items: KbArticleVersionEntity[]; total: number }> {
    const { text, params } = sql`org_id = ${orgId} AND article_id = ${articleId}`.render();
    return this.versionRows.page({ where: text, params, orderBy: 'version DESC' }, page);
  }

  private async appendVersion(article: KbArticleEntity, tx: Tx): Promise<void> {
    await this.sqlClient.query(
      'INSERT INTO kb_article_version (article_id, version, org_id, title, content, tags, status) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [article.id, article.version, article.orgId, article.title, article.content, article.tags, article.status],
      tx,
    );
  }
}
