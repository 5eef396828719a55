import type { OnApplicationShutdown } from '@nestjs/common';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, OpenAI } from 'openai';
import { redactSecret } from '#src/common/logging/redact-secret.js';
import { Embedder } from '#src/modules/retrieval/embeddings/embedder.js';
import { EmbeddingError } from '#src/modules/retrieval/embeddings/embedding-error.js';
import { batches, l2Normalize } from '#src/modules/retrieval/embeddings/vectors.js';

export interface OpenAIEmbedderOptions {
  /** The API root, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:8080/v1`; requests go to `{baseUrl}/embeddings`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …`; without one, no Authorization header is sent. */
  apiKey: string | undefined;
  model: string;
  /** Every returned vector must have exactly this many numbers. */
  dimensions: number;
  /** Texts per request. */
  batchSize: number;
  /** Send `dimensions` in the request (models that cannot shorten their output, like text-embedding-ada-002, refuse it). Default true. */
  requestDimensions?: boolean;
  /** Per attempt. Default 60 s. */
  timeoutMs?: number;
  /** Retries of a request that timed out, could not connect, or got 408, 409, 429 or 5xx. Default 3. */
  maxRetries?: number;
  /** Requests in flight at once for one embedDocuments call. Default 2. */
  concurrency?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_RETRIES = 3;
const DEFAULT_CONCURRENCY = 2;
/** Of a provider's error message (a proxy's HTML error page can be long). */
const MAX_DETAIL_CHARACTERS = 500;
/** Statuses the SDK retries; an error with one of them came after every retry was spent. */
const RETRIED_STATUSES = new Set([408, 409, 429]);

/**
 * Any OpenAI-compatible `/v1/embeddings` endpoint (OpenAI, Azure-style gateways, vLLM, TEI, Ollama, …),
 * through the official `openai` SDK.
 *
 * - Texts go in batches of `batchSize`, a few requests at a time; vectors come back in input order,
 *   L2-normalised, each checked to have `dimensions` numbers.
 * - Retries and their exponential backoff (0.5 s doubling to 8 s, with jitter, or the provider's
 *   `retry-after`) are the SDK's: on timeouts, connection failures, 408, 409, 429 and 5xx.
 * - Vectors are asked for base64-encoded (what the SDK does by default, a quarter of the JSON size) and
 *   decoded here, which also accepts the plain arrays of servers that ignore `encoding_format`.
 * - The API key never appears in an error message: errors are rebuilt from the status and the provider's
 *   message, with the key masked, and carry no reference to the SDK's error (which holds the response body).
 */
export class OpenAIEmbedder extends Embedder implements OnApplicationShutdown {
  readonly model: string;
  readonly dimensions: number;

  // A private field: the client holds the key, and must not show up when the embedder is logged or inspected.
  readonly #client: OpenAI;
  readonly #apiKey: string | undefined;
  readonly #shutdown = new AbortController();
  private readonly batchSize: number;
  private readonly requestDimensions: boolean;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly concurrency: number;
  /** The endpoint as errors name it: no credentials, no query. */
  private readonly endpoint: string;

