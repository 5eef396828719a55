import { describe, expect, it } from 'vitest';
import { joinLines, layoutPages, type PdfTextItem } from '#src/modules/ingestion/parsers/pdf-layout.js';

/** A page drawn line by line from the top: [text, font size, extra space above, indent]. */
function page(lines: readonly (readonly [string, number, number?, number?])[]): PdfTextItem[] {
  let y = 800;
  return lines.map(([text, fontSize, gapAbove = 0, indent = 0]) => {
    y -= fontSize * 1.2 + gapAbove;
    return { text, x: 72 + indent, y, fontSize, endsLine: true };
  });
}

describe('layoutPages', () => {
  it('should rank headings by font size and keep body lines as paragraphs', () => {
    const { blocks, firstLine } = layoutPages([
      page([
        ['User Guide', 24],
        ['Getting started', 16, 10],
        ['The service reads its settings at start-up and', 11, 8],
        ['refuses to start when one is invalid.', 11],
        ['Ports', 13, 10],
        ['It listens on port 3000 unless told otherwise.', 11, 6],
      ]),
    ]);
    expect(firstLine).toBe('User Guide');
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, text: 'User Guide' },
      { kind: 'heading', level: 2, text: 'Getting started' },
      { kind: 'text', text: 'The service reads its settings at start-up and refuses to start when one is invalid.' },
      { kind: 'heading', level: 3, text: 'Ports' },
      { kind: 'text', text: 'It listens on port 3000 unless told otherwise.' },
    ]);
  });

  it('should start a paragraph after a wider gap or at an indented line', () => {
    const { blocks } = layoutPages([
      page([
        ['First paragraph line one', 11],
        ['first paragraph line two.', 11],
        ['Second paragraph after a gap.', 11, 12],
        ['Third paragraph, indented.', 11, 0, 20],
        ['Its second line.', 11],
      ]),
    ]);
    expect(blocks.map((block) => block.text)).toEqual([
      'First paragraph line one first paragraph line two.',
      'Second paragraph after a gap.',
      'Third paragraph, indented. Its second line.',
    ]);
  });

  it('should drop running headers, footers and page numbers', () => {
    const topics = ['proxies', 'caches', 'logs', 'ports'];
    const pages = topics.map((topic, index) =>
      page([
        ['ACME Corp — Internal handbook', 9],
        [`This page explains how the service handles ${topic} and what the operators have to configure for them.`, 11, 12],
        [`The defaults for ${topic} suit a single machine; larger deployments should read the tuning chapter.`, 11, 12],
        [`${index + 1}`, 9, 12],
      ]),
    );
    const { blocks } = layoutPages(pages);
    expect(blocks.map((block) => block.text)).toHaveLength(8);
    expect(blocks.map((block) => block.text).join(' ')).not.toMatch(/ACME|^\d$/);
  });

  it('should keep a short line that repeats on a few pages only', () => {
    const pages = [1, 2, 3, 4, 5, 6, 7, 8].map((number) =>
      page([
        [number <= 2 ? 'Summary' : `Body text of page ${number}, long enough to be read as an ordinary line of prose here.`, 11],
        [`More text on page ${number} that continues the discussion of the topic at hand in detail.`, 11],
      ]),
    );
    expect(
      layoutPages(pages)
        .blocks.map((block) => block.text)
        .join(' '),
    ).toContain('Summary');
  });

  it('should join the runs of a line and ignore the size of superscripts', () => {
    const { blocks } = layoutPages([
      [
        { text: 'The sphere S', x: 72, y: 700, fontSize: 11, endsLine: false },
        { text: '2', x: 130, y: 704, fontSize: 8, endsLine: false },
        { text: ' is compact.', x: 135, y: 700, fontSize: 11, endsLine: true },
      ],
    ]);
    expect(blocks).toEqual([{ kind: 'text', text: 'The sphere S2 is compact.' }]);
  });
});

describe('joinLines', () => {
  it('should undo hyphenation before a lower-case letter and keep a hyphen before a capital', () => {
    expect(joinLines(['Die Übungsauf-', 'gaben sind in Schwarz-', 'Weiß gedruckt.'])).toBe('Die Übungsaufgaben sind in Schwarz-Weiß gedruckt.');
  });
});
