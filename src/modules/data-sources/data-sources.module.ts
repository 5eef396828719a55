import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { DataSourcesController } from '#src/modules/data-sources/data-sources.controller.js';
import { DataSourcesRepository } from '#src/modules/data-sources/data-sources.repository.js';
import { DataSourcesService } from '#src/modules/data-sources/data-sources.service.js';
import { DocumentsRepository } from '#src/modules/data-sources/documents.repository.js';
import { DocumentIndexer } from '#src/modules/data-sources/sync/document-indexer.js';
import { ConnectorsModule } from '#src/modules/connectors/connectors.module.js';
import { IngestionModule } from '#src/modules/ingestion/ingestion.module.js';
import { KbIndexer } from '#src/modules/data-sources/sync/kb-indexer.js';
import { SearchStatsBackfill } from '#src/modules/data-sources/sync/search-stats-backfill.js';
import { IngestionProcessor } from '#src/modules/data-sources/sync/ingestion.processor.js';
import { SyncScheduler } from '#src/modules/data-sources/sync/sync-scheduler.js';
import { SyncService } from '#src/modules/data-sources/sync/sync.service.js';
import { SyncRunsRepository } from '#src/modules/data-sources/sync-runs.repository.js';
import { uploadOptions } from '#src/modules/data-sources/upload.options.js';
import { AgentCacheModule } from '#src/modules/agents/agent-cache.module.js';
import { KbModule } from '#src/modules/kb/kb.module.js';
import { EmbeddingsModule } from '#src/modules/retrieval/embeddings/embeddings.module.js';
import { RetrievalModule } from '#src/modules/retrieval/retrieval.module.js';

@Module({
  imports: [
    MulterModule.registerAsync({ useFactory: (config: AppConfig) => uploadOptions(config), inject: [APP_CONFIG] }),
    AgentCacheModule,
    ConnectorsModule,
    IngestionModule,
    EmbeddingsModule,
    KbModule,
    RetrievalModule,
  ],
  controllers: [DataSourcesController],
  providers: [
    DataSourcesRepository,
    SyncRunsRepository,
    DocumentsRepository,
    DocumentIndexer,
    KbIndexer,
    SearchStatsBackfill,
    DataSourcesService,
    SyncService,
    SyncScheduler,
    IngestionProcessor,
  ],
  exports: [DataSourcesRepository, DataSourcesService],
})
export class DataSourcesModule {}
