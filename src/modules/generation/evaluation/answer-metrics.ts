import { NO_ANSWER } from '#src/modules/generation/prompt.js';
import { terms } from '#src/modules/generation/extractive/text-analysis.js';

/**
 * How good an answer is, judged against a question's expected facts and the sources it was given
 * (`npm run eval:answers`). Pure functions, so the judgement itself is tested.
 */

const MARKER = /\[(\d{1,3}(?:\s*[-\u2013,;]\s*\d{1,3})*)\]/g;
const FENCE = /^(`{3,})[^\n`]*\n([\s\S]*?)^\1[ \t]*$/gm;
/** A paraphrased claim is supported when its cited source holds this share of its content terms. */
const PARAPHRASE_COVERAGE = 0.8;

/** Text as compared: Unicode-normalised, lower case, without citation markers, Markdown code and bold marks, and repeated spacing. */
export function normalizeForMatch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(MARKER, ' ')
    .replace(/`+|\*\*/g, ' ')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2014]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

export function isRefusal(answer: string): boolean {
  return answer.trim() === NO_ANSWER;
}

/** Whether the answer states the fact: the fact's text, compared as normalizeForMatch leaves both. */
export function containsFact(answer: string, fact: string): boolean {
  const wanted = normalizeForMatch(fact);
  return wanted !== '' && normalizeForMatch(answer).includes(wanted);
}

/** One thing the answer attributes to a source: the text before a marker, or a code block after one. */
export interface CitationClaim {
  source: number;
  text: string;
}

/**
 * The claims of an answer. The text before a marker, back to the previous marker, code block or the
 * start, is what the marker cites ("[1][2]" cite the same text); a fenced code block is cited by the
 * marker before it (an answer introduces an example, cites the introduction, then shows the example).
 */
export function citationClaims(answer: string): CitationClaim[] {
  const claims: CitationClaim[] = [];
  let lastSources: number[] = [];
  let cursor = 0;
  const prose = (text: string): void => {
    let start = 0;
    let previousClaim = '';
    for (const match of text.matchAll(MARKER)) {
      const before = text
        .slice(start, match.index)
        .replace(/^[\s.,;:!?)]+/, '')
        .trim();
      const claim = before === '' ? previousClaim : before;
      const sources = markerSources(match[1]);
      for (const source of sources) {
        if (claim !== '') {
          claims.push({ source, text: claim });
        }
      }
      // "[1][2]" cite one text together: a code block after them illustrates it for both.
      lastSources = before === '' ? [...lastSources, ...sources] : sources;
      previousClaim = claim;
      start = match.index + match[0].length;
    }
  };
  for (const fence of answer.matchAll(FENCE)) {
    prose(answer.slice(cursor, fence.index));
    const code = fence[2].trim();
    if (code !== '') {
      for (const source of lastSources) {
        claims.push({ source, text: code });
      }
    }
    cursor = fence.index + fence[0].length;
  }
  prose(answer.slice(cursor));
  return claims;
}

function markerSources(body: string): number[] {
  const numbers: number[] = [];
  for (const part of body.split(/[,;]/)) {
    const bounds = part.match(/\d+/g)?.map(Number) ?? [];
    const [from, to] = bounds.length === 2 ? [bounds[0], bounds[1]] : [bounds[0], bounds[0]];
    for (let n = from; n <= to && n - from < 50; n++) {
      numbers.push(n);
    }
  }
  return numbers;
}

/** A claim is supported when its source holds its text, or, for a paraphrase, 80% of its content terms. */
export function supports(sourceText: string, claim: string): boolean {
  const source = normalizeForMatch(sourceText);
  const text = normalizeForMatch(claim).replace(/[.:;,!?]+$/, '');
  if (text === '' || source.includes(text)) {
    return true;
  }
  const claimTerms = new Set(terms(text));
  if (claimTerms.size === 0) {
    return false;
  }
  const sourceTerms = new Set(terms(source));
  const covered = [...claimTerms].filter((term) => sourceTerms.has(term)).length;
  return covered / claimTerms.size >= PARAPHRASE_COVERAGE;
}

/** Claims whose cited source supports them, out of all claims (a marker past the sources supports nothing). */
export function citationPrecision(answer: string, sourceTexts: readonly string[]): { supported: number; total: number } {
  const claims = citationClaims(answer);
  const supported = claims.filter((claim) => {
    const source = sourceTexts[claim.source - 1];
    return source !== undefined && supports(source, claim.text);
  }).length;
  return { supported, total: claims.length };
}
