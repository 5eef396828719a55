import { Column, Entity, Index } from 'typeorm';
import { CreatedAtColumn, IdColumn, OrgIdColumn, UpdatedAtColumn } from '#src/common/database/columns.js';
import type { Role } from '#src/common/auth/permissions.js';
import { BelongsToOrganization } from '#src/modules/organizations/organization.relation.js';
import type { OrganizationEntity } from '#src/modules/organizations/organization.entity.js';

export const MAX_EMAIL_LENGTH = 320;
export const MAX_NAME_LENGTH = 200;

@Entity('user')
@Index('uq_user_org_email', ['orgId', 'email'], { unique: true })
export class UserEntity {
  @IdColumn()
  id: string;

  @OrgIdColumn()
  orgId: string;

  @BelongsToOrganization()
  organization?: OrganizationEntity;

  /** Stored lower-cased: addresses are compared case-insensitively. */
  @Column({ type: 'varchar', length: MAX_EMAIL_LENGTH })
  email: string;

  @Column({ type: 'varchar', length: MAX_NAME_LENGTH, nullable: true })
  name: string | null;

  @Column({ type: 'varchar', length: 20 })
  role: Role;

  @Column({ type: 'varchar', length: 200, nullable: true, select: false })
  passwordHash: string | null;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
