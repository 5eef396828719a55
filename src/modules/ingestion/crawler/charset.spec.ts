import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeHtml, decodeText } from '#src/modules/ingestion/crawler/charset.js';

const TEXT = 'Café déjà vu — “quoted” €5';

describe('decodeHtml', () => {
  it('should decode by the charset of the Content-Type header', () => {
    expect(decodeHtml(iconv.encode(`<p>${TEXT}</p>`, 'windows-1252'), 'text/html; charset=windows-1252')).toBe(`<p>${TEXT}</p>`);
    expect(decodeHtml(Buffer.from('<p>Café</p>', 'latin1'), 'text/html;charset="ISO-8859-1"')).toBe('<p>Café</p>');
    expect(decodeHtml(iconv.encode('<p>Привет</p>', 'koi8-r'), 'text/html; charset=koi8-r')).toBe('<p>Привет</p>');
  });

  it('should read ISO-8859-1 as windows-1252, as browsers do', () => {
    expect(decodeHtml(Buffer.from([0x80, 0x20, 0x93, 0x61, 0x94]), 'text/html; charset=iso-8859-1')).toBe('€ “a”');
  });

  it('should fall back to a <meta> declaration in the first bytes', () => {
    const charset = Buffer.from(`<html><head><meta charset="iso-8859-1"><title>x</title></head><body>Café</body></html>`, 'latin1');
    const httpEquiv = Buffer.from(
      `<html><head><META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=windows-1252"></head><body>Café</body></html>`,
      'latin1',
    );
    expect(decodeHtml(charset, 'text/html')).toContain('<body>Café</body>');
    expect(decodeHtml(httpEquiv, null)).toContain('<body>Café</body>');
  });

  it('should prefer the header to <meta>, and skip labels it does not know', () => {
    const page = Buffer.from('<meta charset="iso-8859-1"><p>Café</p>', 'utf8');
    expect(decodeHtml(page, 'text/html; charset=utf-8')).toContain('<p>Café</p>');
    const latin = Buffer.from('<meta charset="iso-8859-1"><p>Café</p>', 'latin1');
    expect(decodeHtml(latin, 'text/html; charset=no-such-charset')).toContain('<p>Café</p>');
  });

  it('should ignore a <meta> declaration past the first 1024 bytes', () => {
    const page = Buffer.from(`${' '.repeat(1100)}<meta charset="iso-8859-1"><p>Café</p>`, 'utf8');
    expect(decodeHtml(page, 'text/html')).toContain('<p>Café</p>');
  });

  it('should read UTF-8 when nothing is declared, and let a byte-order mark win', () => {
    expect(decodeHtml(Buffer.from(`<p>${TEXT}</p>`), 'text/html')).toBe(`<p>${TEXT}</p>`);
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<p>Café</p>')]);
    expect(decodeHtml(bom, 'text/html; charset=iso-8859-1')).toBe('<p>Café</p>');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<p>Café</p>', 'utf16le')]);
    expect(decodeHtml(utf16, 'text/html')).toBe('<p>Café</p>');
  });

  it('should read a page that claims UTF-16 in <meta> as UTF-8', () => {
    expect(decodeHtml(Buffer.from('<meta charset="utf-16"><p>Café</p>'), 'text/html')).toContain('<p>Café</p>');
  });
});

describe('decodeText', () => {
  it('should decode by a byte-order mark, then the Content-Type charset, else as UTF-8', () => {
    expect(decodeText(iconv.encode(TEXT, 'windows-1252'), 'text/markdown; charset=windows-1252')).toBe(TEXT);
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(TEXT, 'utf-16le')]), 'text/markdown; charset=iso-8859-1')).toBe(TEXT);
    expect(decodeText(Buffer.from(TEXT, 'utf8'), null)).toBe(TEXT);
    expect(decodeText(Buffer.from(TEXT, 'utf8'), 'text/markdown; charset=no-such-charset')).toBe(TEXT);
  });

  it('should take a <meta charset> in the text for an example, not a declaration', () => {
    const markdown = `# Templates\n\nStart every page with \`<meta charset="iso-8859-1">\`.\n\n${TEXT}\n`;
    expect(decodeText(Buffer.from(markdown, 'utf8'), 'text/markdown')).toBe(markdown);
  });
});
