/**
 * Citation markers in answers: `[n]` cites the n-th source (1-based) of the request. Whatever produced an
 * answer (a provider model can invent `[7]` with three sources, or write `[Source 2]`), the text that
 * leaves the service cites only sources it was given:
 *
 * - a marker whose numbers are all valid is kept as written (`[1]`, `[1, 2]`, `[2-3]`);
 * - a marker with some invalid numbers keeps the valid ones (`[2, 9]` → `[2]`); ranges are expanded
 *   when they have to be rewritten (`[2-9]` → `[2, 3]` with three sources);
 * - a marker with no valid number (`[7]`, `[0]`) is removed, with the spaces before it, so
 *   `Paris is large [7].` becomes `Paris is large.`;
 * - prefixed forms (`[Source 2]`, `[sources 1; 3]`, `[ref 2]`) become the plain form (`[2]`, `[1, 3]`);
 * - brackets inside code (code spans and fenced blocks, see CitationFilter) are left alone: `items[7]` is
 *   not a citation;
 * - a number of any length is read as one (`[12345]` names no source of the five given, and is removed).
 *
 * Leading and trailing whitespace of the answer is dropped. The same rules run on a stream of deltas
 * (CitationFilter) and on a whole text (sanitizeCitations), with the same result however the text is cut.
 */

/** Characters a citation marker may hold between its brackets, and how many at most. */
const MARKER_CHARACTER = /[0-9A-Za-z ,;\-\u2013]/;
const MAX_MARKER_LENGTH = 48;
const PREFIX = '(?:sources?|src|refs?|references?)\\s*#?\\s*';
const NUMBER_OR_RANGE = `(?:${PREFIX})?\\d+(?:\\s*[-\u2013]\\s*(?:${PREFIX})?\\d+)?`;
const MARKER_BODY = new RegExp(`^\\s*${NUMBER_OR_RANGE}(?:\\s*[,;]\\s*${NUMBER_OR_RANGE})*\\s*$`, 'i');
const PREFIXED = new RegExp(PREFIX, 'i');

/** What a marker body becomes: itself, a rewritten body, or nothing (removed). */
function rewriteMarker(body: string, sourceCount: number): string | undefined {
  const numbers: number[] = [];
  let allValid = true;
  for (const part of body.split(/[,;]/)) {
    const bounds = part.match(/\d+/g)?.map(Number) ?? [];
    const [from, to] = bounds.length === 2 ? [bounds[0], bounds[1]] : [bounds[0], bounds[0]];
    if (from > to || from < 1 || to > sourceCount) {
      allValid = false;
    }
    for (let n = Math.max(1, from); n <= Math.min(to, sourceCount); n++) {
      if (!numbers.includes(n)) {
        numbers.push(n);
      }
    }
  }
  if (numbers.length === 0) {
    return undefined;
  }
  if (allValid && !PREFIXED.test(body)) {
    return `[${body}]`;
  }
  return `[${numbers.join(', ')}]`;
}

/** Up to this many spaces may come before a fence, as in CommonMark and the console's reading of answers. */
const FENCE_INDENT = 3;

/** A run of backticks or tildes, whose length is known once another character arrives. */
interface Run {
  char: string;
  length: number;
  /** Only spaces, at most FENCE_INDENT of them, came before it on its line: it may open or close a fence. */
  startsLine: boolean;
}

/**
 * Sanitises citation markers in a stream of text deltas. `push` returns what can be shown now; text that
 * might still turn out to be a marker (a `[`, spaces before it) is held until it is decided; `flush` at the
 * end returns the rest.
 *
 * Code is read as CommonMark and the console read it, except that a code span ends with its line at the
 * latest. A fence (three or more backticks or tildes at the start of a line, indented at most three
 * spaces; after backticks, no backtick on the rest of the line) opens a block that runs to its closing
 * fence or to the end of the answer, passed on as it comes. Any other run of backticks opens a code span
 * only if a run of as many closes it on the same line: until then what follows is held. Closed, the span is
 * code and passed on verbatim; not closed when the line ends, its backticks were plain text (an apostrophe
 * typed as one) and the rest of the line is read again as text, markers and all.
 */
