import { Injectable } from '@nestjs/common';
import { Clock } from '#src/common/clock/clock.js';
import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import { LoginFailuresRepository } from '#src/modules/auth/sign-in/login-failures.repository.js';

/** Failed sign-ins are counted over this window: per account, and per client address (which may try many accounts). */
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

/**
 * Brute-force protection for sign-in, counted in PostgreSQL so every api instance sees the same failures.
 * Past a limit a sign-in is refused with 429 `too_many_attempts` before its password is checked, until
 * the failure that reached the limit leaves the window (`Retry-After`). A success does not clear the
 * count: the window does.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    private readonly failures: LoginFailuresRepository,
    private readonly clock: Clock,
  ) {}

  async check(email: string, ip: string): Promise<void> {
    const now = this.clock.now().getTime();
    const counts = await this.failures.counts(email, ip, new Date(now - FAILURE_WINDOW_MS), MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS);
    const blockedUntil = [
      counts.account >= MAX_FAILURES_PER_ACCOUNT ? counts.accountLimitReachedAt : null,
      counts.address >= MAX_FAILURES_PER_ADDRESS ? counts.addressLimitReachedAt : null,
    ]
      .filter((at): at is Date => at !== null)
      .map((at) => at.getTime() + FAILURE_WINDOW_MS);
    if (blockedUntil.length > 0) {
      const retryAfter = Math.max(1, Math.ceil((Math.max(...blockedUntil) - now) / 1000));
      throw new AppError(ErrorCode.TooManyAttempts, 'Too many failed sign-ins: try again later', {
        headers: { 'Retry-After': String(retryAfter) },
        extra: { retry_after: retryAfter },
      });
    }
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const now = this.clock.now();
    await this.failures.insert(email, ip, now);
    await this.failures.prune(email, ip, new Date(now.getTime() - FAILURE_WINDOW_MS));
  }
}
