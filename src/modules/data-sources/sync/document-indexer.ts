import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { DocumentsRepository, type DocumentIdentity } from '#src/modules/data-sources/documents.repository.js';
import type { DocumentChunk } from '#src/modules/ingestion/chunker.js';
import { Embedder } from '#src/modules/retrieval/embeddings/embedder.js';
import { embeddingText } from '#src/modules/retrieval/embeddings/embedding-text.js';

/** Embeds and stores one chunked document: the same path for data source documents and knowledge base articles. */
@Injectable()
export class DocumentIndexer {
  constructor(
    private readonly documents: DocumentsRepository,
    private readonly embedder: Embedder,
    private readonly transactions: TransactionRunner,
  ) {}

  /** Replaces the document's chunks in one transaction; answers what was written, or undefined when it holds no text. */
  async indexChunks(identity: DocumentIdentity, chunks: DocumentChunk[], contentHash: string): Promise<{ chunks: number; tokens: number } | undefined> {
    if (chunks.length === 0) {
      return undefined;
    }
    const vectors = await this.embedder.embedDocuments(chunks.map((chunk) => embeddingText(identity.title, chunk.headingPath, chunk.text)));
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
