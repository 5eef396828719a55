import { describe, expect, it } from 'vitest';
import { chunkDocument, countTokens, type DocumentChunk } from '#src/modules/ingestion/chunker.js';
import type { Block, ParsedDocument } from '#src/modules/ingestion/parsed-document.js';

const VOCABULARY =
  'server client request response header cache proxy module directive virtual host port address listen configure install restart log error file path'.split(
    ' ',
  );

/** Deterministic prose: `sentences` sentences of 6 to 20 words. */
function prose(sentences: number, seed: number): string {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state;
  };
  const out: string[] = [];
  for (let s = 0; s < sentences; s++) {
    const words = Array.from({ length: 6 + (next() % 15) }, () => VOCABULARY[next() % VOCABULARY.length]);
    out.push(`${words[0].charAt(0).toUpperCase()}${words.join(' ').slice(1)}.`);
  }
  return out.join(' ');
}

const heading = (level: 1 | 2 | 3, text: string): Block => ({ kind: 'heading', level, text });
const text = (value: string): Block => ({ kind: 'text', text: value });
const code = (value: string): Block => ({ kind: 'code', text: value });
const fences = (value: string) => value.split('\n').filter((line) => line === '```').length;

function manual(): ParsedDocument {
  return {
    title: 'Manual',
    blocks: [
      text(prose(3, 1)),
      heading(1, 'Install'),
      heading(2, 'On Linux'),
      ...Array.from({ length: 12 }, (_, index) => text(prose(4, 10 + index))),
      heading(2, 'On Windows'),
      text(prose(2, 40)),
      heading(1, 'Configure'),
      ...Array.from({ length: 8 }, (_, index) => text(prose(5, 50 + index))),
      heading(3, 'Ports'),
      text(prose(1, 70)),
    ],
  };
}

const words = (value: string) => value.split(/\s+/).filter(Boolean);

function sameSection(a: DocumentChunk, b: DocumentChunk): boolean {
  return a.headingPath.join('\u0000') === b.headingPath.join('\u0000');
}

describe('countTokens', () => {
  it('should count with the cl100k_base encoding', () => {
    expect(countTokens('hello world')).toBe(2);
    expect(countTokens('')).toBe(0);
  });

  it('should count special-token strings as plain text instead of throwing', () => {
    expect(countTokens('before <|endoftext|> after')).toBeGreaterThan(3);
  });
});

