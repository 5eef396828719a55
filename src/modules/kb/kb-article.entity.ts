import { Column, Entity, Index } from 'typeorm';
import { CreatedAtColumn, IdColumn, OrgIdColumn, TimestampColumn, UpdatedAtColumn } from '#src/common/database/columns.js';
import { BelongsToOrganization } from '#src/modules/organizations/organization.relation.js';
import type { OrganizationEntity } from '#src/modules/organizations/organization.entity.js';

export const KB_STATUSES = ['draft', 'published'] as const;
export type KbStatus = (typeof KB_STATUSES)[number];

/** The current version of an article; every version, this one included, is also kept in kb_article_version. */
@Entity('kb_article')
@Index('ix_kb_article_org_created', ['orgId', 'createdAt'])
// The periodic sweep looks only for articles the index is behind: a handful among all of them.
@Index('ix_kb_article_behind_index', ['updatedAt'], { where: 'indexed_at IS DISTINCT FROM updated_at' })
export class KbArticleEntity {
  @IdColumn()
  id: string;

  @OrgIdColumn()
  orgId: string;

  @BelongsToOrganization()
  organization?: OrganizationEntity;

  @Column({ type: 'varchar', length: 300 })
  title: string;

  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags: string[];

  @Column({ type: 'varchar', length: 20 })
  status: KbStatus;

  @Column({ type: 'integer' })
  version: number;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;

  /** The `updatedAt` of the last state the index holds: behind `updatedAt` while (re-)indexing is due. */
  @TimestampColumn({ nullable: true })
  indexedAt: Date | null;
}
