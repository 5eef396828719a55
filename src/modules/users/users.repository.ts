import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrgScopedRepository } from '#src/common/database/scoped/org-scoped-repository.js';
import { EVERY_ROW, sql } from '#src/common/database/scoped/sql-fragment.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import type { Page } from '#src/common/validation/validators.js';
import { UserEntity } from '#src/modules/users/user.entity.js';

@Injectable()
export class UsersRepository extends OrgScopedRepository<UserEntity> {
  constructor(dataSource: DataSource, sqlClient: SqlClient) {
    super(dataSource, sqlClient, UserEntity);
  }

  findByEmail(orgId: string, email: string, tx?: Tx): Promise<UserEntity | null> {
    return this.findOne(orgId, sql`email = ${email}`, tx);
  }

  list(orgId: string, page: Page): Promise<{ items: UserEntity[]; total: number }> {
    return this.page(orgId, EVERY_ROW, sql`created_at ASC, id ASC`, page);
  }

  /**
   * Counts admins under a lock on the organization's admin rows, so two demotions cannot both pass. The rows
   * are locked in id order, so that concurrent callers queue up instead of deadlocking.
   */
  async countAdminsForUpdate(orgId: string, tx: Tx): Promise<number> {
    const { text, params } = this.scoped(orgId, sql`role = 'admin'`);
    const admins = await this.sqlClient.query<{ id: string }>(`SELECT id FROM ${this.rows.table} WHERE ${text} ORDER BY id FOR UPDATE`, params, tx);
    return admins.length;
  }
}
