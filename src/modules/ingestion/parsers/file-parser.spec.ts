import { describe, expect, it } from 'vitest';
import { DocumentParseError } from '#src/modules/ingestion/parsed-document.js';
import { parseFile } from '#src/modules/ingestion/parsers/file-parser.js';
import { makeCsv, makeDocx, makeHtmlPage, makeJson, makeMarkdown, makePdf, makeZip, randomBinary, truncate } from '#test/utils/fixture-files.js';

const failure = (reason: DocumentParseError['reason']) => expect.objectContaining({ name: 'DocumentParseError', reason }) as DocumentParseError;
const PARAGRAPH = 'The scheduler runs every sync at the interval configured for its data source, and retries failed runs with a backoff.';

describe('parseFile', () => {
  it('should read a PDF by its signature, whatever its name and declared type', async () => {
    const bytes = Buffer.from(await makePdf([{ heading: 'Scheduling', paragraphs: [PARAGRAPH] }]));
    for (const [name, type] of [
      ['report.pdf', 'application/pdf'],
      ['report.txt', 'text/plain'],
      ['report', 'application/octet-stream'],
    ] as const) {
      const document = await parseFile(name, bytes, type);
      expect(document.blocks).toEqual([
        { kind: 'heading', level: 1, text: 'Scheduling' },
        { kind: 'text', text: PARAGRAPH },
      ]);
    }
  });

  it('should read a Word document named .pdf', async () => {
    const bytes = await makeDocx([{ heading: 'Scheduling', paragraphs: [PARAGRAPH] }]);
    const document = await parseFile('scan.pdf', bytes, 'application/pdf');
    expect(document.blocks.map((block) => block.text)).toEqual(['Scheduling', PARAGRAPH]);
  });

  it('should choose between text formats by extension, then by declared content type', async () => {
    const markdown = Buffer.from(makeMarkdown());
    expect((await parseFile('guide.md', markdown)).title).toBe('Installation Guide');
    expect((await parseFile('guide', markdown, 'text/markdown; charset=utf-8')).title).toBe('Installation Guide');
    expect((await parseFile('guide.txt', markdown, 'text/markdown')).blocks[0]).toEqual({
      kind: 'text',
      text: '---\ntitle: "Installation Guide"\ntags: [setup]\n---',
    });

    const csv = await parseFile('people.csv', Buffer.from(makeCsv()));
    expect(csv.title).toBe('people');
    expect(csv.blocks[0]).toEqual({ kind: 'text', text: 'name: Ada Lovelace; role: engineer; city: London' });
    const tsv = await parseFile('people.tsv', Buffer.from('name\tcity\nAda\tLondon\n'));
    expect(tsv.blocks).toEqual([{ kind: 'text', text: 'name: Ada; city: London' }]);

    const json = await parseFile('export', Buffer.from(makeJson()), 'application/json');
    expect(json.blocks[1]).toEqual({ kind: 'text', text: 'server.host: example.test\nserver.ports[0]: 80\nserver.ports[1]: 443\nserver.tls.enabled: true' });
  });

  it('should read an HTML page whatever its extension, and JSON that has no extension', async () => {
    const html = Buffer.from(makeHtmlPage({ title: 'Retries', sections: [{ heading: 'Backoff', paragraphs: [PARAGRAPH] }] }));
    for (const name of ['page.html', 'page.txt', 'page.md', 'page']) {
      const document = await parseFile(name, html);
      expect(document.title).toBe('Retries - Example Docs');
      expect(document.blocks.map((block) => block.text)).toEqual(['Backoff', PARAGRAPH]);
    }
    expect((await parseFile('settings', Buffer.from(makeJson()))).title).toBe('Service settings');
  });

  it('should decode UTF-16 and UTF-8 with a byte order mark', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Grüße aus Zürich\n\nZweiter Absatz.', 'utf16le')]);
    expect((await parseFile('notes.txt', utf16)).blocks.map((block) => block.text)).toEqual(['Grüße aus Zürich', 'Zweiter Absatz.']);
    const utf8 = Buffer.from('\uFEFF# Überblick\n\nText.', 'utf8');
    expect((await parseFile('readme.md', utf8)).title).toBe('Überblick');
  });

  it('should name a document without a title of its own after the file', async () => {
    const document = await parseFile('C:\\exports\\Q3 figures.json', Buffer.from('[{"region": "EMEA", "revenue": 12}]'));
    expect(document.title).toBe('Q3 figures');
  });

  it('should refuse random binary data as unsupported, whatever its name', async () => {
    for (const name of ['data.bin', 'notes.txt', 'report.pdf', 'letter.docx']) {
      await expect(parseFile(name, randomBinary(8192, name.length))).rejects.toThrow(failure('unsupported'));
    }
  });

  it('should refuse a ZIP archive that is no Word document and a legacy Office file as unsupported', async () => {
    const workbook = makeZip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });
    await expect(parseFile('figures.xlsx', workbook)).rejects.toThrow(failure('unsupported'));
    const legacy = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), randomBinary(1024)]);
    await expect(parseFile('letter.doc', legacy)).rejects.toThrow(failure('unsupported'));
  });

  it('should report truncated PDF and Word files as corrupt', async () => {
    const pdf = await makePdf([{ heading: 'Scheduling', paragraphs: [PARAGRAPH] }]);
    await expect(parseFile('report.pdf', Buffer.from(truncate(pdf)))).rejects.toThrow(failure('corrupt'));
    const docx = await makeDocx([{ heading: 'Scheduling', paragraphs: [PARAGRAPH] }]);
    await expect(parseFile('letter.docx', Buffer.from(truncate(docx)))).rejects.toThrow(failure('corrupt'));
  });

  it('should refuse an empty file as empty', async () => {
    await expect(parseFile('empty.txt', Buffer.alloc(0))).rejects.toThrow(failure('empty'));
  });
});
