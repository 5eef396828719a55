import type { AnswerRequest } from '#src/modules/generation/answerer.js';
import { terms } from '#src/modules/generation/extractive/text-analysis.js';

/** Terms of the previous question count this much: they carry the topic of a follow-up ("and for Europe?"). */
const HISTORY_WEIGHT = 0.3;
/** Verbs and fillers that say little about the subject ("how long does it take", "is there a way"), at this weight. */
const LIGHT_WEIGHT = 0.35;

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
    'possible',
    'right',
    'correct',
    'best',
    'recommended',
    'still',
    'instead',
    'actually',
    'really',
    'exactly',
    'mean',
    'difference',
    'example',
  ].flatMap((word) => terms(word)),
);

export interface QueryTerm {
  weight: number;
  /** The question's own content term (not a light word, not from the previous question). */
  core: boolean;
}

const NUMBER_WORD =
  '(?:\\d+(?:[.,]\\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|a few|several|a couple of)';

/**
 * What kind of answer a question asks for, recognised from its wording; a passage holding that kind of
 * answer (a duration for "how long") matches the question's "answer term", weighted like its other terms.
 */
const INSTRUCTION = new RegExp(
  [
    /^(?:to\s+\w+|click|tap|select|choose|go|open|enter|type|follow|run|contact|visit|sign|log|navigate|press|set|add|remove|install|download|call|email|send|create|request|fill|submit|use|import|declare|pass|enable|disable)\b/
      .source,
    /\b(?:click|tap|select|go\s+to|navigate\s+to|follow\s+the|contact|sign\s+in|log\s+in|you\s+can|use\s+the|set\s+the|using)\b/.source,
  ].join('|'),
  'i',
);
/** An identifier, as technical documentation names what to use: snake_case, CamelCase, a call, an option, a dotted name, inline code. */
const IDENTIFIER = /\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*\b|\b\w+\(\)|(?:^|\s)--?[a-z][\w-]+|\b[a-z_]+\.[a-z_]+\.\w+\b|`[^`\n]+`/;

const ANSWER_TYPES: Array<{ question: RegExp; answer: (text: string) => boolean }> = [
  {
    question: /\bhow\s+(?:long|soon|quickly|fast|much\s+time|many\s+(?:seconds|minutes|hours|days|weeks|months|years))\b/i,
    answer: matches(
      new RegExp(
        `\\b${NUMBER_WORD}\\s*(?:(?:-|\u2013|to|or)\\s*${NUMBER_WORD}\\s*)?(?:business\\s+|working\\s+|calendar\\s+)?(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)\\b|\\b(?:same|next|following)\\s+(?:business\\s+|working\\s+)?day\\b|\\b(?:immediately|instantly|overnight|within)\\b`,
        'i',
      ),
    ),
  },
  {
    question: /\b(?:when|what\s+(?:time|day|date))\b/i,
    answer: matches(
      /\b(?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|january|february|march|april|may|june|july|august|september|october|november|december|daily|weekly|monthly|yearly|annually|midnight|noon|(?:each|every|first|last)\s+(?:day|week|month|year|business\s+day)|\d{1,2}(?::\d{2})?\s*[ap]\.?m\b|\d{4}-\d{2}-\d{2})/i,
    ),
  },
  {
    question: /\bhow\s+(?:much|many)\b|\b(?:cost|costs|price|prices|fee|fees)\b/i,
    answer: matches(/[$\u20ac\u00a3\u00a5]\s?\d|\b\d+(?:[.,]\d+)?\s?(?:%|percent|usd|eur|gbp|dollars?|euros?|pounds?)?\b|\bfree\b/i),
  },
  {
    // How to do something: answered by an instruction, or, in technical documentation, by the name of what to use.
    question:
      /\bhow\s+(?:do|can|should|would|could|does|did)\s+(?:i|we|you|one|users?|someone|they)\b|\bhow\s+to\b|\b(?:where|what|which)\s+(?:do|should|can|would)\s+(?:i|we|you)\b|\b(?:can|could)\s+(?:i|we|you)\b|\bis\s+there\s+(?:a|any)\s+(?:way|option|setting)\b|\bwhat(?:'s|\s+is)\s+the\s+(?:right|best|recommended|correct|proper|simplest)\s+way\b|\bhow\s*\?|\bsteps?\b|\bprocedure\b/i,
    answer: (text) => INSTRUCTION.test(text) || IDENTIFIER.test(text),
  },
];

/** The words of the answer-type phrases ("how long", "how much") are consumed by the answer type, not matched as terms. */
const ANSWER_PHRASE = /\bhow\s+(?:long|soon|quickly|fast|much(?:\s+time)?|many)\b/gi;

function matches(pattern: RegExp): (text: string) => boolean {
  return (text) => pattern.test(text);
}

/** The kind of answer the question asks for, as a test an answering passage passes; undefined when it asks for no particular kind. */
export function answerTypeOf(query: string): ((text: string) => boolean) | undefined {
  return ANSWER_TYPES.find((type) => type.question.test(query))?.answer;
}

/** The question's terms (light words at LIGHT_WEIGHT), and the previous question's at HISTORY_WEIGHT. */
export function weightedQueryTerms(request: Pick<AnswerRequest, 'query' | 'history'>): Map<string, QueryTerm> {
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
