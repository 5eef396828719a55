import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { createSecureContext, rootCertificates } from 'node:tls';
import { Agent, buildConnector } from 'undici';
import { ipLiteral, isPublicAddress } from '#src/common/net/public-address.js';

export { ipLiteral, isPublicAddress, METADATA_ADDRESSES } from '#src/common/net/public-address.js';

export type ResolvedAddress = { address: string; family: 4 | 6 };

/** Resolves a host name to every address it has; injectable so tests can map names without a DNS server. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type TargetUrlRejection = 'invalid_url' | 'unsupported_scheme' | 'credentials' | 'unresolvable' | 'blocked_address';

/** A customer-supplied URL that must not be fetched; `message` is fit to show the customer. */
export class TargetUrlError extends Error {
  override name = 'TargetUrlError';

  constructor(
    readonly reason: TargetUrlRejection,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A connection refused because the host is, or resolves to, an address that is not public. The message
 * does not say which address a name resolved to: it reaches the customer, and the operator's internal
 * DNS is none of their business (`address` is kept for the service's own logs).
 */
export class BlockedAddressError extends TargetUrlError {
  override name = 'BlockedAddressError';
  readonly code = 'ERR_BLOCKED_ADDRESS';

  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super('blocked_address', host === address ? `${address} is not a public address` : `${host} resolves to an address that is not public`);
  }
}

/** Finds a BlockedAddressError in an error or its `cause` chain (fetch wraps connection errors). */
export function findBlockedAddressError(error: unknown): BlockedAddressError | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth++) {
    if (current instanceof BlockedAddressError) {
      return current;
    }
  }
  return undefined;
}

export interface OutboundPolicy {
  /** Lifts the public-address rule (ALLOW_PRIVATE_TARGETS): tests and local trials only. */
  allowPrivateTargets?: boolean;
  resolve?: HostResolver;
}

export interface GuardedDispatcherOptions extends OutboundPolicy {
  connectTimeoutMs?: number;
  /** PEM certificates trusted in addition to the built-in roots. */
  extraCaCertificates?: Array<string | Buffer>;
}

export const systemResolver: HostResolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) => {
      if (error) {
        reject(error);
      } else {
        resolve(addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 })));
      }
    });
  });

/**
 * Resolves `host` (a name or an IP literal) and returns its addresses, refusing with BlockedAddressError when ANY of
 * them is not public: a name that mixes public and private answers is a rebinding attempt as much as a private one.
 */
export async function resolvePublicAddresses(host: string, policy: OutboundPolicy = {}): Promise<ResolvedAddress[]> {
  const literal = ipLiteral(host);
  const addresses: ResolvedAddress[] = literal
    ? [{ address: literal, family: literal.includes(':') ? 6 : 4 }]
    : await (policy.resolve ?? systemResolver)(host.replace(/\.$/, ''));
  if (addresses.length === 0) {
    throw Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND', hostname: host });
  }
  if (!policy.allowPrivateTargets) {
    const blocked = addresses.find(({ address }) => !isPublicAddress(address));
    if (blocked) {
      throw new BlockedAddressError(host, blocked.address);
    }
  }
  return addresses;
}

/**
 * An undici dispatcher for customer-supplied URLs. The address check runs inside the socket's own lookup, so the
 * socket connects to exactly the addresses that were checked: a DNS answer that changes between a check and the
 * connection (rebinding) cannot slip through. IP-literal hosts, which sockets never look up, are checked first.
 *
 * Its connections share one TLS context: left to itself, every TLS connection builds its own, which takes some
 * 2 ms, and 25 ms when it parses the root certificates again to add extra ones (webhook deliveries open a
 * connection each).
 */
export function createGuardedDispatcher(options: GuardedDispatcherOptions = {}): Agent {
  const connector = buildConnector({
    lookup: guardedLookup(options),
    secureContext: createSecureContext(options.extraCaCertificates?.length ? { ca: [...rootCertificates, ...options.extraCaCertificates] } : {}),
    ...(options.connectTimeoutMs === undefined ? {} : { timeout: options.connectTimeoutMs }),
  });
  const connect: buildConnector.connector = (connectOptions, callback) => {
    const literal = ipLiteral(connectOptions.hostname);
    if (literal !== undefined && !options.allowPrivateTargets && !isPublicAddress(literal)) {
      callback(new BlockedAddressError(literal, literal), null);
      return;
    }
    connector(connectOptions, callback);
  };
  return new Agent({ connect });
}

function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    resolvePublicAddresses(hostname, policy).then(
      (addresses) => {
        const family = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : undefined;
        const usable = family ? addresses.filter((address) => address.family === family) : addresses;
        const first = usable[0];
        if (!first) {
          callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' }), '', 0);
        } else if (lookupOptions.all) {
          callback(null, usable);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

export interface ValidateTargetUrlOptions extends OutboundPolicy {
  /** Webhook targets must be HTTPS; data sources may be HTTP or HTTPS. */
  httpsOnly?: boolean;
}

/**
 * Checks a customer-supplied URL when it is stored (a website data source, a webhook): http(s) only, no credentials,
 * and a host that resolves, only to public addresses. Fetching it later goes through the guarded dispatcher anyway,
 * since DNS can change in between; this check is for telling the customer at once.
 */
export async function validateTargetUrl(raw: string, options: ValidateTargetUrlOptions = {}): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetUrlError('invalid_url', 'not a valid absolute URL');
  }
  const schemes = options.httpsOnly ? ['https:'] : ['http:', 'https:'];
  if (!schemes.includes(url.protocol)) {
    throw new TargetUrlError('unsupported_scheme', `the URL must use ${options.httpsOnly ? 'https' : 'http or https'}, not ${url.protocol.slice(0, -1)}`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new TargetUrlError('credentials', 'the URL must not contain a user name or password');
  }
  try {
    await resolvePublicAddresses(url.hostname, options);
  } catch (error) {
    if (error instanceof TargetUrlError) {
      throw error;
    }
    throw new TargetUrlError('unresolvable', `${url.hostname} does not resolve to an address`);
  }
  return url;
}
