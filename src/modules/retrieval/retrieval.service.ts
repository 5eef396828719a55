import { Injectable } from '@nestjs/common';
import { ChunkSearchRepository, type ChunkRow, type KeywordHit, type ListResult, type VectorHit } from '#src/modules/retrieval/chunk-search.repository.js';
import { Embedder } from '#src/modules/retrieval/embeddings/embedder.js';
import { reciprocalRankFusion, sufficientDepth } from '#src/modules/retrieval/fusion.js';
import { RAG_STRATEGIES } from '#src/modules/retrieval/rag-strategy.js';
import { compareIds } from '#src/modules/retrieval/id-order.js';
import type { RetrievedChunk, SearchRequest, SearchResult, SearchScope } from '#src/modules/retrieval/retrieval.types.js';
import { BM25_PARAMS, HYBRID_FUSION, MAX_TOP_K } from '#src/modules/retrieval/retrieval-settings.js';

interface Timed<T> {
  value: T;
  ms: number;
}

async function timed<T>(work: () => Promise<T>): Promise<Timed<T>> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

const clamp01 = (value: number): number => (value < 0 ? 0 : value > 1 ? 1 : value);

/**
 * Finds the chunks of a scope that best answer a query, by one of the RAG strategies. Scores are 0..1,
 * higher is better, and their meaning depends on the strategy:
 * - `vector`: cosine similarity of the query's and the chunk's embeddings, clamped to 0..1;
 * - `keyword`: BM25 over the query's maximum attainable BM25 (every query term present, saturated,
 *   in a short chunk: (k1 + 1) Σ idf), so 0..1 and monotone in BM25 for a given query;
 * - `hybrid`: the reciprocal-rank-fusion score over its maximum (first in both lists is 1).
 * `similarityThreshold` drops chunks scoring below it; results are ordered by score, ties by id (and
 * for hybrid first by best rank), so a search repeated on unchanged data answers the same.
 */
@Injectable()
export class RetrievalService {
  constructor(
    private readonly embedder: Embedder,
    private readonly chunks: ChunkSearchRepository,
  ) {}

  async search(request: SearchRequest): Promise<SearchResult> {
    validate(request);
    const { scope, topK } = request;
    const threshold = request.similarityThreshold ?? 0;
    const query = request.query.trim();
    if (scope.dataSourceIds.length === 0 && !scope.includeKnowledgeBase) {
      return { chunks: [], queryEmbedding: null, totalChunksSearched: 0, timings: { embeddingMs: 0, retrievalMs: 0 } };
    }
    if (query.length === 0) {
      const counted = await timed(() => this.chunks.count(scope));
      return { chunks: [], queryEmbedding: null, totalChunksSearched: counted.value, timings: { embeddingMs: 0, retrievalMs: counted.ms } };
    }
    switch (request.strategy) {
      case 'vector':
        return this.vector(scope, query, topK, threshold);
      case 'keyword':
        return this.keyword(scope, query, topK, threshold);
      case 'hybrid':
        return this.hybrid(scope, query, topK, threshold);
    }
  }

  /** The query's embedding alone, for a caller that reports it even when there was nothing to search. */
  embedQuery(query: string): Promise<number[]> {
    return this.embedder.embedQuery(query.trim());
  }

  private async vector(scope: SearchScope, query: string, topK: number, threshold: number): Promise<SearchResult> {
    const [termStatistics, embedding] = await Promise.all([this.chunks.termStatistics(scope, query), timed(() => this.embedder.embedQuery(query))]);
    const list = await timed(() => this.chunks.vector(scope, embedding.value, topK, true));
    const chunks = list.value.hits
      .map((hit) => toRetrieved(hit.chunk!, clamp01(hit.similarity)))
      .sort(byScore)
      .filter((chunk) => chunk.score >= threshold)
      .slice(0, topK);
    return {
      chunks,
      termStatistics,
      queryEmbedding: embedding.value,
      totalChunksSearched: list.value.total,
      timings: { embeddingMs: embedding.ms, retrievalMs: list.ms },
    };
  }

