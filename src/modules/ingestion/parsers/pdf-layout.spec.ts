import { describe, expect, it } from 'vitest';
import { joinLines, layoutPages, type PdfTextItem } from '#src/modules/ingestion/parsers/pdf-layout.js';

/** About the width a run of text takes at a font size. */
const widthOf = (text: string, fontSize: number): number => text.length * fontSize * 0.5;

/** A page drawn line by line from the top: [text, font size, extra space above (negative: raised), indent]. */
function page(lines: readonly (readonly [string, number, number?, number?])[]): PdfTextItem[] {
  let y = 800;
  return lines.map(([text, fontSize, gapAbove = 0, indent = 0]) => {
    y -= fontSize * 1.2 + gapAbove;
    return { text, x: 72 + indent, y, width: widthOf(text, fontSize), fontSize, endsLine: true };
  });
}

/** One line of runs drawn left to right from `x`, each `spacing` points after the end of the one before. */
function row(cells: readonly string[], y: number, spacing: number, fontSize = 11): PdfTextItem[] {
  let x = 72;
  return cells.map((text, index) => {
    const item = { text: index === 0 ? text : ` ${text}`, x, y, width: widthOf(` ${text}`, fontSize), fontSize, endsLine: index === cells.length - 1 };
    x += item.width + spacing;
    return item;
  });
}

/** One line of runs, each at its own position across the page: "text@x|text@x|…". */
function runsAt(runs: string, y: number, fontSize = 11): PdfTextItem[] {
  const placed = runs.split('|').map((run) => run.split('@'));
  return placed.map(([text, x], index) => ({ text, x: Number(x), y, width: widthOf(text, fontSize), fontSize, endsLine: index === placed.length - 1 }));
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

  it('should carry a sentence left open across a display formula and its raised and lowered parts', () => {
    const { blocks } = layoutPages([
      page([
        ['Let K be a finite simplicial complex.', 11],
        ['Then', 11, 8],
        ['χ(K) :=', 11, 10, 150],
        ['dim K', 8, -22, 170],
        ['n=0', 8, 14, 172],
        ['(−1)^n a_n(K)', 11, -16, 200],
        ['is the Euler characteristic of K.', 11, 12],
        ['Examples follow on the next page.', 11, 12],
      ]),
    ]);
    expect(blocks.map((block) => block.text)).toEqual([
      'Let K be a finite simplicial complex.',
      'Then χ(K) := dim K n=0 (−1)^n a_n(K) is the Euler characteristic of K.',
      'Examples follow on the next page.',
    ]);
  });

  it('should keep a caption in another size apart from the text after it, though it ends without a full stop', () => {
    const { blocks } = layoutPages([
      page([
        ['Figure 2: Overview of the system', 9],
        ['The service reads its settings at start-up.', 11, 4],
      ]),
    ]);
    expect(blocks.map((block) => block.text)).toEqual(['Figure 2: Overview of the system', 'The service reads its settings at start-up.']);
  });

  it('should not carry an open line across a gap of more than three lines', () => {
    const { blocks } = layoutPages([
      page([
        ['Contents', 11],
        ['Chapter one begins here.', 11, 40],
      ]),
    ]);
    expect(blocks.map((block) => block.text)).toEqual(['Contents', 'Chapter one begins here.']);
  });

  it('should read lines whose runs are set apart by wide spaces as the rows of one table, its cells joined by " | "', () => {
    const { blocks } = layoutPages([
      [
        ...row(['Table 1: EU countries'], 700, 3),
        ...row(['Country', 'Capital', 'Official language'], 686, 40),
        ...row(['Austria', 'Vienna', 'German'], 672, 40),
        ...row(['Belgium', 'Brussels', 'Dutch, French, German'], 658, 40),
        ...row(['Words set', 'a little', 'apart in justified text stay one paragraph'], 630, 6),
        ...row(['because their spaces are', 'narrower than an em.'], 616, 6),
      ],
    ]);
    expect(blocks.map((block) => block.text)).toEqual([
      'Table 1: EU countries',
      'Country | Capital | Official language\nAustria | Vienna | German\nBelgium | Brussels | Dutch, French, German',
      'Words set a little apart in justified text stay one paragraph because their spaces are narrower than an em.',
    ]);
  });

  it('should split a row at narrower gaps where its parts sit over the columns of the rows below it', () => {
    const { blocks } = layoutPages([
      [
        // "Population" and "Area" are set closer than cells are on a line alone, each over its own column.
        ...runsAt('Country@72|Population@175|Area@240|Capital@320', 700),
        ...runsAt('Austria@72|8.9@165|83,879@245|Vienna@320', 686),
        ...runsAt('Belgium@72|11.5@165|30,689@245|Brussels@320', 672),
        // Two values far apart that do not part further: one may span several columns, and is kept as drawn.
        ...runsAt('Region@72|Western Europe@200', 658),
      ],
    ]);
    expect(blocks.map((block) => block.text)).toEqual([
      'Country | Population | Area | Capital\nAustria | 8.9 | 83,879 | Vienna\nBelgium | 11.5 | 30,689 | Brussels\nRegion | Western Europe',
    ]);
  });

  it('should keep an empty corner cell where a header row starts over the second column', () => {
    const { blocks } = layoutPages([
      [
        ...runsAt('Austria@165|Belgium@212|Czechia@320', 700),
        ...runsAt('Capital@72|Vienna@165|Brussels@245|Prague@320', 686),
        ...runsAt('Language@72|German@165|Dutch@245|Czech@320', 672),
      ],
    ]);
    expect(blocks.map((block) => block.text)).toEqual([
      ' | Austria | Belgium | Czechia\nCapital | Vienna | Brussels | Prague\nLanguage | German | Dutch | Czech',
    ]);
  });

  it('should not take runs without a width for cells', () => {
    const words = row(['Some', 'fonts', 'give', 'no', 'widths.'], 700, 30).map((item) => ({ ...item, width: 0 }));
    expect(layoutPages([[...words, ...row(['The next line.'], 686, 3)]]).blocks.map((block) => block.text)).toEqual([
      'Some fonts give no widths. The next line.',
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

  it('should drop running headers that name the section beside the page number', () => {
    const topics = ['simplices', 'faces', 'the torus', 'its triangulation', 'spheres', 'their charts'];
    const sections = ['2.3. COMPLEXES', '2.3. COMPLEXES', '2.4. TORUS', '2.4. TORUS', '2.5. SPHERES', '2.5. SPHERES'];
    const pages = sections.map((section, index) =>
      page([
        [index % 2 === 0 ? `${index + 37} | ${section}` : `${section} | ${index + 37}`, 9],
        [`This page explains ${topics[index]} step by step.`, 11, 12],
        [`${index + 1}. A point about ${topics[index]}.`, 11, 12],
      ]),
    );
    const texts = layoutPages(pages).blocks.map((block) => block.text);
    expect(texts.join('\n')).not.toMatch(/COMPLEXES|TORUS|SPHERES/);
    expect(texts.filter((text) => /^\d\. A point about/.test(text))).toHaveLength(6);
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
        { text: 'The sphere S', x: 72, y: 700, width: 58, fontSize: 11, endsLine: false },
        { text: '2', x: 130, y: 704, width: 4, fontSize: 8, endsLine: false },
        { text: ' is compact.', x: 135, y: 700, width: 52, fontSize: 11, endsLine: true },
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
