import {
  bucketLifetimeMs,
  limitKeys,
  refill,
  WINDOW_GRACE_MS,
  type HeldSlot,
  type LimitRequest,
  type LimitState,
  type LimitStore,
} from '#src/modules/limits/limit-store.js';

interface Bucket {
  tokens: number;
  at: number;
  expiresAt: number;
}

interface Counter {
  value: number;
  expiresAt: number;
}

const SWEEP_EVERY_MS = 60_000;

/**
 * The limits of one process: the embedded default (no REDIS_URL), and the fallback while Redis is
 * unreachable. Same arithmetic as the Redis script; expired entries are swept at most once a minute.
 */
export class MemoryLimitStore implements LimitStore {
  readonly kind = 'memory';
  private readonly buckets = new Map<string, Bucket>();
  private readonly counters = new Map<string, Counter>();
  private readonly slots = new Map<string, Map<string, number>>();
  private lastSweep = 0;

  check(request: LimitRequest): Promise<LimitState> {
    return Promise.resolve(this.checkNow(request));
  }

  /** The same check, answered at once: every count lives in this process. */
  checkNow(request: LimitRequest): LimitState {
    const { now, orgId } = request;
    this.sweep(now);

    let tokensUsed: number | undefined;
    if (request.tokens) {
      const counter = this.counter(limitKeys.tokens(orgId, request.day.index), now);
      if (!counter) {
        return { outcome: 'seed_tokens', bucketTokens: 0, minuteCount: 0, dayCount: 0, tokensUsed: undefined, inFlight: 0 };
      }
      tokensUsed = counter.value;
    }

    const bucketKey = limitKeys.bucket(orgId, request.bucket.id);
    const stored = this.buckets.get(bucketKey);
    const { capacity, perMinute } = request.bucket;
    let tokens = stored && stored.expiresAt > now ? stored.tokens : capacity;
    let at = stored && stored.expiresAt > now ? stored.at : now;
    if (now > at) {
      tokens += refill(now - at, perMinute);
      at = now;
    }
    tokens = Math.min(tokens, capacity);

    const minuteKey = limitKeys.minute(orgId, request.minute.index);
    const dayKey = limitKeys.day(orgId, request.day.index);
    const minuteCount = request.minute.limit === null ? 0 : (this.counter(minuteKey, now)?.value ?? 0);
    const dayCount = request.day.limit === null ? 0 : (this.counter(dayKey, now)?.value ?? 0);
    const held = this.slots.get(orgId);
    request.concurrency.released?.forEach((slotId) => held?.delete(slotId));
    if (held) {
      for (const [slotId, expiresAt] of held) {
        if (expiresAt <= now) {
          held.delete(slotId);
        }
      }
    }
    const inFlight = request.concurrency.limit === null ? 0 : (held?.size ?? 0);

    const allowed =
      tokens >= 1 &&
      (request.minute.limit === null || minuteCount < request.minute.limit) &&
      (request.day.limit === null || dayCount < request.day.limit) &&
      (request.tokens === undefined || request.tokens.limit === null || (tokensUsed ?? 0) < request.tokens.limit) &&
      (request.concurrency.limit === null || inFlight < request.concurrency.limit);
    if (!allowed) {
      return { outcome: 'rejected', bucketTokens: tokens, minuteCount, dayCount, tokensUsed, inFlight };
    }

    tokens -= 1;
    this.buckets.set(bucketKey, { tokens, at, expiresAt: now + bucketLifetimeMs(capacity, perMinute) });
    const counted = (key: string, count: number, endsAt: number, limit: number | null): number => {
      if (limit === null) {
        return 0;
      }
      this.counters.set(key, { value: count + 1, expiresAt: endsAt + WINDOW_GRACE_MS });
      return count + 1;
    };
    const minute = counted(minuteKey, minuteCount, request.minute.endsAt, request.minute.limit);
    const day = counted(dayKey, dayCount, request.day.endsAt, request.day.limit);
    let slots = inFlight;
    if (request.concurrency.limit !== null) {
      const orgSlots = held ?? new Map<string, number>();
      orgSlots.set(request.concurrency.slotId, request.concurrency.expiresAt);
      this.slots.set(orgId, orgSlots);
      slots = orgSlots.size;
    }
    return { outcome: 'allowed', bucketTokens: tokens, minuteCount: minute, dayCount: day, tokensUsed, inFlight: slots };
  }

  release(slots: HeldSlot[]): Promise<void> {
    for (const slot of slots) {
      const held = this.slots.get(slot.orgId);
      held?.delete(slot.slotId);
      if (held?.size === 0) {
        this.slots.delete(slot.orgId);
      }
    }
    return Promise.resolve();
  }

  renew(slots: HeldSlot[], expiresAt: number): Promise<void> {
    for (const slot of slots) {
      const held = this.slots.get(slot.orgId);
      if (held?.has(slot.slotId)) {
        held.set(slot.slotId, expiresAt);
      }
    }
    return Promise.resolve();
  }

  seedTokens(orgId: string, day: number, used: number, expiresAt: number, now: number): Promise<void> {
    const key = limitKeys.tokens(orgId, day);
    if (!this.counter(key, now)) {
      this.counters.set(key, { value: used, expiresAt });
    }
    return Promise.resolve();
  }

  recordTokens(orgId: string, day: number, tokens: number, now: number): Promise<void> {
    const counter = this.counter(limitKeys.tokens(orgId, day), now);
    if (counter) {
      counter.value += tokens;
    }
    return Promise.resolve();
  }

  private counter(key: string, now: number): Counter | undefined {
    const counter = this.counters.get(key);
    return counter && counter.expiresAt > now ? counter : undefined;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) {
      return;
    }
    this.lastSweep = now;
    for (const [key, bucket] of this.buckets) {
      if (bucket.expiresAt <= now) {
        this.buckets.delete(key);
      }
    }
    for (const [key, counter] of this.counters) {
      if (counter.expiresAt <= now) {
        this.counters.delete(key);
      }
    }
    for (const [orgId, held] of this.slots) {
      for (const [slotId, expiresAt] of held) {
        if (expiresAt <= now) {
          held.delete(slotId);
        }
      }
      if (held.size === 0) {
        this.slots.delete(orgId);
      }
    }
  }
}
