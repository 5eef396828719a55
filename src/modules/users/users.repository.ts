import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { EntityRows } from '#src/common/database/entity-rows.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import type { Tx } from '#src/common/database/transaction.js';
import type { Page } from '#src/common/validation/validators.js';
import { UserEntity } from '#src/modules/users/user.entity.js';

@Injectable()
export class UsersRepository {
  private readonly rows: EntityRows<UserEntity>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: SqlClient,
  ) {
    this.rows = new EntityRows(sql, dataSource, UserEntity);
  }

  private repo(tx?: Tx): Repository<UserEntity> {
    return (tx?.manager ?? this.dataSource.manager).getRepository(UserEntity);
  }

  async insert(user: UserEntity, tx?: Tx): Promise<UserEntity> {
    return this.repo(tx).save(user);
  }

  async save(user: UserEntity, tx?: Tx): Promise<UserEntity> {
    return this.repo(tx).save(user);
  }

  async findById(orgId: string, id: string, tx?: Tx): Promise<UserEntity | null> {
    return this.repo(tx).findOne({ where: { orgId, id } });
  }

  /** Locks the row for the rest of the transaction, so concurrent edits of one user serialise. */
  async findByIdForUpdate(orgId: string, id: string, tx: Tx): Promise<UserEntity | null> {
    return this.repo(tx).findOne({ where: { orgId, id }, lock: { mode: 'pessimistic_write' } });
  }

  async findByEmail(orgId: string, email: string, tx?: Tx): Promise<UserEntity | null> {
    return this.repo(tx).findOne({ where: { orgId, email } });
  }

  async list(orgId: string, page: Page): Promise<{ items: UserEntity[]; total: number }> {
    return this.rows.page({ where: 'org_id = $1', params: [orgId], orderBy: 'created_at ASC, id ASC' }, page);
  }

  /**
   * Counts admins under a lock on the organization's admin rows, so two demotions cannot both pass. The rows
   * are locked in id order, so that concurrent callers queue up instead of deadlocking.
   */
  async countAdminsForUpdate(orgId: string, tx: Tx): Promise<number> {
    const admins = await this.repo(tx).find({
      where: { orgId, role: 'admin' },
      select: { id: true },
      order: { id: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
    return admins.length;
  }

  async delete(orgId: string, id: string, tx: Tx): Promise<boolean> {
    const result = await this.repo(tx).delete({ orgId, id });
    return (result.affected ?? 0) > 0;
  }
}
