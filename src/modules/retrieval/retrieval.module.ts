import { Module } from '@nestjs/common';
import { ChunkSearchRepository } from '#src/modules/retrieval/chunk-search.repository.js';
import { ChunkEmbeddingsRepository } from '#src/modules/retrieval/embeddings/chunk-embeddings.repository.js';
import { EmbeddingIndexService } from '#src/modules/retrieval/embeddings/embedding-index.service.js';
import { EmbeddingsModule } from '#src/modules/retrieval/embeddings/embeddings.module.js';
import { RetrievalService } from '#src/modules/retrieval/retrieval.service.js';
import { SearchSessions } from '#src/modules/retrieval/search-session.js';
import { SearchStatsRepository } from '#src/modules/retrieval/search-stats.repository.js';

/**
 * Search over an organization's chunks (vector, keyword, hybrid). Needs the global DatabaseModule and
 * ConfigModule of the application; brings its own EmbeddingsModule (the configured Embedder)
 * and checks at start that the chunk index matches it (EmbeddingIndexService).
 */
@Module({
  imports: [EmbeddingsModule],
  providers: [SearchSessions, ChunkSearchRepository, SearchStatsRepository, RetrievalService, ChunkEmbeddingsRepository, EmbeddingIndexService],
  exports: [RetrievalService, EmbeddingIndexService, SearchStatsRepository],
})
export class RetrievalModule {}
