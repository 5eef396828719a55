import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LimitStore } from '#src/modules/limits/limit-store.js';
import { LeasedLimitStore } from '#src/modules/limits/leased-limit-store.js';
import { MemoryLimitStore } from '#src/modules/limits/memory-limit-store.js';
import { RedisLimitStore } from '#src/modules/limits/redis-limit-store.js';
import { DAY, limitRequest as request, MINUTE, scratchRedis, T0, type LimitRequestOptions as Options } from '#test/utils/limit-requests.js';

async function admitted(store: LimitStore, count: number, options: Options): Promise<boolean[]> {
  const outcomes: boolean[] = [];
  for (let i = 0; i < count; i++) {
    outcomes.push((await store.check(request(options))).outcome === 'allowed');
  }
  return outcomes;
}

const redis = scratchRedis('limits');
const prefixed =
  (prefix: string) =>
  (name: string): string =>
    `${prefix}:${name}`;

/**
 * Each store, and whether it keeps one record per request's concurrency slot. The leased store reserves
 * slots in Redis per instance and tracks the requests' own slots in the process: a check naming released
 * slots, and a dead instance's reservation expiring, are its own tests (leased-limit-store.spec.ts).
 */
const implementations: Array<[string, (() => LimitStore) | undefined, { slotPerRequest: boolean }]> = [
  ['in memory', () => new MemoryLimitStore(), { slotPerRequest: true }],
  ['in Redis', redis.client ? () => new RedisLimitStore(redis.client!, prefixed(redis.newPrefix())) : undefined, { slotPerRequest: true }],
  [
    'leased from Redis',
    redis.client
      ? () =>
          new LeasedLimitStore(
            new RedisLimitStore(redis.client!, prefixed(redis.newPrefix())),
            () => T0,
            () => undefined,
          )
      : undefined,
    { slotPerRequest: false },
  ],
];

describe.each(implementations)('the limit store %s', (_name, create, { slotPerRequest }) => {
  let store: LimitStore;

  beforeEach(() => {
    if (create) {
      store = create();
    }
  });

  afterEach(() => {
    if (store instanceof LeasedLimitStore) {
      store.close();
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

    it.skipIf(!slotPerRequest)('should remove the slots a check names as released before counting', async () => {
      await store.check(request({ concurrency: 2, slotId: 'one' }));
      await store.check(request({ concurrency: 2, slotId: 'two' }));
      const next = request({ concurrency: 2, slotId: 'three' });
      next.concurrency.released = ['one', 'unknown'];
      expect(await store.check(next)).toMatchObject({ outcome: 'allowed', inFlight: 2 });
      expect((await store.check(request({ concurrency: 2 }))).outcome).toBe('rejected');
    });

    it.skipIf(!slotPerRequest)('should let the slots of a process that died expire with their lease, unless renewed', async () => {
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
