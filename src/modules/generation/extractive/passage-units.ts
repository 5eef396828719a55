import { passageTerms, splitSentences } from '#src/modules/generation/extractive/text-analysis.js';
import { FENCED_BLOCK } from '#src/modules/ingestion/code-fence.js';
import type { RetrievedChunk } from '#src/modules/retrieval/retrieval.types.js';

/**
 * A retrieved chunk read as the pieces an answer can quote. A chunk's text is paragraphs separated by
 * blank lines, heading lines where the document has them, and code between Markdown fences (chunker.ts):
 *
 * - `sentence`: a sentence of a prose paragraph;
 * - `line`: one line of a list or a table ("Syntax: Listen [IP-address:]portnumber"), quoted on its own line;
 * - `code`: a fenced block, quoted whole and verbatim;
 * - `heading`: a heading line: never quoted, it tells what the text under it is about.
 */
export type UnitKind = 'sentence' | 'line' | 'code' | 'heading';

export interface Unit {
  /** 1-based number of the source in the request: the answer cites it as [source]. */
  source: number;
  /** Position among the source's units. */
  index: number;
  /** Position of its paragraph among the source's paragraphs. */
  paragraph: number;
  kind: UnitKind;
  text: string;
  /** A list item (shown with a bullet). */
  listItem: boolean;
  /** Content terms, stemmed, repeats kept. */
  terms: string[];
}

export interface SourceUnits {
  source: number;
  units: Unit[];
  /** Terms of the document title, the heading path, the heading lines and a file's name: what the whole chunk is about. */
  context: Set<string>;
  /** A source of at most SHORT_SOURCE_WORDS words (a note, a small file) is quoted and matched whole, its title included. */
  short: boolean;
}

/** A source of at most this many words is short. */
const SHORT_SOURCE_WORDS = 60;

const LIST_MARK = /^\s*(?:[-*+\u2022]|\d{1,3}[.)])\s+/;
/** Longer "sentences" are run-ons (a table flattened into a line, a formula): they do not read as an answer. */
const MAX_WORDS = 150;

export function sourceUnits(chunk: RetrievedChunk, source: number): SourceUnits {
  // The title alone is no heading: a document without one is titled by its first line, which is text.
  const headings = new Set(chunk.headingPath.map((heading) => heading.trim()));
  const units: Unit[] = [];
  let paragraph = 0;
  const add = (kind: UnitKind, text: string, listItem = false): void => {
    const unitTerms = passageTerms(text);
    if (kind !== 'code' && (unitTerms.length === 0 || (kind !== 'heading' && !readable(text)))) {
      return;
    }
    units.push({ source, index: units.length, paragraph, kind, text, listItem, terms: unitTerms });
  };
  const prose = (text: string): void => {
    for (const block of text.split(/\n{2,}/)) {
      const trimmed = block.trim();
      if (trimmed === '') {
        continue;
      }
      const lines = trimmed.split('\n').filter((line) => line.trim() !== '');
      if (lines.length === 1 && (headings.has(trimmed) || /^#{1,6}\s/.test(trimmed))) {
        add('heading', trimmed.replace(/^#{1,6}\s+/, ''));
      } else if (lines.filter((line) => LIST_MARK.test(line) || isTableRow(line)).length * 2 >= lines.length) {
        for (const line of lines) {
          add('line', line.replace(LIST_MARK, '').trim(), LIST_MARK.test(line));
        }
      } else {
        // Prose, its lines broken where a PDF or a <br> broke them.
        for (const sentence of splitSentences(lines.map((line) => line.trim()).join(' '))) {
          if (sentence.split(' ').length <= MAX_WORDS) {
            add('sentence', sentence);
          }
        }
      }
      paragraph += 1;
    }
  };
  let cursor = 0;
  for (const fence of chunk.text.matchAll(FENCED_BLOCK)) {
    prose(chunk.text.slice(cursor, fence.index));
    if (fence[2].trim() !== '') {
      add('code', fence[2].replace(/\s+$/, ''));
      paragraph += 1;
    }
    cursor = fence.index + fence[0].length;
  }
  prose(chunk.text.slice(cursor));

  const context = new Set(passageTerms([chunk.documentTitle, ...chunk.headingPath, fileName(chunk.documentUrl)].join('\n')));
  for (const unit of units) {
    if (unit.kind === 'heading') {
      unit.terms.forEach((term) => context.add(term));
    }
  }
  const words = units.filter((unit) => unit.kind !== 'heading').reduce((sum, unit) => sum + unit.text.split(/\s+/).length, 0);
  return { source, units, context, short: words <= SHORT_SOURCE_WORDS };
}

/**
 * Text a reader can follow: most of its words are words, not paths, markup or symbols. Leftovers of a
 * documentation generator ("{* ../src/app.py hl[3] *}", "/// note", "::: module.Class") are not quoted.
 */
function readable(text: string): boolean {
  // In a row of cells ("Finland | 5.5 | 338,424 | Helsinki"), the separators are no text and the numbers are.
  const row = text.includes(' | ');
  const tokens = text.split(/\s+/).filter((token) => token !== '' && !(row && token === '|'));
  const words = tokens.filter(
    (token) => /^["'(`\u2018\u201c]?[\p{L}][\p{L}\p{M}\p{N}_.'\u2019-]*[.,;:!?)`"'\u2019\u201d]*$/u.test(token) || (row && /^[-+]?\d[\d.,]*%?$/.test(token)),
  );
  return words.length > 0 && words.length * 2 >= tokens.length && !/^(?:\{\*|\/{3,}|:{3})/.test(text.trim());
}

/** An uploaded file's name, which names its document as its title does; nothing for a page's URL or an article's path. */
function fileName(documentUrl: string): string {
  return /^(?:[a-z][a-z0-9+.-]*:|\/)/i.test(documentUrl) ? '' : documentUrl.replace(/[._/-]+/g, ' ');
}

/** "Header: value; Header: value" (a table row under its headers) or "a | b | c". */
function isTableRow(line: string): boolean {
  return /^[^:;|]{1,40}:\s\S/.test(line) || line.includes(' | ');
}
