import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentInput } from '#src/modules/ingestion/document-input.js';
import { DocumentPreparer } from '#src/modules/ingestion/document-preparer.js';
import type { ParsedDocument } from '#src/modules/ingestion/parsed-document.js';
import { parseFile } from '#src/modules/ingestion/parsers/file-parser.js';
import { makeDocx, makePdf } from '#test/utils/fixture-files.js';
import {
  hostileFiles,
  makeArchive,
  makeDocxCarrying,
  makeLyingMediaDocx,
  makeNestedZipBomb,
  makePdfManyStreams,
  makePdfWithLargeImage,
  makeWordArchive,
  makeXmlLaughs,
  wordDocumentXml,
} from '#test/utils/hostile-files.js';
import { testConfig } from '#test/utils/test-app.js';

const MIB = 1024 * 1024;

function textOf(document: ParsedDocument): string {
  return document.blocks.map((block) => block.text).join('\n');
}

const fileInput = (name: string, bytes: Uint8Array): DocumentInput => ({ format: 'file', name, bytes, contentType: undefined });

describe('hostile files', () => {
  let preparer: DocumentPreparer | undefined;

  afterEach(async () => {
    await preparer?.onApplicationShutdown();
    preparer = undefined;
  });

  it.each(hostileFiles())('should refuse $name with an error that says why', async ({ name, bytes, error }) => {
    await expect(parseFile(name, bytes)).rejects.toThrow(error);
  });

  it('should refuse a Word document and a PDF whose parts each stay within their limit but not together', async () => {
    const overall = /^The file expands to more than 512 MB when unpacked; the limit is 512 MB$/;
    await expect(parseFile('lying-media.docx', makeLyingMediaDocx())).rejects.toThrow(overall);
    await expect(parseFile('streams.pdf', makePdfManyStreams(10, 60))).rejects.toThrow(overall);
  });

  it('should read a PDF whose image expands past the limits, since reading text never decodes images', async () => {
    const document = await parseFile('screenshot.pdf', makePdfWithLargeImage('The dashboard shows every open order.', 600));
    expect(textOf(document)).toBe('The dashboard shows every open order.');
  });

  it('should refuse an archive of more than 10,000 parts before reading any', async () => {
    const parts = Array.from({ length: 10_001 }, (_, index) => ({ name: `word/media/part${index}.bin`, content: 'x' }));
    await expect(parseFile('parts.docx', makeWordArchive(wordDocumentXml(['Text.']), parts))).rejects.toThrow(
      /^The file holds more than 10,000 parts; the limit is 10,000$/,
    );
  });

  it('should read a Word document carrying a nested archive bomb without unpacking the nested archive', async () => {
    const document = await parseFile('carrier.docx', makeDocxCarrying('The expense policy covers travel and lodging.', makeNestedZipBomb()));
    expect(textOf(document)).toBe('The expense policy covers travel and lodging.');
  });

  it('should read XML and XHTML uploads without expanding their entities', async () => {
    const xml = await parseFile('laughs.xml', Buffer.from(makeXmlLaughs('A readable note.')));
    expect(textOf(xml)).toContain('A readable note.');
    expect(textOf(xml)).not.toContain('lollol');
    expect(textOf(xml).length).toBeLessThan(4_000);

    const xhtml = await parseFile('laughs.html', Buffer.from(makeXmlLaughs('A readable note.', true)));
    expect(xhtml).toEqual({
      title: 'Laughs',
      blocks: [
        { kind: 'text', text: 'A readable note.' },
        { kind: 'text', text: '&lol9;' },
      ],
    });
  });

  it('should still read normal Word documents and PDFs, and answer Office formats it does not read as before', async () => {
    const docx = await makeDocx(
      [
        {
          heading: 'Expenses',
          paragraphs: ['Submit receipts within thirty days.'],
          table: [
            ['Item', 'Limit'],
            ['Hotel', '150'],
          ],
        },
      ],
      {
        title: 'Expense policy',
      },
    );
    expect(await parseFile('expenses.docx', docx)).toEqual({
      title: 'Expense policy',
      blocks: [
        { kind: 'heading', level: 1, text: 'Expenses' },
        { kind: 'text', text: 'Submit receipts within thirty days.' },
        { kind: 'text', text: 'Item | Limit\nHotel | 150' },
      ],
    });
    const pdf = await makePdf([{ heading: 'Holidays', paragraphs: ['Employees receive twenty days of paid leave.'] }], { title: 'Holiday policy' });
    const holidays = await parseFile('holidays.pdf', Buffer.from(pdf));
    expect(holidays.title).toBe('Holiday policy');
    expect(textOf(holidays)).toContain('Employees receive twenty days of paid leave.');

    for (const [name, part] of [
      ['deck.pptx', 'ppt/presentation.xml'],
      ['sheet.xlsx', 'xl/workbook.xml'],
    ]) {
      await expect(parseFile(name, makeArchive([{ name: part, content: '<root/>' }]))).rejects.toThrow(`${name} is a ZIP archive, not a Word document`);
    }
  });

  it('should keep memory flat while the parse threads refuse several of each at once', async () => {
    preparer = new DocumentPreparer(testConfig({ redisPrefix: false, env: { PARSE_THREADS: '4' } }));
    const small = fileInput('small.txt', Buffer.from('A small text that starts a parse thread.'));
    await Promise.all(Array.from({ length: 4 }, () => preparer!.prepare(small)));
    const files = [...hostileFiles(), ...hostileFiles(), { name: 'lying-media.docx', bytes: makeLyingMediaDocx(), error: /expands to more than 512 MB/ }];
    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 10);
    try {
      const results = await Promise.all(files.map((file) => preparer!.prepare(fileInput(file.name, file.bytes))));
      results.forEach((result, index) => {
        expect(result, files[index].name).toMatchObject({ ok: false, message: expect.stringMatching(files[index].error) });
      });
    } finally {
      clearInterval(sampler);
    }
    expect(peak - baseline).toBeLessThan(320 * MIB);
  });

  it('should fail a document that outgrows a parse thread on its own, and read the one waiting behind it', async () => {
    preparer = new DocumentPreparer(testConfig({ redisPrefix: false, env: { PARSE_THREADS: '1', PARSE_MEMORY_MB: '128' } }));
    const paragraph = 'The quarterly report shows revenue growth in every region, with particular strength in the north.';
    const large = makeWordArchive(wordDocumentXml(Array.from({ length: 60_000 }, (_, index) => `${index} ${paragraph}`)));

    const [failed, read] = await Promise.all([
      preparer.prepare(fileInput('large.docx', large)),
      preparer.prepare(fileInput('small.docx', makeWordArchive(wordDocumentXml(['Still readable.'])))),
    ]);
    expect(failed).toEqual({
      ok: false,
      reason: 'too_large',
      message: 'Reading the document needs more than 128 MB of memory, the limit of a parse thread (PARSE_MEMORY_MB)',
    });
    expect(read).toMatchObject({ ok: true, document: { title: 'Still readable.' } });
  });

  it('should fail a document whose parse outlasts PARSE_TIMEOUT_MS on its own, counting from when a thread takes it up', async () => {
    preparer = new DocumentPreparer(testConfig({ redisPrefix: false, env: { PARSE_THREADS: '1', PARSE_TIMEOUT_MS: '5000' } }));
    // marked's emphasis rules take time that grows with the square of such a run: over a minute for these 200,000 characters.
    // The deadline leaves room for the next thread to start and load its parsers on a busy machine.
    const slow = fileInput('emphasis.md', Buffer.from('_a'.repeat(100_000)));
    const queued = fileInput('notes.md', Buffer.from('# Notes\n\nRead after the slow one, in the same thread.'));

    const [failed, read] = await Promise.all([preparer.prepare(slow), preparer.prepare(queued)]);
    expect(failed).toEqual({
      ok: false,
      reason: 'too_slow',
      message: 'Reading the document takes more than 5 s, the limit of a parse thread (PARSE_TIMEOUT_MS)',
    });
    expect(read).toMatchObject({ ok: true, document: { title: 'Notes' } });
  });
});
