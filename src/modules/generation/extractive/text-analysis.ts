/** Sentence splitting and term extraction for the extractive answerer: English, and the main European languages. */
import { stopwords as dutchStopwords } from '@orama/stopwords/dutch';
import { stopwords as frenchStopwords } from '@orama/stopwords/french';
import { stopwords as germanStopwords } from '@orama/stopwords/german';
import { stopwords as italianStopwords } from '@orama/stopwords/italian';
import { stopwords as portugueseStopwords } from '@orama/stopwords/portuguese';
import { stopwords as spanishStopwords } from '@orama/stopwords/spanish';
import { newStemmer } from 'snowball-stemmers';
import porter2 from 'wink-porter2-stemmer';

const SENTENCES = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Common abbreviations after which a full stop does not end a sentence. */
const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'etc',
  'vs',
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'inc',
  'ltd',
  'co',
  'corp',
  'no',
  'fig',
  'approx',
  'dept',
  'est',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'st',
  'min',
  'max',
  'ca',
  'cf',
]);

/** A list marker or heading mark at the start of a line: `- `, `* `, `1. `, `## `, `> `. */
const LINE_MARK = /^(?:[-*+\u2022>]\s+|\d{1,3}[.)]\s+|#{1,6}\s+)+/;

/**
 * The sentences of a text: Unicode sentence boundaries (UAX #29), which also break at line ends, then
 * re-joined where a boundary fell after a common abbreviation ("e.g.", "Dr.") or inside a number ("3.5").
 * Whitespace is collapsed and list or heading marks are dropped; empty pieces are left out. With
 * `headings: false`, Markdown heading lines are left out altogether.
 */
export function splitSentences(text: string, options: { headings?: boolean } = {}): string[] {
  const pieces: string[] = [];
  for (const line of text.split(/\n+/)) {
    if (options.headings === false && /^\s*#{1,6}\s/.test(line)) {
      continue;
    }
    const cleaned = line.replace(LINE_MARK, '').trim();
    if (cleaned === '') {
      continue;
    }
    let current = '';
    for (const { segment } of SENTENCES.segment(cleaned)) {
      current += segment;
      if (!endsWithAbbreviation(current)) {
        pieces.push(current);
        current = '';
      }
    }
    if (current !== '') {
      pieces.push(current);
    }
  }
  return pieces.map((piece) => piece.replace(/\s+/g, ' ').trim()).filter((piece) => piece !== '');
}

function endsWithAbbreviation(text: string): boolean {
  const match = /(?:^|[\s(])([A-Za-z]+(?:\.[A-Za-z]+)*)\.\s*$/.exec(text);
  if (!match) {
    return false;
  }
  const word = match[1].toLowerCase();
  // A single letter ("J. Smith") or a listed abbreviation.
  return word.length === 1 || ABBREVIATIONS.has(word);
}

const ENGLISH_STOPWORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by can ' +
    'cannot could did do does doing down during each few for from further had has have having he her here hers herself him ' +
    'himself his how i if in into is it its itself just let me more most my myself no nor not of off on once only or other ' +
    'ought our ours ourselves out over own same she should so some such than that the their theirs them themselves then there ' +
    'these they this those through to too under until up very was we were what when where which while who whom why will with ' +
    'would you your yours yourself yourselves also may might must shall us get got tell please know want need like one ' +
    'there thing things way s t don isn aren wasn weren won wouldn shouldn couldn doesn didn hasn haven hadn'
  ).split(' '),
);

