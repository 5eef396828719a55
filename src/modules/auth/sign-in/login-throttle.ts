import { Injectable } from '@nestjs/common';
import { Clock } from '#src/common/clock/clock.js';
import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { LoginFailuresRepository, type FailureCounts } from '#src/modules/auth/sign-in/login-failures.repository.js';

/** Failed sign-ins are counted over this window: per account, and per client address (which may try many accounts). */
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

/**
 * Brute-force protection for sign-in, counted in PostgreSQL so every api instance sees the same failures.
 * Past a limit a sign-in is refused with 429 `too_many_attempts` before its password is checked, until
 * the failure that reached the limit leaves the window (`Retry-After`); like every versioned 429 the
 * answer names the limit (`limit`, `reset_at`, the rate limit headers). A success does not clear the
 * count: the window does.
 *
 * An attempt is counted as a failure from the moment it is admitted, under a lock of its account and its
 * address, and forgotten only if its password turns out right: a burst of guesses sent at once meets the
 * limit as the same guesses sent one after another would, instead of all passing a check none of them is
 * counted in yet.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    private readonly failures: LoginFailuresRepository,
    private readonly clock: Clock,
    private readonly transactions: TransactionRunner,
  ) {}

  /** Admits an attempt (429 past a limit), counted as failed until `succeeded`; answers it. */
  begin(email: string, ip: string): Promise<string> {
    return this.transactions.run(async (tx) => {
      await this.failures.lockFor(email, ip, tx);
      const now = this.clock.now();
      const counts = await this.failures.counts(email, ip, new Date(now.getTime() - FAILURE_WINDOW_MS), MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS, tx);
      refuseBeyondLimits(counts, now.getTime());
      return this.failures.insert(email, ip, now, tx);
    });
  }

  /** The attempt's password was right: it is no failure. */
  async succeeded(attempt: string): Promise<void> {
    await this.failures.remove(attempt);
  }

  /** The attempt stays counted; failures that left the window are let go. */
  async failed(email: string, ip: string): Promise<void> {
    await this.failures.prune(email, ip, new Date(this.clock.now().getTime() - FAILURE_WINDOW_MS));
  }
}

function refuseBeyondLimits(counts: FailureCounts, now: number): void {
  const hits = [
    { limit: MAX_FAILURES_PER_ACCOUNT, used: counts.account, reachedAt: counts.accountLimitReachedAt },
    { limit: MAX_FAILURES_PER_ADDRESS, used: counts.address, reachedAt: counts.addressLimitReachedAt },
  ]
    .filter((hit): hit is typeof hit & { reachedAt: Date } => hit.used >= hit.limit && hit.reachedAt !== null)
    .map((hit) => ({ ...hit, until: hit.reachedAt.getTime() + FAILURE_WINDOW_MS }));
  if (hits.length === 0) {
    return;
  }
  // The limit that holds longest is the one the caller waits for.
  const hit = hits.reduce((longest, candidate) => (candidate.until > longest.until ? candidate : longest));
  const retryAfter = Math.max(1, Math.ceil((hit.until - now) / 1000));
  throw new AppError(ErrorCode.TooManyAttempts, 'Too many failed sign-ins: try again later', {
    headers: {
      'Retry-After': String(retryAfter),
      'X-RateLimit-Limit': String(hit.limit),
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String(Math.ceil(hit.until / 1000)),
      'X-RateLimit-Used': String(hit.used),
    },
    extra: { limit: hit.limit, reset_at: new Date(hit.until).toISOString(), retry_after: retryAfter },
  });
}
