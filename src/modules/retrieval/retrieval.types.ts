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

export interface SearchResult {
  chunks: RetrievedChunk[];
  /** The query's embedding, when the strategy used one. */
  queryEmbedding: number[] | null;
  /** How many chunks were in scope. */
  totalChunksSearched: number;
  timings: { embeddingMs: number; retrievalMs: number };
}
