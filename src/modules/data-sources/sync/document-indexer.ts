import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { DocumentsRepository, type DocumentIdentity } from '#src/modules/data-sources/documents.repository.js';
import type { DocumentChunk } from '#src/modules/ingestion/chunker.js';
import { Embedder } from '#src/modules/retrieval/embeddings/embedder.js';
import { embeddingText } from '#src/modules/retrieval/embeddings/embedding-text.js';

/** Chunks of one document embedded per call: a whole batch of the local embedder and more, and a prompt stop when aborted. */
const EMBEDDING_SLICE = 256;

/** Embeds and stores one chunked document: the same path for data source documents and knowledge base articles. */
@Injectable()
export class DocumentIndexer {
  constructor(
    private readonly documents: DocumentsRepository,
    private readonly embedder: Embedder,
    private readonly transactions: TransactionRunner,
  ) {}

  /**
   * Replaces the document's chunks in one transaction; answers what was written, or undefined when it holds no text.
   * A large document is embedded in slices, so that aborting `signal` stops its embedding within one slice.
   */
  async indexChunks(
    identity: DocumentIdentity,
    chunks: DocumentChunk[],
    contentHash: string,
    signal?: AbortSignal,
  ): Promise<{ chunks: number; tokens: number } | undefined> {
    if (chunks.length === 0) {
      return undefined;
    }
    const vectors: number[][] = [];
    for (let start = 0; start < chunks.length; start += EMBEDDING_SLICE) {
      signal?.throwIfAborted();
      const slice = chunks.slice(start, start + EMBEDDING_SLICE);
      vectors.push(...(await this.embedder.embedDocuments(slice.map((chunk) => embeddingText(identity.title, chunk.headingPath, chunk.text)))));
    }
    signal?.throwIfAborted();
    await this.transactions.run((tx) =>
      this.documents.replace(
        identity,
        contentHash,
        chunks.map((chunk, i) => ({
          index: chunk.index,
          text: chunk.text,
          tokenCount: chunk.tokenCount,
          headingPath: chunk.headingPath,
          embedding: vectors[i],
        })),
        this.embedder.model,
        tx,
      ),
    );
    return { chunks: chunks.length, tokens: chunks.reduce((sum, chunk) => sum + chunk.tokenCount, 0) };
  }
}
