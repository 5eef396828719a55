import type { DocumentInput } from '#src/modules/ingestion/document-input.js';

/** A document a source offers: its identity, and how to get its content. */
export interface SourceDocument {
  /** Stable identity within the source (a URL, a file name, a provider's item id). */
  key: string;
  /** Where a person opens the document (the page, the file, the message at the provider). */
  url: string;
  /** The title the source gives it; when absent, the parsed document's own title, else the key. */
  title?: string;
  input: () => Promise<DocumentInput>;
}

/** A document the source knows of but could not provide (a page that failed to download). */
export interface MissingDocument {
  key: string;
  url: string;
  error: string;
  /** The failure may pass (a server error, a timeout): a document indexed before keeps its content. */
  transient?: boolean;
}

/** The source could not be read at all (a website whose start page fails): the whole sync fails, without retries. */
export class SourceUnavailableError extends Error {
  override readonly name = 'SourceUnavailableError';
}

export const isMissing = (item: SourceDocument | MissingDocument): item is MissingDocument => 'error' in item;
