import { LEASE_DIVISOR, LEASE_MAX } from '#src/modules/limits/leased-limit-store.js';

/**
 * Units of a limit that an instance's step in Redis takes when `left` remain and it holds no lease: the
 * request's own, plus a lease of up to 1/LEASE_DIVISOR of the rest (at most LEASE_MAX in all). The headers
 * count leased units as used, so this is what X-RateLimit-Used shows after a first request.
 */
export function leasedUnits(left: number): number {
  return 1 + Math.min(LEASE_MAX - 1, Math.floor((left - 1) / LEASE_DIVISOR));
}
