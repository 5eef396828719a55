/**
 * Worker thread of the document preparer (run by Piscina, see document-preparer.ts): parses and chunks one
 * document at a time. Runs only compiled, from dist/.
 */
import type { ChunkOptions } from '#src/modules/ingestion/chunker.js';
import type { DocumentInput } from '#src/modules/ingestion/document-input.js';
import { prepareDocument, type Preparation } from '#src/modules/ingestion/prepare-document.js';

export interface PreparationTask {
  input: DocumentInput;
  chunking: ChunkOptions;
}

export default function prepare(task: PreparationTask): Promise<Preparation> {
  return prepareDocument(task.input, task.chunking);
}
