import { countTokens } from '#src/modules/data-sources/ingestion/chunker.js';
import { Answerer, type AnswerOptions, type AnswerRequest, type AnswerResult } from '#src/modules/generation/answerer.js';
import { renderPassages } from '#src/modules/generation/extractive/answer-layout.js';
import { sourceUnits, type SourceUnits, type Unit } from '#src/modules/generation/extractive/passage-units.js';
import { answerTypeOf, weightedQueryTerms, type QueryTerm } from '#src/modules/generation/extractive/question.js';
import { jaccard, terms } from '#src/modules/generation/extractive/text-analysis.js';
import { NO_ANSWER } from '#src/modules/generation/prompt.js';
import type { TermStatistics } from '#src/modules/retrieval/retrieval.types.js';

/**
 * Below this share of the question covered by the best passage (with its section's headings), the
 * sources are not taken to answer it. Calibrated on the development question set: docs/answers.md.
 */
export const MIN_CONFIDENCE = 0.25;
/** Terms of a section's title and headings count this much towards its sentences' match. */
const CONTEXT_SHARE = 0.5;
/** A section whose title and headings hold the whole question scores its units this much higher (a share of it, in proportion). */
const CONTEXT_BOOST = 1;
/** A sentence after the anchor continues the passage when it scores at least this share of the anchor; one before it, this share. */
const CONTINUE_RATIO = 0.25;
const BACKWARD_RATIO = 0.4;
/** Sentences before the anchor a passage may start with. */
const MAX_UNITS_BEFORE = 2;
/** A section whose title and headings hold this share of the question is about it: its next sentences are quoted too. */
const SECTION_FIT = 0.5;
/** A later passage joins the answer only when its best sentence scores at least this share of the first passage's. */
const LATER_PASSAGE_RATIO = 0.5;
/** Passages an answer quotes at most: the best one, then the best sentences of other sections, each with its heading. */
const MAX_PASSAGES = 4;
/** Prose units (sentences, lines) of the first passage, and of each later one. */
const FIRST_PASSAGE_UNITS = 4;
const LATER_PASSAGE_UNITS = 1;
/** Lines of a list or table quoted after an introduction that ends with a colon. */
const MAX_LIST_LINES = 8;
/** A definition table ("Syntax: …", "Default: …") this small is quoted whole when one of its rows is the best match. */
const WHOLE_TABLE_LINES = 8;
/** How much each later retrieval rank lowers a source's units, and each later position in a source. */
const RANK_DECAY = 0.08;
const POSITION_DECAY = 0.02;
/** Score factor of a passage without the kind of answer the question asks for (no duration for "how long"). */
const UNTYPED_FACTOR = 0.6;
/** A query term of at least this many characters also matches the words it begins ("param" and "parameter"), at PREFIX_WEIGHT. */
const MIN_PREFIX = 4;
const PREFIX_WEIGHT = 0.8;
const K1 = 1.2;
const B = 0.75;
/** Pseudo-units without any query term added to the IDF count, so that a handful of units still gives sane rarities. */
const IDF_SMOOTHING = 5;
/** Sentences that lean on the one before them ("In this case, q is optional"): quoted with it. */
const LEANS_ON_PREVIOUS =
  /^(?:this|that|these|those|it|they|then|so|here|there|thus|hence|also|but|and|however|otherwise|in\s+th(?:is|at)\s+case|in\s+that\s+way|for\s+(?:example|instance))\b/i;

export interface ExtractiveOptions {
  /** Share of the question the best passage must cover for an answer (0..1); below it, the NO_ANSWER text. */
  minConfidence?: number;
}

/** An answer as the pieces it streams in, with how well its best passage covers the question. */
export interface ExtractedAnswer {
  pieces: string[];
  /** 0..1: the share of the question's weight (by term rarity) the best passage and its headings hold. */
  confidence: number;
  refused: boolean;
}

interface Passage {
  source: number;
  /** The heading line of the section the passage is in, when its source shows it. */
  heading?: Unit;
  units: Unit[];
}

