import { JoinColumn, ManyToOne } from 'typeorm';
import { OrganizationEntity } from '#src/modules/organizations/organization.entity.js';

/** The foreign key from a tenant-owned row to its organization; deleting an organization deletes its rows. */
export function BelongsToOrganization(): PropertyDecorator {
  return (target, propertyKey) => {
    ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE', nullable: false })(target, propertyKey);
    JoinColumn({ name: 'org_id' })(target, propertyKey);
  };
}
