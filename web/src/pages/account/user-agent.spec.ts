import { describe, expect, it } from 'vitest';
import { summariseUserAgent } from '@/pages/account/user-agent';

describe('summariseUserAgent', () => {
  it('should name the browser and the system', () => {
    expect(
      summariseUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0'),
    ).toBe('Edge on Windows');
    expect(summariseUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36')).toBe('Chrome on Linux');
    expect(summariseUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36')).toBe(
      'Headless Chrome on Linux',
    );
    expect(summariseUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:131.0) Gecko/20100101 Firefox/131.0')).toBe('Firefox on macOS');
    expect(
      summariseUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(summariseUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36')).toBe(
      'Chrome on Android',
    );
  });

  it('should name tools by their first product, and say when nothing is known', () => {
    expect(summariseUserAgent('curl/8.5.0')).toBe('curl');
    expect(summariseUserAgent('node')).toBe('node');
    expect(summariseUserAgent('python-requests/2.32.3')).toBe('python-requests');
    expect(summariseUserAgent(null)).toBe('Unknown device');
    expect(summariseUserAgent('  ')).toBe('Unknown device');
  });
});
