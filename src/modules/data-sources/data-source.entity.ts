import { Column, Entity, Index } from 'typeorm';
import { CreatedAtColumn, IdColumn, OrgIdColumn, TimestampColumn, UpdatedAtColumn } from '#src/common/database/columns.js';
import { BelongsToOrganization } from '#src/modules/organizations/organization.relation.js';
import type { OrganizationEntity } from '#src/modules/organizations/organization.entity.js';

export const DATA_SOURCE_TYPES = ['website', 'file', 'confluence', 'slack', 'google_drive', 'sharepoint'] as const;
export type DataSourceType = (typeof DATA_SOURCE_TYPES)[number];

export const SYNC_FREQUENCIES = ['hourly', 'daily', 'weekly', 'manual'] as const;
export type SyncFrequency = (typeof SYNC_FREQUENCIES)[number];

export const DATA_SOURCE_STATUSES = ['pending', 'processing', 'active', 'failed', 'Connected', 'Connection failed', 'Disconnected'] as const;
export type DataSourceStatus = (typeof DATA_SOURCE_STATUSES)[number];

@Entity('data_source')
@Index('ix_data_source_org_created', ['orgId', 'createdAt'])
export class DataSourceEntity {
  @IdColumn()
  id: string;

  @OrgIdColumn()
  orgId: string;

  @BelongsToOrganization()
  organization?: OrganizationEntity;

  @Column({ type: 'varchar', length: 20 })
  type: DataSourceType;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  config: Record<string, unknown>;

  @Column({ type: 'varchar', length: 10, default: 'manual' })
  syncFrequency: SyncFrequency;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: DataSourceStatus;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @TimestampColumn({ nullable: true })
  lastSyncedAt: Date | null;

  /** Where an incremental connector's sync stands (its cursor or watermark); null for full-pass types and before a first sync. */
  @Column({ type: 'jsonb', nullable: true })
  syncCheckpoint: object | null;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
