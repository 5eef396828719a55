import { describe, expect, it } from 'vitest';
import { DocumentParseError } from '#src/modules/ingestion/parsed-document.js';
import { splitFrontMatter } from '#src/modules/ingestion/parsers/front-matter.js';
import { parseMarkdown } from '#src/modules/ingestion/parsers/markdown-parser.js';
import { makeMarkdown } from '#test/utils/fixture-files.js';

describe('parseMarkdown', () => {
  it('should keep ATX and setext headings, code, lists, tables and quotes, and drop include markers', () => {
    expect(parseMarkdown(makeMarkdown())).toEqual({
      title: 'Installation Guide',
      blocks: [
        { kind: 'text', text: 'Intro paragraph with bold text and a link.' },
        { kind: 'heading', level: 1, text: 'Install' },
        { kind: 'text', text: 'Run the installer for your platform.' },
        { kind: 'heading', level: 2, text: 'On Linux' },
        { kind: 'text', text: 'Use the package manager:' },
        { kind: 'code', text: 'sudo apt-get install example\nexample --version' },
        { kind: 'text', text: '- first step\n- second step\n  - nested detail' },
        { kind: 'heading', level: 2, text: 'On Windows' },
        { kind: 'text', text: 'Option: path; Default: C:\\Example\nOption: silent; Default: false' },
        { kind: 'text', text: 'Quoted note about Windows.' },
      ],
    });
  });

  it('should take the title from the first heading without front matter', () => {
    expect(parseMarkdown('Some intro.\n\n## Usage {: #usage }\n\nRun it.').title).toBe('Usage');
  });

  it('should keep the title of a documentation block and drop its fences', () => {
    const document = parseMarkdown('# Setup\n\n//// tab | Linux, macOS\n\n```console\n$ make install\n```\n\n////\n\n/// note\nInline note text.\n///\n');
    expect(document.blocks.map((block) => block.text)).toEqual(['Setup', 'Linux, macOS', '$ make install', 'Inline note text.']);
  });

  it('should keep embedded HTML text and drop its scripts', () => {
    const document = parseMarkdown('# Page\n\n<div class="note"><p>Embedded <b>HTML</b> note.</p><script>alert(1)</script></div>\n');
    expect(document.blocks.map((block) => block.text)).toEqual(['Page', 'Embedded HTML note.']);
  });

  it('should read a line of nothing but spaces, however long, as a blank line and not as nesting', () => {
    const document = parseMarkdown(`# Page\n\nFirst paragraph.\n${' '.repeat(5_000)}\nSecond paragraph.\n`);
    expect(document.blocks.map((block) => block.text)).toEqual(['Page', 'First paragraph.', 'Second paragraph.']);
  });

  it('should refuse a document that is only front matter and markers as empty', () => {
    expect(() => parseMarkdown('---\ntitle: Nothing\n---\n\n{* ../src/app.py *}\n')).toThrow(
      expect.objectContaining({ name: 'DocumentParseError', reason: 'empty' }) as DocumentParseError,
    );
  });
});

describe('splitFrontMatter', () => {
  it('should read plain, single- and double-quoted titles and leave the body', () => {
    expect(splitFrontMatter('---\ntitle: Plain title # comment\n---\nBody')).toEqual({ title: 'Plain title', body: 'Body' });
    expect(splitFrontMatter("---\ntitle: 'It''s here'\n---\n")).toEqual({ title: "It's here", body: '' });
    expect(splitFrontMatter('---\ntags: [a]\ntitle: "Quote \\"inside\\""\n---\n# H')).toEqual({ title: 'Quote "inside"', body: '# H' });
    expect(splitFrontMatter('No front matter\n---\n')).toEqual({ title: undefined, body: 'No front matter\n---\n' });
  });
});
