/**
 * Which chunks keyword search scores, in two passes, for an exact top k by BM25 without scoring every
 * chunk that holds a query term. A candidate condition is a disjunction of clauses, each a conjunction of
 * query terms (indexes into the query's terms): the GIN index answers it without reading a chunk.
 *
 * A term adds less than its bound, (k1 + 1) x idf, to any chunk's score, so a chunk holding the terms T
 * scores below bound(T). The first pass scores a cheap set likely to hold high scores; its k-th score is
 * then a floor, and the second pass needs only the chunks whose terms' bounds add up to more than it
 * (MaxScore, Turtle and Flood 1995, with the conjunctions a GIN index evaluates for free).
 */
export type Clauses = number[][];

/** Query terms up to which the second pass enumerates term sets; longer queries fall back to single terms. */
const MAX_ENUMERATED_TERMS = 12;
/** Clauses up to which the second pass's condition is kept exact; beyond, single terms (a superset) stand in. */
const MAX_CLAUSES = 64;

/**
 * The first pass. With a term of at most `budget` chunks: the rarest terms, one clause each, up to the
 * budget of chunks (at least one term). With only common terms: one clause, the conjunction of the rarest
 * ones until the chunks holding them all are expected (terms taken as independent) to be within the budget.
 */
export function firstPass(df: number[], bound: number[], total: number, budget: number): Clauses {
  const order = df.map((_, i) => i).sort((a, b) => bound[b] - bound[a] || a - b);
  if (df[order[0]] <= budget) {
    const clauses: Clauses = [];
    let postings = 0;
    for (const term of order) {
      if (clauses.length > 0 && postings + df[term] > budget) {
        break;
      }
      postings += df[term];
      clauses.push([term]);
    }
    return clauses;
  }
  const conjunction: number[] = [];
  let expected = total;
  for (const term of order) {
    conjunction.push(term);
    expected *= df[term] / total;
    if (expected <= budget) {
      break;
    }
  }
  return [conjunction];
}

/**
 * A first pass that found fewer chunks than asked for set no floor: a conjunction gives way to the one
 * without its commonest term (the terms were taken rarest first), which holds every chunk it held.
 * Undefined for a first pass of single terms, which cannot widen.
 */
export function widenedFirstPass(clauses: Clauses): Clauses | undefined {
  return clauses.length === 1 && clauses[0].length > 1 ? [clauses[0].slice(0, -1)] : undefined;
}

/**
 * The second pass: every chunk not already scored by `scored` (the first pass's clauses, each chunk that
 * matches one of them has been scored) that could still beat `floor`, as the minimal term sets whose bounds
 * exceed it. Empty when no chunk can.
 */
export function secondPass(bound: number[], floor: number, scored: Clauses): Clauses {
  const enumerated = bound.length <= MAX_ENUMERATED_TERMS ? minimalSetsAbove(bound, floor) : undefined;
  const clauses = enumerated && enumerated.length <= MAX_CLAUSES ? enumerated : essentialTerms(bound, floor);
  return clauses.filter((clause) => !scored.some((done) => done.every((term) => clause.includes(term))));
}

/** Term sets whose bounds add up to more than `floor` and would not without any one of their terms. */
function minimalSetsAbove(bound: number[], floor: number): Clauses {
  const clauses: Clauses = [];
  for (let mask = 1; mask < 1 << bound.length; mask++) {
    let sum = 0;
    let smallest = Infinity;
    const terms: number[] = [];
    for (let term = 0; term < bound.length; term++) {
      if (mask & (1 << term)) {
        sum += bound[term];
        smallest = Math.min(smallest, bound[term]);
        terms.push(term);
      }
    }
    if (sum > floor && sum - smallest <= floor) {
      clauses.push(terms);
    }
  }
  return clauses;
}

/**
 * MaxScore's own condition, a superset of the minimal sets: the commonest terms whose bounds together stay
 * within the floor cannot lift a chunk above it alone, so a candidate holds one of the other terms.
 */
function essentialTerms(bound: number[], floor: number): Clauses {
  const ascending = bound.map((_, i) => i).sort((a, b) => bound[a] - bound[b] || b - a);
  let rest = 0;
  let first = 0;
  while (first < ascending.length && rest + bound[ascending[first]] <= floor) {
    rest += bound[ascending[first]];
    first += 1;
  }
  return ascending.slice(first).map((term) => [term]);
}
