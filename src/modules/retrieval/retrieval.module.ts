import { Module } from '@nestjs/common';
import { ChunkSearchRepository } from '#src/modules/retrieval/chunk-search.repository.js';
import { EmbeddingsModule } from '#src/modules/retrieval/embeddings/embeddings.module.js';
import { RetrievalService } from '#src/modules/retrieval/retrieval.service.js';
import { SearchSessions } from '#src/modules/retrieval/search-session.js';

/**
 * Search over an organization's chunks (vector, keyword, hybrid). Needs the global DatabaseModule and
 * ConfigModule of the application; brings its own EmbeddingsModule (the configured Embedder).
 */
@Module({
  imports: [EmbeddingsModule],
  providers: [SearchSessions, ChunkSearchRepository, RetrievalService],
  exports: [RetrievalService],
})
export class RetrievalModule {}
