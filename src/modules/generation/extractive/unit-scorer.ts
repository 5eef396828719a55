import type { SourceUnits, Unit } from '#src/modules/generation/extractive/passage-units.js';
import type { QueryTerm } from '#src/modules/generation/extractive/question.js';
import { terms } from '#src/modules/generation/extractive/text-analysis.js';
import type { TermStatistics } from '#src/modules/retrieval/retrieval.types.js';

/** Terms of a section's title and headings count this much towards its sentences' match. */
const CONTEXT_SHARE = 0.5;
/** A section whose title and headings hold the whole question scores its units this much higher (a share of it, in proportion). */
const CONTEXT_BOOST = 1;
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

/** Scores the sources' units against the question, as ExtractiveAnswerer describes. */
export class UnitScorer {
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
