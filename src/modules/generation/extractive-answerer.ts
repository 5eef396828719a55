import { countTokens } from '#src/modules/data-sources/ingestion/chunker.js';
import { Answerer, type AnswerOptions, type AnswerRequest, type AnswerResult } from '#src/modules/generation/answerer.js';
import { NO_ANSWER } from '#src/modules/generation/prompt.js';
import { jaccard, splitSentences, terms } from '#src/modules/generation/text-analysis.js';

/** At most this many sentences make an answer: it should read as an answer, not as the sources again. */
const MAX_SENTENCES = 3;
/** A sentence joins the answer only when it scores at least this share of the best one. */
const RELATIVE_CUTOFF = 0.45;
/** Share of the question's weight (by term rarity) a sentence must cover to count as relevant at all. */
const MIN_COVERAGE = 0.3;
/** Sentences with this much term overlap (Jaccard) with one already chosen say the same thing. */
const DUPLICATE_SIMILARITY = 0.6;
/** Terms of the previous question count this much: they carry the topic of a follow-up ("and for Europe?"). */
const HISTORY_WEIGHT = 0.3;
/** Verbs and fillers that say little about the subject ("how long does it take"), at this weight. */
const LIGHT_WEIGHT = 0.35;
/** Score factor of a sentence without the kind of answer the question asks for (no duration for "how long"). */
const UNTYPED_FACTOR = 0.6;
/** How much each later retrieval rank lowers a source's sentences. */
const RANK_DECAY = 0.08;
const MIN_WORDS = 3;
const MAX_WORDS = 120;
/** BM25 parameters. */
const K1 = 1.2;
const B = 0.75;
/** Pseudo-sentences without any query term added to the IDF count, so that a handful of sentences still gives sane rarities. */
const IDF_SMOOTHING = 5;

const LIGHT_TERMS = new Set(
  [
    'take',
    'get',
    'make',
    'use',
    'work',
    'need',
    'want',
    'happen',
    'go',
    'come',
    'see',
    'find',
    'give',
    'put',
    'keep',
    'say',
    'time',
    'way',
    'thing',
    'anything',
    'something',
  ].flatMap((word) => terms(word)),
);

const NUMBER_WORD =
  '(?:\\d+(?:[.,]\\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|a few|several|a couple of)';

/**
 * What kind of answer a question asks for, recognised from its wording; a sentence holding that kind of
 * answer (a duration for "how long") matches the question's "answer term", weighted like its other terms.
 */
const ANSWER_TYPES: Array<{ question: RegExp; answer: RegExp }> = [
  {
    question: /\bhow\s+(?:long|soon|quickly|fast|much\s+time|many\s+(?:seconds|minutes|hours|days|weeks|months|years))\b/i,
    answer: new RegExp(
      `\\b${NUMBER_WORD}\\s*(?:(?:-|\u2013|to|or)\\s*${NUMBER_WORD}\\s*)?(?:business\\s+|working\\s+|calendar\\s+)?(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)\\b|\\b(?:same|next|following)\\s+(?:business\\s+|working\\s+)?day\\b|\\b(?:immediately|instantly|overnight|within)\\b`,
      'i',
    ),
  },
  {
    question: /\b(?:when|what\s+(?:time|day|date))\b/i,
    answer:
      /\b(?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|january|february|march|april|may|june|july|august|september|october|november|december|daily|weekly|monthly|yearly|annually|midnight|noon|(?:each|every|first|last)\s+(?:day|week|month|year|business\s+day)|\d{1,2}(?::\d{2})?\s*[ap]\.?m\b|\d{4}-\d{2}-\d{2})/i,
  },
  {
    question: /\bhow\s+(?:much|many)\b|\b(?:cost|costs|price|prices|fee|fees)\b/i,
    answer: /[$\u20ac\u00a3\u00a5]\s?\d|\b\d+(?:[.,]\d+)?\s?(?:%|percent|usd|eur|gbp|dollars?|euros?|pounds?)?\b|\bfree\b/i,
  },
  {
    question: /\bhow\s+(?:do|can|should|would|could|does)\s+(?:i|we|you|one|users?|someone|they)\b|\bhow\s+to\b|\bsteps?\b|\bprocedure\b/i,
    answer:
      /^(?:to\s+\w+|click|tap|select|choose|go|open|enter|type|follow|run|contact|visit|sign|log|navigate|press|set|add|remove|install|download|call|email|send|create|request|fill|submit|use)\b|\b(?:click|tap|select|go\s+to|navigate\s+to|follow\s+the|contact|sign\s+in|log\s+in)\b/i,
  },
];