describe('chunkDocument', () => {
  it('should keep a short section as one chunk with its text unchanged', () => {
    const chunks = chunkDocument(
      { title: 'T', blocks: [heading(1, 'Intro'), text('First paragraph.'), text('Second paragraph.')] },
      { tokens: 400, overlapTokens: 60 },
    );
    expect(chunks).toEqual([
      {
        index: 0,
        text: 'Intro\n\nFirst paragraph.\n\nSecond paragraph.',
        tokenCount: countTokens('Intro\n\nFirst paragraph.\n\nSecond paragraph.'),
        headingPath: ['Intro'],
      },
    ]);
  });

  it('should never exceed the token limit, by the same tokenizer, and report exact counts', () => {
    const document: ParsedDocument = {
      title: 'Stress',
      blocks: [
        heading(1, 'Long'),
        ...Array.from({ length: 20 }, (_, index) => text(prose(1 + (index % 9), index))),
        text(Array.from({ length: 400 }, (_, index) => VOCABULARY[index % VOCABULARY.length]).join(' ')),
        text(`https://example.test/${'a1b2c3d4'.repeat(300)}`),
        text('東京都の設定ファイルを確認してください'.repeat(40)),
        text(Array.from({ length: 60 }, (_, index) => `line ${index}: ${prose(1, index)}`).join('\n')),
      ],
    };
    for (const limit of [16, 64, 400]) {
      const chunks = chunkDocument(document, { tokens: limit, overlapTokens: Math.floor(limit * 0.15) });
      expect(chunks.length).toBeGreaterThan(1);
      for (const chunk of chunks) {
        expect(chunk.tokenCount).toBe(countTokens(chunk.text));
        expect(chunk.tokenCount).toBeLessThanOrEqual(limit);
        expect(chunk.text.trim()).toBe(chunk.text);
        expect(chunk.text).not.toBe('');
      }
    }
  });

  it('should fill chunks close to the limit when paragraphs allow it', () => {
    const chunks = chunkDocument(manual(), { tokens: 200, overlapTokens: 30 });
    const linux = chunks.filter((chunk) => chunk.headingPath.join('/') === 'Install/On Linux');
    const full = linux.slice(0, -1);
    expect(full.length).toBeGreaterThan(1);
    for (const chunk of full) {
      expect(chunk.tokenCount).toBeGreaterThan(100);
    }
  });

  it('should start each following chunk of a section with the end of the previous one', () => {
    const chunks = chunkDocument(manual(), { tokens: 120, overlapTokens: 18 });
    let overlaps = 0;
    for (let index = 1; index < chunks.length; index++) {
      const previous = chunks[index - 1];
      const chunk = chunks[index];
      if (!sameSection(previous, chunk)) {
        continue;
      }
      const carried = longestSharedEdge(previous.text, chunk.text);
      expect(carried.length, `chunk ${index} repeats the end of chunk ${index - 1}`).toBeGreaterThan(0);
      expect(countTokens(carried)).toBeLessThanOrEqual(18);
      overlaps += 1;
    }
    expect(overlaps).toBeGreaterThan(5);
  });

  it('should carry no overlap into the first chunk of the next section', () => {
    const chunks = chunkDocument(manual(), { tokens: 120, overlapTokens: 18 });
    for (let index = 1; index < chunks.length; index++) {
      const previous = chunks[index - 1];
      const chunk = chunks[index];
      if (!sameSection(previous, chunk)) {
        expect(
          chunk.headingPath.some((title) => chunk.text.startsWith(title)),
          `chunk ${index} opens with a heading`,
        ).toBe(true);
      }
    }
  });

  it('should give every chunk the path of headings it sits under', () => {
    const chunks = chunkDocument(manual(), { tokens: 120, overlapTokens: 18 });
    const paths = [...new Set(chunks.map((chunk) => JSON.stringify(chunk.headingPath)))].map((path) => JSON.parse(path) as string[]);
    expect(paths).toEqual([[], ['Install', 'On Linux'], ['Install', 'On Windows'], ['Configure'], ['Configure', 'Ports']]);
  });

  it('should open the first section under a heading that heads no text with that heading', () => {
    const chunks = chunkDocument(manual(), { tokens: 400, overlapTokens: 60 });
    const linux = chunks.find((chunk) => chunk.headingPath.join('/') === 'Install/On Linux')!;
    expect(linux.text.startsWith('Install\n\nOn Linux\n\n')).toBe(true);
    expect(chunks.some((chunk) => chunk.headingPath.length === 1 && chunk.headingPath[0] === 'Install')).toBe(false);
  });

  it('should not merge small sections into one chunk', () => {
    const document: ParsedDocument = {
      title: 'Small',
      blocks: [heading(2, 'A'), text('Alpha text.'), heading(2, 'B'), text('Beta text.'), heading(2, 'C'), text('Gamma text.')],
    };
    const chunks = chunkDocument(document, { tokens: 400, overlapTokens: 60 });
    expect(chunks.map((chunk) => chunk.text)).toEqual(['A\n\nAlpha text.', 'B\n\nBeta text.', 'C\n\nGamma text.']);
    expect(chunks.map((chunk) => chunk.headingPath)).toEqual([['A'], ['B'], ['C']]);
  });

  it('should put nothing but the document text in a chunk', () => {
    const document = manual();
    const source = document.blocks.map((block) => block.text).join('\n\n');
    for (const chunk of chunkDocument(document, { tokens: 120, overlapTokens: 18 })) {
      for (const part of chunk.text.split('\n\n')) {
        expect(source.includes(part), `"${part.slice(0, 40)}…" comes from the document`).toBe(true);
      }
    }
  });

  it('should lose no word of the document', () => {
    const document = manual();
    const chunks = chunkDocument(document, { tokens: 64, overlapTokens: 10 });
    const chunkWords = chunks.map((chunk) => words(chunk.text));
    const covered = chunkWords.flat();
    const expected = document.blocks.flatMap((block) => words(block.text));
    // Every word occurrence of the input is in the output, in order (overlap only adds repetitions).
    let position = 0;
    for (const word of expected) {
      while (position < covered.length && covered[position] !== word) {
        position += 1;
      }
      expect(position, `"${word}" is missing`).toBeLessThan(covered.length);
      position += 1;
    }
  });

  it('should split a sentence longer than a chunk by words and a word longer than a chunk by characters', () => {
    const sentence = Array.from({ length: 300 }, (_, index) => `word${index}`).join(' ');
    const blob = 'x9'.repeat(2000);
    const chunks = chunkDocument({ title: 'T', blocks: [text(sentence), text(blob)] }, { tokens: 50, overlapTokens: 0 });
    for (const chunk of chunks) {
      expect(chunk.tokenCount).toBeLessThanOrEqual(50);
    }
    expect(chunks.map((chunk) => chunk.text).join(' ')).toContain('word0 word1');
    expect(chunks.map((chunk) => chunk.text).join('')).toContain(blob);
  });

  it('should keep the indentation of code lines when a code block is split', () => {
    const code = Array.from({ length: 80 }, (_, index) => `def handler_${index}(request):\n    return respond(request, status=${index})`).join('\n');
    const chunks = chunkDocument({ title: 'T', blocks: [heading(2, 'Handlers'), text(code)] }, { tokens: 100, overlapTokens: 0 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks.slice(1)) {
      expect(chunk.text).toMatch(/^(def|return) /);
      expect(chunk.text).toContain('\n    return respond(request');
    }
  });

  it('should show a code block between fences, its lines and indentation as written', () => {
    const chunks = chunkDocument(
      { title: 'T', blocks: [heading(2, 'Ports'), text('To listen on two ports, use:'), code('Listen 80\n  Listen 8000')] },
      { tokens: 400, overlapTokens: 60 },
    );
    expect(chunks.map((chunk) => chunk.text)).toEqual(['Ports\n\nTo listen on two ports, use:\n\n```\nListen 80\n  Listen 8000\n```']);
  });

  it('should fence a code block holding fences of its own with a longer fence, so it stays one block', () => {
    const readme = '# Frobnicator\n\n```python\nfrob.run()\n```\n\nSee [the docs][1].';
    const chunks = chunkDocument({ title: 'T', blocks: [text('Write this README:'), code(readme)] }, { tokens: 400, overlapTokens: 60 });
    const fence = '`'.repeat(4);
    expect(chunks.map((chunk) => chunk.text)).toEqual([`Write this README:\n\n${fence}\n${readme}\n${fence}`]);
  });

  it('should keep a code block in the chunk of the paragraph that introduces it', () => {
    const intro = 'For example, to make the server accept connections on both port 80 and port 8000, use:';
    const example = 'Listen 80\nListen 8000';
    const blocks = [heading(2, 'Listen'), ...Array.from({ length: 6 }, (_, index) => text(prose(4, index))), text(intro), code(example)];
    for (const limit of [80, 120, 160, 200]) {
      const chunks = chunkDocument({ title: 'T', blocks }, { tokens: limit, overlapTokens: Math.floor(limit * 0.15) });
      expect(chunks.length).toBeGreaterThan(1);
      const withExample = chunks.filter((chunk) => chunk.text.includes(example));
      expect(withExample.length).toBeGreaterThan(0);
      for (const chunk of withExample) {
        expect(chunk.text).toContain(`${intro}\n\n\`\`\`\n${example}\n\`\`\``);
      }
    }
  });

  it('should split a code block too large for a chunk into fenced parts, and never start an overlap inside one', () => {
    const lines = Array.from({ length: 60 }, (_, index) => `    handler_${index} = route("/items/${index}", methods=["GET"])`);
    const chunks = chunkDocument(
      { title: 'T', blocks: [heading(2, 'Routes'), text(prose(6, 3)), code(lines.join('\n')), text(prose(6, 4))] },
      { tokens: 120, overlapTokens: 30 },
    );
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(chunk.tokenCount).toBeLessThanOrEqual(120);
      expect(fences(chunk.text) % 2, chunk.text).toBe(0);
    }
    const shown = chunks.flatMap((chunk) => [...chunk.text.matchAll(/^```\n([\s\S]*?)\n```$/gm)].flatMap((match) => match[1].split('\n')));
    expect([...new Set(shown)]).toEqual(lines);
  });

  it('should repeat the header row of a table too large for a chunk above the rows of each chunk it continues in', () => {
    const header = 'Country | Population (millions) | Area (km2) | Capital';
    const rows = Array.from({ length: 40 }, (_, index) => `Country ${index} | ${index}.5 | ${index * 1000 + 17} | City ${index}`);
    const chunks = chunkDocument(
      { title: 'T', blocks: [heading(2, 'Countries'), text(prose(3, 5)), text([header, ...rows].join('\n')), text(prose(3, 6))] },
      { tokens: 120, overlapTokens: 30 },
    );
    const tables = chunks.filter((chunk) => chunk.text.includes(header));
    expect(tables.length).toBeGreaterThan(3);
    for (const chunk of tables) {
      expect(chunk.tokenCount).toBeLessThanOrEqual(120);
      const lines = chunk.text.split('\n');
      expect(lines[lines.findIndex((line) => rows.includes(line)) - 1], chunk.text).toBe(header);
    }
    // Each row once under the header: a chunk opened by the header carries no overlap of the rows before it.
    expect(tables.flatMap((chunk) => chunk.text.split('\n').filter((line) => rows.includes(line)))).toEqual(rows);
  });

  it('should give the same chunks for the same document', () => {
    const options = { tokens: 100, overlapTokens: 15 };
    expect(chunkDocument(manual(), options)).toEqual(chunkDocument(manual(), options));
  });

  it('should number chunks from 0 in document order', () => {
    const chunks = chunkDocument(manual(), { tokens: 100, overlapTokens: 15 });
    expect(chunks.map((chunk) => chunk.index)).toEqual(chunks.map((_, index) => index));
  });

  it('should cap the overlap at half a chunk and refuse a size below one token', () => {
    const chunks = chunkDocument(manual(), { tokens: 60, overlapTokens: 500 });
    for (const chunk of chunks) {
      expect(chunk.tokenCount).toBeLessThanOrEqual(60);
    }
    expect(() => chunkDocument(manual(), { tokens: 0, overlapTokens: 0 })).toThrow(RangeError);
  });

  it('should return no chunk for a document without text', () => {
    expect(chunkDocument({ title: 'Empty', blocks: [text('  ')] }, { tokens: 400, overlapTokens: 60 })).toEqual([]);
  });
});

/** The longest end of `previous` that `next` starts with. */
function longestSharedEdge(previous: string, next: string): string {
  for (let length = Math.min(previous.length, next.length); length > 0; length--) {
    if (next.startsWith(previous.slice(previous.length - length))) {
      return previous.slice(previous.length - length);
    }
  }
  return '';
}
