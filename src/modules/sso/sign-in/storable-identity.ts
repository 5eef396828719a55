import { isAccountEmail } from '#src/common/validation/validators.js';
import { SsoFailure } from '#src/modules/sso/sso-failure.js';
import type { SsoIdentity } from '#src/modules/sso/sso-request.js';
import { MAX_NAME_LENGTH } from '#src/modules/users/user.entity.js';

/** Control characters (line breaks, NUL, which PostgreSQL refuses) and halves of a surrogate pair standing alone. */
const NOT_TEXT = /[\p{Cc}\p{Cs}]+/gu;

/**
 * What the identity provider vouched for, fitted to a user row.
 *
 * - The address must be one `POST /api/v1/users` would take (trimmed, compared lower-cased); anything else
 *   is refused like an invalid assertion, before its domain is looked at, so that `x@evil.com\n@acme.test`
 *   never passes for an address at acme.test.
 * - A display name is only a label, never a reason to refuse a sign-in: what is not text becomes a space,
 *   it is cut to the length a user's name may have, and a name left empty is dropped.
 */
export function storableIdentity(vouched: SsoIdentity): SsoIdentity {
  const email = vouched.email.trim().toLowerCase();
  if (!isAccountEmail(email)) {
    throw new SsoFailure('authentication_failed', 'invalid_email');
  }
  return { email, name: vouched.name === null ? null : displayName(vouched.name) };
}

function displayName(raw: string): string | null {
  const cleaned = raw.replace(NOT_TEXT, ' ').trim();
  // Cut by code point, as PostgreSQL counts a varchar's length, so that no surrogate pair is split.
  return Array.from(cleaned).slice(0, MAX_NAME_LENGTH).join('').trim() || null;
}
