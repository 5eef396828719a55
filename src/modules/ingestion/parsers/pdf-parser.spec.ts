import { PDFDocument, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { DocumentParseError } from '#src/modules/ingestion/parsed-document.js';
import { parsePdf } from '#src/modules/ingestion/parsers/pdf-parser.js';
import { makeEncryptedPdf, makePdf, randomBinary, truncate } from '#test/utils/fixture-files.js';

const INSTALL = 'Download the archive for your platform and unpack it into a directory of your choice before running the setup script.';
const CONFIGURE = 'Every setting can be given as an environment variable; the configuration file is read only when no variable is set.';
const RUN = 'Start the service in the foreground first, so that configuration errors are printed to the terminal.';

const failure = (reason: DocumentParseError['reason']) => expect.objectContaining({ name: 'DocumentParseError', reason }) as DocumentParseError;

describe('parsePdf', () => {
  it('should read every page in order, with larger lines as headings and paragraphs kept apart', async () => {
    const bytes = await makePdf(
      [
        { heading: 'Install', paragraphs: [INSTALL, `${INSTALL} ${INSTALL}`] },
        { heading: 'Configure', paragraphs: [CONFIGURE] },
        { heading: 'Run', paragraphs: [RUN] },
      ],
      { title: 'Operations manual' },
    );
    const document = await parsePdf(bytes);
    expect(document).toEqual({
      title: 'Operations manual',
      blocks: [
        { kind: 'heading', level: 1, text: 'Install' },
        { kind: 'text', text: INSTALL },
        { kind: 'text', text: `${INSTALL} ${INSTALL}` },
        { kind: 'heading', level: 1, text: 'Configure' },
        { kind: 'text', text: CONFIGURE },
        { kind: 'heading', level: 1, text: 'Run' },
        { kind: 'text', text: RUN },
      ],
    });
  });

  it('should take the title from the first heading when the metadata has none', async () => {
    const document = await parsePdf(await makePdf([{ heading: 'Release notes', paragraphs: [RUN] }]));
    expect(document.title).toBe('Release notes');
  });

  it('should leave the caller’s bytes untouched', async () => {
    const bytes = await makePdf([{ paragraphs: [RUN] }]);
    const copy = bytes.slice();
    await parsePdf(bytes);
    expect(bytes).toEqual(copy);
  });

  it('should refuse a password-protected PDF as encrypted', async () => {
    await expect(parsePdf(await makeEncryptedPdf(INSTALL))).rejects.toThrow(failure('encrypted'));
  });

  it('should read an encrypted PDF that needs no password to open (owner password only)', async () => {
    const document = await parsePdf(await makeEncryptedPdf(INSTALL, { ownerPassword: 'owner-only' }));
    expect(document.blocks.map((block) => block.text).join(' ')).toContain('Download the archive');
  });

  it('should refuse a truncated PDF as corrupt', async () => {
    const bytes = await makePdf([
      { heading: 'Install', paragraphs: [INSTALL] },
      { heading: 'Configure', paragraphs: [CONFIGURE] },
    ]);
    for (const fraction of [0.9, 0.5, 0.1]) {
      await expect(parsePdf(truncate(bytes, fraction)), `cut at ${fraction}`).rejects.toThrow(failure('corrupt'));
    }
  });

  it('should refuse data behind a PDF header that is no PDF as corrupt', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBinary(4096)]);
    await expect(parsePdf(bytes)).rejects.toThrow(failure('corrupt'));
  });

  it('should refuse a PDF without any text (a scan) as empty', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage().drawRectangle({ x: 50, y: 50, width: 200, height: 100, color: rgb(0.2, 0.4, 0.6) });
    await expect(parsePdf(await pdf.save())).rejects.toThrow(failure('empty'));
  });
});
