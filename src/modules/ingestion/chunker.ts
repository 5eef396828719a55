import { fenced } from '#src/modules/ingestion/code-fence.js';
import { countTokens as countCl100kTokens, isWithinTokenLimit } from 'gpt-tokenizer/encoding/cl100k_base';
import type { ParsedDocument } from '#src/modules/ingestion/parsed-document.js';

export interface DocumentChunk {
  /** Position of the chunk in its document, from 0. */
  index: number;
  text: string;
  /** cl100k_base tokens in `text`. */
  tokenCount: number;
  /** The headings the chunk sits under, outermost first (e.g. ['Install', 'On Linux']); [] before the first heading. */
  headingPath: string[];
}

export interface ChunkOptions {
  /** Upper bound on each chunk's size, in tokens. */
  tokens: number;
  /** Tokens of the previous chunk of the same section repeated at the start of the next one. */
  overlapTokens: number;
}

// Document text may quote special-token strings such as "<|endoftext|>": they count as the plain text they are.
const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * Tokens in a text by the cl100k_base encoding, the one OpenAI's embedding models (text-embedding-3-*,
 * ada-002) use and bound their input by.
 */
export function countTokens(text: string): number {
  return countCl100kTokens(text, AS_PLAIN_TEXT);
}

/**
 * Texts longer than this many characters per token of the limit are taken as over it without measuring:
 * the tokenizer's work grows with the square of an unbroken run's length (one run of 200,000 characters
 * held the process for minutes). Prose takes about four characters a token; a text past this bound that
 * would still fit (a run of one long token repeated) is only split finer than it had to be.
 */
const MEASURED_CHARS_PER_TOKEN = 16;

/** The token count when within the limit, else false, found without encoding past the limit. */
function countWithin(text: string, limit: number): number | false {
  if (text.length > limit * MEASURED_CHARS_PER_TOKEN) {
    return false;
  }
  return isWithinTokenLimit(text, limit, AS_PLAIN_TEXT);
}

interface Section {
  headingPath: string[];
  /** Heading lines, text blocks and code blocks, in order. */
  paragraphs: Paragraph[];
}

interface Paragraph {
  text: string;
  code: boolean;
}

/** A piece of a section's text no larger than a chunk, with the separator that goes before it. */
interface Piece {
  text: string;
  tokens: number;
  joiner: string;
  /** Rows of a table under its header row repeated: they open a chunk without the previous chunk's overlap. */
  restatesHeader?: boolean;
}

const PARAGRAPH_BREAK = '\n\n';
const FENCE = '```';
const sentences = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * Splits a document into chunks of at most `tokens` tokens along its structure: sections first (a chunk
 * never spans two sections), then paragraphs, lines, sentences, and words for a sentence too long for a
 * chunk. Consecutive chunks of a section share about `overlapTokens` tokens, whole sentences where they fit.
 * A chunk's text is only the document's own text: headings appear where the document has them and are
 * also given as the chunk's heading path; code blocks appear between Markdown fences (a block too large
 * for a chunk is split by lines, each part fenced), and stay in the chunk of the paragraph that introduces
 * them whenever the two fit together; a table read as a grid and too large for a chunk has its header row
 * repeated above the rows of each chunk it continues in. The output depends on the input alone.
 */
export function chunkDocument(document: ParsedDocument, options: ChunkOptions): DocumentChunk[] {
  const limit = Math.floor(options.tokens);
  if (!(limit >= 1)) {
    throw new RangeError(`Chunk size must be at least 1 token, not ${options.tokens}`);
  }
  const overlap = Math.max(0, Math.min(Math.floor(options.overlapTokens), Math.floor(limit / 2)));
  const chunks: DocumentChunk[] = [];
  for (const section of toSections(document)) {
    for (const { text, tokenCount } of chunkSection(section, limit, overlap)) {
      chunks.push({ index: chunks.length, text, tokenCount, headingPath: [...section.headingPath] });
    }
  }
  return chunks;
}

/**
 * Groups blocks under their headings. A heading with no text of its own before the next heading (a chapter
 * heading right before its first section, say) opens the next section's text rather than a chunk of its own.
 */
