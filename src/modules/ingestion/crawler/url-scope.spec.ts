import { describe, expect, it } from 'vitest';
import { isInScope, normalizeUrl, pageKey, scopeOf } from '#src/modules/ingestion/crawler/url-scope.js';

const base = new URL('https://docs.example.test/guide/intro.html');

describe('normalizeUrl', () => {
  it.each([
    ['HTTPS://Docs.Example.TEST/Guide/', 'https://docs.example.test/Guide/'],
    ['https://docs.example.test:443/a', 'https://docs.example.test/a'],
    ['http://docs.example.test:80/a', 'http://docs.example.test/a'],
    ['http://docs.example.test:8080/a', 'http://docs.example.test:8080/a'],
    ['setup.html', 'https://docs.example.test/guide/setup.html'],
    ['./setup.html#install', 'https://docs.example.test/guide/setup.html'],
    ['../api/./index.html', 'https://docs.example.test/api/index.html'],
    ['/a/b/../../c/', 'https://docs.example.test/c/'],
    ['?page=2', 'https://docs.example.test/guide/intro.html?page=2'],
    ['search?q=a+b&lang=en#results', 'https://docs.example.test/guide/search?q=a+b&lang=en'],
    ['//cdn.example.test/file.pdf', 'https://cdn.example.test/file.pdf'],
    ['  spaced.html  ', 'https://docs.example.test/guide/spaced.html'],
  ])('should normalise %s to %s', (href, expected) => {
    expect(normalizeUrl(href, base)?.href).toBe(expected);
  });

  it.each([
    'mailto:team@example.test',
    'javascript:void(0)',
    'ftp://docs.example.test/file',
    'data:text/html,hi',
    'https://user:pass@docs.example.test/',
    'http://[::1',
    'tel:+123',
  ])('should drop %s', (href) => {
    expect(normalizeUrl(href, base)).toBeUndefined();
  });
});

describe('scopeOf and isInScope', () => {
  it.each([
    ['https://x.test/docs/guide/intro.html', '/docs/guide'],
    ['https://x.test/docs/guide/', '/docs/guide'],
    ['https://x.test/docs', '/docs'],
    ['https://x.test/docs/', '/docs'],
    ['https://x.test/', ''],
    ['https://x.test/index.html', ''],
    ['https://x.test/docs/?lang=en', '/docs'],
  ])('should scope %s to the path prefix %j', (start, basePath) => {
    expect(scopeOf(new URL(start)).basePath).toBe(basePath);
  });

  it('should keep a crawl to the start URL’s scheme, host, port and path prefix', () => {
    const scope = scopeOf(new URL('https://x.test/docs'));
    const inScope = ['https://x.test/docs', 'https://x.test/docs/', 'https://x.test/docs/a/b?c=d', 'https://X.TEST/docs/a'];
    const outOfScope = [
      'http://x.test/docs/a',
      'https://www.x.test/docs/a',
      'https://x.test:8443/docs/a',
      'https://x.test/docsmore',
      'https://x.test/',
      'https://x.test/doc',
    ];
    expect(inScope.map((href) => isInScope(new URL(href), scope))).toEqual(inScope.map(() => true));
    expect(outOfScope.map((href) => isInScope(new URL(href), scope))).toEqual(outOfScope.map(() => false));
  });

  it('should cover the whole site from its root', () => {
    const scope = scopeOf(new URL('https://x.test/'));
    expect(isInScope(new URL('https://x.test/anything/at/all.pdf'), scope)).toBe(true);
  });
});

describe('pageKey', () => {
  it('should treat a path with and without a trailing slash as one page, and keep the query string', () => {
    expect(pageKey(new URL('https://x.test/a/'))).toBe(pageKey(new URL('https://x.test/a')));
    expect(pageKey(new URL('https://x.test/'))).toBe('https://x.test/');
    expect(pageKey(new URL('https://x.test/a?b=1'))).not.toBe(pageKey(new URL('https://x.test/a?b=2')));
    expect(pageKey(new URL('https://x.test/a/?b=1'))).toBe(pageKey(new URL('https://x.test/a?b=1')));
    expect(pageKey(new URL('https://x.test/A'))).not.toBe(pageKey(new URL('https://x.test/a')));
  });
});
