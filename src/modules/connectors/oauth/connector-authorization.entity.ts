import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { SealedKey } from '#src/common/crypto/secret-cipher.js';
import { CreatedAtColumn, OrgIdColumn, TimestampColumn } from '#src/common/database/columns.js';
import { DataSourceEntity } from '#src/modules/data-sources/data-source.entity.js';
import type { AuditActorType } from '#src/modules/audit/audit-entry.entity.js';

/**
 * One consent in progress: the `state` sent to the provider (stored hashed), bound to the source and to the
 * caller who started it, single use and short-lived, with the PKCE verifier sealed.
 */
@Entity('connector_authorization')
@Index('ix_connector_authorization_expires', ['expiresAt'])
export class ConnectorAuthorizationEntity {
  @PrimaryColumn({ type: 'char', length: 64 })
  stateHash: string;

  @OrgIdColumn()
  orgId: string;

  @Column({ type: 'varchar', length: 40 })
  dataSourceId: string;

  @ManyToOne(() => DataSourceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'data_source_id' })
  dataSource?: DataSourceEntity;

  /** The person who started it; null when an API key did. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  userId: string | null;

  /** Who is recorded as having connected the source: the audit actor of the credential that started it. */
  @Column({ type: 'varchar', length: 20 })
  actorType: AuditActorType;

  @Column({ type: 'varchar', length: 40, nullable: true })
  actorId: string | null;

  /** The stored id of the access token that started it, when an OAuth application did: the callback checks it still stands. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  accessTokenId: string | null;

  /**
   * Hash of the browser binding cookie set when a web session started the consent: the callback must come
   * from that browser. Null when an API key started it (no browser to bind).
   */
  @Column({ type: 'char', length: 64, nullable: true })
  browserBindingHash: string | null;

  @Column({ type: 'jsonb', nullable: true })
  codeVerifier: SealedKey | null;

  /** The redirect URI the consent was started with: the code exchange must name the same. */
  @Column({ type: 'text' })
  redirectUri: string;

  @TimestampColumn()
  expiresAt: Date;

  @CreatedAtColumn()
  createdAt: Date;
}
