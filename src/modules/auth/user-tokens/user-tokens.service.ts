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
 * that sets the password, under a row lock, so it works exactly once.
 */
@Injectable()
export class UserTokensService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: UserTokensRepository,
    private readonly clock: Clock,
  ) {}

  async issue(orgId: string, userId: string, purpose: UserTokenPurpose, tx: Tx): Promise<IssuedToken> {
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

  /** How many tokens of this purpose the user was given within the last `withinMs` (told by their expiry, set on the same clock). */
  issuedWithin(orgId: string, userId: string, purpose: UserTokenPurpose, withinMs: number): Promise<number> {
    const issuedAfter = this.clock.now().getTime() - withinMs;
    return this.tokens.countExpiringAfter(orgId, userId, purpose, new Date(issuedAfter + SETTINGS[purpose].lifetimeMs));
  }

  /** The row of a token that can still be used, without using it; undefined when it is unknown, used, voided or expired. */
  async peek(token: string, purpose: UserTokenPurpose): Promise<UserTokenEntity | undefined> {
    return this.usable(token, purpose, (hash) => this.tokens.findByHash(hash, purpose));
  }

  /** Uses a token: its row, now marked used; undefined when it is unknown, used, voided or expired. */
  async consume(token: string, purpose: UserTokenPurpose, tx: Tx): Promise<UserTokenEntity | undefined> {
    const row = await this.usable(token, purpose, (hash) => this.tokens.findByHashForUpdate(hash, purpose, tx));
    if (row) {
      await this.tokens.markUsed(row.orgId, row.id, this.clock.now(), tx);
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
