import { Column, Entity, Index } from 'typeorm';
import { CreatedAtColumn, IdColumn, OrgIdColumn } from '#src/common/database/columns.js';
import type { SealedKey } from '#src/common/crypto/secret-cipher.js';
import { BelongsToOrganization } from '#src/modules/organizations/organization.relation.js';
import type { OrganizationEntity } from '#src/modules/organizations/organization.entity.js';

export const SSO_TYPES = ['saml', 'oidc'] as const;
export type SsoType = (typeof SSO_TYPES)[number];

/** What the service needs of a SAML identity provider, read from its metadata. */
export interface SamlConnectionConfig {
  idp_entity_id: string;
  sso_url: string;
  /** PEM bodies of the IdP's signing certificates: several while it rotates them. */
  certificates: string[];
  metadata_url?: string;
  /** The operator accepted metadata from a private network (an on-premises identity provider): refreshes may fetch it there too. */
  allow_private?: boolean;
  /** Sign AuthnRequests with the connection's own key (its certificate is in the SP metadata). */
  sign_requests: boolean;
  /** The SP certificate matching the sealed private key, when requests are signed. */
  sp_certificate?: string;
}

export interface OidcConnectionConfig {
  issuer: string;
  client_id: string;
  /** The operator accepted an issuer on a private network (an on-premises identity provider). */
  allow_private: boolean;
}

export type SsoConnectionConfig = SamlConnectionConfig | OidcConnectionConfig;

/**
 * An organization's identity provider. Secrets (an OIDC client secret, a SAML signing key) are sealed with
 * SECRET_ENCRYPTION_KEYS; the rest is public metadata.
 */
@Entity('sso_connection')
@Index('ix_sso_connection_org', ['orgId'])
export class SsoConnectionEntity {
  @IdColumn()
  id: string;

  @OrgIdColumn()
  orgId: string;

  @BelongsToOrganization()
  organization?: OrganizationEntity;

  @Column({ type: 'varchar', length: 10 })
  type: SsoType;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'jsonb' })
  config: SsoConnectionConfig;

  @Column({ type: 'jsonb', nullable: true })
  secret: SealedKey | null;

  @CreatedAtColumn()
  createdAt: Date;
}
