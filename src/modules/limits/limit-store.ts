/**
 * What one request asks of the limit store: every limit it must pass, checked and (only when all pass)
 * consumed in one atomic step. Times are milliseconds on the limiter's clock; `null` limits are unlimited.
 */
export interface LimitRequest {
  now: number;
  orgId: string;
  /** The key's bucket within the organization: `<key id>:<scope class>`. */
  /** Refills continuously: `perMinute` tokens every 60 s (multiplied before dividing, so whole tokens come exactly on time). */
  bucket: { id: string; capacity: number; perMinute: number };
  /** A fixed window (UTC minute or UTC day): its index names its counter, `endsAt` is when it resets. */
  minute: WindowRequest;
  day: WindowRequest;
  /** Only for routes that spend model tokens; the counter is per UTC day (the day window's index). */
  tokens: { limit: number | null } | undefined;
  /**
   * A slot held until released or until `expiresAt` (a lease the holder renews while the request runs).
   * `released`: slots of this organization whose requests ended since, removed first in the same step (so
   * releasing costs no command of its own while the organization keeps sending requests).
   */
  concurrency: { limit: number | null; slotId: string; expiresAt: number; released?: string[] };
}

export interface WindowRequest {
  index: number;
  limit: number | null;
  endsAt: number;
}

export interface LimitState {
  /** `seed_tokens`: the day's token counter is missing (new day, or a store that lost it); nothing was consumed. */
  outcome: 'allowed' | 'rejected' | 'seed_tokens';
  /** Tokens in the bucket: after taking one when allowed, before (fewer than one) when rejected. */
  bucketTokens: number;
  /** Requests counted in the windows, this one included when allowed. */
  minuteCount: number;
  dayCount: number;
  /** Model tokens used today; undefined when the route does not spend tokens. */
  tokensUsed: number | undefined;
  /** Slots held in the organization, this request's included when allowed. */
  inFlight: number;
}

export interface HeldSlot {
  orgId: string;
  slotId: string;
}

/** Both implementations (in memory, Redis) keep exactly the same contract; see limit-store.spec.ts. */
export interface LimitStore {
  readonly kind: 'memory' | 'redis';
  check(request: LimitRequest): Promise<LimitState>;
  release(slots: HeldSlot[]): Promise<void>;
  /** Extends the leases of slots still held. */
  renew(slots: HeldSlot[], expiresAt: number): Promise<void>;
  /** Sets the day's token counter if it is still missing (another instance may have seeded it first). */
  seedTokens(orgId: string, day: number, used: number, expiresAt: number, now: number): Promise<void>;
  /** Adds to the day's token counter if it exists; a missing one is seeded from the database on the next check. */
  recordTokens(orgId: string, day: number, tokens: number, now: number): Promise<void>;
}

/** Key names, shared by both stores; the hash tag keeps one organization's keys in one Redis Cluster slot. */
export const limitKeys = {
  bucket: (orgId: string, bucketId: string): string => `rl:{${orgId}}:bucket:${bucketId}`,
  minute: (orgId: string, index: number): string => `rl:{${orgId}}:minute:${index}`,
  day: (orgId: string, index: number): string => `rl:{${orgId}}:day:${index}`,
  tokens: (orgId: string, day: number): string => `rl:{${orgId}}:tokens:${day}`,
  /** Holders of concurrency slots (a request, or an instance's reservation), scored by when they expire. */
  slots: (orgId: string): string => `rl:{${orgId}}:slots`,
  /** How many slots each holder has. */
  slotCounts: (orgId: string): string => `rl:{${orgId}}:slot-counts`,
};

export const REFILL_INTERVAL_MS = 60_000;

/** Tokens a bucket gains in `elapsedMs`. */
export function refill(elapsedMs: number, perMinute: number): number {
  return (elapsedMs * perMinute) / REFILL_INTERVAL_MS;
}

/** Milliseconds a full bucket takes to refill from empty, plus a margin: how long an idle bucket must be kept. */
export function bucketLifetimeMs(capacity: number, perMinute: number): number {
  return Math.ceil((capacity * REFILL_INTERVAL_MS) / perMinute) + 1_000;
}

/** Counters outlive their window a little, so a slow clock on another instance still finds them. */
export const WINDOW_GRACE_MS = 60_000;
