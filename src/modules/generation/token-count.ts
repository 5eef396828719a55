import { countTokens as countExactly } from '#src/modules/ingestion/chunker.js';

/** Unbroken runs (of spaces, or of other characters) this long or longer are measured a slice at a time. */
const SLICE = 256;
/** Of such runs, this many characters in all are measured; the rest are counted at the rate measured. */
const MEASURED_RUN_CHARS = 65_536;

/**
 * cl100k_base tokens in a prompt or an answer, which quote the caller's question and indexed text. The
 * tokenizer's work grows with the square of an unbroken run's length (0.6 s for 16,000 letters) and costs
 * some microseconds a character in runs of random text (base64), so a run of `SLICE` characters or more is
 * counted in slices of that length, and past MEASURED_RUN_CHARS of such runs at the rate of those
 * measured: exact for text without such runs, within a token per slice for runs up to that many
 * characters, and linear in the text's length whatever it holds.
 */
export function countTokens(text: string): number {
  let total = 0;
  let counted = 0;
  let runChars = 0;
  let runTokens = 0;
  let estimated = 0;
  for (const [start, end] of longRuns(text)) {
    total += countExactly(text.slice(counted, start));
    for (let at = start; at < end; at += SLICE) {
      const slice = text.slice(at, Math.min(at + SLICE, end));
      if (runChars < MEASURED_RUN_CHARS) {
        runTokens += countExactly(slice);
        runChars += slice.length;
      } else {
        estimated += slice.length;
      }
    }
    counted = end;
  }
  total += countExactly(text.slice(counted)) + runTokens;
  return estimated === 0 ? total : total + Math.ceil((estimated * runTokens) / runChars);
}

/** Where the runs of `SLICE` or more spaces, or of `SLICE` or more other characters, start and end: one pass, no regular expression. */
function* longRuns(text: string): Generator<[number, number]> {
  let start = 0;
  let spaces = isSpace(text.charCodeAt(0));
  for (let at = 1; at <= text.length; at++) {
    const space = at < text.length && isSpace(text.charCodeAt(at));
    if (at < text.length && space === spaces) {
      continue;
    }
    if (at - start >= SLICE) {
      yield [start, at];
    }
    start = at;
    spaces = space;
  }
}

/** The characters `\s` matches. */
function isSpace(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** The most tokens one call is counted at: the interactions table holds 32-bit integers. */
const MAX_REPORTED_TOKENS = 2_147_483_647;

/**
 * A token count a provider reported, when it is one: a finite number of zero or more, rounded and capped.
 * Anything else (a fraction from a gateway, a negative, a string) is no count, and the service counts itself.
 */
export function reportedTokens(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.min(Math.round(value), MAX_REPORTED_TOKENS) : undefined;
}
