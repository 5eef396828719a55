import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { GlobalRepository } from '#src/common/database/scoped/global-repository.js';
import { sql } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import { LoginFailureEntity } from '#src/modules/auth/sign-in/login-failure.entity.js';

/** How many failures an account and an address have since a time, and when the failure that reached each limit happened. */
export interface FailureCounts {
  account: number;
  address: number;
  /** The `accountLimit`-th newest failure of the account (it leaves the window first among those that count). */
  accountLimitReachedAt: Date | null;
  addressLimitReachedAt: Date | null;
}

/** Lock classes of the two counts, so that an account's key never meets an address's. */
const ACCOUNT_LOCK = 7303;
const ADDRESS_LOCK = 7304;

/** Failures are counted by address and client, whichever organizations hold the address: no organization's rows. */
@Injectable()
export class LoginFailuresRepository extends GlobalRepository<LoginFailureEntity> {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, LoginFailureEntity);
  }

  /**
   * Holds, until the transaction ends, the sign-in attempts of this account and of this address on every
   * instance: always the account's lock first, so two attempts never wait on each other in a circle.
   */
  async lockFor(email: string, ip: string, tx: Tx): Promise<void> {
    await this.execute(sql`SELECT pg_advisory_xact_lock(${ACCOUNT_LOCK}, hashtext(${email}))`, tx);
    await this.execute(sql`SELECT pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${ip}))`, tx);
  }

  async counts(email: string, ip: string, since: Date, accountLimit: number, addressLimit: number, tx?: Tx): Promise<FailureCounts> {
    const [row] = await this.execute<{ account: number; address: number; account_at: Date | null; address_at: Date | null }>(
      sql`SELECT
         (SELECT count(*)::int FROM login_failure WHERE email = ${email} AND created_at > ${since}) AS account,
         (SELECT count(*)::int FROM login_failure WHERE ip = ${ip} AND created_at > ${since}) AS address,
         (SELECT created_at FROM login_failure WHERE email = ${email} AND created_at > ${since} ORDER BY created_at DESC OFFSET ${accountLimit} - 1 LIMIT 1) AS account_at,
         (SELECT created_at FROM login_failure WHERE ip = ${ip} AND created_at > ${since} ORDER BY created_at DESC OFFSET ${addressLimit} - 1 LIMIT 1) AS address_at`,
      tx,
    );
    return {
      account: row.account,
      address: row.address,
      accountLimitReachedAt: row.account_at === null ? null : new Date(row.account_at),
      addressLimitReachedAt: row.address_at === null ? null : new Date(row.address_at),
    };
  }

  /** Answers the row's id. */
  async insert(email: string, ip: string, at: Date, tx?: Tx): Promise<string> {
    const [row] = await this.execute<{ id: string }>(sql`INSERT INTO login_failure (email, ip, created_at) VALUES (${email}, ${ip}, ${at}) RETURNING id`, tx);
    return String(row.id);
  }

  async remove(id: string): Promise<void> {
    await this.execute(sql`DELETE FROM login_failure WHERE id = ${id}`);
  }

  /** Failures of this account or address at or before `before`. */
  async prune(email: string, ip: string, before: Date): Promise<void> {
    await this.execute(sql`DELETE FROM login_failure WHERE created_at <= ${before} AND (email = ${email} OR ip = ${ip})`);
  }
}
