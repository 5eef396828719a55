import { countTokens as countExactly } from '#src/modules/ingestion/chunker.js';

/** Unbroken runs (of letters, of spaces, of punctuation) this long or longer are measured a slice at a time. */
const SLICE = 256;
const LONG_RUNS = new RegExp(`\\s{${SLICE},}|\\S{${SLICE},}`, 'g');

/**
 * cl100k_base tokens in a prompt or an answer, which quote the caller's question and indexed text. The
 * tokenizer's work grows with the square of an unbroken run's length (0.6 s for 16,000 letters), so a run
 * of `SLICE` characters or more is counted in slices of that length: exact for text without such runs,
 * within a token per slice otherwise.
 */
export function countTokens(text: string): number {
  let total = 0;
  let measured = 0;
  for (const run of text.matchAll(LONG_RUNS)) {
    total += countExactly(text.slice(measured, run.index));
    for (let start = 0; start < run[0].length; start += SLICE) {
      total += countExactly(run[0].slice(start, start + SLICE));
    }
    measured = run.index + run[0].length;
  }
  return total + countExactly(text.slice(measured));
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
