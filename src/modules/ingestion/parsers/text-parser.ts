import type { Block, ParsedDocument } from '#src/modules/ingestion/parsed-document.js';
import { buildDocument } from '#src/modules/ingestion/parsers/build-document.js';
import { cleanLines } from '#src/modules/ingestion/parsers/text-normalize.js';

// Lines shorter than this on average are kept apart (lists, addresses, verse); longer ones are prose
// wrapped at a fixed width, and joined back.
const WRAPPED_PROSE_LINE = 40;
const LIST_ITEM = /^(?:[-*•+]|\d+[.)])\s/;

/** Plain text: paragraphs are separated by blank lines. The title is the first line unless one is given. */
export function parsePlainText(text: string, title?: string): ParsedDocument {
  const blocks: Block[] = text
    .split(/\r?\n[^\S\n]*(?:\r?\n[^\S\n]*)+/)
    .map((paragraph) => cleanLines(paragraph))
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => ({ kind: 'text', text: unwrap(paragraph) }));
  return buildDocument(title, blocks, 'text file');
}

function unwrap(paragraph: string): string {
  const lines = paragraph.split('\n');
  const average = paragraph.length / lines.length;
  if (lines.length < 2 || average < WRAPPED_PROSE_LINE || lines.some((line) => LIST_ITEM.test(line))) {
    return paragraph;
  }
  return lines.join(' ');
}
