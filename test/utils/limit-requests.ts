import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import type { LimitRequest } from '#src/modules/limits/limit-store.js';

export const MINUTE = 60_000;
export const DAY = 86_400_000;
/** A fixed instant (a Tuesday, 10:00:00 UTC): the limiter's clock only moves when a test moves it. */
export const T0 = Date.UTC(2026, 0, 6, 10, 0, 0);

export interface LimitRequestOptions {
  now?: number;
  orgId?: string;
  bucketId?: string;
  capacity?: number;
  perMinute?: number;
  /** `null`: unlimited. */
  minute?: number | null;
  day?: number | null;
  /** The day's model-token limit; `'unchecked'` (or absent): a route that spends no tokens. */
  tokens?: number | null | 'unchecked';
  concurrency?: number | null;
  slotId?: string;
  leaseMs?: number;
}

/** A limit store request: generous limits except those given; the windows follow `now`. */
export function limitRequest(options: LimitRequestOptions = {}): LimitRequest {
  const now = options.now ?? T0;
  const minute = Math.floor(now / MINUTE);
  const day = Math.floor(now / DAY);
  return {
    now,
    orgId: options.orgId ?? 'org_a',
    bucket: { id: options.bucketId ?? 'key_a:read', capacity: options.capacity ?? 100, perMinute: options.perMinute ?? 60 },
    minute: { index: minute, limit: options.minute === undefined ? 1_000 : options.minute, endsAt: (minute + 1) * MINUTE },
    day: { index: day, limit: options.day === undefined ? 100_000 : options.day, endsAt: (day + 1) * DAY },
    tokens: options.tokens === undefined || options.tokens === 'unchecked' ? undefined : { limit: options.tokens },
    concurrency: {
      limit: options.concurrency === undefined ? null : options.concurrency,
      slotId: options.slotId ?? randomBytes(6).toString('hex'),
      expiresAt: now + (options.leaseMs ?? MINUTE),
    },
  };
}

/**
 * The suite's Redis (REDIS_URL), or undefined without one, and fresh key prefixes whose keys are deleted
 * once the test file is done.
 */
export function scratchRedis(name: string): { client: Redis | undefined; newPrefix: () => string } {
  const url = process.env.REDIS_URL;
  const client = url ? new Redis(url, { maxRetriesPerRequest: 1 }) : undefined;
  const prefixes: string[] = [];
  afterAll(async () => {
    if (!client) {
      return;
    }
    for (const prefix of prefixes) {
      const keys = await client.keys(`${prefix}:*`);
      if (keys.length > 0) {
        await client.del(...keys);
      }
    }
    await client.quit();
  });
  return {
    client,
    newPrefix: () => {
      const prefix = `aqs-unit-${name}-${randomBytes(6).toString('hex')}`;
      prefixes.push(prefix);
      return prefix;
    },
  };
}
