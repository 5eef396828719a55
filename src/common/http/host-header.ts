import type { NextFunction, Request, Response } from 'express';
import { AppError } from '#src/common/errors/app.error.js';

/** A host name (a Docker service name may hold `_`) or a bracketed IPv6 address, and an optional port. */
const HOST = /^(?:[A-Za-z0-9_.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;
const MAX_PORT = 65_535;

/** Whether a Host header names a host (and port) a URL can be built on: no user, path, query, space or stray bracket. */
export function isValidHost(host: string): boolean {
  const match = HOST.exec(host);
  if (!match || (match[1] !== undefined && Number(match[1]) > MAX_PORT)) {
    return false;
  }
  return URL.canParse(`http://${host}/`);
}

/**
 * A Host header that names no host is refused (RFC 9112, section 3.2): links, redirects and the OAuth
 * issuer are built on it when PUBLIC_URL is unset, and a URL cannot be made of `[::1` or `a b`.
 */
export function validHost(request: Request, _response: Response, next: NextFunction): void {
  const host = request.headers.host;
  next(
    host === undefined || isValidHost(host)
      ? undefined
      : AppError.invalid('The Host header is not a valid host name', { host: ['must be a host name or address, with an optional port'] }),
  );
}
