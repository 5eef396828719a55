import { Module, type DynamicModule } from '@nestjs/common';
import { ConfigModule, type AppConfig } from '#src/config/app-config.js';
import { DatabaseModule } from '#src/common/database/database.module.js';
import { DataSourcesRepository } from '#src/modules/data-sources/data-sources.repository.js';
import { DocumentsRepository } from '#src/modules/data-sources/documents.repository.js';
import { ChunkSearchRepository } from '#src/modules/retrieval/chunk-search.repository.js';
import { CorpusIndexer } from '#src/modules/retrieval/evaluation/corpus-indexer.js';
import { EvaluationHarness } from '#src/modules/retrieval/evaluation/evaluation-harness.js';
import { EmbeddingsModule } from '#src/modules/retrieval/embeddings/embeddings.module.js';
import { RetrievalModule } from '#src/modules/retrieval/retrieval.module.js';
import { SearchSessions } from '#src/modules/retrieval/search-session.js';

/**
 * The quality harness's application context (`npm run eval`): the database, the configured embedder,
 * RetrievalModule, and the sync's document statements to index a corpus. No HTTP, no queues. The
 * search lists themselves (ChunkSearchRepository) are provided too, for the tuning script.
 */
@Module({})
export class EvaluationModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: EvaluationModule,
      imports: [ConfigModule.forRoot(config, 'cli'), DatabaseModule.forRoot(config), EmbeddingsModule, RetrievalModule],
      providers: [DataSourcesRepository, DocumentsRepository, CorpusIndexer, EvaluationHarness, SearchSessions, ChunkSearchRepository],
      exports: [EvaluationHarness, CorpusIndexer, ChunkSearchRepository],
    };
  }
}
