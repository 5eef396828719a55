import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import type { SealedKey } from '#src/common/crypto/secret-cipher.js';
import { OrgIdColumn, TimestampColumn, UpdatedAtColumn } from '#src/common/database/columns.js';
import { DataSourceEntity } from '#src/modules/data-sources/data-source.entity.js';

/** A connector source's tokens at its provider, sealed with SECRET_ENCRYPTION_KEYS (the organization id as AAD). */
@Entity('connector_credential')
export class ConnectorCredentialEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  dataSourceId: string;

  @OneToOne(() => DataSourceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'data_source_id' })
  dataSource?: DataSourceEntity;

  @OrgIdColumn()
  orgId: string;

  @Column({ type: 'jsonb' })
  accessToken: SealedKey;

  @Column({ type: 'jsonb', nullable: true })
  refreshToken: SealedKey | null;

  /** When the access token stops working; it is refreshed a few minutes before. */
  @TimestampColumn()
  expiresAt: Date;

  @Column({ type: 'text', nullable: true })
  scope: string | null;

  /** The account or workspace connected, as the provider names it (not secret). */
  @Column({ type: 'varchar', length: 300, nullable: true })
  account: string | null;

  @UpdatedAtColumn()
  updatedAt: Date;
}