/** The words of the answer-type phrases ("how long", "how much") are consumed by the answer type, not matched as terms. */
const ANSWER_PHRASE = /\bhow\s+(?:long|soon|quickly|fast|much(?:\s+time)?|many)\b/gi;

interface QueryTerm {
  weight: number;
  /** The question's own content term (not a light word, not from the previous question). */
  core: boolean;
}

interface Candidate {
  text: string;
  /** 1-based number of its source in the request. */
  source: number;
  position: number;
  termCounts: Map<string, number>;
  termSet: Set<string>;
  length: number;
  score: number;
}

/**
 * The built-in answerer: no outside call, no cost. It answers with the few sentences of the retrieved
 * sources that best match the question, each followed by the marker of its source.
 *
 * - Candidates: every sentence of every source (Markdown headings, fragments under 3 words and run-ons
 *   over 120 words excluded).
 * - Question terms: stemmed, stopwords dropped; light words ("take", "get", "work") count a third, and the
 *   previous question's terms count 0.3, so a follow-up ("and express?") keeps its topic.
 * - Answer type: "how long" asks for a duration, "when" for a time, "how much" for an amount, "how do I"
 *   for instructions; a sentence holding that kind of answer matches one more term, and one without scores
 *   lower (×0.6).
 * - Score: BM25 over those terms, with term rarity (IDF) measured across the candidate sentences, so a rare
 *   word of the question ("refund") outweighs a common one; times how much of the question's weight the
 *   sentence covers, a bonus for question words that appear next to each other, and a mild prior for the
 *   source's retrieval rank. A sentence must match one of the question's own content terms and cover at
 *   least 30% of its weight to count as relevant.
 * - Selection: the best sentence leads; up to two more follow if they score at least 45% of it and do not
 *   repeat a chosen one (term overlap, which also catches the overlap between neighbouring chunks).
 * - The answer never exceeds `maxTokens` (the best sentence is cut, with "…", if it alone is too long).
 * - Nothing relevant, or no sources: the fixed NO_ANSWER text, with no marker.
 */
export class ExtractiveAnswerer extends Answerer {
  async answer(request: AnswerRequest, options: AnswerOptions = {}): Promise<AnswerResult> {
    const pieces = this.compose(request);
    const text = pieces.join('');
    for (const piece of pieces) {
      if (options.signal?.aborted) {
        throw options.signal.reason;
      }
      options.onDelta?.(piece);
    }
    const read = [request.query, ...request.sources.map((source) => source.text)].join('\n');
    return { text, tokensInput: countTokens(read), tokensOutput: countTokens(text) };
  }

  /** The answer as the pieces it streams in: one sentence (with its marker) each. */
  compose(request: AnswerRequest): string[] {
    const budget = Math.max(1, request.maxTokens);
    const chosen = this.select(request);
    if (chosen.length === 0) {
      return [fitToTokens(NO_ANSWER, budget)];
    }
    const pieces: string[] = [];
    let used = 0;
    for (const candidate of chosen) {
      const separator = pieces.length === 0 ? '' : ' ';
      const piece = `${separator}${withMarker(candidate.text, candidate.source)}`;
      const tokens = countTokens(piece);
      if (used + tokens <= budget) {
        pieces.push(piece);
        used += tokens;
        continue;
      }
      if (pieces.length === 0) {
        // Even the best sentence is too long: cut it to fit, keeping its marker.
        pieces.push(truncateWithMarker(candidate.text, candidate.source, budget));
      }
      break;
    }
    return pieces;
  }

