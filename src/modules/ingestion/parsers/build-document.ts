import { type Block, DocumentParseError, type ParsedDocument } from '#src/modules/ingestion/parsed-document.js';
import { cleanInline } from '#src/modules/ingestion/parsers/text-normalize.js';

const MAX_TITLE_LENGTH = 200;

/**
 * The last step of every parser: drops empty blocks and a text block repeating the one just before it,
 * picks the title (the one given, else the first heading, else the first line), and refuses a document
 * without any text.
 */
export function buildDocument(title: string | undefined, blocks: readonly Block[], kind: string): ParsedDocument {
  const kept: Block[] = [];
  for (const block of blocks) {
    if (block.text.trim() === '') {
      continue;
    }
    const previous = kept.at(-1);
    if (block.kind === 'text' && previous?.kind === 'text' && previous.text === block.text) {
      continue;
    }
    kept.push(block);
  }
  if (kept.length === 0) {
    throw new DocumentParseError('empty', `The ${kind} contains no text`);
  }
  return { title: pickTitle(title, kept), blocks: kept };
}

function pickTitle(title: string | undefined, blocks: readonly Block[]): string {
  const given = cleanInline(title ?? '');
  if (given !== '') {
    return shorten(given);
  }
  const heading = blocks.find((block) => block.kind === 'heading');
  const first = heading ?? blocks[0];
  const line = cleanInline(first?.text.split('\n', 1)[0] ?? '');
  // A list's first item makes a title without its bullet.
  return shorten(line.replace(/^(?:[-*•]|\d+\.)\s+/, ''));
}

/** Cuts a long title at a word boundary. */
export function shorten(text: string, max = MAX_TITLE_LENGTH): string {
  if (text.length <= max) {
    return text;
  }
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * Headings that head no text: followed directly by a heading of the same or a higher rank, or by nothing.
 * On a web page these are what is left of removed navigation boxes ("See also", "Topics"), and are dropped;
 * in a PDF they are title-page lines in a large font (author, date), and are kept as text.
 */
export function settleEmptyHeadings(blocks: readonly Block[], action: 'drop' | 'keep-as-text'): Block[] {
  const settled: Block[] = [];
  blocks.forEach((block, index) => {
    const next = blocks[index + 1];
    const empty = block.kind === 'heading' && (next === undefined || (next.kind === 'heading' && next.level <= block.level));
    if (!empty) {
      settled.push(block);
    } else if (action === 'keep-as-text') {
      settled.push({ kind: 'text', text: block.text });
    }
  });
  return settled;
}