/**
 * The built-in answerer: no outside call, no cost, deterministic. It answers with the passages of the
 * retrieved sources that answer the question, quoted verbatim and cited, and refuses only when the best
 * of them covers too little of the question. Design and measurements: docs/answers.md.
 *
 * - Units: the sources' sentences, list and table lines and code blocks (passage-units.ts); a source's
 *   title and headings are its context.
 * - Question terms: Porter2 stems, stop words dropped; light words ("take", "get", "need") count a third,
 *   the previous question's terms 0.3, so a follow-up keeps its topic; a term also matches the longer
 *   words it begins ("param" in "parameter"). "How long", "when", "how much" and "how do I" ask for a
 *   kind of answer (a duration, a time, an amount, an instruction or the name of what to use), which
 *   counts as one more term.
 * - Term rarity comes from the searched content when retrieval counted it (`termStatistics`), else from
 *   the sources' own units.
 * - A unit scores by BM25 over those terms, the section's headings counting half for the terms the unit
 *   lacks, times the share of the question it covers, times how much of the question its section's
 *   headings hold, with a bonus for question words next to each other and mild priors for the source's
 *   retrieval rank and the unit's position in it.
 * - The best unit anchors the first passage, which takes in what completes it: the sentences it leans on
 *   ("In this case…") or that answer as well just before it, the code, list or table its introduction
 *   ends on (":"), a small definition table whole, and the next sentences while they still answer (or,
 *   in a section whose headings hold most of the question, while the section goes on). Up to three
 *   more passages follow, each the best remaining unit of another place scoring at least half the
 *   anchor, with what completes it; passages of one source are quoted as one.
 * - Confidence: the share of the question's weight the first passage and its headings hold. Below
 *   `minConfidence` (MIN_CONFIDENCE) the answer is the fixed NO_ANSWER text.
 * - Layout (answer-layout.ts): each passage under its section heading when its source shows it, every
 *   sentence and line followed by its marker, code fenced and verbatim after the sentence that
 *   introduces it; the answer never exceeds `maxTokens`.
 */
export class ExtractiveAnswerer extends Answerer {
  private readonly minConfidence: number;

  constructor(options: ExtractiveOptions = {}) {
    super();
    this.minConfidence = options.minConfidence ?? MIN_CONFIDENCE;
  }

  async answer(request: AnswerRequest, options: AnswerOptions = {}): Promise<AnswerResult> {
    const { pieces } = this.compose(request);
    const text = pieces.join('');
    for (const piece of pieces) {
      options.signal?.throwIfAborted();
      options.onDelta?.(piece);
    }
    const read = [request.query, ...request.sources.map((source) => source.text)].join('\n');
    return { text, tokensInput: countTokens(read), tokensOutput: countTokens(text) };
  }

  compose(request: AnswerRequest): ExtractedAnswer {
    const budget = Math.max(1, request.maxTokens);
    const { passages, confidence } = this.select(request);
    if (passages.length === 0 || confidence < this.minConfidence) {
      return { pieces: renderPassages([], budget, NO_ANSWER), confidence, refused: true };
    }
    return { pieces: renderPassages(passages, budget, NO_ANSWER), confidence, refused: false };
  }

  private select(request: AnswerRequest): { passages: Passage[]; confidence: number } {
    const query = weightedQueryTerms(request);
    if (request.sources.length === 0 || query.size === 0) {
      return { passages: [], confidence: 0 };
    }
    const sources = request.sources.map((chunk, index) => sourceUnits(chunk, index + 1));
    const scorer = new UnitScorer(request.query, query, answerTypeOf(request.query), sources, request.termStatistics);
    const units = sources.flatMap((source) => source.units.map((unit) => ({ unit, score: scorer.score(unit), whole: false })));
    // A short source none of whose lines matches on its own may still answer as a whole (a small file named in the question).
    const wholes = sources.flatMap((source) => {
      const first = source.units.find((unit) => unit.kind !== 'heading');
      const unmatched = units.every((scored) => scored.unit.source !== source.source || scored.score === 0);
      return source.short && first && unmatched ? [{ unit: first, score: scorer.wholeScore(source), whole: true }] : [];
    });
    const ranked = [...units, ...wholes]
      .filter((scored) => scored.score > 0)
      .sort((a, b) => b.score - a.score || a.unit.source - b.unit.source || a.unit.index - b.unit.index);
    const anchor = ranked.find((scored) => scored.unit.kind !== 'code' || previousProse(sources[scored.unit.source - 1].units, scored.unit) !== undefined);
    if (!anchor) {
      return { passages: [], confidence: 0 };
    }
    const first = anchor.whole ? wholeSource(sources[anchor.unit.source - 1]) : extend(sources, scorer, anchor.unit, FIRST_PASSAGE_UNITS);
    const passages = [first];
    for (const candidate of ranked) {
      if (passages.length >= MAX_PASSAGES || candidate.score < LATER_PASSAGE_RATIO * anchor.score) {
        break;
      }
      const unit = candidate.unit;
      if (unit.kind !== 'code' && passages.every((passage) => !near(passage, unit) && !repeats(passage, unit) && !contains(passage, unit))) {
        passages.push(candidate.whole ? wholeSource(sources[unit.source - 1]) : extend(sources, scorer, unit, LATER_PASSAGE_UNITS));
      }
    }
    return { passages: mergedBySource(passages), confidence: scorer.coverage(first.units, sources[first.source - 1].context) };
  }
}

