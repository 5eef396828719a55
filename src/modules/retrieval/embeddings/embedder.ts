/**
 * Turns texts into vectors of `dimensions` numbers, comparable by cosine similarity. The local default
 * runs offline; production can use any OpenAI-compatible /v1/embeddings endpoint.
 */
export abstract class Embedder {
  /** Stored with every chunk, so a change of model can be detected and re-embedded. */
  abstract readonly model: string;
  abstract readonly dimensions: number;

  /** Texts of documents to index, in order; batching is the embedder's business. */
  abstract embedDocuments(texts: string[]): Promise<number[][]>;

  abstract embedQuery(text: string): Promise<number[]>;
}
