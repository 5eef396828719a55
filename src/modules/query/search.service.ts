import { Injectable } from '@nestjs/common';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import { DataSourcesRepository } from '#src/modules/data-sources/data-sources.repository.js';
import type { SemanticSearchRequestDto, SemanticSearchResponseDto } from '#src/modules/query/dto/query.dto.js';
import { DEFAULT_RAG_STRATEGY } from '#src/modules/retrieval/rag-strategy.js';
import { RetrievalService } from '#src/modules/retrieval/retrieval.service.js';

export const SEARCH_DEFAULT_TOP_K = 10;

/** Retrieval without generation, over the caller's organization only. */
@Injectable()
export class SearchService {
  constructor(
    private readonly retrieval: RetrievalService,
    private readonly dataSources: DataSourcesRepository,
  ) {}

  async search(auth: AuthContext, dto: SemanticSearchRequestDto): Promise<SemanticSearchResponseDto> {
    const started = performance.now();
    if (dto.org_id !== auth.orgId) {
      throw new AppError(ErrorCode.Forbidden, 'org_id must be the organization of the API key', {
        details: { org_id: ['not the caller\u2019s organization'] },
      });
    }
    const requested = dto.data_source_ids;
    let dataSourceIds: string[];
    if (requested) {
      const existing = await this.dataSources.existingIds(auth.orgId, requested);
      const missing = requested.filter((id) => !existing.has(id));
      if (missing.length > 0) {
        throw new AppError(ErrorCode.NotFound, `Data source ${missing.join(', ')} not found`, { details: { data_source_ids: missing } });
      }
      dataSourceIds = requested;
    } else {
      dataSourceIds = await this.dataSources.allIds(auth.orgId);
    }
    const strategy = dto.rag_strategy ?? DEFAULT_RAG_STRATEGY;
    const result = await this.retrieval.search({
      query: dto.query,
      scope: { orgId: auth.orgId, dataSourceIds, includeKnowledgeBase: requested === undefined },
      strategy,
      topK: dto.top_k ?? SEARCH_DEFAULT_TOP_K,
      similarityThreshold: dto.similarity_threshold,
    });
    return {
      chunks: result.chunks.map((chunk) => ({
        chunk_id: chunk.chunkId,
        text: chunk.text,
        similarity_score: chunk.score,
        document_id: chunk.documentId,
        document_title: chunk.documentTitle,
        document_url: chunk.documentUrl,
      })),
      query_embedding: result.queryEmbedding ?? (strategy !== 'keyword' && dataSourceIds.length === 0 ? await this.retrieval.embedQuery(dto.query) : []),
      metadata: { total_chunks_searched: result.totalChunksSearched, latency_ms: Math.round(performance.now() - started), rag_strategy: strategy },
    };
  }
}
