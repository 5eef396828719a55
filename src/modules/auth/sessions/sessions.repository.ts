import { storedAllowlist } from '#src/modules/auth/ip-allowlist/ip-allowlist.js';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { OrganizationPlan } from '#src/common/auth/auth-context.js';
import type { Role } from '#src/common/auth/permissions.js';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { and, sql } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import { WebSessionEntity } from '#src/modules/auth/sessions/web-session.entity.js';

/** A live session with what a request needs of its user and organization, read in one statement. */
export interface SessionRow {
  id: string;
  orgId: string;
  userId: string;
  lastSeenAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
  user: { id: string; email: string; name: string | null; role: Role };
  organization: { id: string; name: string; plan: OrganizationPlan; ipAllowlist: readonly string[] };
}

@Injectable()
export class SessionsRepository extends OrgScopedRepository<WebSessionEntity> {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, WebSessionEntity);
  }

  /**
   * The session with this token hash, with its user (a deleted user takes the session with it) and
   * organization. Across organizations: the cookie is what names the organization.
   */
  async findByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
    const [row] = await this.sqlClient.query<{
      id: string;
      org_id: string;
      user_id: string;
      last_seen_at: Date;
      expires_at: Date;
      ended_at: Date | null;
      email: string;
      user_name: string | null;
      role: Role;
      org_name: string;
      plan: string;
      limits: unknown;
      ip_allowlist: unknown;
    }>(
      `SELECT s.id, s.org_id, s.user_id, s.last_seen_at, s.expires_at, s.ended_at,
              u.email, u.name AS user_name, u.role, o.name AS org_name, o.plan, o.settings -> 'limits' AS limits,
              o.settings -> 'ip_allowlist' AS ip_allowlist
       FROM web_session s JOIN "user" u ON u.id = s.user_id AND u.org_id = s.org_id JOIN organization o ON o.id = s.org_id
       WHERE s.token_hash = $1`,
      [tokenHash],
    );
    return row
      ? {
          id: row.id,
          orgId: row.org_id,
          userId: row.user_id,
          lastSeenAt: new Date(row.last_seen_at),
          expiresAt: new Date(row.expires_at),
          endedAt: row.ended_at === null ? null : new Date(row.ended_at),
          user: { id: row.user_id, email: row.email, name: row.user_name, role: row.role },
          organization: {
            id: row.org_id,
            name: row.org_name,
            plan: { name: row.plan, overrides: row.limits ?? undefined },
            ipAllowlist: storedAllowlist(row.ip_allowlist),
          },
        }
      : undefined;
  }

  /** Moves a live session's expiry on; a session ended or expired meanwhile stays so. */
  async renew(orgId: string, id: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
    await this.updateWhere(orgId, sql`id = ${id} AND ended_at IS NULL AND expires_at > ${lastSeenAt}`, { lastSeenAt, expiresAt });
  }

  listLive(orgId: string, userId: string, now: Date): Promise<WebSessionEntity[]> {
    return this.findMany(orgId, sql`user_id = ${userId} AND ended_at IS NULL AND expires_at > ${now}`, { orderBy: sql`created_at DESC, id DESC` });
  }

  /** Ends the user's live sessions, all but `exceptId` when given. */
  async endAll(orgId: string, userId: string, at: Date, tx: Tx, exceptId?: string): Promise<void> {
    const others = exceptId === undefined ? [] : [sql`id <> ${exceptId}`];
    await this.updateWhere(orgId, and(sql`user_id = ${userId} AND ended_at IS NULL`, ...others), { endedAt: at }, tx);
  }

  /** Ends one of a user's live sessions; false when it is not theirs or already over. */
  async end(orgId: string, userId: string, id: string, at: Date, tx?: Tx): Promise<boolean> {
    return (await this.updateWhere(orgId, sql`user_id = ${userId} AND id = ${id} AND ended_at IS NULL AND expires_at > ${at}`, { endedAt: at }, tx)) > 0;
  }
}
