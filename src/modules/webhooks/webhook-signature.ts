import { createHmac, randomBytes } from 'node:crypto';

/** `X-Service-Signature`: lower-case hex HMAC-SHA256 of the exact body bytes, keyed with the webhook's secret. */
export function signBody(body: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** A new signing secret: `whsec_` and 32 random bytes, base64url. The whole string is the HMAC key. */
export function generateSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
