/**
 * An agent's answer as blocks to show: paragraphs (separated by blank lines) and fenced code blocks, kept
 * verbatim (the built-in answerer quotes configuration that way). Inside a paragraph: text, inline code,
 * `**bold**` runs (how answers open a quoted section) and citation markers.
 *
 * The service rewrites markers before storing an answer (`[1]`, `[1, 3]`, `[2-3]`), but older answers and
 * provider models may hold other forms (`[2–4]`, `[1; 3]`, `[Source 2]`). Only numbers that name a listed
 * source become citations: anything else stays text, so an answer still streaming that cites a source not
 * listed yet shows the marker as written until the source arrives. Brackets inside code never cite.
 *
 * Text written in Markdown (a knowledge base article, `{ markdown: true }`) also has its usual blocks: `#`
 * headings, `-`/`*`/`+` and `1.` lists (one level: a deeper item joins the same list), `>` quotes and rules,
 * and inside them `*italics*`, `_italics_` and links to web addresses. An answer keeps those as written: the
 * built-in answerer quotes documents, whose `#` comments and `-` lines are not Markdown. Nothing is ever read
 * as HTML, and a link leads only to an http or https address.
 */

import { webLink } from '@/ui/links';

/** A piece of a citation marker as written: a number naming a listed source, or the text around it. */
export type CitationPiece = { kind: 'source'; source: number; text: string } | { kind: 'text'; text: string };

export interface Citation {
  kind: 'citation';
  /** The marker as written, brackets included. */
  text: string;
  /** The listed sources it names (1-based, a range expanded), each once, in the order written. */
  sources: number[];
  /** The marker cut into its linked numbers and the text between them; together they spell `text`. */
  pieces: CitationPiece[];
}

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; content: Inline[] }
  | { kind: 'em'; content: Inline[] }
  /** `href` is a web address (webLink), never a script or data one. */
  | { kind: 'link'; href: string; text: string }
  | Citation;

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export type Block =
  | { kind: 'paragraph'; content: Inline[] }
  | { kind: 'code'; language?: string; text: string }
  | { kind: 'heading'; level: HeadingLevel; content: Inline[] }
  | { kind: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { kind: 'quote'; paragraphs: Inline[][] }
  | { kind: 'rule' };

export interface PartsOptions {
  /** Read the text as Markdown (an article), not as an answer. */
  markdown?: boolean;
}

/** What a run of text may hold besides code and citations; a mark is not read again inside itself. */
interface Marks {
  strong: boolean;
  em: boolean;
  link: boolean;
}

const ANSWER_MARKS: Marks = { strong: true, em: false, link: false };
const MARKDOWN_MARKS: Marks = { strong: true, em: true, link: true };

const PREFIX = '(?:sources?|src|refs?|references?)\\s*#?\\s*';
const NUMBER_OR_RANGE = `(?:${PREFIX})?\\d{1,4}(?:\\s*[-\u2013]\\s*(?:${PREFIX})?\\d{1,4})?`;
const MARKER_BODY = new RegExp(`^\\s*${NUMBER_OR_RANGE}(?:\\s*[,;]\\s*${NUMBER_OR_RANGE})*\\s*$`, 'i');
/** Bounded, so a long run of brackets costs little; the body is checked by MARKER_BODY. */
const MARKER = /\[([^[\]\n]{1,48})\]/y;
const BOLD = /\*\*([^*\n]+)\*\*/y;
/** Italics: no space just inside the marks, no line end; `_` only between words' ends (snake_case stays). */
const STAR_EM = /\*([^*\s](?:[^*\n]*[^*\s])?)\*/y;
const UNDERSCORE_EM = /_([^_\s](?:[^_\n]*[^_\s])?)_(?![\p{L}\p{N}])/uy;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
/** A link: its text on one line, its address without spaces or parentheses. */
const LINK = /\[([^[\]\n]{1,500})\]\(([^()\s]{1,2000})\)/y;
/** A fence opens a code block: up to three spaces, then three or more backticks or tildes, then the language. */
const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*))?$/;
const BULLET_ITEM = /^ {0,3}[-*+][ \t]+(\S.*)$/;
const NUMBERED_ITEM = /^ {0,3}(\d{1,9})[.)][ \t]+(\S.*)$/;
const QUOTE = /^ {0,3}> ?(.*)$/;

