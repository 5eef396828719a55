import { describe, expect, it } from 'vitest';
import { redirectUrisOf } from '@/pages/oauth-clients/clients';

describe('redirectUrisOf', () => {
  it('should take one address per line, trimmed, without blank lines or repeats', () => {
    expect(redirectUrisOf(' https://a.test/cb \r\n\n  \nhttp://127.0.0.1:8080/cb\nhttps://a.test/cb\n')).toEqual([
      'https://a.test/cb',
      'http://127.0.0.1:8080/cb',
    ]);
    expect(redirectUrisOf('')).toEqual([]);
  });
});