function toSections(document: ParsedDocument): Section[] {
  const sections: Section[] = [];
  const stack: { level: number; text: string }[] = [];
  let current: Section = { headingPath: [], paragraphs: [] };
  let hasBody = false;
  for (const block of document.blocks) {
    const text = block.text.trim();
    if (text === '') {
      continue;
    }
    if (block.kind === 'heading') {
      if (hasBody) {
        sections.push(current);
        current = { headingPath: [], paragraphs: [] };
        hasBody = false;
      }
      while ((stack.at(-1)?.level ?? 0) >= block.level) {
        stack.pop();
      }
      stack.push({ level: block.level, text });
      current.headingPath = stack.map((heading) => heading.text);
      current.paragraphs.push({ text, code: false });
    } else {
      current.paragraphs.push(block.kind === 'code' ? { text: block.text.replace(/^\n+|\s+$/g, ''), code: true } : { text, code: false });
      hasBody = true;
    }
  }
  if (current.paragraphs.length > 0) {
    sections.push(current);
  }
  return sections;
}

function chunkSection(section: Section, limit: number, overlap: number): { text: string; tokenCount: number }[] {
  const whole = section.paragraphs.map(rendered).join(PARAGRAPH_BREAK);
  const wholeCount = countWithin(whole, limit);
  if (wholeCount !== false) {
    return [{ text: whole, tokenCount: wholeCount }];
  }
  const pieces = withIntroductions(section.paragraphs, limit).flatMap((paragraph) => {
    if (paragraph.code) {
      return splitCode(paragraph.text, PARAGRAPH_BREAK, limit);
    }
    return isGrid(paragraph.text) ? splitGrid(paragraph.text, PARAGRAPH_BREAK, limit) : splitToFit(paragraph.text, PARAGRAPH_BREAK, limit);
  });
  const chunks: { text: string; tokenCount: number }[] = [];
  let carried: Piece | undefined;
  let next = 0;
  while (next < pieces.length) {
    let taken = takePieces(pieces, next, limit, carried);
    if (taken.length === 0) {
      carried = undefined;
      taken = takePieces(pieces, next, limit, undefined);
    }
    const chunk = assemble(carried, taken, limit);
    chunks.push(chunk.result);
    next += chunk.used;
    carried = overlap > 0 && next < pieces.length && !pieces[next].restatesHeader ? tail(afterLastCode(chunk.result.text), overlap) : undefined;
  }
  return chunks;
}

function rendered(paragraph: Paragraph): string {
  return paragraph.code ? fenced(paragraph.text) : paragraph.text;
}

/** A code block and the paragraph just before it, which introduces it, as one paragraph when they fit in a chunk together. */
function withIntroductions(paragraphs: readonly Paragraph[], limit: number): Paragraph[] {
  const result: Paragraph[] = [];
  for (const paragraph of paragraphs) {
    const previous = result.at(-1);
    if (paragraph.code && previous && !previous.code) {
      const together = `${previous.text}${PARAGRAPH_BREAK}${fenced(paragraph.text)}`;
      if (countWithin(together, limit) !== false) {
        result[result.length - 1] = { text: together, code: false };
        continue;
      }
    }
    result.push(paragraph);
  }
  return result;
}

/** A code block as fenced pieces that each fit the limit: whole if it fits, else groups of its lines (a line too long split as text is). */
function splitCode(code: string, joiner: string, limit: number): Piece[] {
  const whole = fenced(code);
  const tokens = countWithin(whole, limit);
  if (tokens !== false) {
    return [{ text: whole, tokens, joiner }];
  }
  const room = Math.max(1, limit - countTokens(fenced('')));
  const groups: string[] = [];
  let group = '';
  for (const line of splitToFit(code, '', room)) {
    const extended = group === '' ? line.text : `${group}${line.joiner || '\n'}${line.text}`;
    if (group !== '' && countWithin(fenced(extended), limit) === false) {
      groups.push(group);
      group = line.text;
    } else {
      group = extended;
    }
  }
  if (group !== '') {
    groups.push(group);
  }
  return groups.map((lines, index) => {
    const text = countWithin(fenced(lines), limit) !== false ? fenced(lines) : lines;
    return { text, tokens: countTokens(text), joiner: index === 0 ? joiner : PARAGRAPH_BREAK };
  });
}

