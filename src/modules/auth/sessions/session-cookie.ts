import { createHmac } from 'node:crypto';
import { parse, serialize } from 'cookie';
import type { Request } from 'express';
import { stringsEqual } from '#src/common/crypto/keyed-hash.js';

export const SESSION_COOKIE = 'service_session';
/** A session lives seven days after the last request it served. */
export const SESSION_LIFETIME_MS = 7 * 24 * 3_600_000;
const TOKEN = /^svcses_[A-Za-z0-9_-]{43}$/;

function signature(purpose: 'cookie' | 'csrf', token: string, secret: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${token}`).digest('base64url');
}

/** `<token>.<signature>`: a value the service did not issue is refused before any lookup. */
export function cookieValueOf(token: string, secret: string): string {
  return `${token}.${signature('cookie', token, secret)}`;
}

/** The session token a request's cookie carries: undefined without the cookie, false when it was not issued by this service. */
export function sessionTokenOf(request: Request, secret: string): string | false | undefined {
  const header = request.headers.cookie;
  if (!header) {
    return undefined;
  }
  const value = parse(header)[SESSION_COOKIE];
  if (value === undefined || value === '') {
    return undefined;
  }
  const dot = value.lastIndexOf('.');
  const token = value.slice(0, dot);
  if (dot < 0 || !TOKEN.test(token) || !stringsEqual(value.slice(dot + 1), signature('cookie', token, secret))) {
    return false;
  }
  return token;
}

/** The session's CSRF token: derived from the session token, so it needs no storage and dies with the session. */
export function csrfTokenOf(token: string, secret: string): string {
  return signature('csrf', token, secret);
}

/** Secure even on plain-HTTP trials: browsers treat http://localhost as a secure context and keep it. */
export function sessionCookie(value: string): string {
  return serialize(SESSION_COOKIE, value, { httpOnly: true, secure: true, sameSite: 'lax', path: '/', maxAge: SESSION_LIFETIME_MS / 1000 });
}

export function clearedSessionCookie(): string {
  return serialize(SESSION_COOKIE, '', { httpOnly: true, secure: true, sameSite: 'lax', path: '/', maxAge: 0 });
}
