import type { RagStrategy } from '#src/modules/retrieval/rag-strategy.js';

/** Where a search looks: one organization's chunks, from these data sources and/or its published KB articles. */
export interface SearchScope {
  orgId: string;
  dataSourceIds: readonly string[];
  includeKnowledgeBase: boolean;
}

export interface SearchRequest {
  query: string;
  scope: SearchScope;
  strategy: RagStrategy;
  topK: number;
  /** Chunks scoring below this (0..1) are dropped. */
  similarityThreshold?: number;
}

export interface RetrievedChunk {
  chunkId: string;
  documentId: string;
  documentTitle: string;
  documentUrl: string;
  headingPath: string[];
  text: string;
  /** 0..1, higher is more relevant; its meaning per strategy is documented with the strategy. */
  score: number;
}

/**
 * The searched scope's chunk count and, for each of the query's lexemes (PostgreSQL's `english`
 * configuration: Porter2 stems, stop words dropped), how many of its chunks hold it, 0 included.
 */
export interface TermStatistics {
  chunks: number;
  documentFrequency: ReadonlyMap<string, number>;
}

export interface SearchResult {
  chunks: RetrievedChunk[];
  /** How common the query's words are in the scope; the built-in answerer weighs them by it. */
  termStatistics?: TermStatistics;
  /** The query's embedding, when the strategy used one. */
  queryEmbedding: number[] | null;
  /** How many chunks were in scope. */
  totalChunksSearched: number;
  timings: { embeddingMs: number; retrievalMs: number };
}
