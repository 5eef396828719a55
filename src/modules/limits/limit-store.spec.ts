import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { LimitRequest, LimitStore } from '#src/modules/limits/limit-store.js';
import { MemoryLimitStore } from '#src/modules/limits/memory-limit-store.js';
import { RedisLimitStore } from '#src/modules/limits/redis-limit-store.js';

const REDIS_URL = process.env.REDIS_URL;
const MINUTE = 60_000;
const DAY = 86_400_000;
/** A fixed instant (a Tuesday, 10:00:00 UTC): the tests move the clock by hand. */
const T0 = Date.UTC(2026, 0, 6, 10, 0, 0);

interface Options {
  now?: number;
  orgId?: string;
  bucketId?: string;
  capacity?: number;
  perMinute?: number;
  minute?: number | null;
  day?: number | null;
  tokens?: number | null | 'unchecked';
  concurrency?: number | null;
  slotId?: string;
  leaseMs?: number;
}

/** A request with generous limits except those a test sets; the windows follow `now`. */
function request(options: Options = {}): LimitRequest {
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
      expiresAt: now + (options.leaseMs ?? 60_000),
    },
  };
}

async function admitted(store: LimitStore, count: number, options: Options): Promise<boolean[]> {
  const outcomes: boolean[] = [];
  for (let i = 0; i < count; i++) {
    outcomes.push((await store.check(request(options))).outcome === 'allowed');
  }
  return outcomes;
}

const redisClient = REDIS_URL ? new Redis(REDIS_URL, { maxRetriesPerRequest: 1 }) : undefined;
const prefixes: string[] = [];

afterAll(async () => {
  if (!redisClient) {
    return;
  }
  for (const prefix of prefixes) {
    const keys = await redisClient.keys(`${prefix}:*`);
    if (keys.length > 0) {
      await redisClient.del(...keys);
    }
  }
  await redisClient.quit();
});

const implementations: Array<[string, (() => LimitStore) | undefined]> = [
  ['in memory', () => new MemoryLimitStore()],
  [
    'in Redis',
    redisClient
      ? () => {
          const prefix = `aqs-unit-limits-${randomBytes(6).toString('hex')}`;
          prefixes.push(prefix);
          return new RedisLimitStore(redisClient, (name) => `${prefix}:${name}`);
        }
      : undefined,
  ],
];

