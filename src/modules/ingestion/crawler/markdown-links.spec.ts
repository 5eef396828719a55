import { describe, expect, it } from 'vitest';
import { readMarkdownLinks } from '#src/modules/ingestion/crawler/markdown-links.js';

const pageUrl = new URL('https://docs.example.test/tutorial/index.md');
const hrefs = (text: string): string[] => readMarkdownLinks(text, pageUrl).map((url) => url.href);

describe('readMarkdownLinks', () => {
  it('should resolve inline links, images, reference definitions, autolinks and HTML anchors in page order, once each', () => {
    const text = [
      '# Tutorial',
      '',
      'Start with [first steps](first-steps.md){.internal-link target=_blank}, then [params](<path params.md> "Path").',
      '![diagram](img/flow.svg) and [again](first-steps.md#top).',
      '',
      'See [the reference][ref] or <https://docs.example.test/about/> or <a href="../deployment/index.md">deploy</a>.',
      '',
      '[ref]: ../reference/index.md "Reference"',
    ].join('\n');
    expect(hrefs(text)).toEqual([
      'https://docs.example.test/tutorial/first-steps.md',
      'https://docs.example.test/tutorial/path%20params.md',
      'https://docs.example.test/tutorial/img/flow.svg',
      'https://docs.example.test/about/',
      'https://docs.example.test/deployment/index.md',
      'https://docs.example.test/reference/index.md',
    ]);
  });

  it('should keep what is not a link out', () => {
    expect(hrefs('A [bracket] alone, (parentheses), a <span>tag</span>, an e-mail <a@b.test> and mailto:[x](mailto:a@b.test).')).toEqual([]);
  });

  it('should read a page full of almost-links in one pass', () => {
    const hostile = `${'_a'.repeat(200_000)} ${'[x]('.repeat(100_000)} ${'<a '.repeat(100_000)} ${'<//'.repeat(100_000)}`;
    expect(hrefs(`${hostile}\n[end](end.md)`)).toEqual(['https://docs.example.test/tutorial/end.md']);
  });
});
