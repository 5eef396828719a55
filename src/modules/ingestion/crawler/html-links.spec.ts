import { describe, expect, it } from 'vitest';
import { hasNofollow, readHtmlLinks } from '#src/modules/ingestion/crawler/html-links.js';

const pageUrl = new URL('https://docs.example.test/guide/intro.html');

describe('readHtmlLinks', () => {
  it('should resolve anchors in document order, once each, without fragments', () => {
    const found = readHtmlLinks(
      `<a href="setup.html">1</a><a href="setup.html#x">2</a><a href="/api/">3</a><a href="manual.pdf">4</a><a>none</a><a href="mailto:a@b.test">5</a><area href="map.html">`,
      pageUrl,
      'aqsbot',
    );
    expect(found.links.map((url) => url.href)).toEqual([
      'https://docs.example.test/guide/setup.html',
      'https://docs.example.test/api/',
      'https://docs.example.test/guide/manual.pdf',
    ]);
    expect(found).toMatchObject({ canonical: undefined, nofollow: false });
  });

  it('should resolve links against <base href>', () => {
    const found = readHtmlLinks('<head><base href="/v2/"></head><a href="page">p</a>', pageUrl, 'aqsbot');
    expect(found.links[0]?.href).toBe('https://docs.example.test/v2/page');
  });

  it('should read the canonical link', () => {
    const found = readHtmlLinks('<link rel="Canonical" href="/guide/intro.html#top"><link rel="alternate" href="/fr/">', pageUrl, 'aqsbot');
    expect(found.canonical?.href).toBe('https://docs.example.test/guide/intro.html');
  });

  it('should see nofollow in robots meta tags for all robots or for this one only', () => {
    expect(readHtmlLinks('<meta name="robots" content="index, nofollow">', pageUrl, 'aqsbot').nofollow).toBe(true);
    expect(readHtmlLinks('<meta name="AqsBot" content="none">', pageUrl, 'aqsbot').nofollow).toBe(true);
    expect(readHtmlLinks('<meta name="otherbot" content="nofollow">', pageUrl, 'aqsbot').nofollow).toBe(false);
    expect(readHtmlLinks('<meta name="robots" content="noindex">', pageUrl, 'aqsbot').nofollow).toBe(false);
  });

  it('should skip anchors marked rel=nofollow', () => {
    const found = readHtmlLinks('<a href="a" rel="nofollow noopener">a</a><a href="b" rel="noopener">b</a>', pageUrl, 'aqsbot');
    expect(found.links.map((url) => url.pathname)).toEqual(['/guide/b']);
  });
});

describe('hasNofollow', () => {
  it.each([
    ['nofollow', true],
    ['NOINDEX,NOFOLLOW', true],
    ['none', true],
    ['noindex', false],
    ['', false],
    [null, false],
  ])('should read %j as %s', (value, expected) => {
    expect(hasNofollow(value)).toBe(expected);
  });
});