export class CitationFilter {
  /** Spaces and line breaks seen but not yet emitted: dropped before a removed marker and at the end. */
  private pendingSpace = '';
  /** `[` and what followed it, while it may still be a marker. */
  private pendingMarker: string | undefined;
  private started = false;
  /** After a marker removed at the start of a line: the spaces that followed it go too. */
  private swallowSpaces = false;
  private run: Run | undefined;
  /** Spaces since the line began while nothing else came on it; -1 once something did. */
  private indent = 0;
  /** The fence that opened the code block the text is in. */
  private fence: { char: string; length: number } | undefined;
  /** A run on the fence's line that may close it: it does if nothing but spaces follows it on that line. */
  private fenceClosing = false;
  /**
   * The backticks that may open a code span, and what has come since, held until the span closes or the
   * line ends; at the start of a line, three or more open a fence instead if no backtick follows them on it.
   */
  private span: { ticks: number; held: string; fence: boolean } | undefined;

  constructor(private readonly sourceCount: number) {}

  push(text: string): string {
    let out = '';
    for (const char of text) {
      out += this.accept(char);
    }
    return out;
  }

  flush(): string {
    let out = this.endLine();
    if (this.pendingMarker !== undefined) {
      out += this.emit(this.pendingMarker);
      this.pendingMarker = undefined;
    }
    this.pendingSpace = '';
    return out;
  }

  private accept(char: string): string {
    if (char === this.run?.char) {
      this.run.length++;
      return '';
    }
    const out = char === '\n' ? this.endLine() : this.endRun();
    if (char === '`' || char === '~') {
      this.run = { char, length: 1, startsLine: this.indent >= 0 && this.indent <= FENCE_INDENT };
      this.indent = -1;
      return out;
    }
    this.indent = char === '\n' ? 0 : char === ' ' && this.indent >= 0 ? this.indent + 1 : -1;
    return out + this.acceptText(char);
  }

  private acceptText(char: string): string {
    if (this.fence) {
      this.fenceClosing &&= /\s/.test(char);
      return this.emit(char);
    }
    if (this.span) {
      this.span.held += char;
      return '';
    }
    if (this.pendingMarker !== undefined) {
      if (char === ']') {
        return this.closeMarker();
      }
      if (MARKER_CHARACTER.test(char) && this.pendingMarker.length < MAX_MARKER_LENGTH) {
        this.pendingMarker += char;
        return '';
      }
      // Not a marker after all: show what was held, then look at this character afresh.
      return this.releasePending() + this.acceptText(char);
    }
    if (char === '[') {
      this.pendingMarker = '[';
      return '';
    }
    if (/\s/.test(char)) {
      if (this.started && !(this.swallowSpaces && (char === ' ' || char === '\t'))) {
        this.pendingSpace += char;
      }
      return '';
    }
    return this.emit(char);
  }

  /** What a run of backticks or tildes does, now that its length is known. */
  private endRun(): string {
    const run = this.run;
    if (run === undefined) {
      return '';
    }
    this.run = undefined;
    const text = run.char.repeat(run.length);
    if (this.fence) {
      this.fenceClosing = !this.fenceClosing && run.startsLine && run.char === this.fence.char && run.length >= this.fence.length;
      return this.emit(text);
    }
    if (this.span) {
      if (run.char === '`' && run.length === this.span.ticks) {
        const code = `${'`'.repeat(this.span.ticks)}${this.span.held}${text}`;
        this.span = undefined;
        return this.emit(code);
      }
      this.span.held += text;
      this.span.fence &&= run.char !== '`';
      return '';
    }
    const opensFence = run.startsLine && run.length >= 3;
    if (run.char === '`') {
      this.span = { ticks: run.length, held: '', fence: opensFence };
      return this.releasePending();
    }
    if (opensFence) {
      this.fence = run;
      return this.releasePending() + this.emit(text);
    }
    let out = '';
    for (const char of text) {
      out += this.acceptText(char);
    }
    return out;
  }

