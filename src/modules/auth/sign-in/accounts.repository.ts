import { storedAllowlist } from '#src/modules/auth/ip-allowlist/ip-allowlist.js';
import { Injectable } from '@nestjs/common';
import type { Role } from '#src/common/auth/permissions.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';

/** A person's account in one organization, as signing in needs it. */
export interface Account {
  userId: string;
  orgId: string;
  email: string;
  name: string | null;
  role: Role;
  passwordHash: string | null;
  organization: { id: string; name: string; plan: string; ipAllowlist: readonly string[]; ssoRequired: boolean };
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
}

const ACCOUNT_COLUMNS = `u.id AS user_id, u.org_id, u.email, u.name, u.role, u.password_hash, o.name AS org_name, o.plan,
  o.settings -> 'ip_allowlist' AS ip_allowlist, COALESCE((o.settings -> 'sso' ->> 'enforced')::boolean, false) AS sso_enforced`;

/** The users table as sign-in reads and writes it: across organizations, since the same address may be in several. */
@Injectable()
export class AccountsRepository {
  constructor(private readonly sql: SqlClient) {}

  /** Every account of an address, or its account in one organization. */
  async findByEmail(email: string, orgId?: string): Promise<Account[]> {
    const rows = await this.sql.query<AccountRow>(
      `SELECT ${ACCOUNT_COLUMNS} FROM "user" u JOIN organization o ON o.id = u.org_id
       WHERE u.email = $1 AND ($2::varchar IS NULL OR u.org_id = $2) ORDER BY u.created_at, u.id`,
      [email, orgId ?? null],
    );
    return rows.map(toAccount);
  }

  async findById(orgId: string, userId: string, tx?: Tx): Promise<Account | undefined> {
    const [row] = await this.sql.query<AccountRow>(
      `SELECT ${ACCOUNT_COLUMNS} FROM "user" u JOIN organization o ON o.id = u.org_id WHERE u.org_id = $1 AND u.id = $2`,
      [orgId, userId],
      tx,
    );
    return row ? toAccount(row) : undefined;
  }

  async setPassword(orgId: string, userId: string, passwordHash: string, tx: Tx): Promise<void> {
    await this.sql.query(`UPDATE "user" SET password_hash = $3, updated_at = now() WHERE org_id = $1 AND id = $2`, [orgId, userId, passwordHash], tx);
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
  };
}
