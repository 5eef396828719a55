import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of a secret value under the service's secret, hex: what is stored of API keys and other tokens. */
export function keyedHash(value: string, secret: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

const HEX = /^(?:[0-9a-fA-F]{2})+$/;

/**
 * Constant-time comparison of two hex hashes. Buffer.from(…, 'hex') silently drops an odd last digit and
 * everything from the first non-hex character, so anything that is not whole hex never matches.
 */
export function hashesEqual(a: string, b: string): boolean {
  if (!HEX.test(a) || !HEX.test(b)) {
    return false;
  }
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Constant-time equality of two strings (different lengths compare unequal at once: lengths are not secret here). */
export function stringsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A new secret token: a recognisable prefix (so leaked tokens can be found by scanners) and 256 random bits. */
export function newSecretToken(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}
