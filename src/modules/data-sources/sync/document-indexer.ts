import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { DocumentsRepository, type DocumentIdentity } from '#src/modules/data-sources/documents.repository.js';
import { chunkDocument, type DocumentChunk } from '#src/modules/ingestion/chunker.js';
import type { ParsedDocument } from '#src/modules/ingestion/parsed-document.js';
import { Embedder } from '#src/modules/retrieval/embeddings/embedder.js';
import { embeddingText } from '#src/modules/retrieval/embeddings/embedding-text.js';

/** Chunks, embeds and stores one parsed document: the same path for data source documents and knowledge base articles. */
@Injectable()
export class DocumentIndexer {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly documents: DocumentsRepository,
    private readonly embedder: Embedder,
    private readonly transactions: TransactionRunner,
  ) {}

  /** Replaces the document's chunks in one transaction; answers what was written, or undefined when it holds no text. */
  index(identity: DocumentIdentity, parsed: ParsedDocument, contentHash: string): Promise<{ chunks: number; tokens: number } | undefined> {
    return this.indexChunks(identity, chunkDocument(parsed, this.config.chunking), contentHash);
  }

  /** As index, for a document already chunked. */
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
