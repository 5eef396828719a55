import { countTokens } from '#src/modules/generation/token-count.js';
import { codeSpanParts, readsAsMarker } from '#src/modules/generation/citations.js';
import { fenced } from '#src/modules/ingestion/code-fence.js';
import type { Unit } from '#src/modules/generation/extractive/passage-units.js';

export interface QuotedPassage {
  source: number;
  heading?: Unit;
  units: readonly Unit[];
}

/** Text in brackets that may read as a citation marker, several in a row (`[1][2]`) as one. */
const BRACKETS = /(?:\[[^[\]\n]{1,48}\])+/g;
/** A character of the name brackets are glued to (`items[3]`, `obj.list[2]`). */
const NAME = /[\p{L}\p{N}_.]/u;
const LONE_NUMBER = /^\[\s*\d{1,4}\s*\]$/;

/**
 * The answer text, as the pieces it streams in (one per quoted unit): a passage opens with the heading of
 * its section in bold, when its source shows it; sentences of a paragraph on one
 * line, each followed by its source's marker before its closing punctuation (`… port 8000 [1]:`); list
 * and table lines on lines of their own, each ending with its marker; code verbatim between fences, after
 * the sentence that introduces it. Passages are separated by a blank line. The whole never exceeds
 * `budget` tokens: units that do not fit are left out, and a first unit too long alone is cut with "…".
 * No passage: `refusal`, cut to the budget if it must be.
 */
export function renderPassages(passages: readonly QuotedPassage[], budget: number, refusal: string): string[] {
  if (passages.length === 0) {
    return [fitToTokens(refusal, budget)];
  }
  const pieces: string[] = [];
  let used = 0;
  let previous: Unit | undefined;
  for (const passage of passages) {
    for (const unit of passage.heading ? [passage.heading, ...passage.units] : passage.units) {
      const piece = `${pieces.length === 0 ? '' : separator(previous, unit)}${render(unit, passage.source)}`;
      const tokens = countTokens(piece);
      if (used + tokens > budget) {
        if (pieces.length === 0) {
          return [truncated(unit, passage.source, budget)];
        }
        return pieces;
      }
      pieces.push(piece);
      used += tokens;
      previous = unit;
    }
    previous = undefined;
  }
  return pieces;
}

function separator(previous: Unit | undefined, unit: Unit): string {
  if (!previous) {
    return '\n\n';
  }
  if (unit.kind === 'sentence' && previous.kind === 'sentence' && unit.paragraph === previous.paragraph) {
    return ' ';
  }
  if (unit.kind === 'line' && previous.kind === 'line' && unit.paragraph === previous.paragraph) {
    return '\n';
  }
  return '\n\n';
}

function render(unit: Unit, source: number): string {
  switch (unit.kind) {
    case 'code':
      return fenced(unit.text);
    case 'line':
      return `${unit.listItem ? '- ' : ''}${quoted(unit.text)} [${source}]`;
    case 'heading':
      return `**${quoted(unit.text)}** [${source}]`;
    case 'sentence':
      return withMarker(quoted(unit.text), source);
  }
}

/**
 * Quoted text as the source has it, but for brackets that would read as citation markers: a lone
 * bracketed number ("see [3]") is shown in parentheses, as a reference of the text; an index, an interval
 * or a list ("items[3]", "[0, 1]", "[2, 3]") is kept as written inside a code span, where no bracket
 * cites. Code spans the text already has are left alone.
 */
function quoted(text: string): string {
  const fence = '`'.repeat(unusedBacktickRun(text));
  return outsideCodeSpans(text, (plain) => {
    let out = '';
    let from = 0;
    for (const match of plain.matchAll(BRACKETS)) {
      const bodies = [...match[0].matchAll(/\[([^[\]]*)\]/g)].map((body) => body[1]);
      if (!bodies.some(readsAsMarker)) {
        continue;
      }
      let start = match.index;
      while (start > from && NAME.test(plain[start - 1])) {
        start--;
      }
      const glued = start < match.index || plain[start - 1] === ')';
      const shown = !glued && LONE_NUMBER.test(match[0]) ? `(${bodies[0].trim()})` : `${fence}${plain.slice(start, match.index + match[0].length)}${fence}`;
      out += plain.slice(from, start) + shown;
      from = match.index + match[0].length;
    }
    return out + plain.slice(from);
  });
}

/** The shortest run of backticks the text does not hold: a code span it delimits closes nowhere else. */
function unusedBacktickRun(text: string): number {
  const lengths = new Set([...text.matchAll(/`+/g)].map((run) => run[0].length));
  let length = 1;
  while (lengths.has(length)) {
    length++;
  }
  return length;
}

/** `change` applied to the text outside its code spans. */
function outsideCodeSpans(text: string, change: (plain: string) => string): string {
  return text
    .split('\n')
    .map((line) =>
      codeSpanParts(line)
        .map((part) => (part.code ? part.text : change(part.text)))
        .join(''),
    )
    .join('\n');
}

/** `Refunds take 5 days.` → `Refunds take 5 days [2].`: the marker goes before the closing punctuation. */
function withMarker(sentence: string, source: number): string {
  const match = /^(.*?)([.!?:;\u2026]+["'\u201d\u2019)]*)$/s.exec(sentence);
  return match ? `${match[1]} [${source}]${match[2]}` : `${sentence} [${source}]`;
}

/** The longest word prefix of a unit that, with "…" and its marker, fits in `budget` tokens. */
function truncated(unit: Unit, source: number, budget: number): string {
  const words = quoted(unit.text).split(/[ \n]+/);
  const low = longestPrefix(words.length, (count) => countTokens(`${words.slice(0, count).join(' ')}\u2026 [${source}]`) <= budget);
  if (low === 0) {
    return fitToTokens(words.join(' '), budget);
  }
  return `${words.slice(0, low).join(' ')}\u2026 [${source}]`;
}

/** `text` cut to at most `budget` tokens: at a word boundary, or inside the first word when even it is longer. */
function fitToTokens(text: string, budget: number): string {
  if (countTokens(text) <= budget) {
    return text;
  }
  const words = text.split(' ');
  const wholeWords = longestPrefix(words.length, (count) => countTokens(words.slice(0, count).join(' ')) <= budget);
  if (wholeWords > 0) {
    return words.slice(0, wholeWords).join(' ');
  }
  const characters = Array.from(words[0]);
  return characters
    .slice(
      0,
      longestPrefix(characters.length, (count) => countTokens(characters.slice(0, count).join('')) <= budget),
    )
    .join('');
}

/** The largest count in 0..most for which `fits` holds, `fits` being true up to some count and false after it. */
function longestPrefix(most: number, fits: (count: number) => boolean): number {
  let low = 0;
  let high = most;
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
