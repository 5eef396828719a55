import type { SourceUnits, Unit } from '#src/modules/generation/extractive/passage-units.js';
import { jaccard } from '#src/modules/generation/extractive/text-analysis.js';
import type { UnitScorer } from '#src/modules/generation/extractive/unit-scorer.js';

/** A sentence after the anchor continues the passage when it scores at least this share of the anchor; one before it, this share. */
const CONTINUE_RATIO = 0.25;
const BACKWARD_RATIO = 0.4;
/** Sentences before the anchor a passage may start with. */
const MAX_UNITS_BEFORE = 2;
/** A section whose title and headings hold this share of the question is about it: its next sentences are quoted too. */
const SECTION_FIT = 0.5;
/** Lines of a list or table quoted after an introduction that ends with a colon. */
const MAX_LIST_LINES = 8;
/** A definition table ("Syntax: …", "Default: …") this small is quoted whole when one of its rows is the best match. */
const WHOLE_TABLE_LINES = 8;
/** Sentences that lean on the one before them ("In this case, q is optional"): quoted with it. */
const LEANS_ON_PREVIOUS =
  /^(?:this|that|these|those|it|they|then|so|here|there|thus|hence|also|but|and|however|otherwise|in\s+th(?:is|at)\s+case|in\s+that\s+way|for\s+(?:example|instance))\b/i;

/** Units of one source quoted together, under the heading of their section when the source's text shows it. */
export interface Passage {
  source: number;
  heading?: Unit;
  units: Unit[];
}

/** The anchor and what completes it, within its source (see ExtractiveAnswerer). */
export function extend(sources: SourceUnits[], scorer: UnitScorer, anchor: Unit, maxProse: number): Passage {
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
  // Tables are completed before going forwards, so that the passage goes on after a table its anchor is
  // in, and again after, for a table it reached going forwards.
  completeTables(units, picked, scorer);
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
  const lookedUp = completeTables(units, picked, scorer);
  // A passage is a span of its source: what lies between two picked units (the example between an
  // introduction and the sentence after it) is quoted too, but for the rows of a grid it looked up.
  const span = units
    .slice(Math.min(...picked), Math.max(...picked) + 1)
    .filter((unit) => unit.kind !== 'heading' && (picked.has(unit.index) || !lookedUp.has(unit.paragraph)));
  return { source: anchor.source, heading: headingAbove(units, span[0]), units: span };
}

/**
 * Tables the passage reaches are completed: a small definition table is quoted whole; a grid too large
 * for that is looked up: its header row, and the rows picked, else the one row that matches the question
 * best. Returns the paragraphs of the grids looked up, whose other rows are left out.
 */
function completeTables(units: readonly Unit[], picked: Set<number>, scorer: UnitScorer): Set<number> {
  const lookedUp = new Set<number>();
  const reached = [...picked].map((index) => units[index]).filter((unit) => unit.kind === 'line' && !unit.listItem);
  for (const paragraph of new Set(reached.map((unit) => unit.paragraph))) {
    const table = units.filter((unit) => unit.paragraph === paragraph);
    if (table.some((unit) => unit.listItem)) {
      continue;
    }
    if (table.length <= WHOLE_TABLE_LINES) {
      table.forEach((unit) => picked.add(unit.index));
      continue;
    }
    if (!isGrid(table)) {
      continue;
    }
    const [header, ...rows] = table;
    lookedUp.add(paragraph);
    picked.add(header.index);
    const row = rows.some((unit) => picked.has(unit.index)) ? undefined : bestOf(rows, scorer);
    if (row) {
      picked.add(row.index);
    }
  }
  return lookedUp;
}

/** A table whose every line is a row of cells ("Belgium | 11.5 | Brussels"), under a first row that names them. */
function isGrid(lines: readonly Unit[]): boolean {
  return lines.length > 1 && lines.every((unit) => unit.text.includes(' | '));
}

/** The unit that scores best, if any scores at all. */
function bestOf(units: readonly Unit[], scorer: UnitScorer): Unit | undefined {
  let best: { unit: Unit; score: number } | undefined;
  for (const unit of units) {
    const score = scorer.score(unit);
    if (score > 0 && (!best || score > best.score)) {
      best = { unit, score };
    }
  }
  return best?.unit;
}

/** A short source quoted whole. */
export function wholeSource(source: SourceUnits): Passage {
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
export function previousProse(units: readonly Unit[], unit: Unit): Unit | undefined {
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
export function mergedBySource(passages: readonly Passage[]): Passage[] {
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

/**
 * The passages without what an earlier one already quotes: two sources may hold the same sentence (chunks
 * of a section that overlap, a paragraph two pages share), and a later passage reaching it (the sentence
 * its anchor leans on, its introduction) would quote it twice. A passage left with nothing is dropped.
 */
export function withoutRepeats(passages: readonly Passage[]): Passage[] {
  const quoted = new Set<string>();
  const kept: Passage[] = [];
  for (const passage of passages) {
    const units = passage.units.filter((unit) => normalized(unit.text) === '' || !quoted.has(normalized(unit.text)));
    units.forEach((unit) => quoted.add(normalized(unit.text)));
    if (units.length > 0) {
      kept.push({ ...passage, units });
    }
  }
  return kept;
}

/**
 * Whether quoting a unit would repeat a passage: it is in it or next to it, or says the same thing (a
 * sentence repeated by an overlapping chunk, or nearly the same words).
 */
export function overlaps(passage: Passage, unit: Unit): boolean {
  if (passage.source === unit.source && passage.units.some((other) => Math.abs(other.index - unit.index) <= 2)) {
    return true;
  }
  const words = new Set(unit.terms);
  return passage.units.some((other) => jaccard(new Set(other.terms), words) >= 0.6 || sameText(other.text, unit.text));
}

function sameText(a: string, b: string): boolean {
  const left = normalized(a);
  const right = normalized(b);
  return left.includes(right) || right.includes(left);
}

/** Text as compared for repeats: its words and numbers, lower case. */
function normalized(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