/** The sources a marker body names, or undefined when it names none of the `sourceCount` listed ones. */
export function citedNumbers(body: string, sourceCount: number): number[] | undefined {
  return markerPieces(body, sourceCount)?.sources;
}

/**
 * One item of a marker (`2`, `2-4`, `Source 2`) counts when every number it names is listed: a reversed
 * range or one reaching past the list stays text, and its numbers are not linked.
 */
function itemSources(item: string, sourceCount: number): number[] {
  const bounds = item.match(/\d+/g)?.map(Number) ?? [];
  const [from, to] = bounds.length === 2 ? bounds : [bounds[0], bounds[0]];
  if (from === undefined || to === undefined || from < 1 || to > sourceCount || from > to) {
    return [];
  }
  return Array.from({ length: to - from + 1 }, (_, offset) => from + offset);
}

function pushPiece(pieces: CitationPiece[], text: string): void {
  if (text === '') {
    return;
  }
  const last = pieces.at(-1);
  if (last?.kind === 'text') {
    last.text += text;
  } else {
    pieces.push({ kind: 'text', text });
  }
}

function markerPieces(body: string, sourceCount: number): { sources: number[]; pieces: CitationPiece[] } | undefined {
  if (!MARKER_BODY.test(body)) {
    return undefined;
  }
  const sources: number[] = [];
  const pieces: CitationPiece[] = [];
  for (const item of body.split(/([,;])/)) {
    const named = item === ',' || item === ';' ? [] : itemSources(item, sourceCount);
    for (const source of named) {
      if (!sources.includes(source)) {
        sources.push(source);
      }
    }
    let at = 0;
    for (const number of item.matchAll(/\d+/g)) {
      pushPiece(pieces, item.slice(at, number.index));
      if (named.length > 0) {
        pieces.push({ kind: 'source', source: Number(number[0]), text: number[0] });
      } else {
        pushPiece(pieces, number[0]);
      }
      at = number.index + number[0].length;
    }
    pushPiece(pieces, item.slice(at));
  }
  return sources.length > 0 ? { sources, pieces } : undefined;
}

function pushText(parts: Inline[], text: string): void {
  if (text === '') {
    return;
  }
  const last = parts.at(-1);
  if (last?.kind === 'text') {
    last.text += text;
  } else {
    parts.push({ kind: 'text', text });
  }
}

/** Inline code's content: line ends read as spaces, and one space padding both ends is dropped. */
function codeSpanText(content: string): string {
  const text = content.replace(/\r?\n/g, ' ');
  return text.length > 2 && text.startsWith(' ') && text.endsWith(' ') && text.trim() !== '' ? text.slice(1, -1) : text;
}

/**
 * Reads one paragraph from left to right, so what opens first wins: a code span hides the brackets and
 * asterisks inside it. An unclosed backtick run or `**` stays as written (an answer may still be streaming).
 */
