import { describe, expect, it } from 'vitest';
import { DocumentParseError } from '#src/modules/ingestion/parsed-document.js';
import { parseDocx } from '#src/modules/ingestion/parsers/docx-parser.js';
import { makeDocx, randomBinary, truncate } from '#test/utils/fixture-files.js';

const failure = (reason: DocumentParseError['reason']) => expect.objectContaining({ name: 'DocumentParseError', reason }) as DocumentParseError;

describe('parseDocx', () => {
  it('should keep headings with their levels, paragraphs, bulleted lists and tables', async () => {
    const bytes = await makeDocx(
      [
        { heading: 'Install', paragraphs: ['Download the installer from the portal.'], bullets: ['Run the installer', 'Restart the machine'] },
        {
          heading: 'Options',
          level: 2,
          table: [
            ['Option', 'Default'],
            ['path', '/opt/example'],
            ['silent', 'false'],
          ],
        },
      ],
      { title: 'Setup guide' },
    );
    expect(await parseDocx(bytes)).toEqual({
      title: 'Setup guide',
      blocks: [
        { kind: 'heading', level: 1, text: 'Install' },
        { kind: 'text', text: 'Download the installer from the portal.' },
        { kind: 'text', text: '- Run the installer\n- Restart the machine' },
        { kind: 'heading', level: 2, text: 'Options' },
        { kind: 'text', text: 'Option | Default\npath | /opt/example\nsilent | false' },
      ],
    });
  });

  it('should keep a reviewer\u2019s comments after the text, without their markers in it', async () => {
    const bytes = await makeDocx([
      { heading: 'Pricing', commented: { text: 'The basic plan costs 10 euros a month.', comment: 'Outdated: it costs 12 euros since March.' } },
    ]);
    expect((await parseDocx(bytes)).blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Pricing' },
      { kind: 'text', text: 'The basic plan costs 10 euros a month.' },
      { kind: 'text', text: 'Comment: Outdated: it costs 12 euros since March.' },
    ]);
  });

  it('should take the title from the first heading when the document has none', async () => {
    const document = await parseDocx(await makeDocx([{ heading: 'Quarterly report', paragraphs: ['Revenue grew.'] }]));
    expect(document.title).toBe('Quarterly report');
  });

  it('should refuse a truncated file and bytes that are no ZIP archive as corrupt', async () => {
    const bytes = await makeDocx([{ heading: 'Install', paragraphs: ['Download the installer.'] }]);
    await expect(parseDocx(truncate(bytes, 0.6))).rejects.toThrow(failure('corrupt'));
    await expect(parseDocx(randomBinary(2048))).rejects.toThrow(failure('corrupt'));
  });

  it('should refuse a document without text as empty', async () => {
    await expect(parseDocx(await makeDocx([{ heading: ' ' }]))).rejects.toThrow(failure('empty'));
  });
});
