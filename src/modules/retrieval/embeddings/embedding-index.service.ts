import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, PROCESS_ROLE, type AppConfig, type ProcessRole } from '#src/config/app-config.js';
import { ChunkEmbeddingsRepository } from '#src/modules/retrieval/embeddings/chunk-embeddings.repository.js';
import { Embedder } from '#src/modules/retrieval/embeddings/embedder.js';
import { embeddingText } from '#src/modules/retrieval/embeddings/embedding-text.js';

export interface ReembedResult {
  model: string;
  dimensions: number;
  previousDimensions: number;
  reembedded: number;
}

/**
 * The vector column must match the configured embedder: a process refuses to start when its
 * dimensions differ, since every search and every sync would fail. `reembed` moves the index to the
 * configured model (and dimensions), resumably, in batches.
 */
@Injectable()
export class EmbeddingIndexService implements OnApplicationBootstrap {
  private readonly logger = new Logger('EmbeddingIndex');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
    private readonly chunks: ChunkEmbeddingsRepository,
    private readonly embedder: Embedder,
  ) {}

  /** Checked by the api and the worker; the CLI skips it so that `reembed` can repair a mismatch. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.role === 'cli') {
      return;
    }
    const dimensions = await this.columnDimensions();
    if (dimensions !== this.embedder.dimensions) {
      throw new Error(
        `The chunk index holds ${dimensions}-dimension embeddings but the configured embedder (${this.embedder.model}) makes ${this.embedder.dimensions}: run "npm run cli -- reembed", or restore the previous EMBEDDING_* settings`,
      );
    }
    const stale = await this.chunks.countByOtherModels(this.embedder.model);
    if (stale > 0) {
      this.logger.warn({ chunks: stale, model: this.embedder.model }, 'Some chunks were embedded by another model: run "npm run cli -- reembed"');
    }
  }

  columnDimensions(): Promise<number> {
    return this.chunks.columnDimensions();
  }

  /** Re-embeds chunks made by another model (every chunk with `all`), changing the column first if the dimensions differ. */
  async reembed(options: { all?: boolean; batchSize?: number; onProgress?: (done: number) => void } = {}): Promise<ReembedResult> {
    const previousDimensions = await this.columnDimensions();
    const resize = previousDimensions !== this.embedder.dimensions;
    if (resize) {
      await this.chunks.resize(this.embedder.dimensions);
    } else if (options.all) {
      await this.chunks.forgetModels();
    }

    const batchSize = options.batchSize ?? this.config.embeddings.batchSize * 2;
    let done = 0;
    for (;;) {
      const stale = await this.chunks.stale(this.embedder.model, batchSize);
      if (stale.length === 0) {
        break;
      }
      const vectors = await this.embedder.embedDocuments(stale.map((chunk) => embeddingText(chunk.documentTitle, chunk.headingPath, chunk.text)));
      await this.chunks.storeEmbeddings(
        stale.map((chunk) => chunk.id),
        vectors,
        this.embedder.model,
      );
      done += stale.length;
      options.onProgress?.(done);
    }

    if (resize) {
      await this.chunks.restoreIndex();
    }
    return { model: this.embedder.model, dimensions: this.embedder.dimensions, previousDimensions, reembedded: done };
  }
}