function inlineParts(text: string, sourceCount: number, marks: Marks): Inline[] {
  const parts: Inline[] = [];
  const backticks = new BacktickRuns(text);
  let plainFrom = 0;
  let at = 0;
  const emit = (part: Inline, end: number) => {
    pushText(parts, text.slice(plainFrom, at));
    parts.push(part);
    at = end;
    plainFrom = end;
  };
  /** The match of a sticky pattern at `at`, if any. */
  const matchHere = (pattern: RegExp) => {
    pattern.lastIndex = at;
    return pattern.exec(text);
  };
  while (at < text.length) {
    const char = text[at];
    if (char === '`') {
      let run = 1;
      while (text[at + run] === '`') {
        run++;
      }
      const close = backticks.nextStart(run, at + run);
      if (close < 0) {
        at += run;
        continue;
      }
      emit({ kind: 'code', text: codeSpanText(text.slice(at + run, close)) }, close + run);
      continue;
    }
    if (char === '*' && marks.strong && text[at + 1] === '*') {
      const match = matchHere(BOLD);
      if (match) {
        emit({ kind: 'strong', content: inlineParts(match[1], sourceCount, { ...marks, strong: false }) }, at + match[0].length);
        continue;
      }
    }
    // `_` opens italics only at a word's start, so that snake_case stays as written.
    if (marks.em && (char === '*' || (char === '_' && !WORD_CHARACTER.test(text[at - 1] ?? '')))) {
      const match = matchHere(char === '*' ? STAR_EM : UNDERSCORE_EM);
      if (match) {
        emit({ kind: 'em', content: inlineParts(match[1], sourceCount, { ...marks, em: false }) }, at + match[0].length);
        continue;
      }
    }
    if (char === '[' && marks.link) {
      const match = matchHere(LINK);
      const href = match ? webLink(match[2]) : undefined;
      if (match && href) {
        emit({ kind: 'link', href, text: match[1] }, at + match[0].length);
        continue;
      }
    }
    if (char === '[') {
      const match = matchHere(MARKER);
      const marker = match ? markerPieces(match[1], sourceCount) : undefined;
      if (match && marker) {
        const pieces: CitationPiece[] = [{ kind: 'text', text: '[' }, ...marker.pieces];
        pushPiece(pieces, ']');
        emit({ kind: 'citation', text: match[0], sources: marker.sources, pieces }, at + match[0].length);
        continue;
      }
    }
    at++;
  }
  pushText(parts, text.slice(plainFrom));
  return parts;
}

/**
 * The runs of backticks of a paragraph, found in one pass and kept by length, so that finding the run
 * that closes a code span costs no second scan of the text: a paragraph of runs of many lengths (or a
 * hostile one) is read in time linear in its length.
 */
class BacktickRuns {
  private readonly starts = new Map<number, number[]>();
  private readonly cursors = new Map<number, number>();

  constructor(text: string) {
    for (let at = text.indexOf('`'); at >= 0;) {
      let run = 1;
      while (text[at + run] === '`') {
        run++;
      }
      const starts = this.starts.get(run) ?? [];
      starts.push(at);
      this.starts.set(run, starts);
      at = text.indexOf('`', at + run);
    }
  }

  /** Where the first run of exactly `length` backticks at or after `from` starts, or -1; `from` never goes back between calls. */
  nextStart(length: number, from: number): number {
    const starts = this.starts.get(length) ?? [];
    let cursor = this.cursors.get(length) ?? 0;
    while (cursor < starts.length && starts[cursor] < from) {
      cursor++;
    }
    this.cursors.set(length, cursor);
    return cursor < starts.length ? starts[cursor] : -1;
  }
}

/** A fence line opening a code block: its marker, indent and language, or undefined. */
function openingFence(line: string): { fence: string; indent: number; language?: string } | undefined {
  const match = FENCE.exec(line);
  if (!match || (match[2][0] === '`' && match[3].includes('`'))) {
    return undefined;
  }
  const language = match[3].trim().split(/\s+/)[0];
  return { fence: match[2], indent: match[1].length, language: language || undefined };
}

function closesFence(line: string, fence: string): boolean {
  const match = FENCE.exec(line);
  return !!match && match[2][0] === fence[0] && match[2].length >= fence.length && match[3].trim() === '';
}

/** A `#` heading line: its level and its text, without the closing `#`s Markdown allows. */
function headingOf(line: string): { level: HeadingLevel; text: string } | undefined {
  const match = HEADING.exec(line);
  if (!match) {
    return undefined;
  }
  // By hand rather than by a pattern anchored at the end, which would read a long run of `#` again and again.
  const text = (match[2] ?? '').trimEnd();
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') {
    end--;
  }
  const closed = end === 0 || text[end - 1] === ' ' || text[end - 1] === '\t';
  return { level: match[1].length as HeadingLevel, text: closed ? text.slice(0, end).trimEnd() : text };
}

/** A thematic break: three or more of one of `-`, `*`, `_`, spaces between them allowed. */
function isRule(line: string): boolean {
  const indent = line.length - line.trimStart().length;
  return indent <= 3 && /^(?:-{3,}|\*{3,}|_{3,})$/.test(line.replace(/[ \t]/g, ''));
}