/** Scores units against the question; see ExtractiveAnswerer. */
class UnitScorer {
  private readonly idf = new Map<string, number>();
  private readonly absentIdf: number;
  private readonly mass: number;
  private readonly answerIdf: number;
  private readonly averageLength: number;
  private readonly queryOrder: string[];
  private readonly hasCore: boolean;
  private readonly contextCoverages = new Map<number, number>();

  constructor(
    query: string,
    private readonly queryTerms: Map<string, QueryTerm>,
    private readonly answerType: ((text: string) => boolean) | undefined,
    private readonly sources: SourceUnits[],
    statistics: TermStatistics | undefined,
  ) {
    const units = sources.flatMap((source) => source.units.filter((unit) => unit.kind !== 'heading'));
    const documentFrequency = new Map<string, number>();
    for (const unit of units) {
      for (const term of new Set(unit.terms)) {
        documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
      }
    }
    const n = units.length + IDF_SMOOTHING;
    for (const [term] of queryTerms) {
      let df = documentFrequency.get(term) ?? 0;
      if (term.length >= MIN_PREFIX) {
        for (const [other, count] of documentFrequency) {
          if (other !== term && other.startsWith(term)) {
            df = Math.max(df, count);
          }
        }
      }
      const counted = statistics?.documentFrequency.get(term);
      if (statistics && counted !== undefined) {
        // Rarity in the whole searched content; a word found here only as the beginning of longer words
        // ("param" in "parameter") is as common there as in these sources.
        const corpusDf = counted > 0 ? counted : (df * statistics.chunks) / n;
        this.idf.set(term, Math.log(1 + (statistics.chunks - corpusDf + 0.5) / (corpusDf + 0.5)));
      } else if (df > 0) {
        this.idf.set(term, Math.log(1 + (n - df + 0.5) / (df + 0.5)));
      }
    }
    this.absentIdf = Math.log(1 + ((statistics?.chunks ?? n) + 0.5) / 0.5);
    const present = [...queryTerms].filter(([term, q]) => q.core && this.idf.has(term));
    // The answer term weighs like an average present term of the question.
    this.answerIdf = present.length > 0 ? present.reduce((sum, [term]) => sum + this.idfOf(term), 0) / present.length : 1;
    this.mass = [...queryTerms].reduce((sum, [term, q]) => sum + q.weight * this.idfOf(term), 0) + (answerType ? this.answerIdf : 0);
    this.averageLength = units.reduce((sum, unit) => sum + unit.terms.length, 0) / Math.max(1, units.length);
    this.queryOrder = terms(query);
    this.hasCore = [...queryTerms.values()].some((q) => q.core);
  }

  score(unit: Unit): number {
    return unit.kind === 'heading' ? 0 : this.scoreOf(unit, unit.terms, unit.text);
  }

  /** A short source scored as one unit holding all of its words and its title's (see SourceUnits.short). */
  wholeScore(source: SourceUnits): number {
    const text = source.units.filter((unit) => unit.kind !== 'heading');
    const terms = [...text.flatMap((unit) => unit.terms), ...source.context];
    return text.length === 0 ? 0 : this.scoreOf(text[0], terms, text.map((unit) => unit.text).join('\n'));
  }

  private scoreOf(unit: Unit, unitTerms: readonly string[], text: string): number {
    const context = this.sources[unit.source - 1].context;
    let bm25 = 0;
    let own = 0;
    let fromContext = 0;
    let coreMatched = false;
    for (const [term, q] of this.queryTerms) {
      const tf = frequency(unitTerms, term);
      const weight = q.weight * this.idfOf(term);
      if (tf > 0) {
        coreMatched ||= q.core;
        bm25 += weight * this.saturation(tf, unitTerms.length);
        own += weight;
      } else if (inContext(context, term)) {
        fromContext += weight;
      }
    }
    const typed = this.answerType?.(text) ?? false;
    if (typed) {
      bm25 += this.answerIdf * this.saturation(1, unitTerms.length);
      own += this.answerIdf;
    }
    if (own === 0 || (this.hasCore && !coreMatched)) {
      return 0;
    }
    const coverage = this.mass > 0 ? (own + CONTEXT_SHARE * fromContext) / this.mass : 0;
    const contextFit = 1 + CONTEXT_BOOST * this.sectionFit(unit.source);
    const rankPrior = 1 / (1 + RANK_DECAY * (unit.source - 1));
    const positionPrior = 1 / (1 + POSITION_DECAY * unit.index);
    const typeFit = this.answerType && !typed ? UNTYPED_FACTOR : 1;
    return (
      (bm25 + CONTEXT_SHARE * fromContext) *
      (0.5 + coverage) *
      contextFit *
      phraseBonus(this.queryOrder, unitTerms) *
      rankPrior *
      positionPrior *
      typeFit *
      this.shapeFactor(unit)
    );
  }

