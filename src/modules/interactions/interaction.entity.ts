import { Column, Entity, Index } from 'typeorm';
import { CreatedAtColumn, IdColumn, OrgIdColumn, TimestampColumn } from '#src/common/database/columns.js';
import { BelongsToOrganization } from '#src/modules/organizations/organization.relation.js';
import type { OrganizationEntity } from '#src/modules/organizations/organization.entity.js';

export const FEEDBACK_VALUES = ['positive', 'negative'] as const;
export const INTERACTION_STATUSES = ['pending', 'completed', 'failed'] as const;
export type InteractionStatus = (typeof INTERACTION_STATUSES)[number];
export type Feedback = (typeof FEEDBACK_VALUES)[number];

export interface InteractionSource {
  chunkId: string;
  documentTitle: string;
  documentUrl: string;
  similarityScore: number;
  chunkText: string;
}

@Entity('interaction')
// (org_id, created_at) INCLUDE (...), covering every column analytics reads; created by migration, as TypeORM cannot express INCLUDE.
@Index('ix_interaction_org_created', { synchronize: false })
@Index('ix_interaction_org_agent_created', ['orgId', 'agentId', 'createdAt'])
@Index('ix_interaction_session', ['orgId', 'sessionId', 'createdAt'])
// The pending ones, few at any time, for the sweep of answers whose process died.
@Index('ix_interaction_pending', ['createdAt'], { where: `"status" = 'pending'` })
export class InteractionEntity {
  @IdColumn()
  id: string;

  @OrgIdColumn()
  orgId: string;

  @BelongsToOrganization()
  organization?: OrganizationEntity;

  @Column({ type: 'varchar', length: 40 })
  agentId: string;

  @Column({ type: 'varchar', length: 40, nullable: true })
  sessionId: string | null;

  /** The caller: the user behind a personal key or web session, when there is one. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  userId: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  apiKeyId: string | null;

  @Column({ type: 'text' })
  query: string;

  @Column({ type: 'text', default: '' })
  response: string;

  /** `pending` while the answer is being generated; `failed` (with `error`) when it could not be. */
  @Column({ type: 'varchar', length: 10, default: 'completed' })
  status: InteractionStatus;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  sources: InteractionSource[];

  /** How many distinct sources the answer cites with a valid `[n]` marker; kept so analytics never scans answer texts. */
  @Column({ type: 'integer', default: 0 })
  citationCount: number;

  @Column({ type: 'varchar', length: 10, nullable: true })
  feedback: Feedback | null;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @TimestampColumn({ nullable: true })
  feedbackAt: Date | null;

  @Column({ type: 'integer', default: 0 })
  latencyMs: number;

  @Column({ type: 'integer', default: 0 })
  tokensInput: number;

  @Column({ type: 'integer', default: 0 })
  tokensOutput: number;

  @Column({
    type: 'numeric',
    precision: 14,
    scale: 8,
    default: 0,
    transformer: { to: (v: number) => v, from: (v: string | null) => (v === null ? 0 : Number(v)) },
  })
  costUsd: number;

  @Column({ type: 'varchar', length: 40 })
  ragStrategy: string;

  @Column({ type: 'varchar', length: 120 })
  model: string;

  @CreatedAtColumn()
  createdAt: Date;
}
