import { describe, expect, it } from 'vitest';
import { httpsLocation } from '#src/common/http/security.middleware.js';

describe('httpsLocation', () => {
  it('should send the client to the public address when it is an HTTPS one', () => {
    expect(httpsLocation('https://kb.example.test', 'evil.test', '/a?b=1')).toBe('https://kb.example.test/a?b=1');
    expect(httpsLocation('https://kb.example.test:8443', 'evil.test', '/a', 8443)).toBe('https://kb.example.test:8443/a');
  });

  it('should keep the requested host without a public HTTPS address', () => {
    expect(httpsLocation(undefined, 'api.example.test', '/a')).toBe('https://api.example.test/a');
    expect(httpsLocation('http://kb.example.test', 'api.example.test:80', '/a')).toBe('https://api.example.test:80/a');
  });

  it('should move the host to the TLS port of the native listener', () => {
    expect(httpsLocation(undefined, '127.0.0.1:8080', '/a', 8443)).toBe('https://127.0.0.1:8443/a');
    expect(httpsLocation(undefined, '[::1]:8080', '/a', 8443)).toBe('https://[::1]:8443/a');
    expect(httpsLocation(undefined, 'kb.example.test', '/a', 443)).toBe('https://kb.example.test/a');
  });

  it('should refuse a Host that is no host name', () => {
    expect(httpsLocation(undefined, 'evil.test/@other', '/a')).toBeUndefined();
    expect(httpsLocation(undefined, undefined, '/a', 8443)).toBeUndefined();
  });
});
