import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Role } from '#src/common/auth/permissions.js';
import { GlobalRepository } from '#src/common/database/scoped/global-repository.js';
import { sql } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import type { AdapterPayload } from '#src/modules/oauth/server/oauth-adapter.js';
import { OAuthPayloadEntity } from '#src/modules/oauth/server/oauth-payload.entity.js';

/** A live access token with what a request needs of its user and organization. */
export interface AccessTokenHolder {
  payload: AdapterPayload;
  org_id: string;
  role: Role;
  plan: string;
  limits: unknown;
  ip_allowlist: unknown;
}

/** A person the authorization server issues for, with their organization's allowlist. */
export interface AccountHolder {
  org_id: string;
  ip_allowlist: unknown;
}

/** A person's grant to a client, with the client's name. */
export interface GrantRow {
  id: string;
  payload: { openid?: { scope?: string }; iat?: number };
  expires_at: Date | null;
  client_id: string;
  client_name: string;
}

/**
 * The authorization server's records as the rest of the service reads them (oidc-provider itself goes
 * through OAuthAdapter). The table belongs to no organization: a record reaches one through its client
 * (`payload.clientId`, an oauth_client of that organization) and its account (a user of it).
 */
@Injectable()
export class OAuthPayloadsRepository extends GlobalRepository<OAuthPayloadEntity> {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, OAuthPayloadEntity);
  }

  /**
   * The live access token (by its stored id, the keyed hash of its value) with its user, organization,
   * client and grant, which must all still exist, in one round trip: a token issued while its grant was
   * being revoked (its refresh token used twice at once) dies with the grant. Across organizations: the
   * token is what names the organization.
   */
  async findAccessTokenHolder(storedId: string, now: Date): Promise<AccessTokenHolder | undefined> {
    const [holder] = await this.execute<AccessTokenHolder>(
      sql`SELECT p.payload, u.org_id, u.role, o.plan, o.settings -> 'limits' AS limits, o.settings -> 'ip_allowlist' AS ip_allowlist
       FROM oauth_payload p
       JOIN "user" u ON u.id = p.payload ->> 'accountId'
       JOIN organization o ON o.id = u.org_id
       JOIN oauth_client c ON c.id = p.payload ->> 'clientId' AND c.org_id = u.org_id
       JOIN oauth_payload g ON g.model = 'Grant' AND g.id = p.grant_id AND (g.expires_at IS NULL OR g.expires_at > ${now})
       WHERE p.model = 'AccessToken' AND p.id = ${storedId} AND (p.expires_at IS NULL OR p.expires_at > ${now})`,
    );
    return holder;
  }

  /** The person, if they still exist in the organization of the client they are dealing with. */
  async findAccountHolder(accountId: string, clientId: string): Promise<AccountHolder | undefined> {
    const [holder] = await this.execute<AccountHolder>(
      sql`SELECT u.org_id, o.settings -> 'ip_allowlist' AS ip_allowlist
       FROM "user" u
       JOIN organization o ON o.id = u.org_id
       JOIN oauth_client c ON c.org_id = u.org_id AND c.id = ${clientId}
       WHERE u.id = ${accountId}`,
    );
    return holder;
  }

  /** The live grants of a person to the clients of their organization, newest first. */
  grantsOf(orgId: string, accountId: string | null, now: Date): Promise<GrantRow[]> {
    return this.execute<GrantRow>(
      sql`SELECT g.id, g.payload, g.expires_at, c.id AS client_id, c.name AS client_name
       FROM oauth_payload g JOIN oauth_client c ON c.id = g.payload ->> 'clientId' AND c.org_id = ${orgId}
       WHERE g.model = 'Grant' AND g.payload ->> 'accountId' = ${accountId} AND (g.expires_at IS NULL OR g.expires_at > ${now})
       ORDER BY g.id DESC`,
    );
  }

  /** The person's latest live grant to a client; the client id names its organization. */
  async latestGrantId(accountId: string, clientId: string, now: Date): Promise<string | undefined> {
    const [row] = await this.execute<{ id: string }>(
      sql`SELECT id FROM oauth_payload
       WHERE model = 'Grant' AND payload ->> 'accountId' = ${accountId} AND payload ->> 'clientId' = ${clientId} AND (expires_at IS NULL OR expires_at > ${now})
       ORDER BY (payload ->> 'iat')::bigint DESC LIMIT 1`,
    );
    return row?.id;
  }

  /** Moves a live grant's expiry to `expiresAt` (in its row and in the payload the library reads); a revoked or expired one is left gone. */
  async extendGrant(grantId: string, expiresAt: Date, now: Date): Promise<void> {
    await this.execute(
      sql`UPDATE oauth_payload SET expires_at = ${expiresAt}, payload = jsonb_set(payload, '{exp}', to_jsonb(${Math.floor(expiresAt.getTime() / 1000)}::bigint))
       WHERE model = 'Grant' AND id = ${grantId} AND (expires_at IS NULL OR expires_at > ${now})`,
    );
  }

  /** Deletes a grant and every code and token issued under it. */
  async revokeGrant(grantId: string, tx: Tx): Promise<void> {
    await this.execute(sql`DELETE FROM oauth_payload WHERE grant_id = ${grantId} OR (model = 'Grant' AND id = ${grantId})`, tx);
  }

  /** Deletes the grants, codes and tokens of a client. */
  async deleteOfClient(clientId: string, tx: Tx): Promise<void> {
    await this.execute(sql`DELETE FROM oauth_payload WHERE payload ->> 'clientId' = ${clientId}`, tx);
  }
}
