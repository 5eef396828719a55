import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Request } from 'express';
import type { ClientInfo } from '#src/common/auth/auth-context.js';

/**
 * Where a request comes from: Express's `req.ip` (X-Forwarded-For only from TRUST_PROXY proxies), an IPv4
 * client on an IPv6 socket (`::ffff:203.0.113.7`) shown as its IPv4 address, as the allowlist judges it;
 * and its user agent.
 */
export function clientOf(request: Request): ClientInfo {
  const address = request.ip;
  return { ip: address ? (isIP(address) === 0 ? address : ipaddr.process(address).toString()) : null, userAgent: request.get('user-agent') ?? null };
}
