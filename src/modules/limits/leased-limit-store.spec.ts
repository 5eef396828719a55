import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEASE_MS, LeasedLimitStore } from '#src/modules/limits/leased-limit-store.js';
import { limitKeys, type LimitRequest, type LimitState } from '#src/modules/limits/limit-store.js';
import { RedisLimitStore } from '#src/modules/limits/redis-limit-store.js';
import { DAY, limitRequest, MINUTE, scratchRedis, T0, type LimitRequestOptions } from '#test/utils/limit-requests.js';

type Options = Omit<LimitRequestOptions, 'now' | 'slotId'>;

const redis = scratchRedis('leases');
const client = redis.client;

describe.skipIf(!client)('leased limits (two api instances on one Redis)', () => {
  let now = T0;
  let prefix = '';
  let stores: LeasedLimitStore[] = [];
  let slotSeq = 0;
  /** Faults of the steps that only give back (the sweeps), which no request sees. */
  let faults: unknown[] = [];

  /** An api instance: its own leases, the shared Redis. */
  function instance(): { store: LeasedLimitStore; shared: RedisLimitStore } {
    const shared = new RedisLimitStore(client!, (name) => `${prefix}:${name}`);
    const store = new LeasedLimitStore(
      shared,
      () => now,
      (error) => faults.push(error),
    );
    stores.push(store);
    return { store, shared };
  }

  /** Unlimited windows and a large, slow bucket unless a test says otherwise; the clock is `now`. */
  function request(options: Options = {}): LimitRequest {
    return limitRequest({ capacity: 1_000, perMinute: 1, minute: null, day: null, ...options, now, slotId: `slot-${++slotSeq}` });
  }

  async function admitted(store: LeasedLimitStore, count: number, options: Options): Promise<LimitState[]> {
    const states: LimitState[] = [];
    for (let i = 0; i < count; i++) {
      const state = await store.check(request(options));
      if (state.outcome === 'allowed') {
        states.push(state);
      }
    }
    return states;
  }

  /** `count` checks in flight at once on each store, sent in turns: answers how many each admitted. */
  async function burst(count: number, options: Options, ...on: LeasedLimitStore[]): Promise<number[]> {
    const checks: Array<Promise<[number, LimitState]>> = [];
    for (let i = 0; i < count; i++) {
      on.forEach((store, index) => checks.push(store.check(request(options)).then((state) => [index, state])));
    }
    const accepted = on.map(() => 0);
    for (const [index, state] of await Promise.all(checks)) {
      accepted[index] += state.outcome === 'allowed' ? 1 : 0;
    }
    return accepted;
  }

  const minuteCounter = async (orgId = 'org_a'): Promise<number> => Number(await client!.get(`${prefix}:${limitKeys.minute(orgId, Math.floor(now / MINUTE))}`));
  const slotsHeld = async (orgId = 'org_a'): Promise<number> =>
    (await client!.hvals(`${prefix}:${limitKeys.slotCounts(orgId)}`)).reduce((sum, count) => sum + Number(count), 0);

  beforeEach(() => {
    now = T0;
    faults = [];
    prefix = redis.newPrefix();
  });

  afterEach(() => {
    stores.forEach((store) => store.close());
    stores = [];
    expect(faults).toEqual([]);
  });

  describe('spending locally', () => {
    it('should admit most requests of a busy key without a step in Redis', async () => {
      const { store, shared } = instance();
      const steps = vi.spyOn(shared, 'lease');
      expect(await admitted(store, 640, { capacity: 100_000, minute: 100_000, day: 1_000_000 })).toHaveLength(640);
      // A first lease of LEASE_MAX (256), then a top-up whenever a quarter is left: a step for about 200 requests.
      expect(steps.mock.calls.length).toBeLessThanOrEqual(5);
      // Only the first request waited for one: the others found a lease that a step in the background refilled.
      expect(steps.mock.calls.filter(([, ask]) => ask.bucket?.need === 1)).toHaveLength(1);
    });

    it('should let requests that find a lease empty wait for the step refilling it, rather than each take one', async () => {
      const { store, shared } = instance();
      const steps = vi.spyOn(shared, 'lease');
      expect(await burst(60, { capacity: 100_000, minute: 100_000, concurrency: 1_000 }, store)).toEqual([60]);
      // The first step leases 256 tokens and requests but only 32 slots (1/32 of the 1,000); the other
      // requests wait for it, then one more step takes slots for those still waiting; maybe one top-up.
      expect(steps.mock.calls.length).toBeLessThanOrEqual(3);
      expect(steps.mock.calls.filter(([, ask]) => ask.slots.need === 1)).toHaveLength(2);
    });

    it('should take a step for every request that spends model tokens, so the day\u2019s count it checks is current', async () => {
      const { store, shared } = instance();
      await shared.seedTokens('org_a', Math.floor(now / DAY), 0, now + DAY, now);
      const steps = vi.spyOn(shared, 'lease');
      expect(await admitted(store, 5, { tokens: 100 })).toHaveLength(5);
      expect(steps).toHaveBeenCalledTimes(5);
      await shared.recordTokens('org_a', Math.floor(now / DAY), 100);
      expect((await store.check(request({ tokens: 100 }))).outcome).toBe('rejected');
      // Requests that spend none go on from the lease.
      expect((await store.check(request())).outcome).toBe('allowed');
      expect(steps).toHaveBeenCalledTimes(6);
    });

    it('should lease one unit at a time near a limit, so the last units are checked exactly', async () => {
      const { store, shared } = instance();
      const steps = vi.spyOn(shared, 'lease');
      const states = await admitted(store, 25, { minute: 20 });
      expect(states).toHaveLength(20);
      expect(states.map((state) => state.minuteCount)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(steps).toHaveBeenCalledTimes(25);
    });

    it('should spend a lease only for LEASE_MS, then give back what is left with the next step', async () => {
      const { store, shared } = instance();
      const steps = vi.spyOn(shared, 'lease');
      await admitted(store, 2, { minute: 1_000 });
      expect(steps).toHaveBeenCalledTimes(1);
      expect(await minuteCounter()).toBe(32);
      now += LEASE_MS;
      await admitted(store, 1, { minute: 1_000 });
      expect(steps).toHaveBeenCalledTimes(2);
      // The 30 unspent went back (2 counted), then the third request and a lease of 31 (997 / 32).
      expect(await minuteCounter()).toBe(3 + 31);
    });
  });

  describe('across instances', () => {
    it('should never let two instances together admit more than a bucket holds, in a concurrent burst', async () => {
      const a = instance().store;
      const b = instance().store;
      const accepted = await burst(300, { capacity: 250 }, a, b);
      expect(accepted[0] + accepted[1]).toBeLessThanOrEqual(250);
      expect(accepted.every((count) => count > 0)).toBe(true);
      // What the leases held back comes back to the shared bucket: together, exactly the burst.
      await Promise.all([a.giveBackAll(), b.giveBackAll()]);
      const more = await burst(300, { capacity: 250 }, b, a);
      expect(accepted[0] + accepted[1] + more[0] + more[1]).toBe(250);
    });

    it('should not let a bucket refill above its capacity while tokens are leased out', async () => {
      // The sweep runs on the real clock: on a slow machine b's burst outlasts it, and a's idle lease would go back.
      vi.useFakeTimers({ toFake: ['setInterval'] });
      const a = instance().store;
      const b = instance().store;
      vi.useRealTimers();
      // 3,200 tokens, refilled at 100 per millisecond: full again within 32 ms of being emptied.
      const fast = { capacity: 3_200, perMinute: 6_000_000 };
      await admitted(a, 1, fast); // a now holds 99 tokens it has not spent (1/32 of the 3,199 left)
      now += 100;
      const fromB = (await admitted(b, 3_300, fast)).length;
      const fromA = (await admitted(a, 200, fast)).length;
      // Nothing refills while the clock stands still: this burst is bounded by the capacity alone.
      expect(fromA + fromB).toBeLessThanOrEqual(3_200);
      expect(fromA).toBe(99);
    });

    it('should never state more remaining than the shared counts had left at the instance’s last step', async () => {
      const a = instance();
      const b = instance();
      const lastStep = new Map<LeasedLimitStore, { admitted: number }>();
      let admittedSoFar = 0;
      for (const { store, shared } of [a, b]) {
        vi.spyOn(shared, 'lease').mockImplementation(async (...args) => {
          const grant = await RedisLimitStore.prototype.lease.apply(shared, args);
          lastStep.set(store, { admitted: admittedSoFar + (grant.state.outcome === 'allowed' ? 1 : 0) });
          return grant;
        });
      }
      for (let i = 0; i < 400; i++) {
        const store = (i % 3 === 0 ? b : a).store;
        const state = await store.check(request({ capacity: 300, minute: 1_000 }));
        if (state.outcome !== 'allowed') {
          break;
        }
        admittedSoFar++;
        const admittedThen = lastStep.get(store)?.admitted ?? 0;
        expect(Math.floor(state.bucketTokens)).toBeLessThanOrEqual(300 - admittedThen);
        expect(state.minuteCount).toBeGreaterThanOrEqual(admittedThen);
      }
      // Near the end leases are of one token, so little is left stranded in the other instance.
      expect(admittedSoFar).toBeGreaterThanOrEqual(295);
    });

    it('should state exactly what remains on a single instance, its own leases counted as left', async () => {
      const { store } = instance();
      const states = await admitted(store, 300, { capacity: 250, minute: 1_000 });
      expect(states).toHaveLength(250);
      states.forEach((state, i) => {
        expect(Math.floor(state.bucketTokens), `request ${i + 1}`).toBe(250 - (i + 1));
        expect(state.minuteCount, `request ${i + 1}`).toBe(i + 1);
      });
    });

    it('should give back what an idle instance leased, so another one can use it', async () => {
      const a = instance().store;
      const b = instance().store;
      await admitted(a, 1, { minute: 100, concurrency: 1_000 });
      expect(await minuteCounter()).toBe(1 + 3);
      // Two sweeps without a request: the first clears the instance's use mark, the second gives back.
      await vi.waitFor(async () => expect(await minuteCounter()).toBe(1), { timeout: 2_000, interval: 50 });
      expect(await slotsHeld()).toBe(1); // the request still runs
      expect(await admitted(b, 120, { minute: 100 })).toHaveLength(99);
    });
  });

  describe('plan changes', () => {
    it('should check a lowered minute limit on the very next request, counting only requests admitted', async () => {
      const { store } = instance();
      await admitted(store, 5, { minute: 1_000 });
      const lowered = await store.check(request({ minute: 5 }));
      expect(lowered).toMatchObject({ outcome: 'rejected', minuteCount: 5 });
      const raised = await store.check(request({ minute: 7 }));
      expect(raised).toMatchObject({ outcome: 'allowed', minuteCount: 6 });
    });

    it('should spend no bucket tokens leased under an old capacity', async () => {
      const { store } = instance();
      await admitted(store, 1, { capacity: 1_000 }); // 31 tokens leased beyond the request
      const smaller = await admitted(store, 20, { capacity: 10 });
      // The 31 went back, capped by the new capacity: the bucket holds what it held, at most 10.
      expect(smaller).toHaveLength(10);
    });
  });

  describe('concurrency', () => {
    it('should never let two instances hold more slots than the limit, and free a released slot for the other', async () => {
      const a = instance().store;
      const b = instance().store;
      const slotOf = (admittedRequest: LimitRequest) => ({ orgId: admittedRequest.orgId, slotId: admittedRequest.concurrency.slotId });
      const held = [request({ concurrency: 4 }), request({ concurrency: 4 }), request({ concurrency: 4 })];
      for (const each of held) {
        expect((await a.check(each)).outcome).toBe('allowed');
      }
      expect((await b.check(request({ concurrency: 4 }))).outcome).toBe('allowed');
      const refused = await b.check(request({ concurrency: 4 }));
      expect(refused).toMatchObject({ outcome: 'rejected', inFlight: 4 });
      expect(await burst(10, { concurrency: 4 }, a, b)).toEqual([0, 0]);

      await a.release([slotOf(held[0])]);
      await vi.waitFor(async () => expect(await slotsHeld()).toBe(3), { timeout: 1_000, interval: 10 });
      expect((await b.check(request({ concurrency: 4 }))).outcome).toBe('allowed');
    });

    it('should keep a few spare slots while busy and give them back when idle', async () => {
      const { store, shared } = instance();
      const first = request({ concurrency: 100 });
      expect(await store.check(first)).toMatchObject({ outcome: 'allowed', inFlight: 1 + 3 });
      // Three free slots are kept (what Redis could spare when asked), the fourth goes back.
      await store.release([{ orgId: first.orgId, slotId: first.concurrency.slotId }]);
      await vi.waitFor(async () => expect(await slotsHeld()).toBe(3), { timeout: 1_000, interval: 10 });
      const second = request({ concurrency: 100 });
      const steps = vi.spyOn(shared, 'lease');
      expect((await store.check(second)).outcome).toBe('allowed');
      expect(steps).not.toHaveBeenCalled();
      await store.release([{ orgId: second.orgId, slotId: second.concurrency.slotId }]);
      await vi.waitFor(async () => expect(await slotsHeld()).toBe(0), { timeout: 2_000, interval: 50 });
    });

    it('should keep this instance\u2019s reservation alive while its requests run', async () => {
      const { store } = instance();
      expect((await store.check(request({ concurrency: 2 }))).outcome).toBe('allowed');
      await store.renew([], now + 5 * MINUTE);
      now += 2 * MINUTE;
      expect(await store.check(request({ concurrency: 2 }))).toMatchObject({ outcome: 'allowed', inFlight: 2 });
      expect((await store.check(request({ concurrency: 2 }))).outcome).toBe('rejected');
    });

    it('should let the reservation of an instance that died expire with its lease', async () => {
      const dead = instance().store;
      expect(await admitted(dead, 2, { concurrency: 2 })).toHaveLength(2);
      dead.close();
      const { store } = instance();
      expect((await store.check(request({ concurrency: 2 }))).outcome).toBe('rejected');

      now += MINUTE + 1;
      expect(await store.check(request({ concurrency: 2 }))).toMatchObject({ outcome: 'allowed', inFlight: 1 });
    });
  });

  describe('when Redis does not answer', () => {
    it('should fail the step and spend nothing it had set aside', async () => {
      const down = new Redis({ port: 1, lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
      down.on('error', () => undefined);
      const store = new LeasedLimitStore(
        new RedisLimitStore(down, (name) => `${prefix}:${name}`),
        () => now,
        () => undefined,
      );
      stores.push(store);
      await expect(store.check(request({ minute: 10 }))).rejects.toThrow();
      down.disconnect();
    });
  });
});
