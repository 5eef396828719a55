import { chunkDocument, type ChunkOptions, type DocumentChunk } from '#src/modules/ingestion/chunker.js';
import { parseInput, type DocumentInput } from '#src/modules/ingestion/document-input.js';
import { DocumentParseError, hashDocument, type ParsedDocument, type ParseFailureReason } from '#src/modules/ingestion/parsed-document.js';

/** A document parsed and chunked, ready to embed and store. */
export interface PreparedDocument {
  /** The document's own title; '' when it has none. */
  title: string;
  contentHash: string;
  chunks: DocumentChunk[];
}

/** A document that cannot be read is an outcome, not an exception: it crosses a thread boundary as plain data. */
export type Preparation = { ok: true; document: PreparedDocument } | { ok: false; reason: ParseFailureReason; message: string };

/** Parses, hashes and chunks one document: all of a sync's work on a document that needs no database or model. */
export async function prepareDocument(input: DocumentInput, chunking: ChunkOptions): Promise<Preparation> {
  let parsed: ParsedDocument;
  try {
    parsed = await parseInput(input);
  } catch (error) {
    if (error instanceof DocumentParseError) {
      return { ok: false, reason: error.reason, message: error.message };
    }
    throw error;
  }
  return { ok: true, document: { title: parsed.title, contentHash: hashDocument(parsed), chunks: chunkDocument(parsed, chunking) } };
}
