import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, type Repository } from 'typeorm';
import type { Tx } from '#src/common/database/transaction.js';
import { UserTokenEntity, type UserTokenPurpose } from '#src/modules/auth/user-tokens/user-token.entity.js';

@Injectable()
export class UserTokensRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(tx?: Tx): Repository<UserTokenEntity> {
    return (tx?.manager ?? this.dataSource.manager).getRepository(UserTokenEntity);
  }

  async insert(token: UserTokenEntity, tx: Tx): Promise<UserTokenEntity> {
    return this.repo(tx).save(token);
  }

  /** Marks the user's unused tokens of this purpose used: a new invitation voids the one before. */
  async voidUnused(orgId: string, userId: string, purpose: UserTokenPurpose, at: Date, tx: Tx): Promise<void> {
    await this.repo(tx).update({ orgId, userId, purpose, usedAt: IsNull() }, { usedAt: at });
  }

  async findByHash(tokenHash: string, purpose: UserTokenPurpose): Promise<UserTokenEntity | null> {
    return this.repo().findOne({ where: { tokenHash, purpose } });
  }

  /** The token with this hash, locked for the rest of the transaction so it can be used only once. */
  async findByHashForUpdate(tokenHash: string, purpose: UserTokenPurpose, tx: Tx): Promise<UserTokenEntity | null> {
    return this.repo(tx).findOne({ where: { tokenHash, purpose }, lock: { mode: 'pessimistic_write' } });
  }

  async markUsed(id: string, at: Date, tx: Tx): Promise<void> {
    await this.repo(tx).update({ id }, { usedAt: at });
  }
}
