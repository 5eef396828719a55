import { Column, Entity, Index } from 'typeorm';
import { CreatedAtColumn, IdColumn, OrgIdColumn, TimestampColumn } from '#src/common/database/columns.js';
import { BelongsToUser } from '#src/modules/auth/user-of.relation.js';
import { BelongsToOrganization } from '#src/modules/organizations/organization.relation.js';
import type { OrganizationEntity } from '#src/modules/organizations/organization.entity.js';
import type { UserEntity } from '#src/modules/users/user.entity.js';

/** A person signed in to the web application; the cookie holds a random token, this row only its keyed hash. */
@Entity('web_session')
@Index('ix_web_session_org_user', ['orgId', 'userId'])
export class WebSessionEntity {
  @IdColumn()
  id: string;

  @OrgIdColumn()
  orgId: string;

  @BelongsToOrganization()
  organization?: OrganizationEntity;

  @Column({ type: 'varchar', length: 40 })
  userId: string;

  @BelongsToUser()
  user?: UserEntity;

  /** HMAC-SHA256 of the session token under API_KEY_SECRET, hex. */
  @Index('uq_web_session_token_hash', { unique: true })
  @Column({ type: 'char', length: 64, select: false })
  tokenHash: string;

  @CreatedAtColumn()
  createdAt: Date;

  @TimestampColumn()
  lastSeenAt: Date;

  /** Seven days after the last request (written at most once a second). */
  @TimestampColumn()
  expiresAt: Date;

  /** Set by logout or by ending the session from another one. */
  @TimestampColumn({ nullable: true })
  endedAt: Date | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  userAgent: string | null;
}
