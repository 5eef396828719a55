import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn, TimestampColumn } from '#src/common/database/columns.js';
import { BelongsToOrganization } from '#src/modules/organizations/organization.relation.js';
import type { OrganizationEntity } from '#src/modules/organizations/organization.entity.js';

/**
 * An e-mail domain an organization claims for single sign-on. Verified by a DNS TXT record (or trusted by
 * the operator), and then the organization's alone: one domain is verified for one organization at most.
 */
@Entity('organization_domain')
@Index('uq_organization_domain_verified', ['domain'], { unique: true, where: 'verified_at IS NOT NULL' })
export class OrganizationDomainEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  orgId: string;

  @BelongsToOrganization()
  organization?: OrganizationEntity;

  /** Lower case, without a trailing dot. */
  @PrimaryColumn({ type: 'varchar', length: 253 })
  domain: string;

  /** The value of the TXT record that proves control: `aqs-verification=<token>`. */
  @Column({ type: 'varchar', length: 64 })
  verificationToken: string;

  @TimestampColumn({ nullable: true })
  verifiedAt: Date | null;

  @CreatedAtColumn()
  createdAt: Date;
}
