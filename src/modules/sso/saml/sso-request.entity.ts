import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '#src/common/database/columns.js';

/**
 * An AuthnRequest the service sent and has not seen answered: a response must name one (InResponseTo),
 * on whichever instance it arrives. Kept in the database so every instance sees it.
 */
@Entity('sso_request')
@Index('ix_sso_request_created', ['createdAt'])
export class SsoRequestEntity {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  id: string;

  /** What node-saml stores with it: the request's instant. */
  @Column({ type: 'varchar', length: 64 })
  value: string;

  @TimestampColumn()
  createdAt: Date;
}

/** An assertion already used to sign in: the same one again is a replay. Kept until it has expired anyway. */
@Entity('sso_assertion')
@Index('ix_sso_assertion_expires', ['expiresAt'])
export class SsoAssertionEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  connectionId: string;

  @PrimaryColumn({ type: 'varchar', length: 200 })
  assertionId: string;

  @TimestampColumn()
  expiresAt: Date;
}
