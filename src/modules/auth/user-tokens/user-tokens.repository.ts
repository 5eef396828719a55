import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { sql } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import { UserTokenEntity, type UserTokenPurpose } from '#src/modules/auth/user-tokens/user-token.entity.js';

/** Lock class of one user's tokens of one purpose. */
const USER_TOKENS_LOCK = 7305;

@Injectable()
export class UserTokensRepository extends OrgScopedRepository<UserTokenEntity> {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, UserTokenEntity);
  }

  /** Holds the user's tokens of this purpose until the transaction ends, on every instance: one is issued or used at a time. */
  async lockFor(userId: string, purpose: UserTokenPurpose, tx: Tx): Promise<void> {
    await this.sqlClient.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [USER_TOKENS_LOCK, `${userId}/${purpose}`], tx);
  }

  /** Marks the user's unused tokens of this purpose used: a new invitation voids the one before. */
  /** Answers how many it voided. */
  voidUnused(orgId: string, userId: string, purpose: UserTokenPurpose, at: Date, tx: Tx): Promise<number> {
    return this.updateWhere(orgId, sql`user_id = ${userId} AND purpose = ${purpose} AND used_at IS NULL AND expires_at > ${at}`, { usedAt: at }, tx);
  }

  /** Across organizations: the token in a link is what names the organization. */
  async findByHash(tokenHash: string, purpose: UserTokenPurpose, tx?: Tx): Promise<UserTokenEntity | null> {
    const [token] = await this.findAcrossOrganizations(sql`token_hash = ${tokenHash} AND purpose = ${purpose}`, { limit: 1 }, tx);
    return token ?? null;
  }

  /**
   * The token with this hash, locked for the rest of the transaction so it can be used only once (a
   * concurrent use waits, then finds it used). Across organizations, as findByHash.
   */
  async findByHashForUpdate(tokenHash: string, purpose: UserTokenPurpose, tx: Tx): Promise<UserTokenEntity | null> {
    const rows = await this.sqlClient.query<Record<string, unknown>>(
      `SELECT ${this.rows.columns} FROM ${this.rows.table} WHERE token_hash = $1 AND purpose = $2 LIMIT 1 FOR UPDATE`,
      [tokenHash, purpose],
      tx,
    );
    return rows[0] ? this.rows.map(rows[0]) : null;
  }

  /** How many tokens of this purpose the user holds, used or not, that expire after `at`. */
  countExpiringAfter(orgId: string, userId: string, purpose: UserTokenPurpose, at: Date, tx?: Tx): Promise<number> {
    return this.count(orgId, sql`user_id = ${userId} AND purpose = ${purpose} AND expires_at > ${at}`, tx);
  }
}
