import { Column, Entity, Index } from 'typeorm';
import { CreatedAtColumn, IdColumn, OrgIdColumn, TimestampColumn } from '#src/common/database/columns.js';
import { BelongsToOrganization } from '#src/modules/organizations/organization.relation.js';
import type { OrganizationEntity } from '#src/modules/organizations/organization.entity.js';

/** Who acted: a person (`user`), an API key, an OAuth client, the operator's CLI (`system`), or nobody known (`anonymous`). */
export const AUDIT_ACTOR_TYPES = ['user', 'api_key', 'oauth_client', 'system', 'anonymous'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/**
 * One security-relevant action of an organization, written in the transaction of the change it records.
 * Append-only: rows are never updated but to count repetitions of an identical blocked request
 * (`count`, `last_at`), so a flood adds one row per minute, not one per request.
 */
@Entity('audit_entry')
@Index('ix_audit_entry_org_created', ['orgId', 'createdAt'])
@Index('ix_audit_entry_org_action_created', ['orgId', 'action', 'createdAt'])
export class AuditEntryEntity {
  @IdColumn()
  id: string;

  @OrgIdColumn()
  orgId: string;

  @BelongsToOrganization()
  organization?: OrganizationEntity;

  @Column({ type: 'varchar', length: 64 })
  action: string;

  @Column({ type: 'varchar', length: 20 })
  actorType: AuditActorType;

  @Column({ type: 'varchar', length: 40, nullable: true })
  actorId: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  userAgent: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  targetType: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  targetId: string | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  details: Record<string, unknown>;

  /** How many identical requests this row stands for (blocked requests within a minute are folded into one). */
  @Column({ type: 'integer', default: 1 })
  count: number;

  @TimestampColumn()
  lastAt: Date;

  @CreatedAtColumn()
  createdAt: Date;
}