/** The text after a chunk's last code block, where an overlap may start without opening a fence it never closes. */
function afterLastCode(text: string): string {
  const end = text.lastIndexOf(FENCE);
  return end < 0 ? text : text.slice(end + FENCE.length);
}

/** A table read as a grid: a row a line, its cells joined by " | " (as PDF tables are read), the first line its header. */
function isGrid(text: string): boolean {
  const lines = text.split('\n');
  return lines.length > 2 && lines.every((line) => line.includes(' | '));
}

/**
 * A grid too large for a chunk as groups of its rows, each under the header row, so that the rows of every
 * chunk can be read by their columns. A header with a row takes at most half a chunk, else the grid is
 * split as text is; a row too large for a chunk under the header is split as text is.
 */
function splitGrid(text: string, joiner: string, limit: number): Piece[] {
  const [header, ...rows] = text.split('\n');
  if (countWithin(`${header}\n${rows[0]}`, Math.floor(limit / 2)) === false) {
    return splitToFit(text, joiner, limit);
  }
  const pieces: Piece[] = [];
  let group: string[] = [];
  const close = (): void => {
    if (group.length > 0) {
      const grouped = [header, ...group].join('\n');
      pieces.push({ text: grouped, tokens: countTokens(grouped), joiner: pieces.length === 0 ? joiner : PARAGRAPH_BREAK, restatesHeader: pieces.length > 0 });
      group = [];
    }
  };
  for (const row of rows) {
    if (countWithin([header, ...group, row].join('\n'), limit) !== false) {
      group.push(row);
    } else if (countWithin(`${header}\n${row}`, limit) !== false) {
      close();
      group.push(row);
    } else {
      close();
      pieces.push(...splitToFit(row, pieces.length === 0 ? joiner : '\n', limit));
    }
  }
  close();
  return pieces;
}

/** As many pieces from `start` as fit after the carried overlap, by the sum of their counts (at least one without overlap). */
function takePieces(pieces: readonly Piece[], start: number, limit: number, carried: Piece | undefined): Piece[] {
  const taken: Piece[] = [];
  let estimate = carried?.tokens ?? 0;
  for (let index = start; index < pieces.length; index++) {
    const piece = pieces[index];
    const cost = piece.tokens + (estimate > 0 ? joinerTokens(piece.joiner) : 0);
    if (estimate + cost > limit && (taken.length > 0 || carried)) {
      break;
    }
    taken.push(piece);
    estimate += cost;
  }
  return taken;
}

function joinerTokens(joiner: string): number {
  return joiner.includes('\n') ? 1 : 0;
}

/**
 * Joins the carried overlap and the pieces, then checks the real count: token counts do not quite add up
 * across a join, so pieces (then the overlap) are dropped until the text fits.
 */
function assemble(carried: Piece | undefined, taken: Piece[], limit: number): { result: { text: string; tokenCount: number }; used: number } {
  let overlap = carried;
  let used = taken.length;
  for (;;) {
    const parts = overlap ? [overlap, ...taken.slice(0, used)] : taken.slice(0, used);
    // A chunk may begin with an indented line of code; its text still starts with the code itself.
    const text = parts
      .map((part, index) => (index === 0 ? part.text : part.joiner + part.text))
      .join('')
      .trimStart();
    const tokenCount = countWithin(text, limit);
    if (tokenCount !== false) {
      return { result: { text, tokenCount }, used };
    }
    if (used === 1 && !overlap) {
      return { result: { text, tokenCount: countTokens(text) }, used };
    }
    if (used > 1) {
      used -= 1;
    } else {
      overlap = undefined;
    }
  }
}

/**
 * A paragraph as pieces that each fit the limit: whole if it fits, else by lines, then sentences, then
 * words, then (for a "word" such as a long URL or a run of CJK text) by characters.
 */
