import type { DocumentInput } from '#src/modules/data-sources/ingestion/document-input.js';

/** A document a source offers: its identity, and how to get its content. */
export interface SourceDocument {
  key: string;
  url: string;
  input: () => Promise<DocumentInput>;
}

/** A document the source knows of but could not provide (a page that failed to download). */
export interface MissingDocument {
  key: string;
  url: string;
  error: string;
}

/** Everything one sync of a data source reads: a crawl of a website, or the uploaded files. */
export interface DocumentSource {
  /** How many documents to expect, when that is known before reading them. */
  readonly expected: number | null;
  documents(signal: AbortSignal): AsyncIterable<SourceDocument | MissingDocument>;
}

/** The source could not be read at all (a website whose start page fails): the whole sync fails. */
export class SourceUnavailableError extends Error {
  override readonly name = 'SourceUnavailableError';
}

export const isMissing = (item: SourceDocument | MissingDocument): item is MissingDocument => 'error' in item;
