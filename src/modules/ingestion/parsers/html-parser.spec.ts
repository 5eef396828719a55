import { describe, expect, it } from 'vitest';
import { DocumentParseError, type ParsedDocument } from '#src/modules/ingestion/parsed-document.js';
import { parseHtml } from '#src/modules/ingestion/parsers/html-parser.js';
import { makeHtmlPage } from '#test/utils/fixture-files.js';

const paragraph = (n: number) =>
  `The proxy module forwards each request to a backend server and returns its response to the client, rewriting headers on the way (${n}).`;

const allText = (document: ParsedDocument) => document.blocks.map((block) => block.text).join('\n');

function article(body: string, head = '<title>Page</title>'): string {
  return `<!DOCTYPE html><html><head>${head}</head><body><article>${body}</article></body></html>`;
}

describe('parseHtml', () => {
  it('should keep the article and drop menus, breadcrumbs, sidebars, comments, forms, scripts, styles, header and footer', () => {
    const html = makeHtmlPage({
      title: 'Reverse proxy guide',
      sections: [
        { heading: 'Overview', paragraphs: [paragraph(1), paragraph(2)] },
        { heading: 'Configuration', paragraphs: [paragraph(3), paragraph(4)] },
      ],
    });
    const document = parseHtml(html, 'https://docs.example.test/guide/proxy');
    const text = allText(document);
    expect(text).toContain(paragraph(1));
    expect(text).toContain(paragraph(4));
    for (const boilerplate of ['Sidebar link', 'Home', 'Guide | API', 'not a Q&A', 'Copyright', 'Privacy', 'Search', 'analytics', 'font-family']) {
      expect(text).not.toContain(boilerplate);
    }
    expect(document.blocks.filter((block) => block.kind === 'heading').map((block) => block.text)).toEqual(['Overview', 'Configuration']);
  });

  it('should keep headings in document order with their original levels', () => {
    const html = article(
      `<h1>Guide</h1><p>${paragraph(1)}</p><h2>Install</h2><p>${paragraph(2)}</p><h3>On Linux</h3><p>${paragraph(3)}</p><h2>Run</h2><p>${paragraph(4)}</p>`,
    );
    const headings = parseHtml(html).blocks.filter((block) => block.kind === 'heading');
    expect(headings).toEqual([
      { kind: 'heading', level: 1, text: 'Guide' },
      { kind: 'heading', level: 2, text: 'Install' },
      { kind: 'heading', level: 3, text: 'On Linux' },
      { kind: 'heading', level: 2, text: 'Run' },
    ]);
  });

  it('should keep lists as lines, table rows with their headers and code with its layout', () => {
    const html = article(
      `<h1>Reference</h1><p>${paragraph(1)}</p>
       <table><thead><tr><th>Name</th><th>Default</th></tr></thead><tbody><tr><td>port</td><td>80</td></tr><tr><td>host</td><td></td></tr></tbody></table>
       <pre><code>listen 80;\n  server_name example;</code></pre>
       <ol><li>first</li><li>second<ul><li>detail</li></ul></li></ol>`,
    );
    const texts = parseHtml(html).blocks.map((block) => block.text);
    expect(texts).toContain('Name: port; Default: 80\nName: host');
    expect(texts).toContain('listen 80;\n  server_name example;');
    expect(texts).toContain('1. first\n2. second\n  - detail');
  });

  it('should read a page served as a bare fragment, without html, head or body elements', () => {
    const html = `<h1>Features</h1><h2>Standards</h2><p>${paragraph(1)}</p><ul><li>${paragraph(2)}</li></ul><h2>Editors</h2><p>${paragraph(3)}</p>`;
    const document = parseHtml(html, 'https://docs.example.test/features.html');
    expect(document.title).toBe('Features');
    expect(allText(document)).toContain(paragraph(3));
    expect(document.blocks.filter((block) => block.kind === 'heading').map((block) => block.text)).toEqual(['Features', 'Standards', 'Editors']);
  });

  it('should normalise whitespace and entities, keeping line breaks from <br>', () => {
    const html = article(`<h1>Notes</h1><p>${paragraph(1)}</p><p>  a&nbsp;b &amp;\n\n c\t d<br>next&#x20;line\u200b </p>`);
    expect(parseHtml(html).blocks.map((block) => block.text)).toContain('a b & c d\nnext line');
  });

  it('should take the title from og:title, then <title>, then the first h1, then the URL', () => {
    const body = `<h1>Heading One</h1><p>${paragraph(1)}</p>`;
    expect(parseHtml(article(body, '<meta property="og:title" content="Open Graph"><title>Title Tag</title>')).title).toBe('Open Graph');
    expect(parseHtml(article(body, '<title>  Title\n Tag </title>')).title).toBe('Title Tag');
    expect(parseHtml(article(body, '')).title).toBe('Heading One');
    expect(parseHtml(article(`<p>${paragraph(1)}</p>`, ''), 'https://example.test/docs/getting-started.html').title).toBe('getting started');
  });

  it('should read the main element of a page made of link lists, where Readability finds next to nothing', () => {
    const html = `<html><head><title>Manual</title></head><body><nav><a href="/">Home</a></nav><main><h1>Documentation</h1>
      <h2>Users' Guide</h2><ul><li><a href="a.html">Getting Started</a></li><li><a href="b.html">Binding to Addresses and Ports</a></li></ul>
      <h2>Reference</h2><ul><li><a href="c.html">Directives</a></li><li><a href="d.html">Modules</a></li></ul></main></body></html>`;
    const document = parseHtml(html);
    expect(document.blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Documentation' },
      { kind: 'heading', level: 2, text: "Users' Guide" },
      { kind: 'text', text: '- Getting Started\n- Binding to Addresses and Ports' },
      { kind: 'heading', level: 2, text: 'Reference' },
      { kind: 'text', text: '- Directives\n- Modules' },
    ]);
    expect(allText(document)).not.toContain('Home');
  });

  it('should drop a section headed "Comments" and the headings left empty by removed navigation', () => {
    const html = article(
      `<h1>Guide</h1><p>${paragraph(1)}</p><div class="box"><h3>See also</h3><ul class="seealso"><li><a href="x">Other page</a></li></ul></div><h2>Usage</h2><p>${paragraph(2)}</p>
       <div class="section"><h2>Comments</h2><div class="warning"><strong>Notice:</strong> This is not a Q&amp;A section.</div></div>`,
    );
    const document = parseHtml(html);
    expect(document.blocks.map((block) => block.text)).toEqual(['Guide', paragraph(1), 'Usage', paragraph(2)]);
  });

  it('should refuse a page without any text', () => {
    expect(() =>
      parseHtml('<html><head><title>Nothing</title><script>var a = 1;</script></head><body><nav><a href="/">Home</a></nav><img src="x.png"></body></html>'),
    ).toThrow(expect.objectContaining({ name: 'DocumentParseError', reason: 'empty' }) as DocumentParseError);
  });
});
