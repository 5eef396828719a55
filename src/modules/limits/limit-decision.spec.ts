import { describe, expect, it } from 'vitest';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import { decide, rateLimitHeaders } from '#src/modules/limits/limit-decision.js';
import type { LimitRequest, LimitState } from '#src/modules/limits/limit-store.js';
import { effectiveLimits, KEY_BUCKETS, limitOverrideErrors, PLAN_LIMITS } from '#src/modules/limits/plan-limits.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** 10:00:15.250 UTC: 44.75 s before the minute ends, 14 h less 15.25 s before the day ends. */
const NOW = Date.UTC(2026, 0, 6, 10, 0, 15, 250);
const MINUTE_END = Date.UTC(2026, 0, 6, 10, 1, 0);
const DAY_END = Date.UTC(2026, 0, 7);

function request(overrides: Partial<LimitRequest> = {}): LimitRequest {
  return {
    now: NOW,
    orgId: 'org_a',
    bucket: { id: 'key_a:read', capacity: 250, perMinute: 200 },
    minute: { index: Math.floor(NOW / MINUTE), limit: 20, endsAt: MINUTE_END },
    day: { index: Math.floor(NOW / DAY), limit: 1_000, endsAt: DAY_END },
    tokens: undefined,
    concurrency: { limit: 2, slotId: 's', expiresAt: NOW + MINUTE },
    ...overrides,
  };
}

const state = (overrides: Partial<LimitState>): LimitState => ({
  outcome: 'allowed',
  bucketTokens: 249,
  minuteCount: 1,
  dayCount: 1,
  tokensUsed: undefined,
  inFlight: 1,
  ...overrides,
});

describe('decide', () => {
  it('should describe the limit with the fewest requests remaining', () => {
    const minuteTightest = decide(request(), state({ minuteCount: 5, dayCount: 5 }));
    expect(minuteTightest).toMatchObject({ allowed: true, view: { kind: 'requests_per_minute', limit: 20, remaining: 15, used: 5 } });
    expect(rateLimitHeaders(minuteTightest.view)).toEqual({
      'X-RateLimit-Limit': '20',
      'X-RateLimit-Remaining': '15',
      'X-RateLimit-Reset': String(MINUTE_END / 1_000),
      'X-RateLimit-Used': '5',
    });

    const dayTightest = decide(request(), state({ minuteCount: 5, dayCount: 990 }));
    expect(dayTightest.view).toEqual({ kind: 'requests_per_day', limit: 1_000, remaining: 10, used: 990, reset: DAY_END / 1_000 });

    // 3.5 tokens left of 15 at 10 per minute: full again in 11.5 tokens x 6 s = 69 s.
    const bucketTightest = decide(request({ bucket: { id: 'key_a:write', capacity: 15, perMinute: 10 } }), state({ bucketTokens: 3.5 }));
    expect(bucketTightest.view).toEqual({ kind: 'key_bucket', limit: 15, remaining: 3, used: 12, reset: Math.ceil((NOW + 69_000) / 1_000) });
  });

  it('should prefer, on a tie, the limit that resets last', () => {
    const tie = decide(
      request({ minute: { index: 0, limit: 10, endsAt: MINUTE_END }, day: { index: 0, limit: 10, endsAt: DAY_END } }),
      state({ minuteCount: 4, dayCount: 4 }),
    );
    expect(tie.view.kind).toBe('requests_per_day');
  });

  it('should leave out unlimited windows', () => {
    const unlimited = decide(request({ minute: { index: 0, limit: null, endsAt: MINUTE_END }, day: { index: 0, limit: null, endsAt: DAY_END } }), state({}));
    expect(unlimited.view.kind).toBe('key_bucket');
  });

  it('should give the bucket\u2019s Retry-After as the time to the next token, at least 1 s', () => {
    // 0.25 tokens at 200 per minute (one per 300 ms): the next whole token in 225 ms.
    const rejected = decide(request(), state({ outcome: 'rejected', bucketTokens: 0.25 }));
    expect(rejected).toMatchObject({
      allowed: false,
      code: ErrorCode.RateLimitExceeded,
      view: { kind: 'key_bucket', limit: 250, remaining: 0, retryAfter: 1 },
    });
    // 10 per minute, empty: 6 s.
    const slow = decide(request({ bucket: { id: 'key_a:write', capacity: 15, perMinute: 10 } }), state({ outcome: 'rejected', bucketTokens: 0 }));
    expect(slow.view).toEqual({ kind: 'key_bucket', limit: 15, remaining: 0, used: 15, reset: Math.ceil((NOW + 90_000) / 1_000), retryAfter: 6 });
  });

  it('should answer a full minute window with the seconds to the next minute', () => {
    const rejected = decide(request(), state({ outcome: 'rejected', minuteCount: 20 }));
    expect(rejected).toMatchObject({ allowed: false, code: ErrorCode.RateLimitExceeded });
    expect(rejected.view).toEqual({ kind: 'requests_per_minute', limit: 20, remaining: 0, used: 20, reset: MINUTE_END / 1_000, retryAfter: 45 });
  });

  it('should name the longest-lasting failure when several limits fail', () => {
    const both = decide(request(), state({ outcome: 'rejected', minuteCount: 20, dayCount: 1_000 }));
    expect(both.view).toMatchObject({ kind: 'requests_per_day', retryAfter: Math.ceil((DAY_END - NOW) / 1_000) });

    const tokens = decide(request({ tokens: { limit: 100_000 } }), state({ outcome: 'rejected', minuteCount: 20, tokensUsed: 100_250 }));
    expect(tokens).toMatchObject({
      code: ErrorCode.TokenLimitExceeded,
      view: { kind: 'tokens_per_day', limit: 100_000, used: 100_250, remaining: 0, reset: DAY_END / 1_000 },
    });
  });

  it('should answer a full organization with concurrency_limit_exceeded and Retry-After 1', () => {
    const busy = decide(request(), state({ outcome: 'rejected', inFlight: 2 }));
    expect(busy).toMatchObject({
      code: ErrorCode.ConcurrencyLimitExceeded,
      view: { kind: 'concurrent_requests', limit: 2, used: 2, remaining: 0, retryAfter: 1 },
    });
  });
});

