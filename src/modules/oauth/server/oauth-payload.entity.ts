import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '#src/common/database/columns.js';

/**
 * What the authorization server stores, one row per model and id: grants, authorization codes, access and
 * refresh tokens, the provider's sessions and interactions. In the service's database, so every instance
 * sees a revocation at once.
 */
@Entity('oauth_payload')
@Index('ix_oauth_payload_grant', ['grantId'])
@Index('ix_oauth_payload_uid', ['model', 'uid'])
@Index('ix_oauth_payload_expires', ['expiresAt'])
export class OAuthPayloadEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  model: string;

  @PrimaryColumn({ type: 'varchar', length: 200 })
  id: string;

  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @Column({ type: 'varchar', length: 200, nullable: true })
  grantId: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  uid: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  userCode: string | null;

  @TimestampColumn({ nullable: true })
  expiresAt: Date | null;

  @TimestampColumn({ nullable: true })
  consumedAt: Date | null;
}
