import { describe, expect, it } from 'vitest';
import { allowlistEntries, allowlistProblems, allowlistText, withAddress } from '@/pages/organization/allowlist';

describe('allowlistEntries', () => {
  it('should take one trimmed entry per line, remembering its line, and skip blank lines', () => {
    expect(allowlistEntries(' 203.0.113.0/24\r\n\n  \n2001:db8::/32 \n')).toEqual([
      { value: '203.0.113.0/24', line: 1 },
      { value: '2001:db8::/32', line: 4 },
    ]);
    expect(allowlistEntries('')).toEqual([]);
    expect(allowlistText(['a', 'b'])).toBe('a\nb');
  });
});

describe('allowlistProblems', () => {
  it('should point each refused entry at its line, and keep other reasons whole', () => {
    const entries = allowlistEntries('203.0.113.0/24\n\nnot-an-address\n10.0.0.0/33');
    expect(
      allowlistProblems(
        [
          'ip_allowlist holds at most 100 entries',
          "ip_allowlist[1] 'not-an-address' is not an IPv4 or IPv6 address or CIDR range",
          "ip_allowlist[2] '10.0.0.0/33' is not an IPv4 or IPv6 address or CIDR range",
          'ip_allowlist[9] out of range',
        ],
        entries,
      ),
    ).toEqual([
      'ip_allowlist holds at most 100 entries',
      "Line 3: 'not-an-address' is not an IPv4 or IPv6 address or CIDR range",
      "Line 4: '10.0.0.0/33' is not an IPv4 or IPv6 address or CIDR range",
      'ip_allowlist[9] out of range',
    ]);
    expect(allowlistProblems(undefined, entries)).toEqual([]);
  });
});

describe('withAddress', () => {
  it('should add the address on a line of its own, once', () => {
    expect(withAddress('', '198.51.100.7')).toBe('198.51.100.7');
    expect(withAddress('203.0.113.0/24\n\n', '198.51.100.7')).toBe('203.0.113.0/24\n198.51.100.7');
    expect(withAddress('198.51.100.7\n', '198.51.100.7')).toBe('198.51.100.7\n');
  });
});