  private select(request: AnswerRequest): Candidate[] {
    if (request.sources.length === 0) {
      return [];
    }
    const query = weightedQueryTerms(request);
    const answerType = ANSWER_TYPES.find((type) => type.question.test(request.query))?.answer;
    if (query.size === 0) {
      return [];
    }
    const candidates = candidatesOf(request);
    if (candidates.length === 0) {
      return [];
    }
    const idf = inverseDocumentFrequencies(candidates);
    const absentIdf = Math.log(1 + (candidates.length + IDF_SMOOTHING + 0.5) / 0.5);
    const idfOf = (term: string): number => idf.get(term) ?? absentIdf;
    const presentCore = [...query].filter(([term, q]) => q.core && idf.has(term));
    // The answer term weighs like an average present term of the question.
    const answerIdf = presentCore.length > 0 ? presentCore.reduce((sum, [term]) => sum + idfOf(term), 0) / presentCore.length : 1;
    const hasCore = [...query.values()].some((q) => q.core);
    const queryMass = [...query].reduce((sum, [term, q]) => sum + q.weight * idfOf(term), 0) + (answerType ? answerIdf : 0);
    const averageLength = candidates.reduce((sum, candidate) => sum + candidate.length, 0) / candidates.length;
    const saturation = (tf: number, length: number): number => (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / averageLength));
    const queryOrder = terms(request.query);

    for (const candidate of candidates) {
      let bm25 = 0;
      let covered = 0;
      let coreMatched = false;
      for (const [term, q] of query) {
        const tf = candidate.termCounts.get(term);
        if (!tf) {
          continue;
        }
        coreMatched ||= q.core;
        bm25 += q.weight * idfOf(term) * saturation(tf, candidate.length);
        covered += q.weight * idfOf(term);
      }
      const typed = answerType?.test(candidate.text) ?? false;
      if (typed) {
        bm25 += answerIdf * saturation(1, candidate.length);
        covered += answerIdf;
      }
      const coverage = queryMass > 0 ? covered / queryMass : 0;
      if (coverage < MIN_COVERAGE || (hasCore && !coreMatched) || covered === 0) {
        candidate.score = 0;
        continue;
      }
      const rankPrior = 1 / (1 + RANK_DECAY * (candidate.source - 1));
      // A question asking for a kind of answer is rarely answered by a sentence that holds none.
      const typeFit = answerType && !typed ? UNTYPED_FACTOR : 1;
      candidate.score = bm25 * (0.5 + coverage) * phraseBonus(queryOrder, candidate.text) * rankPrior * shapeFactor(candidate.text) * typeFit;
    }

    const ranked = candidates.filter((candidate) => candidate.score > 0).sort((a, b) => b.score - a.score || a.source - b.source || a.position - b.position);
    const chosen: Candidate[] = [];
    for (const candidate of ranked) {
      if (chosen.length >= MAX_SENTENCES || candidate.score < RELATIVE_CUTOFF * ranked[0].score) {
        break;
      }
      if (chosen.some((other) => jaccard(other.termSet, candidate.termSet) >= DUPLICATE_SIMILARITY || sameText(other.text, candidate.text))) {
        continue;
      }
      chosen.push(candidate);
    }
    return chosen;
  }
}

/** The question's terms (light words at LIGHT_WEIGHT), and the previous question's at HISTORY_WEIGHT. */
function weightedQueryTerms(request: AnswerRequest): Map<string, QueryTerm> {
  const weights = new Map<string, QueryTerm>();
  const previous = request.history.at(-1)?.query;
  if (previous) {
    for (const term of terms(previous.replace(ANSWER_PHRASE, ' '))) {
      weights.set(term, { weight: HISTORY_WEIGHT * (LIGHT_TERMS.has(term) ? LIGHT_WEIGHT : 1), core: false });
    }
  }
  for (const term of terms(request.query.replace(ANSWER_PHRASE, ' '))) {
    const light = LIGHT_TERMS.has(term);
    weights.set(term, { weight: light ? LIGHT_WEIGHT : 1, core: !light });
  }
  return weights;
}

