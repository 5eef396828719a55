import { Column, Entity, Index } from 'typeorm';
import { CreatedAtColumn, IdColumn, OrgIdColumn, UpdatedAtColumn } from '#src/common/database/columns.js';
import type { OrganizationEntity } from '#src/modules/organizations/organization.entity.js';
import { BelongsToOrganization } from '#src/modules/organizations/organization.relation.js';

export const WEBHOOK_STATUSES = ['active', 'disabled', 'failed'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

@Entity('webhook')
@Index('ix_webhook_org_created', ['orgId', 'createdAt'])
export class WebhookEntity {
  @IdColumn()
  id: string;

  @OrgIdColumn()
  orgId: string;

  @BelongsToOrganization()
  organization?: OrganizationEntity;

  @Column({ type: 'text' })
  url: string;

  @Column({ type: 'text', array: true })
  events: string[];

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** The signing secret, sealed with AES-256-GCM (the organization id as additional data); never returned after creation. */
  @Column({ type: 'text', select: false })
  secretCiphertext: string;

  @Column({ type: 'varchar', length: 40, select: false })
  secretKeyId: string;

  /** `failed` after a delivery failed five times; its new events are held until it is active again. */
  @Column({ type: 'varchar', length: 10, default: 'active' })
  status: WebhookStatus;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