  /**
   * At a line break (or the end): backticks that began the line open a fence, a fence closed on it ends its
   * block, and a code span left open was none.
   */
  private endLine(): string {
    let out = this.endRun();
    if (this.span?.fence) {
      const { ticks, held } = this.span;
      this.span = undefined;
      this.fence = { char: '`', length: ticks };
      return out + this.emit(`${'`'.repeat(ticks)}${held}`);
    }
    while (this.span) {
      const { ticks, held } = this.span;
      this.span = undefined;
      out += this.emit('`'.repeat(ticks));
      for (const char of held) {
        out += this.accept(char);
      }
      out += this.endRun();
    }
    if (this.fenceClosing) {
      this.fence = undefined;
      this.fenceClosing = false;
    }
    return out;
  }

  private closeMarker(): string {
    const body = (this.pendingMarker ?? '[').slice(1);
    this.pendingMarker = undefined;
    if (!MARKER_BODY.test(body)) {
      return this.emit(`[${body}]`);
    }
    const replacement = rewriteMarker(body, this.sourceCount);
    if (replacement === undefined) {
      // Removed with the spaces before it; a line break before it stays.
      this.pendingSpace = this.pendingSpace.replace(/[^\S\n]+$/, '');
      this.swallowSpaces = !this.started || this.pendingSpace.endsWith('\n');
      return '';
    }
    return this.emit(replacement);
  }

  private releasePending(): string {
    const held = this.pendingMarker;
    this.pendingMarker = undefined;
    return held === undefined ? '' : this.emit(held);
  }

  /** Emits text, preceded by the whitespace held before it. */
  private emit(text: string): string {
    const out = this.pendingSpace + text;
    this.pendingSpace = '';
    this.started = true;
    this.swallowSpaces = false;
    return out;
  }
}

/** The whole-text form of CitationFilter. */
export function sanitizeCitations(text: string, sourceCount: number): string {
  const filter = new CitationFilter(sourceCount);
  return filter.push(text) + filter.flush();
}

/** Whether text found between brackets reads as a citation marker (`2`, `1, 3`, `2-3`, `Source 2`). */
export function readsAsMarker(body: string): boolean {
  return MARKER_BODY.test(body);
}

const ANY_MARKER = /\[([^\]]{1,48})\]/g;
const FENCE_LINE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The answer without its code, read as CitationFilter reads it: a fenced block runs to its closing fence
 * (or the end), and a code span is a run of backticks closed by as many on the same line. Each is left out,
 * so brackets in code (`items[2]`) are never counted as citations.
 */
function withoutCode(text: string): string {
  const prose: string[] = [];
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const run = FENCE_LINE.exec(line)?.[1];
    if (fence !== undefined) {
      if (run !== undefined && run[0] === fence[0] && run.length >= fence.length && line.trim() === run) {
        fence = undefined;
      }
      continue;
    }
    if (run !== undefined && !(run[0] === '`' && line.slice(line.indexOf(run) + run.length).includes('`'))) {
      fence = run;
      continue;
    }
    prose.push(
      codeSpanParts(line)
        .map((part) => (part.code ? ' ' : part.text))
        .join(''),
    );
  }
  return prose.join('\n');
}

/** A line cut into its code spans (a run of backticks closed by as many on the same line) and the text between them. */
export function codeSpanParts(line: string): Array<{ code: boolean; text: string }> {
  const runs = [...line.matchAll(/`+/g)];
  // For each run, the next run of the same length, which closes the span it opens.
  const closing = new Array<number>(runs.length).fill(-1);
  const latest = new Map<number, number>();
  for (let i = runs.length - 1; i >= 0; i--) {
    closing[i] = latest.get(runs[i][0].length) ?? -1;
    latest.set(runs[i][0].length, i);
  }
  const parts: Array<{ code: boolean; text: string }> = [];
  let from = 0;
  for (let i = 0; i < runs.length; i++) {
    const close = closing[i];
    if (close < 0) {
      continue;
    }
    const end = runs[close].index + runs[close][0].length;
    parts.push({ code: false, text: line.slice(from, runs[i].index) }, { code: true, text: line.slice(runs[i].index, end) });
    from = end;
    i = close;
  }
  parts.push({ code: false, text: line.slice(from) });
  return parts;
}

/** The source numbers an answer cites outside its code, in order of first citation. */
export function citedSources(text: string): number[] {
  const cited: number[] = [];
  for (const match of withoutCode(text).matchAll(ANY_MARKER)) {
    if (!MARKER_BODY.test(match[1])) {
      continue;
    }
    for (const part of match[1].split(/[,;]/)) {
      const bounds = part.match(/\d+/g)?.map(Number) ?? [];
      const [from, to] = bounds.length === 2 ? [bounds[0], bounds[1]] : [bounds[0], bounds[0]];
      for (let n = from; n <= to && n - from < 100; n++) {
        if (!cited.includes(n)) {
          cited.push(n);
        }
      }
    }
  }
  return cited;
}
