import { storedAllowlist } from '#src/modules/auth/ip-allowlist/ip-allowlist.js';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Role } from '#src/common/auth/permissions.js';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { and, EVERY_ROW, sql, type SqlFragment } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import { UserEntity } from '#src/modules/users/user.entity.js';

/** A person's account in one organization, as signing in needs it. */
export interface Account {
  userId: string;
  orgId: string;
  email: string;
  name: string | null;
  role: Role;
  passwordHash: string | null;
  organization: { id: string; name: string; plan: string; ipAllowlist: readonly string[]; ssoRequired: boolean };
  /** The address's domain is one the organization verified: single sign-on can route it there. */
  ssoDomain: boolean;
}

interface AccountRow {
  user_id: string;
  org_id: string;
  email: string;
  name: string | null;
  role: Role;
  password_hash: string | null;
  org_name: string;
  plan: string;
  ip_allowlist: unknown;
  sso_enforced: boolean;
  sso_domain: boolean;
}

const ACCOUNT_COLUMNS = `u.id AS user_id, u.org_id, u.email, u.name, u.role, u.password_hash, o.name AS org_name, o.plan,
  o.settings -> 'ip_allowlist' AS ip_allowlist, COALESCE((o.settings -> 'sso' ->> 'enforced')::boolean, false) AS sso_enforced,
  EXISTS (SELECT 1 FROM organization_domain d WHERE d.org_id = u.org_id AND d.verified_at IS NOT NULL
    AND d.domain = lower(reverse(split_part(reverse(u.email), '@', 1)))) AS sso_domain`;

/** The users table as sign-in reads and writes it: a person's account with what signing in needs of its organization. */
@Injectable()
export class AccountsRepository extends OrgScopedRepository<UserEntity> {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, UserEntity);
  }

  /**
   * Every account of an address, or its account in one organization. Across organizations without one:
   * the same address may have an account in several, and the password picks the one it opens.
   */
  findByEmail(email: string, orgId?: string): Promise<Account[]> {
    const inOrganization = orgId === undefined ? EVERY_ROW : sql`u.org_id = ${orgId}`;
    return this.accounts(and(sql`u.email = ${email}`, inOrganization), sql`u.created_at, u.id`);
  }

  /**
   * Whether an address's domain is verified by an organization that requires single sign-on (on the
   * enterprise plan): decided by the domain, which says nothing about whether the address has an account.
   */
  async domainRequiresSso(email: string): Promise<boolean> {
    const domain = email.slice(email.lastIndexOf('@') + 1);
    const rows = await this.sqlClient.query<{ enforced: boolean }>(
      `SELECT true AS enforced FROM organization_domain d JOIN organization o ON o.id = d.org_id
        WHERE d.domain = $1 AND d.verified_at IS NOT NULL AND o.plan = 'enterprise'
          AND COALESCE((o.settings -> 'sso' ->> 'enforced')::boolean, false)`,
      [domain],
    );
    return rows.length > 0;
  }

  async findAccount(orgId: string, userId: string, tx?: Tx): Promise<Account | undefined> {
    const [account] = await this.accounts(sql`u.org_id = ${orgId} AND u.id = ${userId}`, sql`u.id`, tx);
    return account;
  }

  async setPassword(orgId: string, userId: string, passwordHash: string, tx: Tx): Promise<void> {
    await this.update(orgId, userId, { passwordHash }, tx);
  }

  private async accounts(where: SqlFragment, orderBy: SqlFragment, tx?: Tx): Promise<Account[]> {
    const { text, params } = sql`${where} ORDER BY ${orderBy}`.render();
    const rows = await this.sqlClient.query<AccountRow>(
      `SELECT ${ACCOUNT_COLUMNS} FROM "user" u JOIN organization o ON o.id = u.org_id WHERE ${text}`,
      params,
      tx,
    );
    return rows.map(toAccount);
  }
}

function toAccount(row: AccountRow): Account {
  return {
    userId: row.user_id,
    orgId: row.org_id,
    email: row.email,
    name: row.name,
    role: row.role,
    passwordHash: row.password_hash,
    organization: {
      id: row.org_id,
      name: row.org_name,
      plan: row.plan,
      ipAllowlist: storedAllowlist(row.ip_allowlist),
      // Enforcement lasts only while single sign-on is available: a downgrade must not lock everyone out.
      ssoRequired: row.sso_enforced && row.plan === 'enterprise',
    },
    ssoDomain: row.sso_domain,
  };
}
