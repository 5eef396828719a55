import { Column, Entity, Index } from 'typeorm';
import { CreatedAtColumn, IdColumn, OrgIdColumn } from '#src/common/database/columns.js';
import { BelongsToOrganization } from '#src/modules/organizations/organization.relation.js';
import type { OrganizationEntity } from '#src/modules/organizations/organization.entity.js';

export const PROVIDERS = ['openai', 'anthropic', 'custom'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** A customer's own model provider key: agents that name it answer with it, billed by that provider. */
@Entity('provider_key')
@Index('ix_provider_key_org_created', ['orgId', 'createdAt'])
export class ProviderKeyEntity {
  @IdColumn()
  id: string;

  @OrgIdColumn()
  orgId: string;

  @BelongsToOrganization()
  organization?: OrganizationEntity;

  @Column({ type: 'varchar', length: 20 })
  provider: Provider;

  @Column({ type: 'varchar', length: 200, nullable: true })
  name: string | null;

  /** Required for `custom`; for `openai`/`anthropic`, a gateway in front of the provider. Reached through the SSRF guard. */
  @Column({ type: 'varchar', length: 2048, nullable: true })
  baseUrl: string | null;

  /**
   * The key, AES-256-GCM under the encryption key `encryptionKeyId`, with the organization id as additional
   * authenticated data (`v1.<iv>.<ciphertext>.<tag>`, base64url). Never selected unless asked for.
   */
  @Column({ type: 'text', select: false })
  ciphertext: string;

  /** Which key of SECRET_ENCRYPTION_KEYS sealed it: rotation re-encrypts rows whose id is not the current one. */
  @Column({ type: 'varchar', length: 32 })
  encryptionKeyId: string;

  /** The last four characters of the key, so people can tell keys apart. */
  @Column({ type: 'varchar', length: 4 })
  lastFour: string;

  @CreatedAtColumn()
  createdAt: Date;
}
