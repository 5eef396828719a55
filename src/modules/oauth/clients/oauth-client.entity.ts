import { Column, Entity, Index } from 'typeorm';
import { CreatedAtColumn, IdColumn, OrgIdColumn } from '#src/common/database/columns.js';
import { BelongsToOrganization } from '#src/modules/organizations/organization.relation.js';
import type { OrganizationEntity } from '#src/modules/organizations/organization.entity.js';

export const CLIENT_TYPES = ['confidential', 'public'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/** The scopes a client may ask for: the versioned API scopes, and `offline_access` for a refresh token. */
export const CLIENT_SCOPES = ['read', 'write', 'execute', 'admin', 'offline_access'] as const;
export type ClientScope = (typeof CLIENT_SCOPES)[number];

/**
 * A third-party application registered by an organization's admin to act for its people. Its id is its
 * OAuth `client_id`. A confidential client's secret is stored only as a keyed hash; a public client has
 * none and must use PKCE.
 */
@Entity('oauth_client')
@Index('ix_oauth_client_org', ['orgId', 'createdAt'])
export class OAuthClientEntity {
  @IdColumn()
  id: string;

  @OrgIdColumn()
  orgId: string;

  @BelongsToOrganization()
  organization?: OrganizationEntity;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 20 })
  type: ClientType;

  /** Matched exactly: HTTPS, or HTTP on a loopback address (RFC 8252). */
  @Column({ type: 'jsonb' })
  redirectUris: string[];

  @Column({ type: 'jsonb' })
  scopes: ClientScope[];

  /** HMAC-SHA256 of the secret under API_KEY_SECRET, hex; null for a public client. */
  @Column({ type: 'char', length: 64, nullable: true, select: false })
  secretHash: string | null;

  @CreatedAtColumn()
  createdAt: Date;
}
