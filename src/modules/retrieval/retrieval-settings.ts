/**
 * The retrieval constants, each measured on the quality harness (`npm run eval`, SciFact train split);
 * the grids and the results are in docs/retrieval.md. Change one only with a new measurement.
 */

/** Okapi BM25 (Lucene's idf, `ln(1 + (N - df + 0.5) / (df + 0.5))`); chunk length in tokens. */
export interface Bm25Params {
  /** Term-frequency saturation: a term's weight approaches (k1 + 1) x idf as its count grows. */
  k1: number;
  /** Length normalisation: 0 ignores chunk length, 1 divides term frequency fully by length / average length. */
  b: number;
  /** An occurrence in the chunk's title or heading path counts this many times (1: as one in its text). */
  headingWeight: number;
}

/** Weighted reciprocal-rank fusion: a chunk scores Σ weight / (k + rank) over the lists it appears in. */
export interface FusionParams {
  k: number;
  vectorWeight: number;
  keywordWeight: number;
  /** How many chunks each list contributes (at least the requested top_k). */
  vectorDepth: number;
  keywordDepth: number;
}

// SciFact train nDCG@10 0.7024, the best of a 5 x 5 grid whose cells all lie within 0.014 (k1 1.2, b 0.75: 0.7003).
// Heading weight 2: on SciFact (titles only) 0.7028, a flat grid (1: 0.7024 ... 4: 0.7041); on the answer
// development set (docs-site) hit@5 0.959, against 0.946 at 1.5 and 4.
export const BM25_PARAMS: Bm25Params = { k1: 1.2, b: 0.6, headingWeight: 2 };

// With the local embedder the vector list is far weaker than BM25, so it weighs little: 0.7063 against 0.7024 for
// keyword alone on SciFact train, 0.4928 with the textbook k 60 and equal weights.
export const HYBRID_FUSION: FusionParams = { k: 5, vectorWeight: 0.2, keywordWeight: 1, vectorDepth: 100, keywordDepth: 100 };

/**
 * HNSW candidate list for a search over the whole index: at least this, and at least the number of chunks
 * asked for; a scope that is a smaller share of the index gets a list scaled up (vector-plan.ts), to
 * pgvector's ceiling of 1000. `npm run bench:query` at 100,000 chunks: recall@10 against exact search
 * 0.872 at 64, 0.922 at 100, 0.985 at 200 (statement p50 6.9 ms, 9.2 ms, 15.6 ms).
 */
export const HNSW_MIN_EF_SEARCH = 200;
export const HNSW_MAX_EF_SEARCH = 1_000;

/**
 * Scopes of at most this many chunks are searched exactly (every distance computed, recall 1): `npm run
 * bench:query` measured p50 36 ms for 10,000 chunks, where a filtered HNSW scan of the same source (7% of
 * the index) needed ef_search 800 to reach recall@10 0.98 (0.889 at 200).
 */
export const EXACT_SCAN_MAX_CHUNKS = 10_000;

/** How long a scope's chunk count and the index's size steer the vector plan before they are read again. */
export const VECTOR_PLAN_TTL_MS = 60_000;

/** A query's distinct lexemes beyond this many (in order of appearance) are ignored by keyword search. */
export const MAX_QUERY_LEXEMES = 128;

/** The most chunks one search returns (the API allows 50; the quality harness asks for more). */
export const MAX_TOP_K = 1_000;

/**
 * How long a scope's statistics (average chunk length, document frequencies) are reused while its chunk
 * count is unchanged; a changed count recomputes them at once.
 */
export const SCOPE_STATS_TTL_MS = 10 * 60_000;
export const MAX_CACHED_LEXEMES_PER_SCOPE = 50_000;

/**
 * Keyword search scores the chunks of its rarest query terms first, up to this many postings (or ten
 * times the chunks asked for); it changes the work done, never the result.
 */
export const MAXSCORE_FIRST_PASS_POSTINGS = 1_000;
