import { hash, verify } from '@node-rs/argon2';
import { Injectable } from '@nestjs/common';

export const MIN_PASSWORD_LENGTH = 12;
/** Longer input only costs hashing time: no passphrase needs more. */
export const MAX_PASSWORD_LENGTH = 256;

/**
 * Passwords hashed with argon2id, @node-rs/argon2's default algorithm and parameters (19 MiB, 2 passes,
 * 1 lane: the OWASP recommendation), in the PHC string format that carries its own salt and parameters.
 * (Its `Algorithm` is a const enum, absent at run time, so the default is relied on and tested.)
 */
@Injectable()
export class PasswordHasher {
  /** A hash of nothing anyone knows, verified against when an account does not exist, so a miss costs what a hit does. */
  private readonly decoy = hash(`decoy-${Date.now()}-${Math.random()}`);

  hash(password: string): Promise<string> {
    return hash(password);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      // A stored value that is not a PHC hash matches nothing.
      return false;
    }
  }

  /** Spends a verification's time and fails: for an unknown account. */
  async verifyNothing(password: string): Promise<false> {
    await verify(await this.decoy, password).catch(() => false);
    return false;
  }
}
