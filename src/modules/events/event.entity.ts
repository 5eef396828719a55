import { Column, Entity, Index } from 'typeorm';
import { CreatedAtColumn, IdColumn, OrgIdColumn, TimestampColumn } from '#src/common/database/columns.js';
import { BelongsToOrganization } from '#src/modules/organizations/organization.relation.js';
import type { OrganizationEntity } from '#src/modules/organizations/organization.entity.js';

/**
 * The outbox: one row per domain event, written in the same transaction as the change that caused it,
 * so an event is recorded if and only if its change committed.
 */
@Entity('event')
@Index('ix_event_org_created', ['orgId', 'createdAt'])
@Index('ix_event_undispatched', ['createdAt'], { where: 'dispatched_at IS NULL' })
export class EventEntity {
  @IdColumn()
  id: string;

  @OrgIdColumn()
  orgId: string;

  @BelongsToOrganization()
  organization?: OrganizationEntity;

  @Column({ type: 'varchar', length: 60 })
  type: string;

  @Column({ type: 'jsonb' })
  data: Record<string, unknown>;

  @CreatedAtColumn()
  createdAt: Date;

  /** Set once the event has been turned into webhook deliveries; the dispatcher works on the others. */
  @TimestampColumn({ nullable: true })
  dispatchedAt: Date | null;
}
