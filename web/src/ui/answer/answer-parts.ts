/**
 * An agent's answer as blocks to show: paragraphs (separated by blank lines) and fenced code blocks, kept
 * verbatim (the built-in answerer quotes configuration that way). Inside a paragraph: text, inline code,
 * `**bold**` runs (how answers open a quoted section) and citation markers.
 *
 * The service rewrites markers before storing an answer (`[1]`, `[1, 3]`, `[2-3]`), but older answers and
 * provider models may hold other forms (`[2–4]`, `[1; 3]`, `[Source 2]`). Only numbers that name a listed
 * source become citations: anything else stays text, so an answer still streaming that cites a source not
 * listed yet shows the marker as written until the source arrives. Brackets inside code never cite.
 */

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

export type Inline = { kind: 'text'; text: string } | { kind: 'code'; text: string } | { kind: 'strong'; content: Inline[] } | Citation;

export type Block = { kind: 'paragraph'; content: Inline[] } | { kind: 'code'; language?: string; text: string };

const PREFIX = '(?:sources?|src|refs?|references?)\\s*#?\\s*';
const NUMBER_OR_RANGE = `(?:${PREFIX})?\\d{1,4}(?:\\s*[-\u2013]\\s*(?:${PREFIX})?\\d{1,4})?`;
const MARKER_BODY = new RegExp(`^\\s*${NUMBER_OR_RANGE}(?:\\s*[,;]\\s*${NUMBER_OR_RANGE})*\\s*$`, 'i');
/** Bounded, so a long run of brackets costs little; the body is checked by MARKER_BODY. */
const MARKER = /\[([^[\]\n]{1,48})\]/y;
const BOLD = /\*\*([^*\n]+)\*\*/y;
/** A fence opens a code block: up to three spaces, then three or more backticks or tildes, then the language. */
const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;

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
function inlineParts(text: string, sourceCount: number, bold: boolean): Inline[] {
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
    if (char === '*' && bold && text[at + 1] === '*') {
      BOLD.lastIndex = at;
      const match = BOLD.exec(text);
      if (match) {
        emit({ kind: 'strong', content: inlineParts(match[1], sourceCount, false) }, at + match[0].length);
        continue;
      }
    }
    if (char === '[') {
      MARKER.lastIndex = at;
      const match = MARKER.exec(text);
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

/** The answer's blocks; `sourceCount` is how many sources are listed beside it (1 to `sourceCount` can be cited). */
export function answerParts(text: string, sourceCount: number): Block[] {
  const blocks: Block[] = [];
  const lines = text.split(/\r?\n/);
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) {
      blocks.push({ kind: 'paragraph', content: inlineParts(paragraph.join('\n'), sourceCount, true) });
      paragraph = [];
    }
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const opening = openingFence(line);
    if (opening) {
      endParagraph();
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
    } else if (line.trim() === '') {
      endParagraph();
    } else {
      paragraph.push(line);
    }
  }
  endParagraph();
  return blocks;
}