function splitToFit(text: string, joiner: string, limit: number): Piece[] {
  const tokens = countWithin(text, limit);
  if (tokens !== false) {
    return [{ text, tokens, joiner }];
  }
  // Lines keep their indentation (code); sentences and words are trimmed, their spacing being the joiner.
  const levels: [(text: string) => string[], string][] = [
    [(value) => value.split('\n').map((line) => line.trimEnd()), '\n'],
    [(value) => splitSentences(value).map((sentence) => sentence.trim()), ' '],
    [(value) => value.split(/\s+/), ' '],
  ];
  for (const [split, innerJoiner] of levels) {
    const parts = split(text).filter((part) => part.trim() !== '');
    if (parts.length > 1) {
      return parts.flatMap((part, index) => splitToFit(part, index === 0 ? joiner : innerJoiner, limit));
    }
  }
  return splitCharacters(text, joiner, limit);
}

function splitSentences(text: string): string[] {
  return Array.from(sentences.segment(text), (segment) => segment.segment);
}

function splitCharacters(text: string, joiner: string, limit: number): Piece[] {
  const pieces: Piece[] = [];
  let rest = text;
  // Pieces of one unbroken run are much alike: each search starts from the length of the one before.
  let guess = limit;
  while (rest !== '') {
    let end = longestPrefixWithin(rest, limit, guess);
    guess = end;
    if (end < rest.length && isLowSurrogate(rest.charCodeAt(end)) && end > 1) {
      end -= 1;
    }
    const part = rest.slice(0, end);
    pieces.push({ text: part, tokens: countTokens(part), joiner: pieces.length === 0 ? joiner : '' });
    rest = rest.slice(end);
  }
  return pieces;
}

/**
 * The length of the longest prefix of `text` within `limit` tokens (at least one character). The probes
 * double from `guess` until one does not fit, then halve the interval left: the tokenizer's work grows
 * with the square of an unbroken run's length, so no probe may be much longer than the answer (a search
 * from the whole of a 200,000-character run blocked the process for minutes).
 */
function longestPrefixWithin(text: string, limit: number, guess: number): number {
  const fits = (length: number): boolean => countWithin(text.slice(0, length), limit) !== false;
  let low = 1;
  let high = Math.min(text.length, Math.max(2, guess));
  while (fits(high)) {
    low = high;
    if (high === text.length) {
      return high;
    }
    high = Math.min(text.length, high * 2);
  }
  high -= 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) {
      low = middle;
    } else {
      high = middle - 1;
    }
  }
  return low;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

// Characters of text looked at for the overlap: far more than `overlap` tokens ever span.
const TAIL_CHARS_PER_TOKEN = 8;

/**
 * The end of a chunk, at most `budget` tokens, to repeat at the start of the next: whole sentences when
 * they make up at least half the budget, else completed with the last words of the sentence before.
 */
function tail(text: string, budget: number): Piece | undefined {
  const windowStart = Math.max(0, text.length - budget * TAIL_CHARS_PER_TOKEN);
  const window = text.slice(windowStart);
  const sentenceStarts: number[] = [];
  for (const segment of sentences.segment(window)) {
    if (segment.index > 0 || windowStart === 0) {
      sentenceStarts.push(windowStart + segment.index);
    }
  }
  const fits = (start: number) => countWithin(text.slice(start), budget) !== false;
  let start = longestFittingSuffix(sentenceStarts, fits) ?? text.length;
  if (start === text.length || countTokens(text.slice(start)) < budget / 2) {
    const wordStarts: number[] = [];
    for (const match of window.matchAll(/(?<=\s)\S/g)) {
      if (windowStart + match.index < start) {
        wordStarts.push(windowStart + match.index);
      }
    }
    start = longestFittingSuffix(wordStarts, fits) ?? start;
  }
  const overlapText = text.slice(start).trim();
  return overlapText === '' ? undefined : { text: overlapText, tokens: countTokens(overlapText), joiner: '' };
}

/** The smallest start (longest suffix) that fits, among ascending starts, assuming longer suffixes never have fewer tokens. */
function longestFittingSuffix(starts: readonly number[], fits: (start: number) => boolean): number | undefined {
  let low = 0;
  let high = starts.length - 1;
  let best: number | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const start = starts[middle];
    if (fits(start)) {
      best = start;
      high = middle - 1;
    } else {
      low = middle + 1;
    }
  }
  return best;
}