  /** The share of the question's weight a source's title and headings hold. */
  sectionFit(source: number): number {
    let cached = this.contextCoverages.get(source);
    if (cached === undefined) {
      cached = this.coverage([], this.sources[source - 1].context);
      this.contextCoverages.set(source, cached);
    }
    return cached;
  }

  /** The share of the question's weight these units and their section's headings hold. */
  coverage(units: readonly Unit[], context: ReadonlySet<string>): number {
    if (this.mass === 0) {
      return 0;
    }
    const held = units.flatMap((unit) => unit.terms);
    let covered = 0;
    for (const [term, q] of this.queryTerms) {
      if (frequency(held, term) > 0 || inContext(context, term)) {
        covered += q.weight * this.idfOf(term);
      }
    }
    if (this.answerType && units.some((unit) => this.answerType!(unit.text))) {
      covered += this.answerIdf;
    }
    return Math.min(1, covered / this.mass);
  }

  private idfOf(term: string): number {
    return this.idf.get(term) ?? this.absentIdf;
  }

  private saturation(tf: number, length: number): number {
    return (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / Math.max(1, this.averageLength)));
  }

  /**
   * A sentence that introduces what follows (ending in ":") is worth quoting only with it, which the
   * passage then includes; a short line without punctuation is usually a label or a leftover heading.
   */
  private shapeFactor(unit: Unit): number {
    if (unit.kind === 'code') {
      return 0.7;
    }
    if (unit.kind === 'sentence' && !/[.!?:\u2026]["'\u201d\u2019)]*$/.test(unit.text) && unit.terms.length <= 4) {
      return 0.6;
    }
    return 1;
  }
}

/** Occurrences of a query term in a unit's terms; words it begins count at PREFIX_WEIGHT. */
function frequency(unitTerms: readonly string[], term: string): number {
  let count = 0;
  for (const other of unitTerms) {
    if (other === term) {
      count += 1;
    } else if (term.length >= MIN_PREFIX && other.startsWith(term)) {
      count += PREFIX_WEIGHT;
    }
  }
  return count;
}

function inContext(context: ReadonlySet<string>, term: string): boolean {
  if (context.has(term)) {
    return true;
  }
  return term.length >= MIN_PREFIX && [...context].some((other) => other.startsWith(term));
}

/** The anchor and what completes it, within its source (see ExtractiveAnswerer). */
function extend(sources: SourceUnits[], scorer: UnitScorer, anchor: Unit, maxProse: number): Passage {
  const units = sources[anchor.source - 1].units;
  const anchorScore = scorer.score(anchor);
  const aboutSection = scorer.sectionFit(anchor.source) >= SECTION_FIT;
  const picked = new Set<number>([anchor.index]);
  // Backwards: the sentence the anchor leans on ("In this case…"), the one introducing its code or list, or
  // one that answers as well.
  let first = anchor;
  for (let step = 0; step < MAX_UNITS_BEFORE; step++) {
    const before = previousProse(units, first);
    if (!before) {
      break;
    }
    const needed = first.kind !== 'sentence' || LEANS_ON_PREVIOUS.test(first.text);
    if (!needed && !(aboutSection && before.kind === 'sentence') && scorer.score(before) < BACKWARD_RATIO * anchorScore) {
      break;
    }
    picked.add(before.index);
    first = before;
  }
  if (anchor.kind === 'line' && !anchor.listItem) {
    const table = units.filter((unit) => unit.paragraph === anchor.paragraph);
    if (table.length <= WHOLE_TABLE_LINES && table.every((unit) => !unit.listItem)) {
      table.forEach((unit) => picked.add(unit.index));
    }
  }
  // Forwards: what the last unit introduces, then sentences that still answer, or, in a section whose
  // headings hold most of the question, the section's next sentences.
  let prose = [...picked].filter((index) => units[index].kind !== 'code').length;
  let last = Math.max(...picked);
  for (let index = last + 1; index < units.length; index++) {
    const unit = units[index];
    const previous = units[last];
    if (unit.kind === 'heading') {
      break;
    }
    const introduces = /:\s*$/.test(previous.text);
    if (unit.kind === 'code') {
      if (previous.kind === 'code') {
        break;
      }
      picked.add(index);
      last = index;
      continue;
    }
    const listed = [...picked].filter((i) => units[i].paragraph === unit.paragraph).length;
    if (
      unit.kind === 'line' &&
      (introduces ||
        (previous.kind === 'line' && unit.paragraph === previous.paragraph && listed > 0 && listed < MAX_LIST_LINES && /:\s*$/.test(units[first.index].text)))
    ) {
      picked.add(index);
      last = index;
      continue;
    }
    if (prose >= maxProse) {
      break;
    }
    const continues =
      scorer.score(unit) >= CONTINUE_RATIO * anchorScore ||
      (unit.kind === 'sentence' && (LEANS_ON_PREVIOUS.test(unit.text) || introduces || previous.kind === 'code' || aboutSection));
    if (!continues) {
      break;
    }
    picked.add(index);
    last = index;
    prose += 1;
  }
  const quoted = [...picked].sort((a, b) => a - b).map((index) => units[index]);
  return { source: anchor.source, heading: headingAbove(units, quoted[0]), units: quoted };
}

