import { describe, expect, it } from 'vitest';
import { redirectUriError } from '#src/modules/oauth/clients/redirect-uris.js';

describe('redirectUriError', () => {
  it.each([
    'https://app.example.com/callback',
    'https://app.example.com:8443/cb?x=1',
    'http://127.0.0.1:53682/cb',
    'http://[::1]/cb',
    'http://localhost:3000/cb',
  ])('should accept %s', (uri) => {
    expect(redirectUriError(uri)).toBeUndefined();
  });

  it.each([
    ['/callback', 'absolute'],
    ['http://app.example.com/cb', 'https'],
    ['http://10.0.0.5/cb', 'https'],
    ['com.example.app:/cb', 'https'],
    ['javascript:alert(1)', 'https'],
    ['https://app.example.com/cb#frag', 'fragment'],
    ['https://user:pass@app.example.com/cb', 'credentials'],
    ['https://*.example.com/cb', 'wildcard'],
    [`https://app.example.com/${'a'.repeat(2_000)}`, 'longer'],
  ])('should refuse %s', (uri, reason) => {
    expect(redirectUriError(uri)).toContain(reason);
  });
});