describe('effectiveLimits', () => {
  it('should apply the plan table', () => {
    expect(effectiveLimits({ name: 'free', overrides: undefined })).toEqual({ plan: 'free', keyBuckets: KEY_BUCKETS, organization: PLAN_LIMITS.free });
    expect(effectiveLimits({ name: 'pro', overrides: { requests_per_minute: 5 } }).organization).toEqual(PLAN_LIMITS.pro);
    expect(effectiveLimits({ name: 'platinum', overrides: undefined }).plan).toBe('free');
  });

  it('should apply enterprise overrides and ignore invalid ones', () => {
    const limits = effectiveLimits({
      name: 'enterprise',
      overrides: {
        requests_per_minute: 5_000,
        requests_per_day: 3,
        tokens_per_day: 'lots',
        concurrent_requests: 0,
        key_buckets: { read: { burst: 1_000 }, bogus: {} },
      },
    });
    expect(limits.organization).toEqual({ requestsPerMinute: 5_000, requestsPerDay: 3, tokensPerDay: null, concurrentRequests: 50 });
    expect(limits.keyBuckets.read).toEqual({ perMinute: 200, burst: 1_000 });
    expect(limits.keyBuckets.write).toEqual(KEY_BUCKETS.write);
  });

  it('should hold stored overrides below the enterprise floors at the floors', () => {
    const limits = effectiveLimits({
      name: 'enterprise',
      overrides: { requests_per_minute: 21, concurrent_requests: 3, key_buckets: { execute: { requests_per_minute: 5, burst: 500 } } },
    });
    expect(limits.organization).toMatchObject({ requestsPerMinute: 1_000, concurrentRequests: 50 });
    expect(limits.keyBuckets.execute).toEqual({ perMinute: 100, burst: 500 });
  });

  it('should name each invalid override field', () => {
    expect(
      limitOverrideErrors({ requests_per_minute: 1_000, requests_per_day: null, key_buckets: { execute: { requests_per_minute: 500, burst: 600 } } }),
    ).toEqual({});
    expect(
      limitOverrideErrors({
        requests_per_minute: 999,
        concurrent_requests: 49,
        requests_per_day: 1,
        key_buckets: { write: { burst: 14 }, read: { requests_per_minute: 250 } },
      }),
    ).toEqual({
      requests_per_minute: ["requests_per_minute must be at least 1000, the enterprise plan's own limit"],
      concurrent_requests: ["concurrent_requests must be at least 50, the enterprise plan's own limit"],
      'key_buckets.write': ['key_buckets.write may only raise the bucket: requests_per_minute at least 10, burst at least 15'],
    });
    expect(
      Object.keys(limitOverrideErrors({ requests_per_minute: null, tokens_per_day: -1, nope: 1, key_buckets: { root: {}, read: { burst: 1.5 } } })),
    ).toEqual(['requests_per_minute', 'tokens_per_day', 'nope', 'key_buckets.root', 'key_buckets.read']);
    expect(limitOverrideErrors([])).toEqual({ limits: ['limits must be an object'] });
  });
});
