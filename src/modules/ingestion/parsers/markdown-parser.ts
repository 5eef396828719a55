import { lexer, parser, type Token } from 'marked';
import type { Block, ParsedDocument } from '#src/modules/ingestion/parsed-document.js';
import { buildDocument } from '#src/modules/ingestion/parsers/build-document.js';
import { splitFrontMatter } from '#src/modules/ingestion/parsers/front-matter.js';
import { htmlFragmentBlocks } from '#src/modules/ingestion/parsers/html-blocks.js';
import { MAX_HTML_DEPTH, nestedTooDeeply } from '#src/modules/ingestion/parsers/html-tree.js';
import { stripInvisible } from '#src/modules/ingestion/parsers/text-normalize.js';

// Lines that are directives of a documentation generator, not text: MkDocs/FastAPI source includes
// ("{* ../docs_src/app.py hl[3] *}") and the fences of pymdownx blocks ("/// note | Title", "////"),
// of which only a title is kept.
const INCLUDE_LINE = /^\{\*.*\*\}$/;
const BLOCK_FENCE = /^\/{3,}(?:\s+[\w-]+)?(?:\s*\|\s*(.*))?$/;
// A trailing attribute list on a heading: "## Install { #install }", "## Usage {: .class }".
const HEADING_ATTRIBUTES = /\s*\{\s*:?\s*[#.][^{}]*\}\s*$/;
/** Leading spaces (a tab counts four) and quote markers of one line: a list nested 512 deep (as deep as HTML is read) needs 1,024. */
const MAX_LINE_NESTING = 2 * MAX_HTML_DEPTH;

/**
 * Markdown (CommonMark with GitHub tables) through marked's lexer: ATX and setext headings, paragraphs,
 * lists, tables, code blocks and embedded HTML. The title is the front matter's `title:`, else the first heading.
 */
export function parseMarkdown(text: string): ParsedDocument {
  const { title, body } = splitFrontMatter(stripInvisible(text));
  checkNesting(body);
  const tokens = lexer(body);
  dropDirectives(tokens);
  const blocks = htmlFragmentBlocks(parser(tokens)).map(withoutHeadingAttributes);
  return buildDocument(title, blocks, 'Markdown document');
}

/**
 * Refuses lines indented or quoted past MAX_LINE_NESTING before marked reads them: its work on nested lists grows
 * faster than the square of their depth (a 4 MB file of 2,000 nested items took minutes).
 */
function checkNesting(body: string): void {
  // Only indentation that precedes text: a line of nothing but spaces nests nothing.
  for (const match of body.matchAll(/^[ \t>]+(?=\S)/gm)) {
    if (match[0].length > MAX_LINE_NESTING / 4 && match[0].replaceAll('\t', '    ').length > MAX_LINE_NESTING) {
      throw nestedTooDeeply();
    }
  }
}

function dropDirectives(tokens: Token[]): void {
  for (let index = tokens.length - 1; index >= 0; index--) {
    const token = tokens[index];
    if (token?.type === 'paragraph') {
      const cleaned = withoutDirectiveLines(token.raw);
      if (cleaned !== token.raw) {
        tokens.splice(index, 1, ...(cleaned.trim() === '' ? [] : lexer(cleaned)));
      }
    } else if (token?.type === 'list') {
      for (const item of (token as { items: { tokens: Token[] }[] }).items) {
        dropDirectives(item.tokens);
      }
    } else if (token?.type === 'blockquote') {
      dropDirectives((token as { tokens: Token[] }).tokens);
    }
  }
}

function withoutDirectiveLines(raw: string): string {
  let changed = false;
  const lines = raw.split('\n').flatMap((line) => {
    const trimmed = line.trim();
    if (INCLUDE_LINE.test(trimmed)) {
      changed = true;
      return [];
    }
    const fence = BLOCK_FENCE.exec(trimmed);
    if (fence) {
      changed = true;
      return fence[1] ? [fence[1], ''] : [''];
    }
    return [line];
  });
  return changed ? lines.join('\n') : raw;
}

function withoutHeadingAttributes(block: Block): Block {
  return block.kind === 'heading' ? { ...block, text: block.text.replace(HEADING_ATTRIBUTES, '') } : block;
}