function listItemOf(line: string): { ordered: boolean; number: number; text: string } | undefined {
  const bullet = BULLET_ITEM.exec(line);
  if (bullet) {
    return { ordered: false, number: 1, text: bullet[1] };
  }
  const numbered = NUMBERED_ITEM.exec(line);
  return numbered ? { ordered: true, number: Number(numbered[1]), text: numbered[2] } : undefined;
}

/**
 * The answer's blocks; `sourceCount` is how many sources are listed beside it (1 to `sourceCount` can be
 * cited). With `markdown`, the text's Markdown blocks too (see the top of this file).
 */
export function answerParts(text: string, sourceCount: number, { markdown = false }: PartsOptions = {}): Block[] {
  const marks = markdown ? MARKDOWN_MARKS : ANSWER_MARKS;
  const inline = (lines: readonly string[]) => inlineParts(lines.join('\n'), sourceCount, marks);
  const blocks: Block[] = [];
  const lines = text.split(/\r?\n/);
  let paragraph: string[] = [];
  /** A quote's lines, '' between its paragraphs. */
  let quote: string[] | undefined;
  /** A list's items, each as its lines; `loose` once a blank line follows an item. */
  let list: { ordered: boolean; start: number; items: string[][]; loose: boolean } | undefined;
  const endParagraph = () => {
    if (paragraph.length > 0) {
      blocks.push({ kind: 'paragraph', content: inline(paragraph) });
      paragraph = [];
    }
  };
  const endQuote = () => {
    if (quote) {
      const paragraphs = quote.join('\n').split(/\n[ \t]*\n/);
      blocks.push({ kind: 'quote', paragraphs: paragraphs.filter((lines) => lines.trim() !== '').map((lines) => inline([lines])) });
      quote = undefined;
    }
  };
  const endList = () => {
    if (list) {
      blocks.push({ kind: 'list', ordered: list.ordered, start: list.start, items: list.items.map(inline) });
      list = undefined;
    }
  };
  const endBlocks = () => {
    endParagraph();
    endQuote();
    endList();
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const opening = openingFence(line);
    if (opening) {
      endBlocks();
      const code: string[] = [];
      let closed = false;
      while (++index < lines.length) {
        if (closesFence(lines[index], opening.fence)) {
          closed = true;
          break;
        }
        // Content lines lose the indent of their fence, as in Markdown; the rest is verbatim.
        code.push(lines[index].replace(new RegExp(`^ {0,${opening.indent}}`), ''));
      }
      // Unclosed (still streaming): a line end at the very end does not open an empty code line yet.
      if (!closed && code.at(-1) === '') {
        code.pop();
      }
      blocks.push({ kind: 'code', language: opening.language, text: code.join('\n') });
      continue;
    }
    if (line.trim() === '') {
      endParagraph();
      endQuote();
      if (list) {
        list.loose = true;
      }
      continue;
    }
    if (!markdown) {
      paragraph.push(line);
      continue;
    }
    const quoted = QUOTE.exec(line);
    if (quoted) {
      endParagraph();
      endList();
      (quote ??= []).push(quoted[1]);
      continue;
    }
    endQuote();
    const heading = headingOf(line);
    if (heading || isRule(line)) {
      endParagraph();
      endList();
      blocks.push(heading ? { kind: 'heading', level: heading.level, content: inline([heading.text]) } : { kind: 'rule' });
      continue;
    }
    // As in Markdown, a numbered list interrupts a paragraph only when it starts at 1 ("2024. was…" stays text).
    const item = listItemOf(line);
    if (item && (paragraph.length === 0 || !item.ordered || item.number === 1)) {
      endParagraph();
      if (list?.ordered !== item.ordered) {
        endList();
        list = { ordered: item.ordered, start: item.number, items: [], loose: false };
      }
      list.items.push([item.text]);
      list.loose = false;
      continue;
    }
    // A line under an item continues it, unless a blank line came between and it is not indented.
    if (list && (!list.loose || /^[ \t]{2}/.test(line))) {
      list.items[list.items.length - 1].push(line.trim());
      list.loose = false;
      continue;
    }
    endList();
    paragraph.push(line);
  }
  endBlocks();
  return blocks;
}
