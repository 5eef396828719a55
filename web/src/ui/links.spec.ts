import { describe, expect, it } from 'vitest';
import { webLink } from '@/ui/links';

describe('webLink', () => {
  it('should link web addresses only: never a script, data or file address, nor an uploaded file’s name', () => {
    expect(webLink('https://docs.example.com/a b')).toBe('https://docs.example.com/a%20b');
    expect(webLink('HTTP://EXAMPLE.COM/')).toBe('http://example.com/');
    for (const unsafe of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<b>x</b>',
      'file:///etc/passwd',
      'holidays.pdf',
      '',
      null,
      undefined,
    ]) {
      expect(webLink(unsafe), String(unsafe)).toBeUndefined();
    }
  });
});
