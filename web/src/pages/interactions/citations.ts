/**
 * Splits an answer into text and citation markers, so each `[n]` can link to the n-th source. The service
 * rewrites markers before storing an answer (`[1]`, `[1, 3]`, `[2-3]`, only numbers of sources it had), but
 * older answers and provider models may still hold other forms: a marker is linked only when every number in
 * it names a listed source; anything else stays text, as do brackets inside code (`items[7]`). Bold runs
 * (`**Heading**`, how the built-in answerer opens a quoted section) are picked out so they can be shown bold.
 */
export type AnswerPart = { kind: 'text'; text: string } | { kind: 'strong'; text: string } | { kind: 'citation'; text: string; sources: number[] };

const PREFIX = '(?:sources?|src|refs?|references?)\\s*#?\\s*';
const NUMBER_OR_RANGE = `(?:${PREFIX})?\\d{1,4}(?:\\s*[-\u2013]\\s*(?:${PREFIX})?\\d{1,4})?`;
const MARKER_BODY = new RegExp(`^\\s*${NUMBER_OR_RANGE}(?:\\s*[,;]\\s*${NUMBER_OR_RANGE})*\\s*$`, 'i');
const MARKER = /\[([^[\]]{1,48})\]/g;
/** Fenced blocks first, then inline spans: what they hold is code, never a citation. */
const CODE = /```[\s\S]*?(?:```|$)|`[^`\n]*`/g;
const BOLD = /\*\*([^*\n]+)\*\*/g;

/** The sources a marker body cites, or undefined when it is not a marker of the listed sources. */
export function citedNumbers(body: string, sourceCount: number): number[] | undefined {
  if (!MARKER_BODY.test(body)) {
    return undefined;
  }
  const numbers: number[] = [];
  for (const part of body.split(/[,;]/)) {
    const bounds = part.match(/\d+/g)?.map(Number) ?? [];
    const [from, to] = bounds.length === 2 ? [bounds[0], bounds[1]] : [bounds[0], bounds[0]];
    if (from < 1 || to > sourceCount || from > to) {
      return undefined;
    }
    for (let n = from; n <= to; n++) {
      if (!numbers.includes(n)) {
        numbers.push(n);
      }
    }
  }
  return numbers;
}

function pushText(parts: AnswerPart[], text: string): void {
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

function splitMarkers(parts: AnswerPart[], text: string, sourceCount: number): void {
  let position = 0;
  for (const match of text.matchAll(MARKER)) {
    const sources = citedNumbers(match[1], sourceCount);
    if (!sources) {
      continue;
    }
    pushText(parts, text.slice(position, match.index));
    parts.push({ kind: 'citation', text: match[0], sources });
    position = match.index + match[0].length;
  }
  pushText(parts, text.slice(position));
}

function splitProse(parts: AnswerPart[], text: string, sourceCount: number): void {
  let position = 0;
  for (const match of text.matchAll(BOLD)) {
    splitMarkers(parts, text.slice(position, match.index), sourceCount);
    parts.push({ kind: 'strong', text: match[1] });
    position = match.index + match[0].length;
  }
  splitMarkers(parts, text.slice(position), sourceCount);
}

export function splitCitations(answer: string, sourceCount: number): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let position = 0;
  for (const match of answer.matchAll(CODE)) {
    splitProse(parts, answer.slice(position, match.index), sourceCount);
    pushText(parts, match[0]);
    position = match.index + match[0].length;
  }
  splitProse(parts, answer.slice(position), sourceCount);
  return parts;
}