const WORDS = /[\p{L}\p{N}]+(?:['\u2019][\p{L}]+)?/gu;

/**
 * Longer strings are not words (hashes, identifiers, base64) and are kept as they are: the stemmer's
 * suffix patterns take time quadratic in a word's length (0.15 s for 4,000 characters, 4 s for 20,000).
 */
const LONGEST_STEMMED_WORD = 64;
/**
 * Stemming was nearly all of the answerer's time, and the same words recur in every passage and question:
 * the stems of the most recently met words are kept per language, a bounded number, the oldest dropped first.
 */
const REMEMBERED_STEMS = 50_000;

/** A language's function words, left out of a text's terms, and its Snowball stemmer. */
class Language {
  private readonly stems = new Map<string, string>();

  constructor(
    readonly stopwords: ReadonlySet<string>,
    private readonly stemWord: (word: string) => string,
  ) {}

  stem(word: string): string {
    const known = this.stems.get(word);
    if (known !== undefined) {
      return known;
    }
    if (word.length > LONGEST_STEMMED_WORD) {
      return word;
    }
    const stemmed = this.stemWord(word.replace(/['\u2019]s$/, '').replace(/['\u2019]/g, ''));
    if (this.stems.size >= REMEMBERED_STEMS) {
      this.stems.delete(this.stems.keys().next().value!);
    }
    this.stems.set(word, stemmed);
    return stemmed;
  }
}

/**
 * English uses Porter2 (Snowball English), the algorithm of PostgreSQL's `english` text search
 * configuration, so the answerer matches words as keyword search does ("compression" and "compresses").
 */
const ENGLISH = new Language(ENGLISH_STOPWORDS, porter2);

const snowball = (name: string, stopwords: readonly string[], questionWords: string): Language => {
  const stemmer = newStemmer(name);
  return new Language(new Set([...stopwords, ...questionWords.split(' ')]), (word) => stemmer.stem(word));
};

/**
 * Recognised by their function words: a text is in the one of these with the most, when it has at least
 * MIN_EVIDENCE and more than English; else English (code, names and short phrases included). One-letter
 * words are no evidence ("a", "q", "y" are words of several languages and names in code). The question
 * words the lists leave out are added: a question's subject is elsewhere.
 */
const OTHER_LANGUAGES: readonly Language[] = [
  snowball('german', germanStopwords, 'wer wann warum wieso weshalb woher wohin'),
  snowball('french', frenchStopwords, 'quoi où quand comment pourquoi combien'),
  snowball('spanish', spanishStopwords, 'cuál cuáles'),
  snowball('italian', italianStopwords, 'cosa quando quali'),
  snowball('portuguese', portugueseStopwords, 'onde porque quais quanto'),
  snowball('dutch', dutchStopwords, 'waar wanneer waarom welke hoeveel'),
];

const MIN_EVIDENCE = 2;

function languageOf(words: readonly string[]): Language {
  let best = ENGLISH;
  let most = Math.max(countIn(ENGLISH.stopwords, words), MIN_EVIDENCE - 1);
  for (const language of OTHER_LANGUAGES) {
    const count = countIn(language.stopwords, words);
    if (count > most) {
      best = language;
      most = count;
    }
  }
  return best;
}

function countIn(stopwords: ReadonlySet<string>, words: readonly string[]): number {
  let count = 0;
  for (const word of words) {
    if (word.length > 1 && stopwords.has(word)) {
      count++;
    }
  }
  return count;
}

/** The stem of an English word, as `terms` gives it for English text. */
export function stem(word: string): string {
  return ENGLISH.stem(word);
}

/**
 * The content terms of a text, stemmed, in order (repeats kept): its language's stopwords (and English
 * ones, which technical text in any language carries) and one-letter words dropped.
 */
export function terms(text: string): string[] {
  const words = text.toLowerCase().match(WORDS) ?? [];
  const language = languageOf(words);
  const result: string[] = [];
  for (const word of words) {
    const bare = word.replace(/['\u2019].*$/, '');
    if (ENGLISH_STOPWORDS.has(bare) || language.stopwords.has(bare) || (word.length < 2 && !/\d/.test(word))) {
      continue;
    }
    result.push(language.stem(word));
  }
  return result;
}

/** A camel-case identifier: parts of a capital and two or more lower-case letters, the first capital optional. */
const IDENTIFIER = /[A-Z]?[a-z]{2,}(?:[A-Z][a-z]{2,})+/g;

/**
 * The content terms of a passage of the sources: its terms, then the words of each camel-case identifier
 * it holds, once each ("DocumentRoot" also gives "document", "root"), as keyword search indexes them
 * (the `identifier_words` of the chunk's full-text vector), so a question in words finds the name.
 */
export function passageTerms(text: string): string[] {
  const identifiers = new Set(text.match(IDENTIFIER));
  return [...terms(text), ...[...identifiers].flatMap((identifier) => terms(identifier.replace(/([a-z])([A-Z])/g, '$1 $2')))];
}

/** Jaccard similarity of two term sets. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) {
    return 1;
  }
  let shared = 0;
  for (const term of a) {
    if (b.has(term)) {
      shared++;
    }
  }
  return shared / (a.size + b.size - shared);
}
