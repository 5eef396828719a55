import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAtColumn, IdColumn, OrgIdColumn, UpdatedAtColumn } from '#src/common/database/columns.js';
import { DataSourceEntity } from '#src/modules/data-sources/data-source.entity.js';
import { KbArticleEntity } from '#src/modules/kb/kb-article.entity.js';

export type DocumentStatus = 'indexed' | 'failed';

/**
 * A page or file of a data source, identified by its URL or file name, or a published knowledge base
 * article (exactly one of the two owners is set); its chunks are the index.
 */
@Entity('document')
@Index('uq_document_source_key', ['dataSourceId', 'key'], { unique: true })
@Index('uq_document_kb_article', ['kbArticleId'], { unique: true })
@Check('ck_document_owner', '(data_source_id IS NULL) <> (kb_article_id IS NULL)')
export class DocumentEntity {
  @IdColumn()
  id: string;

  @OrgIdColumn()
  orgId: string;

  @Column({ type: 'varchar', length: 40, nullable: true })
  dataSourceId: string | null;

  @ManyToOne(() => DataSourceEntity, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'data_source_id' })
  dataSource?: DataSourceEntity;

  @Column({ type: 'varchar', length: 40, nullable: true })
  kbArticleId: string | null;

  @ManyToOne(() => KbArticleEntity, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'kb_article_id' })
  kbArticle?: KbArticleEntity;

  /** The page's normalised URL, or the uploaded file's name. */
  @Column({ type: 'text' })
  key: string;

  @Column({ type: 'text' })
  url: string;

  @Column({ type: 'text' })
  title: string;

  /** SHA-256 of the parsed content: an unchanged document is neither re-chunked nor re-embedded. */
  @Column({ type: 'char', length: 64, nullable: true })
  contentHash: string | null;

  @Column({ type: 'varchar', length: 10 })
  status: DocumentStatus;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ type: 'integer', default: 0 })
  chunkCount: number;

  @Column({ type: 'integer', default: 0 })
  tokenCount: number;

  /** The sync run that last saw this document; documents a complete run did not see are removed. */
  @Column({ type: 'varchar', length: 40 })
  lastSeenRunId: string;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
