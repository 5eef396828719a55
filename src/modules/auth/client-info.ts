import type { Request } from 'express';
import type { ClientInfo } from '#src/common/auth/auth-context.js';

/** Where a request comes from: Express's `req.ip` (X-Forwarded-For only from TRUST_PROXY proxies) and its user agent. */
export function clientOf(request: Request): ClientInfo {
  return { ip: request.ip ?? null, userAgent: request.get('user-agent') ?? null };
}
