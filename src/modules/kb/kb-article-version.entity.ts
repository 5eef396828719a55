import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn, OrgIdColumn } from '#src/common/database/columns.js';
import { KbArticleEntity, type KbStatus } from '#src/modules/kb/kb-article.entity.js';

@Entity('kb_article_version')
export class KbArticleVersionEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  articleId: string;

  @PrimaryColumn({ type: 'integer' })
  version: number;

  @ManyToOne(() => KbArticleEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'article_id' })
  article?: KbArticleEntity;

  @OrgIdColumn()
  orgId: string;

  @Column({ type: 'varchar', length: 300 })
  title: string;

  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'text', array: true })
  tags: string[];

  @Column({ type: 'varchar', length: 20 })
  status: KbStatus;

  @CreatedAtColumn()
  createdAt: Date;
}
