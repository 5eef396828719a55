import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import { REFILL_INTERVAL_MS, type LimitRequest, type LimitState } from '#src/modules/limits/limit-store.js';

export type LimitKind = 'key_bucket' | 'requests_per_minute' | 'requests_per_day' | 'tokens_per_day' | 'concurrent_requests';

/** One limit as the headers describe it. */
export interface LimitView {
  kind: LimitKind;
  limit: number;
  remaining: number;
  used: number;
  /** Unix seconds: when the limit is whole again (bucket full, window over, a slot likely free). */
  reset: number;
  /** Only for a limit the request failed: whole seconds until a retry can pass it (at least 1). */
  retryAfter?: number;
}

export interface RateLimitHeaders {
  'X-RateLimit-Limit': string;
  'X-RateLimit-Remaining': string;
  'X-RateLimit-Reset': string;
  'X-RateLimit-Used': string;
}

export type LimitDecision = { allowed: true; view: LimitView } | { allowed: false; view: LimitView & { retryAfter: number }; code: ErrorCode };

const CODE_OF_KIND: Record<LimitKind, ErrorCode> = {
  key_bucket: ErrorCode.RateLimitExceeded,
  requests_per_minute: ErrorCode.RateLimitExceeded,
  requests_per_day: ErrorCode.RateLimitExceeded,
  tokens_per_day: ErrorCode.TokenLimitExceeded,
  concurrent_requests: ErrorCode.ConcurrencyLimitExceeded,
};

const seconds = (ms: number): number => Math.ceil(ms / 1_000);
const retryAfter = (ms: number): number => Math.max(1, seconds(ms));

/**
 * Turns the store's answer into what the client sees. Allowed: the headers describe the request-rate
 * limit with the fewest requests remaining (key bucket, plan minute, plan day; on a tie the one that
 * resets last). Rejected: they describe the failed limit that lasts longest, so Retry-After is never too
 * early, and its code says which kind of limit it was.
 */
export function decide(request: LimitRequest, state: LimitState): LimitDecision {
  if (state.outcome === 'allowed') {
    return { allowed: true, view: tightest(request, state) };
  }
  const { now } = request;
  const bucket = bucketView(request, state);
  const bucketTokens = Math.min(state.bucketTokens, request.bucket.capacity);
  const views: LimitView[] = [bucketTokens < 1 ? { ...bucket, retryAfter: retryAfter(refillMs(request, 1 - bucketTokens)) } : bucket];
  const failedWindow = (view: LimitView, endsAt: number): LimitView =>
    view.used >= view.limit && state.outcome === 'rejected' ? { ...view, retryAfter: retryAfter(endsAt - now) } : view;
  if (request.minute.limit !== null) {
    views.push(failedWindow(windowView('requests_per_minute', request.minute.limit, state.minuteCount, request.minute.endsAt), request.minute.endsAt));
  }
  if (request.day.limit !== null) {
    views.push(failedWindow(windowView('requests_per_day', request.day.limit, state.dayCount, request.day.endsAt), request.day.endsAt));
  }

  if (request.tokens && request.tokens.limit !== null && state.tokensUsed !== undefined && state.tokensUsed >= request.tokens.limit) {
    views.push({
      ...windowView('tokens_per_day', request.tokens.limit, state.tokensUsed, request.day.endsAt),
      retryAfter: retryAfter(request.day.endsAt - now),
    });
  }
  if (request.concurrency.limit !== null && state.inFlight >= request.concurrency.limit) {
    views.push({
      kind: 'concurrent_requests',
      limit: request.concurrency.limit,
      remaining: 0,
      used: state.inFlight,
      reset: seconds(now + 1_000),
      retryAfter: 1,
    });
  }
  const failed = views.filter((view): view is LimitView & { retryAfter: number } => view.retryAfter !== undefined);
  // The store rejected, so some limit failed; should the arithmetic disagree, the key bucket is the safe answer.
  const longest = failed.length > 0 ? failed.reduce((worst, view) => (view.retryAfter > worst.retryAfter ? view : worst)) : { ...views[0], retryAfter: 1 };
  return { allowed: false, view: { ...longest, remaining: 0 }, code: CODE_OF_KIND[longest.kind] };
}

/** The request-rate limit an admitted request leaves with the fewest requests (on a tie, the one that resets last). */
function tightest(request: LimitRequest, state: LimitState): LimitView {
  let best = bucketView(request, state);
  const consider = (kind: LimitKind, limit: number | null, count: number, endsAt: number): void => {
    if (limit === null) {
      return;
    }
    const view = windowView(kind, limit, count, endsAt);
    if (view.remaining < best.remaining || (view.remaining === best.remaining && view.reset > best.reset)) {
      best = view;
    }
  };
  consider('requests_per_minute', request.minute.limit, state.minuteCount, request.minute.endsAt);
  consider('requests_per_day', request.day.limit, state.dayCount, request.day.endsAt);
  return best;
}

/** Milliseconds until the request's key bucket holds `tokens` more. */
function refillMs(request: LimitRequest, tokens: number): number {
  return (tokens * REFILL_INTERVAL_MS) / request.bucket.perMinute;
}

function bucketView(request: LimitRequest, state: LimitState): LimitView {
  const { capacity } = request.bucket;
  const tokens = Math.min(state.bucketTokens, capacity);
  const remaining = Math.max(0, Math.floor(tokens));
  return { kind: 'key_bucket', limit: capacity, remaining, used: capacity - remaining, reset: seconds(request.now + refillMs(request, capacity - tokens)) };
}

function windowView(kind: LimitKind, limit: number, count: number, endsAt: number): LimitView {
  return { kind, limit, remaining: Math.max(0, limit - count), used: count, reset: seconds(endsAt) };
}

export function rateLimitHeaders(view: LimitView): RateLimitHeaders {
  return {
    'X-RateLimit-Limit': String(view.limit),
    'X-RateLimit-Remaining': String(view.remaining),
    'X-RateLimit-Reset': String(view.reset),
    'X-RateLimit-Used': String(view.used),
  };
}
