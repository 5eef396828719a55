import { Column, Entity, Index } from 'typeorm';
import { CreatedAtColumn, IdColumn, OrgIdColumn, TimestampColumn } from '#src/common/database/columns.js';
import { BelongsToUser } from '#src/modules/auth/user-of.relation.js';
import { BelongsToOrganization } from '#src/modules/organizations/organization.relation.js';
import type { OrganizationEntity } from '#src/modules/organizations/organization.entity.js';
import type { UserEntity } from '#src/modules/users/user.entity.js';

export const USER_TOKEN_PURPOSES = ['invitation', 'password_reset'] as const;
export type UserTokenPurpose = (typeof USER_TOKEN_PURPOSES)[number];

/** A single-use link that lets a person set their password: an invitation or a password reset. */
@Entity('user_token')
@Index('ix_user_token_user', ['orgId', 'userId', 'purpose'])
export class UserTokenEntity {
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

  @Column({ type: 'varchar', length: 20 })
  purpose: UserTokenPurpose;

  /** HMAC-SHA256 of the token under API_KEY_SECRET, hex. */
  @Index('uq_user_token_hash', { unique: true })
  @Column({ type: 'char', length: 64, select: false })
  tokenHash: string;

  @TimestampColumn()
  expiresAt: Date;

  /** Set when the token was used, or replaced by a newer one of the same purpose: it works once. */
  @TimestampColumn({ nullable: true })
  usedAt: Date | null;

  @CreatedAtColumn()
  createdAt: Date;
}
