import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from '#src/config/trust-proxy.js';

describe('parseTrustProxy', () => {
  it('should read Express’s trust proxy syntax', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('loopback, linklocal, uniquelocal')).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16, 192.168.0.0/255.255.0.0, fd00::/8, ::1')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '192.168.0.0/255.255.0.0',
      'fd00::/8',
      '::1',
    ]);
  });

  it('should refuse what is not that syntax', () => {
    for (const value of ['yes', '10.0.0.300', '10.0.0.0/33', 'loopback,', 'proxy.internal', '10.0.0.0/8/1', '-1']) {
      expect(parseTrustProxy(value)).toBeUndefined();
    }
  });
});
