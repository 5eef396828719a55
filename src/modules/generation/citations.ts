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
 * - brackets inside code (backtick spans and fenced blocks) are left alone: `items[7]` is not a citation.
 *
 * Leading and trailing whitespace of the answer is dropped. The same rules run on a stream of deltas
 * (CitationFilter) and on a whole text (sanitizeCitations), with the same result however the text is cut.
 */

/** Characters a citation marker may hold between its brackets, and how many at most. */
const MARKER_CHARACTER = /[0-9A-Za-z ,;\-\u2013]/;
const MAX_MARKER_LENGTH = 48;
const PREFIX = '(?:sources?|src|refs?|references?)\\s*#?\\s*';
const NUMBER_OR_RANGE = `(?:${PREFIX})?\\d{1,4}(?:\\s*[-\u2013]\\s*(?:${PREFIX})?\\d{1,4})?`;
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

/**
 * Sanitises citation markers in a stream of text deltas. `push` returns what can be shown now; text that
 * might still turn out to be a marker (a `[`, spaces before it) is held until it is decided; `flush` at the
 * end returns the rest.
 */
export class CitationFilter {
  /** Spaces and line breaks seen but not yet emitted: dropped before a removed marker and at the end. */
  private pendingSpace = '';
  /** `[` and what followed it, while it may still be a marker. */
  private pendingMarker: string | undefined;
  private started = false;
  /** After a marker removed at the start of a line: the spaces that followed it go too. */
  private swallowSpaces = false;
  /** Backticks in the current run, whose length is known once a different character arrives. */
  private backticks = 0;
  private inFence = false;
  private inInlineCode = false;

  constructor(private readonly sourceCount: number) {}

  push(text: string): string {
    let out = '';
    for (const char of text) {
      out += this.accept(char);
    }
    return out;
  }

  flush(): string {
    this.endBacktickRun();
    const rest = this.pendingMarker ?? '';
    const out = rest === '' ? '' : this.emit(rest);
    this.pendingMarker = undefined;
    this.pendingSpace = '';
    return out;
  }

  private accept(char: string): string {
    if (char === '`') {
      const out = this.releasePending();
      this.backticks++;
      return out + this.emit(char);
    }
    this.endBacktickRun();
    if (this.inFence || this.inInlineCode) {
      return this.emit(char);
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
      return this.releasePending() + this.accept(char);
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

  /** A run of three or more backticks opens or closes a fenced block; a shorter one, an inline code span. */
  private endBacktickRun(): void {
    if (this.backticks === 0) {
      return;
    }
    if (this.backticks >= 3 && !this.inInlineCode) {
      this.inFence = !this.inFence;
    } else if (!this.inFence) {
      this.inInlineCode = !this.inInlineCode;
    }
    this.backticks = 0;
  }
}

/** The whole-text form of CitationFilter. */
export function sanitizeCitations(text: string, sourceCount: number): string {
  const filter = new CitationFilter(sourceCount);
  return filter.push(text) + filter.flush();
}

const ANY_MARKER = /\[([^\]]{1,48})\]/g;

/** The source numbers an answer cites, in order of first citation (for tests and callers that list them). */
export function citedSources(text: string): number[] {
  const cited: number[] = [];
  for (const match of text.matchAll(ANY_MARKER)) {
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
