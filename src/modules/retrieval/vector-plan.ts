import { EXACT_SCAN_MAX_CHUNKS, HNSW_MAX_EF_SEARCH, HNSW_MIN_EF_SEARCH } from '#src/modules/retrieval/retrieval-settings.js';

/** How a vector search reads its scope: every chunk of it, or through the HNSW index with this candidate list. */
export type VectorPlan = { exact: true } | { exact: false; efSearch: number };

/**
 * A small scope is read exactly: it costs little, and a filtered HNSW scan over a table that is mostly
 * other chunks is where recall suffers. A larger scope goes through the index with a candidate list
 * scaled by the inverse of its share of the index: a filtered scan meets in-scope chunks at about that
 * share of the candidates it visits, so the list keeps the in-scope depth that HNSW_MIN_EF_SEARCH gives
 * a search over the whole index. Counts may be stale: the plan changes the cost, never what is eligible.
 */
export function planVectorSearch(scopeChunks: number, indexedChunks: number, limit: number): VectorPlan {
  if (scopeChunks <= EXACT_SCAN_MAX_CHUNKS) {
    return { exact: true };
  }
  const share = scopeChunks / Math.max(indexedChunks, scopeChunks);
  return { exact: false, efSearch: Math.min(HNSW_MAX_EF_SEARCH, Math.max(limit, Math.ceil(HNSW_MIN_EF_SEARCH / share))) };
}
