/**
 * Any failure to embed. `transient` is true when the same call may succeed later (the provider was
 * rate-limited, down or slow even after retries, the pool was shutting down); false when retrying cannot
 * help (bad input, a refused key, a model answering with the wrong dimensions). Messages never contain the
 * provider's API key.
 */
export class EmbeddingError extends Error {
  override readonly name = 'EmbeddingError';

  constructor(
    message: string,
    readonly transient: boolean,
    /** The provider's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}
