/**
 * A piece of an answer: plain text, the number of a cited source (1-based, as written in `[n]`), or the
 * brackets and commas of a citation marker (kept in the text, not shown: the citations are shown as links).
 */
export type Inline = { kind: 'text'; text: string } | { kind: 'citation'; source: number } | { kind: 'punctuation'; text: string };

/** Inline pieces, or a `**bold**` run of them (answers, the extractive ones included, bold their headings). */
export type Segment = Inline | { kind: 'strong'; content: Inline[] };

/** `[1]`, `[1, 3]`, `[2-4]` (also with an en dash or semicolons): the marker forms the service sends. */
const MARKER = /\[(\d{1,4}(?:\s*[-\u2013]\s*\d{1,4})?(?:\s*[,;]\s*\d{1,4}(?:\s*[-\u2013]\s*\d{1,4})?)*)\]/g;
const PART = /\d{1,4}|[^\d]+/g;
const BOLD = /\*\*([^*\n]+)\*\*/g;

function push(pieces: Inline[], kind: 'text' | 'punctuation', text: string): void {
  if (text === '') {
    return;
  }
  const last = pieces.at(-1);
  if (last?.kind === kind) {
    last.text += text;
  } else {
    pieces.push({ kind, text });
  }
}

/**
 * Splits text into plain text and citations. A marker naming at least one of the `sourceCount` sources becomes
 * its citations, with its brackets and separators as punctuation; a marker naming none stays text (an answer
 * still streaming may cite a source the list does not show yet).
 */
export function splitCitations(text: string, sourceCount: number): Inline[] {
  const pieces: Inline[] = [];
  let at = 0;
  for (const marker of text.matchAll(MARKER)) {
    push(pieces, 'text', text.slice(at, marker.index));
    at = marker.index + marker[0].length;
    const parts = [...marker[1].matchAll(PART)].map((part) => part[0]);
    const valid = (part: string) => /^\d+$/.test(part) && Number(part) >= 1 && Number(part) <= sourceCount;
    if (!parts.some(valid)) {
      push(pieces, 'text', marker[0]);
      continue;
    }
    push(pieces, 'punctuation', '[');
    for (const part of parts) {
      if (valid(part)) {
        pieces.push({ kind: 'citation', source: Number(part) });
      } else {
        // A number naming no source, and the dash of a range, stay visible; brackets and commas do not.
        push(pieces, /^\d+$|[-\u2013]/.test(part) ? 'text' : 'punctuation', part);
      }
    }
    push(pieces, 'punctuation', ']');
  }
  push(pieces, 'text', text.slice(at));
  return pieces;
}

/** An answer as it is shown: `**bold**` runs and citations; every other character as written. */
export function splitAnswer(text: string, sourceCount: number): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  for (const bold of text.matchAll(BOLD)) {
    segments.push(...splitCitations(text.slice(at, bold.index), sourceCount));
    segments.push({ kind: 'strong', content: splitCitations(bold[1], sourceCount) });
    at = bold.index + bold[0].length;
  }
  segments.push(...splitCitations(text.slice(at), sourceCount));
  return segments;
}