/** A short source quoted whole. */
function wholeSource(source: SourceUnits): Passage {
  const text = source.units.filter((unit) => unit.kind !== 'heading');
  return { source: source.source, heading: headingAbove(source.units, text[0]), units: text };
}

/** The heading line a unit sits under in its source's text, if the text shows it: it often names what the section teaches. */
function headingAbove(units: readonly Unit[], unit: Unit): Unit | undefined {
  for (let index = unit.index - 1; index >= 0; index--) {
    if (units[index].kind === 'heading') {
      return units[index];
    }
  }
  return undefined;
}

/** The sentence or line just before a unit in its source, if nothing but code stands between. */
function previousProse(units: readonly Unit[], unit: Unit): Unit | undefined {
  for (let index = unit.index - 1; index >= 0; index--) {
    const candidate = units[index];
    if (candidate.kind === 'heading') {
      return undefined;
    }
    if (candidate.kind !== 'code') {
      return candidate;
    }
  }
  return undefined;
}

/**
 * Passages of one source quoted as one, in the source's order, under its first heading, where the first
 * of them stood; overlapping passages give each unit once.
 */
function mergedBySource(passages: readonly Passage[]): Passage[] {
  const merged = new Map<number, Passage>();
  for (const passage of passages) {
    const existing = merged.get(passage.source);
    if (!existing) {
      merged.set(passage.source, { ...passage, units: [...passage.units] });
      continue;
    }
    const units = new Map([...existing.units, ...passage.units].map((unit) => [unit.index, unit]));
    const ordered = [...units.values()].sort((a, b) => a.index - b.index);
    const heading = [existing.heading, passage.heading].filter((candidate) => candidate !== undefined).sort((a, b) => a.index - b.index)[0];
    merged.set(passage.source, { source: passage.source, heading, units: ordered });
  }
  return [...merged.values()];
}

function contains(passage: Passage, unit: Unit): boolean {
  return passage.source === unit.source && passage.units.some((other) => other.index === unit.index);
}

function near(passage: Passage, unit: Unit): boolean {
  return passage.source === unit.source && passage.units.some((other) => Math.abs(other.index - unit.index) <= 2);
}

/** The same thing said again: a unit repeated by an overlapping chunk, or nearly the same words. */
function repeats(passage: Passage, unit: Unit): boolean {
  const words = new Set(unit.terms);
  return passage.units.some((other) => jaccard(new Set(other.terms), words) >= 0.6 || sameText(other.text, unit.text));
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

/** Up to +30% for pairs of consecutive question terms that are also consecutive in the unit. */
function phraseBonus(queryOrder: readonly string[], unitTerms: readonly string[]): number {
  if (queryOrder.length < 2) {
    return 1;
  }
  const pairs = new Set(unitTerms.slice(1).map((term, index) => `${unitTerms[index]} ${term}`));
  let found = 0;
  for (let i = 1; i < queryOrder.length; i++) {
    if (pairs.has(`${queryOrder[i - 1]} ${queryOrder[i]}`)) {
      found++;
    }
  }
  return 1 + Math.min(0.3, found * 0.15);
}
