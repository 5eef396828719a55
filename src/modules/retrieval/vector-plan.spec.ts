import { describe, expect, it } from 'vitest';
import { EXACT_SCAN_MAX_CHUNKS, HNSW_MAX_EF_SEARCH, HNSW_MIN_EF_SEARCH } from '#src/modules/retrieval/retrieval-settings.js';
import { planVectorSearch } from '#src/modules/retrieval/vector-plan.js';

describe('planVectorSearch', () => {
  it('should read a scope of up to EXACT_SCAN_MAX_CHUNKS chunks exactly, whatever the index holds', () => {
    expect(planVectorSearch(0, 0, 10)).toEqual({ exact: true });
    expect(planVectorSearch(EXACT_SCAN_MAX_CHUNKS, 10_000_000, 10)).toEqual({ exact: true });
  });

  it('should give a scope that is the whole index the minimum candidate list', () => {
    expect(planVectorSearch(EXACT_SCAN_MAX_CHUNKS + 1, EXACT_SCAN_MAX_CHUNKS + 1, 10)).toEqual({ exact: false, efSearch: HNSW_MIN_EF_SEARCH });
  });

  it('should scale the candidate list by the inverse of the scope share, up to the ceiling', () => {
    expect(planVectorSearch(100_000, 150_000, 10)).toEqual({ exact: false, efSearch: Math.ceil(HNSW_MIN_EF_SEARCH * 1.5) });
    expect(planVectorSearch(50_000, 200_000, 10)).toEqual({ exact: false, efSearch: HNSW_MIN_EF_SEARCH * 4 });
    expect(planVectorSearch(50_000, 5_000_000, 10)).toEqual({ exact: false, efSearch: HNSW_MAX_EF_SEARCH });
  });

  it('should never ask for fewer candidates than chunks wanted', () => {
    expect(planVectorSearch(EXACT_SCAN_MAX_CHUNKS + 1, EXACT_SCAN_MAX_CHUNKS + 1, 500)).toEqual({ exact: false, efSearch: 500 });
  });

  it('should read a stale index size smaller than the scope as a whole-index scope', () => {
    expect(planVectorSearch(100_000, -1, 10)).toEqual({ exact: false, efSearch: HNSW_MIN_EF_SEARCH });
  });
});
