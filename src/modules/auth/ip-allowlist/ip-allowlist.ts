import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export const MAX_ALLOWLIST_ENTRIES = 100;
export const MAX_ALLOWLIST_ENTRY_LENGTH = 64;

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * An organization's allowed client addresses: IPv4 and IPv6 CIDR ranges, a bare address meaning that one
 * address. An IPv4 client reaching an IPv6 socket (`::ffff:203.0.113.7`) is judged as the IPv4 address.
 */
export class IpAllowlist {
  /** Parsed lists by the stored array: a cached credential carries the same array on every request. */
  private static readonly parsed = new WeakMap<readonly string[], IpAllowlist>();

  private constructor(private readonly ranges: readonly Range[]) {}

  /** The allowlist of stored, already validated entries (an entry that no longer parses allows nothing). */
  static of(entries: readonly string[]): IpAllowlist {
    let allowlist = IpAllowlist.parsed.get(entries);
    if (!allowlist) {
      allowlist = new IpAllowlist(entries.map(parseEntry).filter((range): range is Range => range !== undefined));
      IpAllowlist.parsed.set(entries, allowlist);
    }
    return allowlist;
  }

  allows(address: string | null | undefined): boolean {
    if (!address || isIP(address) === 0) {
      return false;
    }
    const client = ipaddr.process(address);
    return this.ranges.some(([network, prefix]) => network.kind() === client.kind() && client.match(network, prefix));
  }
}

/** The settings value as stored: a list of strings, else no list. */
export function storedAllowlist(value: unknown): readonly string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** Why an allowlist cannot be saved: one message per invalid entry (naming it), or for the list's size. */
export function allowlistErrors(entries: readonly string[]): string[] {
  const errors: string[] = [];
  if (entries.length > MAX_ALLOWLIST_ENTRIES) {
    errors.push(`ip_allowlist holds at most ${MAX_ALLOWLIST_ENTRIES} entries`);
  }
  entries.forEach((entry, index) => {
    if (parseEntry(entry) === undefined) {
      errors.push(`ip_allowlist[${index}] '${entry.slice(0, MAX_ALLOWLIST_ENTRY_LENGTH)}' is not an IPv4 or IPv6 address or CIDR range`);
    }
  });
  return errors;
}

/** `a.b.c.d`, `a.b.c.d/n` (n ≤ 32), an IPv6 address or `…/n` (n ≤ 128); no zone ids, no shorthand IPv4 forms. */
function parseEntry(entry: string): Range | undefined {
  if (entry.length > MAX_ALLOWLIST_ENTRY_LENGTH || entry.includes('%')) {
    return undefined;
  }
  const [address, prefixText, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0 || (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText))) {
    return undefined;
  }
  const bits = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) {
    return undefined;
  }
  const network = ipaddr.parse(address);
  if (network instanceof ipaddr.IPv6 && network.isIPv4MappedAddress() && prefix >= 96) {
    return [network.toIPv4Address(), prefix - 96];
  }
  return [network, prefix];
}
