import type { Request } from 'express';
import { stringsEqual } from '#src/common/crypto/keyed-hash.js';
import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The service's own origin: PUBLIC_URL when set, else the request's scheme and host (behind TRUST_PROXY). */
export function ownOrigin(request: Request, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.get('host') ?? ''}`;
}

/**
 * A state-changing request authenticated by the session cookie must carry the session's CSRF token in
 * `X-CSRF-Token`, and, when the browser says where it comes from (`Origin`), come from the service's own
 * origin. A page of another site can make the browser send the cookie, but can read neither the token nor
 * forge the Origin header.
 */
export function checkCsrf(request: Request, expectedToken: string, publicUrl: string | undefined): void {
  if (SAFE_METHODS.has(request.method)) {
    return;
  }
  const given = request.headers['x-csrf-token'];
  if (typeof given !== 'string' || !stringsEqual(given, expectedToken)) {
    throw new AppError(ErrorCode.CsrfFailed, 'Missing or wrong X-CSRF-Token: send the csrf_token that signing in returned');
  }
  checkOrigin(request, publicUrl);
}

/** A browser's request from another site's page (its `Origin` header says so) is refused: 403 `csrf_failed`. */
export function checkOrigin(request: Request, publicUrl: string | undefined): void {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== ownOrigin(request, publicUrl)) {
    throw new AppError(ErrorCode.CsrfFailed, 'The request comes from another origin');
  }
}
