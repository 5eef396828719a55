import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAtColumn, IdColumn, OrgIdColumn, TimestampColumn, UpdatedAtColumn } from '#src/common/database/columns.js';
import { DataSourceEntity } from '#src/modules/data-sources/data-source.entity.js';

export const SYNC_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type SyncRunStatus = (typeof SYNC_RUN_STATUSES)[number];
export type SyncTrigger = 'created' | 'connected' | 'manual' | 'schedule' | 'upload';

/**
 * One synchronisation of a data source, from the request to its end: the durable record a queued job
 * only points at, so a lost job is re-created from here, and the source of the live progress figures.
 */
@Entity('sync_run')
@Index('ix_sync_run_source_status', ['dataSourceId', 'status'])
export class SyncRunEntity {
  @IdColumn()
  id: string;

  @OrgIdColumn()
  orgId: string;

  @Column({ type: 'varchar', length: 40 })
  dataSourceId: string;

  @ManyToOne(() => DataSourceEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'data_source_id' })
  dataSource?: DataSourceEntity;

  @Column({ type: 'varchar', length: 20 })
  status: SyncRunStatus;

  @Column({ type: 'varchar', length: 20 })
  trigger: SyncTrigger;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** Best estimate of the documents this run will see, refined as it goes. */
  @Column({ type: 'integer', nullable: true })
  documentsExpected: number | null;

  /** Documents indexed, re-checked unchanged, or failed so far. */
  @Column({ type: 'integer', default: 0 })
  documentsSeen: number;

  @Column({ type: 'integer', default: 0 })
  documentsIndexed: number;

  @Column({ type: 'integer', default: 0 })
  documentsUnchanged: number;

  @Column({ type: 'integer', default: 0 })
  documentsFailed: number;

  @Column({ type: 'integer', default: 0 })
  documentsRemoved: number;

  @Column({ type: 'integer', default: 0 })
  chunksWritten: number;

  @Column({ type: 'integer', default: 0 })
  tokensProcessed: number;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @TimestampColumn({ nullable: true })
  startedAt: Date | null;

  @TimestampColumn({ nullable: true })
  finishedAt: Date | null;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
