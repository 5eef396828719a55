/** Retrieval strategies an agent may use; `hybrid` fuses `vector` and `keyword` by reciprocal rank. */
export const RAG_STRATEGIES = ['vector', 'keyword', 'hybrid'] as const;
export type RagStrategy = (typeof RAG_STRATEGIES)[number];
export const DEFAULT_RAG_STRATEGY: RagStrategy = 'hybrid';