  constructor(options: OpenAIEmbedderOptions) {
    super();
    if (!Number.isInteger(options.dimensions) || options.dimensions < 1) {
      throw new RangeError(`Embedding dimensions must be a positive whole number, not ${options.dimensions}`);
    }
    if (!Number.isInteger(options.batchSize) || options.batchSize < 1) {
      throw new RangeError(`Embedding batch size must be a positive whole number, not ${options.batchSize}`);
    }
    this.model = options.model;
    this.dimensions = options.dimensions;
    this.batchSize = options.batchSize;
    this.requestDimensions = options.requestDimensions ?? true;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    this.concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
    this.#apiKey = options.apiKey || undefined;
    const baseUrl = new URL(options.baseUrl);
    this.endpoint = `${baseUrl.origin}${baseUrl.pathname.replace(/\/+$/, '')}/embeddings`;
    this.#client = new OpenAI({
      baseURL: options.baseUrl,
      // The SDK refuses to start without a key; a keyless server gets a placeholder that the
      // `Authorization: null` below keeps off the wire.
      apiKey: this.#apiKey ?? 'no-key',
      defaultHeaders: this.#apiKey ? undefined : { Authorization: null },
      // Everything explicit, so no OPENAI_* environment variable changes what this sends or logs.
      organization: null,
      project: null,
      webhookSecret: null,
      timeout: this.timeoutMs,
      maxRetries: this.maxRetries,
      logLevel: 'off',
    });
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    const pending = batches(texts, this.batchSize);
    const results: number[][][] = new Array<number[][]>(pending.length);
    let next = 0;
    let failed = false;
    const lane = async (): Promise<void> => {
      // After a failure the call is lost anyway: send no further batch.
      while (next < pending.length && !failed) {
        const index = next++;
        try {
          results[index] = await this.embedBatch(pending[index]);
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, pending.length) }, lane));
    return results.flat();
  }

  async embedQuery(text: string): Promise<number[]> {
    const [vector] = await this.embedBatch([text]);
    return vector;
  }

  /** Aborts the requests in flight, so shutdown does not wait on a slow provider. */
  async onApplicationShutdown(): Promise<void> {
    this.#shutdown.abort();
  }

  private async embedBatch(texts: string[]): Promise<number[][]> {
    const empty = texts.findIndex((text) => text.length === 0);
    if (empty !== -1) {
      throw new EmbeddingError(`Text ${empty} of the batch is empty; OpenAI-compatible providers refuse empty input`, false);
    }
    let data: { index: number; embedding: unknown }[];
    // The SDK listens on the signal it is given and never stops listening: a signal of its own per request
    // keeps the long-lived shutdown signal from gathering one listener per request made.
    const request = new AbortController();
    const abortRequest = (): void => request.abort();
    this.#shutdown.signal.addEventListener('abort', abortRequest, { once: true });
    try {
      const response = await this.#client.embeddings.create(
        {
          model: this.model,
          input: texts,
          encoding_format: 'base64',
          ...(this.requestDimensions ? { dimensions: this.dimensions } : {}),
        },
        { signal: request.signal },
      );
      data = response.data;
    } catch (error) {
      throw this.providerError(error);
    } finally {
      this.#shutdown.signal.removeEventListener('abort', abortRequest);
    }
    if (!Array.isArray(data) || data.length !== texts.length) {
      throw new EmbeddingError(`${this.endpoint} answered ${Array.isArray(data) ? data.length : 'no'} embeddings for ${texts.length} texts`, false);
    }
    const vectors = new Array<number[]>(texts.length);
    data.forEach((item, position) => {
      // Providers number their answers; without numbers, the answer's order is the input's.
      const index = Number.isInteger(item.index) ? item.index : position;
      if (index < 0 || index >= texts.length || vectors[index] !== undefined) {
        throw new EmbeddingError(`${this.endpoint} answered an embedding with index ${index} for ${texts.length} texts`, false);
      }
      vectors[index] = this.checkedVector(item.embedding);
    });
    return vectors;
  }

  private checkedVector(embedding: unknown): number[] {
    const vector = decodeEmbedding(embedding);
    if (vector === undefined) {
      throw new EmbeddingError(`${this.endpoint} answered an embedding that is neither an array of numbers nor base64`, false);
    }
    if (vector.length !== this.dimensions) {
      throw new EmbeddingError(
        `Embedding model "${this.model}" returned ${vector.length}-dimensional vectors, but ${this.dimensions} dimensions are configured (EMBEDDING_DIMENSIONS)`,
        false,
      );
    }
    try {
      return l2Normalize(vector);
    } catch {
      throw new EmbeddingError(`Embedding model "${this.model}" returned a vector with a non-finite number`, false);
    }
  }

  /** The SDK's error, retold without the key and without the response body. */
  private providerError(error: unknown): EmbeddingError {
    if (error instanceof APIUserAbortError) {
      return new EmbeddingError(`Embedding request to ${this.endpoint} aborted: shutting down`, true);
    }
    if (error instanceof APIConnectionTimeoutError) {
      return new EmbeddingError(`Embedding request to ${this.endpoint} timed out after ${this.timeoutMs} ms (${this.attempts()})`, true);
    }
    if (error instanceof APIConnectionError) {
      const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
      return new EmbeddingError(this.mask(`Could not reach the embedding provider at ${this.endpoint} (${this.attempts()})${cause}`), true);
    }
    if (error instanceof APIError && typeof error.status === 'number') {
      const status = error.status;
      const transient = RETRIED_STATUSES.has(status) || status >= 500;
      // Masked before it is cut, so a cut cannot leave part of the key.
      const detail = truncate(this.mask(providerMessage(error.error) ?? error.message.replace(/^\d{3} /, '')), MAX_DETAIL_CHARACTERS);
      const retried = transient ? ` (${this.attempts()})` : '';
      return new EmbeddingError(
        this.mask(`Embedding provider ${this.endpoint} answered ${status} for model "${this.model}"${retried}: ${detail}`),
        transient,
        status,
      );
    }
    const message = error instanceof Error ? error.message : String(error);
    return new EmbeddingError(this.mask(`Embedding request to ${this.endpoint} failed: ${message}`), false);
  }

  private attempts(): string {
    return this.maxRetries === 0 ? 'no retries' : `after ${this.maxRetries} ${this.maxRetries === 1 ? 'retry' : 'retries'}`;
  }

  /** Hides the key, whole or in part, and any bearer token, wherever a provider echoed it. */
  private mask(message: string): string {
    return redactSecret(message, this.#apiKey);
  }
}

/** A base64 string of little-endian float32s (what `encoding_format: 'base64'` answers), or an array of numbers. */
function decodeEmbedding(embedding: unknown): number[] | Float32Array | undefined {
  if (typeof embedding === 'string') {
    const bytes = Buffer.from(embedding, 'base64');
    if (bytes.length % Float32Array.BYTES_PER_ELEMENT !== 0) {
      return undefined;
    }
    const vector = new Float32Array(bytes.length / Float32Array.BYTES_PER_ELEMENT);
    for (let i = 0; i < vector.length; i++) {
      vector[i] = bytes.readFloatLE(i * Float32Array.BYTES_PER_ELEMENT);
    }
    return vector;
  }
  if (Array.isArray(embedding) && embedding.every((value) => typeof value === 'number')) {
    return embedding;
  }
  return undefined;
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/** `{"error": {"message": …}}` (OpenAI), `{"message": …}` or `{"error": "…"}` (other servers). */
function providerMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) {
    return typeof body === 'string' ? body : undefined;
  }
  const record = body as Record<string, unknown>;
  if (typeof record.message === 'string') {
    return record.message;
  }
  if (typeof record.error === 'string') {
    return record.error;
  }
  return providerMessage(record.error);
}
