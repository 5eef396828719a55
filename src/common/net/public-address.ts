import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Cloud instance metadata endpoints. The first two lie in ranges refused anyway; Azure's platform
 * address (WireServer) is otherwise an ordinary public address, reachable only from its own VMs.
 */
export const METADATA_ADDRESSES: readonly string[] = ['169.254.169.254', 'fd00:ec2::254', '168.63.129.16'];

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/**
 * True only for an address on the public internet. Everything else is refused: private, loopback,
 * link-local (and so the metadata address), unique-local, CGNAT, multicast, unspecified, broadcast,
 * documentation and other reserved ranges. IPv6 forms that embed an IPv4 address (mapped, SIIT,
 * NAT64, 6to4) are judged by that IPv4 address. Anything that does not parse is not public.
 */
export function isPublicAddress(address: string): boolean {
  const plain = stripBrackets(address);
  const version = isIP(plain.split('%')[0] ?? '');
  if (version === 0) {
    return false;
  }
  if (METADATA_ADDRESSES.includes(plain.toLowerCase())) {
    return false;
  }
  const parsed = ipaddr.parse(plain);
  return parsed.kind() === 'ipv4' ? isPublicV4(parsed as ipaddr.IPv4) : isPublicV6(parsed as ipaddr.IPv6);
}

/** The address itself when `host` is an IP literal (bracketed or not), else undefined. */
export function ipLiteral(host: string): string | undefined {
  const plain = stripBrackets(host);
  return isIP(plain) === 0 ? undefined : plain;
}

function isPublicV4(address: ipaddr.IPv4): boolean {
  return address.range() === 'unicast';
}

function isPublicV6(address: ipaddr.IPv6): boolean {
  const embedded = embeddedV4(address);
  if (embedded) {
    return isPublicV4(embedded);
  }
  return address.match(GLOBAL_UNICAST_V6) && address.range() === 'unicast';
}

function embeddedV4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const range = address.range();
  const parts = address.parts;
  if (range === 'ipv4Mapped' || range === 'rfc6145' || address.match(NAT64_WELL_KNOWN)) {
    return v4FromWords(parts[6], parts[7]);
  }
  if (range === '6to4') {
    return v4FromWords(parts[1], parts[2]);
  }
  return undefined;
}

function v4FromWords(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
