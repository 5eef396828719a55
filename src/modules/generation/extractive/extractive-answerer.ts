import { countTokens } from '#src/modules/generation/token-count.js';
import { Answerer, type AnswerOptions, type AnswerRequest, type AnswerResult } from '#src/modules/generation/answerer.js';
import { renderPassages } from '#src/modules/generation/extractive/answer-layout.js';
import { sourceUnits } from '#src/modules/generation/extractive/passage-units.js';
import { extend, mergedBySource, overlaps, previousProse, wholeSource, withoutRepeats, type Passage } from '#src/modules/generation/extractive/passages.js';
import { answerTypeOf, weightedQueryTerms } from '#src/modules/generation/extractive/question.js';
import { UnitScorer } from '#src/modules/generation/extractive/unit-scorer.js';
import { NO_ANSWER } from '#src/modules/generation/prompt.js';

/**
 * Below this share of the question covered by the best passage (with its section's headings), the
 * sources are not taken to answer it. Calibrated on the development question set: docs/answers.md.
 */
export const MIN_CONFIDENCE = 0.25;
/** A later passage joins the answer only when its best sentence scores at least this share of the first passage's. */
const LATER_PASSAGE_RATIO = 0.5;
/** Passages an answer quotes at most: the best one, then the best sentences of other sections, each with its heading. */
const MAX_PASSAGES = 4;
/** Prose units (sentences, lines) of the first passage, and of each later one. */
const FIRST_PASSAGE_UNITS = 4;
const LATER_PASSAGE_UNITS = 1;

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
 *   ends on (":"), a small definition table whole (of a larger grid, its header and best-matching row),
 *   and the next sentences while they still answer (or, in a section whose headings hold most of the
 *   question, while the section goes on). Up to three
 *   more passages follow, each the best remaining unit of another place scoring at least half the
 *   anchor, with what completes it; passages of one source are quoted as one, and a sentence another
 *   source repeats is quoted once.
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
      if (unit.kind !== 'code' && passages.every((passage) => !overlaps(passage, unit))) {
        passages.push(candidate.whole ? wholeSource(sources[unit.source - 1]) : extend(sources, scorer, unit, LATER_PASSAGE_UNITS));
      }
    }
    return { passages: withoutRepeats(mergedBySource(passages)), confidence: scorer.coverage(first.units, sources[first.source - 1].context) };
  }
}
