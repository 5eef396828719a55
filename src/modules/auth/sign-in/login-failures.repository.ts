import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SqlClient } from '#src/common/database/sql-client.js';
import { LoginFailureEntity } from '#src/modules/auth/sign-in/login-failure.entity.js';

/** How many failures an account and an address have since a time, and when the failure that reached each limit happened. */
export interface FailureCounts {
  account: number;
  address: number;
  /** The `accountLimit`-th newest failure of the account (it leaves the window first among those that count). */
  accountLimitReachedAt: Date | null;
  addressLimitReachedAt: Date | null;
}

@Injectable()
export class LoginFailuresRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: SqlClient,
  ) {}

  async counts(email: string, ip: string, since: Date, accountLimit: number, addressLimit: number): Promise<FailureCounts> {
    const [row] = await this.sql.query<{ account: number; address: number; account_at: Date | null; address_at: Date | null }>(
      `SELECT
         (SELECT count(*)::int FROM login_failure WHERE email = $1 AND created_at > $3) AS account,
         (SELECT count(*)::int FROM login_failure WHERE ip = $2 AND created_at > $3) AS address,
         (SELECT created_at FROM login_failure WHERE email = $1 AND created_at > $3 ORDER BY created_at DESC OFFSET $4 - 1 LIMIT 1) AS account_at,
         (SELECT created_at FROM login_failure WHERE ip = $2 AND created_at > $3 ORDER BY created_at DESC OFFSET $5 - 1 LIMIT 1) AS address_at`,
      [email, ip, since, accountLimit, addressLimit],
    );
    return {
      account: row.account,
      address: row.address,
      accountLimitReachedAt: row.account_at === null ? null : new Date(row.account_at),
      addressLimitReachedAt: row.address_at === null ? null : new Date(row.address_at),
    };
  }

  async insert(email: string, ip: string, at: Date): Promise<void> {
    await this.dataSource.getRepository(LoginFailureEntity).insert({ email, ip, createdAt: at });
  }

  /** Failures of this account or address at or before `before`. */
  async prune(email: string, ip: string, before: Date): Promise<void> {
    await this.sql.query(`DELETE FROM login_failure WHERE created_at <= $3 AND (email = $1 OR ip = $2)`, [email, ip, before]);
  }
}
