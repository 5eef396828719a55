import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAtColumn, IdColumn, OrgIdColumn, UpdatedAtColumn } from '#src/common/database/columns.js';
import { DataSourceEntity } from '#src/modules/data-sources/data-source.entity.js';

/** An uploaded original, kept on disk so a file source can be re-synced (or re-parsed) at any time. */
@Entity('source_file')
@Index('uq_source_file_source_name', ['dataSourceId', 'name'], { unique: true })
export class SourceFileEntity {
  @IdColumn()
  id: string;

  @OrgIdColumn()
  orgId: string;

  @Column({ type: 'varchar', length: 40 })
  dataSourceId: string;

  @ManyToOne(() => DataSourceEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'data_source_id' })
  dataSource?: DataSourceEntity;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  contentType: string | null;

  @Column({ type: 'bigint' })
  size: number;

  @Column({ type: 'char', length: 64 })
  sha256: string;

  /** Relative to UPLOAD_DIR. */
  @Column({ type: 'text' })
  storagePath: string;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;
}
