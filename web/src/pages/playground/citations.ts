/** A piece of an answer: plain text, or the number of a cited source (1-based, as written in `[n]`). */
export type Segment = { kind: 'text'; text: string } | { kind: 'citation'; source: number };

/** `[1]`, `[1, 3]`, `[2-4]` (also with an en dash): the marker forms the service sends. */
const MARKER = /\[(\d{1,4}(?:\s*[-\u2013]\s*\d{1,4})?(?:\s*[,;]\s*\d{1,4}(?:\s*[-\u2013]\s*\d{1,4})?)*)\]/g;
const PART = /(\d{1,4})(?:\s*[-\u2013]\s*(\d{1,4}))?|[^\d]+/g;

function pushText(segments: Segment[], text: string): void {
  if (text === '') {
    return;
  }
  const last = segments.at(-1);
  if (last?.kind === 'text') {
    last.text += text;
  } else {
    segments.push({ kind: 'text', text });
  }
}

/**
 * Splits an answer into text and citations. Inside a marker each number naming one of the `sourceCount`
 * sources becomes a citation and the brackets, commas and dashes stay as text, so the answer reads as written.
 * Numbers naming no source stay text (an answer still streaming may cite a source the list does not show yet).
 */
export function splitCitations(text: string, sourceCount: number): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  for (const marker of text.matchAll(MARKER)) {
    pushText(segments, text.slice(at, marker.index));
    pushText(segments, '[');
    for (const part of marker[1].matchAll(PART)) {
      if (part[1] === undefined) {
        pushText(segments, part[0]);
        continue;
      }
      const from = Number(part[1]);
      const to = part[2] === undefined ? undefined : Number(part[2]);
      const cite = (n: number, written: string) => (n >= 1 && n <= sourceCount ? segments.push({ kind: 'citation', source: n }) : pushText(segments, written));
      cite(from, part[1]);
      if (to !== undefined && part[2] !== undefined) {
        pushText(segments, part[0].slice(part[1].length, part[0].length - part[2].length));
        cite(to, part[2]);
      }
    }
    pushText(segments, ']');
    at = marker.index + marker[0].length;
  }
  pushText(segments, text.slice(at));
  return segments;
}
