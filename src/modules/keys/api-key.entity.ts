import { Column, Entity, Index } from 'typeorm';
import { CreatedAtColumn, IdColumn, OrgIdColumn, TimestampColumn } from '#src/common/database/columns.js';
import { BelongsToOrganization } from '#src/modules/organizations/organization.relation.js';
import type { OrganizationEntity } from '#src/modules/organizations/organization.entity.js';

export const KEY_ENVIRONMENTS = ['live', 'test'] as const;
export type KeyEnvironment = (typeof KEY_ENVIRONMENTS)[number];

/** `versioned` keys look like `svcsk_live_…`/`svcsk_test_…`; `legacy` keys like `sk_live_…` and may expire. */
export type KeyFormat = 'versioned' | 'legacy';

@Entity('api_key')
@Index('ix_api_key_org_created', ['orgId', 'createdAt'])
export class ApiKeyEntity {
  @IdColumn()
  id: string;

  @OrgIdColumn()
  orgId: string;

  @BelongsToOrganization()
  organization?: OrganizationEntity;

  /** Set for personal keys: the owner's role caps what the key may do. Null for organization keys. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  userId: string | null;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** The first characters of the key, kept to let people recognise it in lists. */
  @Column({ type: 'varchar', length: 32 })
  prefix: string;

  /** HMAC-SHA256 of the full key under API_KEY_SECRET, hex. The key itself is never stored. */
  @Index('uq_api_key_hash', { unique: true })
  @Column({ type: 'char', length: 64, select: false })
  hash: string;

  @Column({ type: 'text', array: true })
  scopes: string[];

  @Column({ type: 'varchar', length: 10 })
  environment: KeyEnvironment;

  @Column({ type: 'varchar', length: 10 })
  format: KeyFormat;

  @TimestampColumn({ nullable: true })
  expiresAt: Date | null;

  @TimestampColumn({ nullable: true })
  lastUsedAt: Date | null;

  @TimestampColumn({ nullable: true })
  revokedAt: Date | null;

  /** The key this one was rotated into, when it was revoked by a rotation. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  replacedById: string | null;

  @CreatedAtColumn()
  createdAt: Date;
}
