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
  return { ip: addressOf(request.ip), userAgent: request.get('user-agent') ?? null };
}

/**
 * Express answers whatever a trusted proxy forwarded, address or not: anything else is no address (no
 * allowlist admits it, and no record keeps it). A zone id names an interface of the host that saw the
 * client, not the client, and is dropped.
 */
function addressOf(address: string | undefined): string | null {
  if (!address || isIP(address) === 0) {
    return null;
  }
  return ipaddr.process(address.split('%')[0]).toString();
}
