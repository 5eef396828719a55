import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkDocument, countTokens } from '#src/modules/ingestion/chunker.js';
import { DocumentParseError, type ParsedDocument } from '#src/modules/ingestion/parsed-document.js';
import { parseFile } from '#src/modules/ingestion/parsers/file-parser.js';
import { parseHtml } from '#src/modules/ingestion/parsers/html-parser.js';

// Real documents shared beside the project for evaluation; read in place, never copied in. CI may not have them.
const DOCS = resolve(process.cwd(), '../shared/eval/docs-site');
const read = (path: string) => readFileSync(join(DOCS, path));
const allText = (document: ParsedDocument) => document.blocks.map((block) => block.text).join('\n');
const headings = (document: ParsedDocument) => document.blocks.filter((block) => block.kind === 'heading').map((block) => block.text);
const failure = (reason: DocumentParseError['reason']) => expect.objectContaining({ name: 'DocumentParseError', reason }) as DocumentParseError;

describe.skipIf(!existsSync(DOCS))('real documents in ../shared/eval/docs-site', () => {
  it('should read Apache manual pages without their menus, language bars and comment notices', () => {
    const pages = ['bind.html.en', 'mod/mod_alias.html.en', 'mod/core.html.en', 'index.html.en', 'howto/cgi.html.en', 'glossary.html.en'];
    for (const page of pages) {
      const document = parseHtml(read(`httpd-2.4-manual/${page}`).toString('utf8'), `https://httpd.apache.org/docs/2.4/${page}`);
      const text = allText(document);
      expect(document.title, page).toMatch(/Apache HTTP Server Version 2\.4/);
      for (const boilerplate of ['This is not a Q&A section', 'Available Languages', 'Comments are disabled', 'Copyright 20', 'Modules | Directives | FAQ']) {
        expect(text, `${page} without "${boilerplate}"`).not.toContain(boilerplate);
      }
      expect(headings(document).length, `${page} keeps its headings`).toBeGreaterThan(0);
      expect(headings(document), page).not.toContain('Comments');
    }
    const bind = parseHtml(read('httpd-2.4-manual/bind.html.en').toString('utf8'));
    expect(headings(bind)).toEqual([
      'Overview',
      'Changing Listen configuration on restart',
      'Special IPv6 Considerations',
      'Specifying the protocol with Listen',
      'How This Works With Virtual Hosts',
    ]);
    expect(allText(bind)).toContain('Listen 192.0.2.1:80\nListen 192.0.2.5:8000');
  });

  it('should chunk a large manual page within the token limit under its headings', () => {
    const document = parseHtml(read('httpd-2.4-manual/mod/core.html.en').toString('utf8'));
    const chunks = chunkDocument(document, { tokens: 400, overlapTokens: 60 });
    expect(chunks.length).toBeGreaterThan(100);
    for (const chunk of chunks) {
      expect(countTokens(chunk.text)).toBeLessThanOrEqual(400);
    }
    const listen = chunks.filter((chunk) => chunk.headingPath.some((heading) => heading.startsWith('AcceptFilter Directive')));
    expect(listen.length).toBeGreaterThan(0);
  });

  it('should read the 117-page German script with its chapters, and refuse the password-protected PDF', async () => {
    const script = await parseFile('GeoTopo-komprimiert.pdf', read('pdf/GeoTopo-komprimiert.pdf'));
    expect(script.title).toBe('Geometrie und Topologie');
    expect(headings(script)).toEqual(expect.arrayContaining(['Vorwort', '1 Topologische Grundbegriffe', '1.1 Topologische Räume']));
    expect(allText(script)).toContain('Ein topologischer Raum ist ein Paar');
    expect(allText(script).length).toBeGreaterThan(100_000);
    await expect(parseFile('libreoffice-writer-password.pdf', read('pdf/libreoffice-writer-password.pdf'))).rejects.toThrow(failure('encrypted'));
    const arabic = await parseFile('habibi.pdf', read('pdf/habibi.pdf'));
    expect(allText(arabic)).toMatch(/\p{Script=Arabic}/u);
  }, 60_000);

  it('should read Word documents with tables, footnotes, comments and text boxes, and refuse the empty one', async () => {
    expect(allText(await parseFile('tables.docx', read('docx/tables.docx')))).toBe('Above\nTop left | Top right\nBottom left | Bottom right\nBelow');
    expect(allText(await parseFile('footnotes.docx', read('docx/footnotes.docx')))).toContain('A tachyon walks into a bar.');
    expect(allText(await parseFile('text-box.docx', read('docx/text-box.docx')))).toContain('Datum plane');
    expect(allText(await parseFile('comments.docx', read('docx/comments.docx')))).toBe('Ouch.\nComment: A tachyon walks into a bar.\nComment: Fin.');
    await expect(parseFile('empty.docx', read('docx/empty.docx'))).rejects.toThrow(failure('empty'));
  });

  it('should read FastAPI Markdown pages without their include markers and heading anchors', async () => {
    const document = await parseFile('request-files.md', read('fastapi-docs-en/tutorial/request-files.md'));
    expect(document.title).toBe('Request Files');
    expect(headings(document)).toContain('File Parameters with UploadFile');
    expect(allText(document)).not.toMatch(/\{\*|\{ #|^\/\/\//m);
    expect(allText(document)).toContain('$ uv add python-multipart');
  });
});
