import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { Clock } from '#src/common/clock/clock.js';
import { keyedHash, newSecretToken } from '#src/common/crypto/keyed-hash.js';
import type { Tx } from '#src/common/database/transaction.js';
import { newId } from '#src/common/ids/ids.js';
import { UserTokenEntity, type UserTokenPurpose } from '#src/modules/auth/user-tokens/user-token.entity.js';
import { UserTokensRepository } from '#src/modules/auth/user-tokens/user-tokens.repository.js';

const SETTINGS: Record<UserTokenPurpose, { prefix: string; idKind: 'invitation' | 'passwordReset'; lifetimeMs: number }> = {
  invitation: { prefix: 'svcinv', idKind: 'invitation', lifetimeMs: 72 * 3_600_000 },
  password_reset: { prefix: 'svcprt', idKind: 'passwordReset', lifetimeMs: 3_600_000 },
};

export interface IssuedToken {
  entity: UserTokenEntity;
  /** The token itself: shown once (in a link), stored only as its keyed hash. */
  token: string;
}

/**
 * Single-use links that let a person set a password: invitations (72 hours) and password resets (1 hour).
 * A new one voids the user's earlier ones of the same purpose; using one marks it used in the transaction
 * that sets the password, and voids any other of the same purpose, so it works exactly once and leaves no
 * other link of the user working. Issuing and using hold a lock of the user's tokens of that purpose, so
 * requests at the same moment behave as one after the other.
 */
@Injectable()
export class UserTokensService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: UserTokensRepository,
    private readonly clock: Clock,
  ) {}

  async issue(orgId: string, userId: string, purpose: UserTokenPurpose, tx: Tx): Promise<IssuedToken> {
    await this.tokens.lockFor(userId, purpose, tx);
    return this.issueLocked(orgId, userId, purpose, tx);
  }

  /** As `issue`, unless the user was given `limit.count` tokens of this purpose within `limit.withinMs` already. */
  async issueWithin(
    orgId: string,
    userId: string,
    purpose: UserTokenPurpose,
    limit: { count: number; withinMs: number },
    tx: Tx,
  ): Promise<IssuedToken | undefined> {
    await this.tokens.lockFor(userId, purpose, tx);
    const issuedAfter = this.clock.now().getTime() - limit.withinMs;
    const issued = await this.tokens.countExpiringAfter(orgId, userId, purpose, new Date(issuedAfter + SETTINGS[purpose].lifetimeMs), tx);
    return issued >= limit.count ? undefined : this.issueLocked(orgId, userId, purpose, tx);
  }

  private async issueLocked(orgId: string, userId: string, purpose: UserTokenPurpose, tx: Tx): Promise<IssuedToken> {
    const settings = SETTINGS[purpose];
    const now = this.clock.now();
    await this.tokens.voidUnused(orgId, userId, purpose, now, tx);
    const token = newSecretToken(settings.prefix);
    const entity = await this.tokens.insert(
      orgId,
      Object.assign(new UserTokenEntity(), {
        id: newId(settings.idKind),
        orgId,
        userId,
        purpose,
        tokenHash: this.hash(token),
        expiresAt: new Date(now.getTime() + settings.lifetimeMs),
        usedAt: null,
      }),
      tx,
    );
    return { entity, token };
  }

  /** The user's unused links of this purpose stop working; answers whether one still worked. */
  async revoke(orgId: string, userId: string, purpose: UserTokenPurpose, tx: Tx): Promise<boolean> {
    await this.tokens.lockFor(userId, purpose, tx);
    return (await this.tokens.voidUnused(orgId, userId, purpose, this.clock.now(), tx)) > 0;
  }

  /** The user's address changed: every link mailed to the old one, of any purpose, stops working. */
  async voidEvery(orgId: string, userId: string, tx: Tx): Promise<void> {
    for (const purpose of Object.keys(SETTINGS) as UserTokenPurpose[]) {
      await this.tokens.lockFor(userId, purpose, tx);
      await this.tokens.voidUnused(orgId, userId, purpose, this.clock.now(), tx);
    }
  }

  /** The row of a token that can still be used, without using it; undefined when it is unknown, used, voided or expired. */
  async peek(token: string, purpose: UserTokenPurpose): Promise<UserTokenEntity | undefined> {
    return this.usable(token, purpose, (hash) => this.tokens.findByHash(hash, purpose));
  }

  /** Uses a token: its row, now marked used; undefined when it is unknown, used, voided or expired. */
  async consume(token: string, purpose: UserTokenPurpose, tx: Tx): Promise<UserTokenEntity | undefined> {
    const holder = await this.tokens.findByHash(this.hash(token), purpose, tx);
    if (holder) {
      await this.tokens.lockFor(holder.userId, purpose, tx);
    }
    const row = await this.usable(token, purpose, (hash) => this.tokens.findByHashForUpdate(hash, purpose, tx));
    if (row) {
      // This one used, and any other of the user's links of the purpose with it.
      await this.tokens.voidUnused(row.orgId, row.userId, purpose, this.clock.now(), tx);
    }
    return row;
  }

  private async usable(
    token: string,
    purpose: UserTokenPurpose,
    find: (hash: string) => Promise<UserTokenEntity | null>,
  ): Promise<UserTokenEntity | undefined> {
    if (!token.startsWith(`${SETTINGS[purpose].prefix}_`) || token.length > 100) {
      return undefined;
    }
    const row = await find(this.hash(token));
    if (!row || row.usedAt !== null || row.expiresAt.getTime() <= this.clock.now().getTime()) {
      return undefined;
    }
    return row;
  }

  private hash(token: string): string {
    return keyedHash(token, this.config.keys.hashSecret);
  }
}