describe.each(implementations)('the limit store %s', (_name, create) => {
  let store: LimitStore;

  beforeEach(() => {
    if (create) {
      store = create();
    }
  });

  describe.skipIf(!create)('token buckets', () => {
    it('should start full and admit exactly a burst at once', async () => {
      expect(await admitted(store, 6, { capacity: 5 })).toEqual([true, true, true, true, true, false]);
      const state = await store.check(request({ capacity: 5 }));
      expect(state.outcome).toBe('rejected');
      expect(state.bucketTokens).toBeCloseTo(0, 9);
    });

    it('should refill continuously at the per-minute rate over 60 seconds', async () => {
      // 120 per minute = 2 per second: one token every 500 ms.
      expect(await admitted(store, 3, { capacity: 2, perMinute: 120 })).toEqual([true, true, false]);
      const quarter = await store.check(request({ capacity: 2, perMinute: 120, now: T0 + 250 }));
      expect(quarter.outcome).toBe('rejected');
      expect(quarter.bucketTokens).toBeCloseTo(0.5, 9);
      const half = await store.check(request({ capacity: 2, perMinute: 120, now: T0 + 500 }));
      expect(half.outcome).toBe('allowed');
      expect(half.bucketTokens).toBeCloseTo(0, 9);
      expect((await store.check(request({ capacity: 2, perMinute: 120, now: T0 + 500 }))).outcome).toBe('rejected');
      // 1.25 s later: 2.5 tokens, capped at the capacity of 2.
      const later = await store.check(request({ capacity: 2, perMinute: 120, now: T0 + 1_750 }));
      expect(later.outcome).toBe('allowed');
      expect(later.bucketTokens).toBeCloseTo(1, 9);
    });

    it('should never hold more than its capacity after a quiet spell', async () => {
      await admitted(store, 10, { capacity: 10 });
      const state = await store.check(request({ capacity: 10, now: T0 + 3_600_000 }));
      expect(state.bucketTokens).toBeCloseTo(9, 9);
    });

    it('should keep separate buckets per scope class and per key', async () => {
      expect(await admitted(store, 3, { capacity: 2, bucketId: 'key_a:write' })).toEqual([true, true, false]);
      expect(await admitted(store, 2, { capacity: 2, bucketId: 'key_a:read' })).toEqual([true, true]);
      expect(await admitted(store, 2, { capacity: 2, bucketId: 'key_b:write' })).toEqual([true, true]);
      expect(await admitted(store, 2, { capacity: 2, bucketId: 'key_a:write', orgId: 'org_b' })).toEqual([true, true]);
    });

    it('should follow a fractional refill rate without drift (10 per minute)', async () => {
      const tenPerMinute = { capacity: 15, perMinute: 10 };
      expect((await admitted(store, 16, tenPerMinute)).filter(Boolean)).toHaveLength(15);
      expect((await store.check(request({ ...tenPerMinute, now: T0 + 5_999 }))).outcome).toBe('rejected');
      expect((await store.check(request({ ...tenPerMinute, now: T0 + 6_000 }))).outcome).toBe('allowed');
      const minuteLater = await admitted(store, 11, { ...tenPerMinute, now: T0 + 66_000 });
      expect(minuteLater.filter(Boolean)).toHaveLength(10);
    });
  });

  describe.skipIf(!create)('plan windows', () => {
    it('should count requests per UTC minute and start again with the next one', async () => {
      expect(await admitted(store, 4, { minute: 3, now: T0 + 10_000 })).toEqual([true, true, true, false]);
      expect((await store.check(request({ minute: 3, now: T0 + 59_999 }))).minuteCount).toBe(3);
      const next = await store.check(request({ minute: 3, now: T0 + MINUTE }));
      expect(next).toMatchObject({ outcome: 'allowed', minuteCount: 1 });
    });

    it('should count requests per UTC day', async () => {
      expect(await admitted(store, 3, { day: 2 })).toEqual([true, true, false]);
      expect((await store.check(request({ day: 2, now: T0 + 14 * 3_600_000 }))).outcome).toBe('allowed');
    });

    it('should consume nothing when one limit refuses', async () => {
      await admitted(store, 2, { minute: 2, capacity: 10 });
      const refused = await store.check(request({ minute: 2, capacity: 10 }));
      expect(refused).toMatchObject({ outcome: 'rejected', minuteCount: 2 });
      expect(refused.bucketTokens).toBeCloseTo(8, 9);
      expect((await store.check(request({ minute: null, capacity: 10 }))).bucketTokens).toBeCloseTo(7, 9);
    });

    it('should not count against unlimited windows', async () => {
      const state = await store.check(request({ minute: null, day: null }));
      expect(state).toMatchObject({ outcome: 'allowed', minuteCount: 0, dayCount: 0 });
    });
  });

  describe.skipIf(!create)('concurrency slots', () => {
    it('should hold at most the limit, and free a slot when released', async () => {
      const first = await store.check(request({ concurrency: 2, slotId: 'one' }));
      const second = await store.check(request({ concurrency: 2, slotId: 'two' }));
      const third = await store.check(request({ concurrency: 2, slotId: 'three' }));
      expect([first.inFlight, second.inFlight]).toEqual([1, 2]);
      expect(third).toMatchObject({ outcome: 'rejected', inFlight: 2 });
      await store.release([{ orgId: 'org_a', slotId: 'one' }]);
      expect(await store.check(request({ concurrency: 2, slotId: 'three' }))).toMatchObject({ outcome: 'allowed', inFlight: 2 });
      expect((await store.check(request({ concurrency: 2, orgId: 'org_b' }))).outcome).toBe('allowed');
    });

    it('should remove the slots a check names as released before counting', async () => {
      await store.check(request({ concurrency: 2, slotId: 'one' }));
      await store.check(request({ concurrency: 2, slotId: 'two' }));
      const next = request({ concurrency: 2, slotId: 'three' });
      next.concurrency.released = ['one', 'unknown'];
      expect(await store.check(next)).toMatchObject({ outcome: 'allowed', inFlight: 2 });
      expect((await store.check(request({ concurrency: 2 }))).outcome).toBe('rejected');
    });

    it('should let the slots of a process that died expire with their lease, unless renewed', async () => {
      await store.check(request({ concurrency: 2, slotId: 'abandoned', leaseMs: 60_000 }));
      await store.check(request({ concurrency: 2, slotId: 'running', leaseMs: 60_000 }));
      expect((await store.check(request({ concurrency: 2, now: T0 + 30_000 }))).outcome).toBe('rejected');
      await store.renew([{ orgId: 'org_a', slotId: 'running' }], T0 + 120_000);
      const later = await store.check(request({ concurrency: 2, now: T0 + 60_001, slotId: 'new' }));
      expect(later).toMatchObject({ outcome: 'allowed', inFlight: 2 });
      // Renewing a released slot does not bring it back.
      await store.release([{ orgId: 'org_a', slotId: 'new' }]);
      await store.renew([{ orgId: 'org_a', slotId: 'new' }], T0 + 120_000);
      expect(await store.check(request({ concurrency: 2, now: T0 + 60_002 }))).toMatchObject({ outcome: 'allowed', inFlight: 2 });
    });
  });

  describe.skipIf(!create)('model tokens per day', () => {
    it('should ask for a seed, then count recorded tokens against the limit', async () => {
      expect((await store.check(request({ tokens: 100 }))).outcome).toBe('seed_tokens');
      await store.recordTokens('org_a', Math.floor(T0 / DAY), 50, T0);
      expect((await store.check(request({ tokens: 100 }))).outcome).toBe('seed_tokens');

      await store.seedTokens('org_a', Math.floor(T0 / DAY), 90, T0 + DAY, T0);
      await store.seedTokens('org_a', Math.floor(T0 / DAY), 0, T0 + DAY, T0);
      expect(await store.check(request({ tokens: 100 }))).toMatchObject({ outcome: 'allowed', tokensUsed: 90 });
      await store.recordTokens('org_a', Math.floor(T0 / DAY), 10, T0);
      expect(await store.check(request({ tokens: 100 }))).toMatchObject({ outcome: 'rejected', tokensUsed: 100 });
      expect((await store.check(request({ tokens: 'unchecked' }))).outcome).toBe('allowed');
      expect((await store.check(request({ tokens: 100, now: T0 + DAY }))).outcome).toBe('seed_tokens');
    });
  });
});
