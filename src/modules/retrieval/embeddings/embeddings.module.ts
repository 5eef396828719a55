import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, type EmbeddingConfig } from '#src/config/app-config.js';
import { Embedder } from '#src/modules/retrieval/embeddings/embedder.js';
import { LocalEmbedder } from '#src/modules/retrieval/embeddings/local-embedder.js';

/** The embedder the configuration names (EMBEDDING_PROVIDER); the OpenAI SDK is loaded only when it is that one. */
export async function createEmbedder(config: EmbeddingConfig): Promise<Embedder> {
  switch (config.provider) {
    case 'local':
      return new LocalEmbedder({ threads: config.threads, batchSize: config.batchSize });
    case 'openai': {
      const { OpenAIEmbedder } = await import('#src/modules/retrieval/embeddings/openai-embedder.js');
      return new OpenAIEmbedder({
        baseUrl: config.baseUrl,
        apiKey: config.apiKey,
        model: config.model,
        dimensions: config.dimensions,
        batchSize: config.batchSize,
      });
    }
  }
}

/**
 * Provides `Embedder` (inject the abstract class) as configured. Nest calls the embedder's
 * onApplicationShutdown when the application closes: the local embedder stops its worker threads, the
 * OpenAI-compatible one aborts its requests in flight. Needs ConfigModule.forRoot (APP_CONFIG) in the
 * application.
 */
@Module({
  providers: [{ provide: Embedder, inject: [APP_CONFIG], useFactory: (config: AppConfig): Promise<Embedder> => createEmbedder(config.embeddings) }],
  exports: [Embedder],
})
export class EmbeddingsModule {}
