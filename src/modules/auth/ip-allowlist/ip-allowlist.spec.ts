import { describe, expect, it } from 'vitest';
import { allowlistErrors, IpAllowlist, MAX_ALLOWLIST_ENTRIES, storedAllowlist } from '#src/modules/auth/ip-allowlist/ip-allowlist.js';

describe('IpAllowlist', () => {
  it('should allow addresses inside IPv4 and IPv6 ranges and bare addresses, and nothing else', () => {
    const allowlist = IpAllowlist.of(['203.0.113.0/24', '198.51.100.7', '2001:db8:abcd::/48', '2001:db8::1']);
    expect(allowlist.allows('203.0.113.200')).toBe(true);
    expect(allowlist.allows('203.0.114.1')).toBe(false);
    expect(allowlist.allows('198.51.100.7')).toBe(true);
    expect(allowlist.allows('198.51.100.8')).toBe(false);
    expect(allowlist.allows('2001:db8:abcd:12::5')).toBe(true);
    expect(allowlist.allows('2001:db8:abce::5')).toBe(false);
    expect(allowlist.allows('2001:db8::1')).toBe(true);
    expect(allowlist.allows('2001:db8::2')).toBe(false);
  });

  it('should judge an IPv4 client seen on an IPv6 socket as its IPv4 address, and refuse what is not an address', () => {
    const allowlist = IpAllowlist.of(['127.0.0.0/8']);
    expect(allowlist.allows('::ffff:127.0.0.1')).toBe(true);
    expect(IpAllowlist.of(['::ffff:10.0.0.0/104']).allows('10.1.2.3')).toBe(true);
    for (const address of [null, undefined, '', 'localhost', '127.1', '::1']) {
      expect(allowlist.allows(address), String(address)).toBe(false);
    }
  });

  it('should allow every address with /0 ranges of its family only', () => {
    expect(IpAllowlist.of(['0.0.0.0/0']).allows('8.8.8.8')).toBe(true);
    expect(IpAllowlist.of(['0.0.0.0/0']).allows('2001:db8::1')).toBe(false);
    expect(IpAllowlist.of(['::/0']).allows('2001:db8::1')).toBe(true);
  });

  it('should name every invalid entry, and refuse more than the maximum', () => {
    expect(allowlistErrors(['10.0.0.0/8', '::1', '2001:db8::/32', '192.168.1.1/32'])).toEqual([]);
    const bad = ['10.0.0.0/33', 'foo', '', '10.0.0', '10.0.0.1/8/8', '::/129', 'fe80::1%eth0', '10.0.0.0/-1', '10.0.0.0/ 8', '1.2.3.04', `${'1'.repeat(70)}`];
    const errors = allowlistErrors(bad);
    expect(errors).toHaveLength(bad.length);
    expect(errors[1]).toBe("ip_allowlist[1] 'foo' is not an IPv4 or IPv6 address or CIDR range");
    expect(allowlistErrors(Array.from({ length: MAX_ALLOWLIST_ENTRIES + 1 }, () => '10.0.0.1'))).toEqual([
      `ip_allowlist holds at most ${MAX_ALLOWLIST_ENTRIES} entries`,
    ]);
  });

  it('should read only string entries of a stored list', () => {
    expect(storedAllowlist(null)).toEqual([]);
    expect(storedAllowlist('10.0.0.0/8')).toEqual([]);
    expect(storedAllowlist(['10.0.0.0/8', 7])).toEqual(['10.0.0.0/8']);
  });
});