  private async keyword(scope: SearchScope, query: string, topK: number, threshold: number): Promise<SearchResult> {
    const list = await timed(() => this.chunks.keyword(scope, query, topK, BM25_PARAMS, true));
    const chunks = list.value.hits
      .map((hit) => toRetrieved(hit.chunk!, hit.score))
      .sort(byScore)
      .filter((chunk) => chunk.score >= threshold)
      .slice(0, topK);
    return {
      chunks,
      termStatistics: list.value.statistics,
      queryEmbedding: null,
      totalChunksSearched: list.value.total,
      timings: { embeddingMs: 0, retrievalMs: list.ms },
    };
  }

  /**
   * Both lists, then their fusion: the keyword statement runs while the query is being embedded, the
   * vector statement once the embedding is there, and only the fused top_k chunks are read in full. The
   * keyword list is read only as deep as its ranks can still change the fused top_k (sufficientDepth):
   * with the measured constants 10 deep for top_k 5, 25 for 10 (search's default), all 100 from 19 on.
   */
  private async hybrid(scope: SearchScope, query: string, topK: number, threshold: number): Promise<SearchResult> {
    const fusion = HYBRID_FUSION;
    const embedding = timed(() => this.embedder.embedQuery(query));
    const keywordDepth = sufficientDepth(fusion.keywordWeight, [fusion.vectorWeight], fusion.k, topK, fusion.keywordDepth);
    const keywordList = timed(() => this.chunks.keyword(scope, query, keywordDepth, BM25_PARAMS, false));
    const vectorList = embedding.then((embedded) => timed(() => this.chunks.vector(scope, embedded.value, Math.max(fusion.vectorDepth, topK), false)));
    const [embedded, keyword, vector] = await Promise.all([embedding, keywordList, vectorList]);
    const started = performance.now();
    const fused = reciprocalRankFusion(
      [
        { ids: ids(vector.value), weight: fusion.vectorWeight },
        { ids: ids(keyword.value), weight: fusion.keywordWeight },
      ],
      fusion.k,
    )
      .filter((hit) => hit.score >= threshold)
      .slice(0, topK);
    const rows = new Map(
      (
        await this.chunks.fetch(
          scope.orgId,
          fused.map((hit) => hit.id),
        )
      ).map((row) => [row.id, row]),
    );
    const chunks = fused.flatMap((hit) => {
      const row = rows.get(hit.id);
      return row ? [toRetrieved(row, hit.score)] : [];
    });
    return {
      chunks,
      termStatistics: keyword.value.statistics,
      queryEmbedding: embedded.value,
      totalChunksSearched: Math.max(keyword.value.total, vector.value.total),
      timings: { embeddingMs: embedded.ms, retrievalMs: keyword.ms + vector.ms + (performance.now() - started) },
    };
  }
}

function ids(list: ListResult<VectorHit | KeywordHit>): string[] {
  return list.hits.map((hit) => hit.id);
}

function validate(request: SearchRequest): void {
  if (!(RAG_STRATEGIES as readonly string[]).includes(request.strategy)) {
    throw new RangeError(`Unknown retrieval strategy ${JSON.stringify(request.strategy)}`);
  }
  if (!Number.isInteger(request.topK) || request.topK < 1 || request.topK > MAX_TOP_K) {
    throw new RangeError(`topK must be a whole number from 1 to ${MAX_TOP_K}, not ${request.topK}`);
  }
  const threshold = request.similarityThreshold;
  if (threshold !== undefined && !(threshold >= 0 && threshold <= 1)) {
    throw new RangeError(`similarityThreshold must be between 0 and 1, not ${threshold}`);
  }
}

function toRetrieved(row: ChunkRow, score: number): RetrievedChunk {
  return {
    chunkId: row.id,
    documentId: row.document_id,
    documentTitle: row.document_title,
    documentUrl: row.document_url,
    headingPath: row.heading_path,
    text: row.text,
    score,
  };
}

function byScore(a: RetrievedChunk, b: RetrievedChunk): number {
  return b.score - a.score || compareIds(a.chunkId, b.chunkId);
}