function candidatesOf(request: AnswerRequest): Candidate[] {
  const candidates: Candidate[] = [];
  request.sources.forEach((source, index) => {
    splitSentences(source.text, { headings: false }).forEach((sentence, position) => {
      const words = sentence.split(' ').length;
      if (words < MIN_WORDS || words > MAX_WORDS || !/\p{L}/u.test(sentence)) {
        return;
      }
      const sentenceTerms = terms(sentence);
      if (sentenceTerms.length === 0) {
        return;
      }
      const termCounts = new Map<string, number>();
      for (const term of sentenceTerms) {
        termCounts.set(term, (termCounts.get(term) ?? 0) + 1);
      }
      candidates.push({
        text: sentence,
        source: index + 1,
        position,
        termCounts,
        termSet: new Set(sentenceTerms),
        length: sentenceTerms.length,
        score: 0,
      });
    });
  });
  return candidates;
}

/** BM25's IDF over the candidate sentences plus IDF_SMOOTHING sentences without the term. */
function inverseDocumentFrequencies(candidates: Candidate[]): Map<string, number> {
  const documentFrequency = new Map<string, number>();
  for (const candidate of candidates) {
    for (const term of candidate.termSet) {
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
  }
  const n = candidates.length + IDF_SMOOTHING;
  return new Map([...documentFrequency].map(([term, df]) => [term, Math.log(1 + (n - df + 0.5) / (df + 0.5))]));
}

/**
 * A sentence that introduces a list or a code block ("Run this:") is rarely the answer itself, and a short
 * line without punctuation is usually a heading or a navigation label.
 */
function shapeFactor(sentence: string): number {
  if (/:\s*$/.test(sentence)) {
    return 0.6;
  }
  if (!/[.!?\u2026]["'\u201d\u2019)]*$/.test(sentence) && sentence.split(' ').length <= 6) {
    return 0.6;
  }
  return 1;
}

/** Up to +30% for pairs of consecutive question terms that are also consecutive in the sentence. */
function phraseBonus(queryOrder: string[], sentence: string): number {
  if (queryOrder.length < 2) {
    return 1;
  }
  const sentenceTerms = terms(sentence);
  const pairs = new Set(sentenceTerms.slice(1).map((term, index) => `${sentenceTerms[index]} ${term}`));
  let found = 0;
  for (let i = 1; i < queryOrder.length; i++) {
    if (pairs.has(`${queryOrder[i - 1]} ${queryOrder[i]}`)) {
      found++;
    }
  }
  return 1 + Math.min(0.3, found * 0.15);
}

function sameText(a: string, b: string): boolean {
  const normalize = (text: string): string =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const left = normalize(a);
  const right = normalize(b);
  return left.includes(right) || right.includes(left);
}

/** `Refunds take 5 days.` → `Refunds take 5 days [2].`: the marker goes before the closing punctuation. */
function withMarker(sentence: string, source: number): string {
  const match = /^(.*?)([.!?\u2026]+["'\u201d\u2019)]*)$/s.exec(sentence);
  if (match) {
    return `${match[1]} [${source}]${match[2]}`;
  }
  return `${sentence.replace(/[,;:]+$/, '')} [${source}].`;
}

/** The longest word prefix of `sentence` that, with "…" and its marker, fits in `budget` tokens. */
function truncateWithMarker(sentence: string, source: number, budget: number): string {
  const words = sentence.split(' ');
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (countTokens(`${words.slice(0, middle).join(' ')}\u2026 [${source}]`) <= budget) {
      low = middle;
    } else {
      high = middle - 1;
    }
  }
  if (low === 0) {
    return fitToTokens(`[${source}]`, budget);
  }
  return `${words.slice(0, low).join(' ')}\u2026 [${source}]`;
}

/** `text` cut at a word boundary to at most `budget` tokens. */
function fitToTokens(text: string, budget: number): string {
  if (countTokens(text) <= budget) {
    return text;
  }
  const words = text.split(' ');
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (countTokens(words.slice(0, middle).join(' ')) <= budget) {
      low = middle;
    } else {
      high = middle - 1;
    }
  }
  return words.slice(0, Math.max(1, low)).join(' ');
}
