import { isIP } from 'node:net';

/** What Express's `trust proxy` setting takes: off, every hop, a number of hops, or the proxies' addresses. */
export type TrustProxy = boolean | number | readonly string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY in Express's syntax: `false` (or empty) trusts no proxy, `true` every one, a whole number
 * that many hops from the service, else a comma-separated list of addresses, subnets (`10.0.0.0/8`,
 * `10.0.0.0/255.0.0.0`) and the names `loopback`, `linklocal`, `uniquelocal`. Undefined: not that syntax.
 */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const text = value.trim();
  if (text === '' || text === 'false') {
    return false;
  }
  if (text === 'true') {
    return true;
  }
  if (/^\d+$/.test(text)) {
    return Number(text);
  }
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isProxyEntry) ? entries : undefined;
}

function isProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) {
    return true;
  }
  const [address, range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) {
    return false;
  }
  if (range === undefined) {
    return true;
  }
  if (/^\d+$/.test(range)) {
    return Number(range) <= (family === 4 ? 32 : 128);
  }
  return family === 4 && isIP(range) === 4;
}
