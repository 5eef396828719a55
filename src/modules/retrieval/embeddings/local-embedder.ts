import { existsSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Piscina } from 'piscina';
import { compiledWorkerFile } from '#src/common/workers/worker-file.js';
import { Embedder } from '#src/modules/retrieval/embeddings/embedder.js';
import { EmbeddingError } from '#src/modules/retrieval/embeddings/embedding-error.js';
import { LOCAL_DIMENSIONS, LOCAL_MODEL, type LocalEmbeddingResult, type LocalEmbeddingTask } from '#src/modules/retrieval/embeddings/local-model.js';
import { PriorityTaskQueue, withPriority, type TaskPriority } from '#src/modules/retrieval/embeddings/priority-task-queue.js';
import { l2Normalize } from '#src/modules/retrieval/embeddings/vectors.js';

const WORKER_FILE_NAME = 'local-embedder.worker.js';

export interface LocalEmbedderOptions {
  /** Worker threads, each with its own copy of the model (about 100 MB). */
  threads: number;
  /** Texts per task posted to a worker. */
  batchSize: number;
  /** The compiled worker script; default: localEmbedderWorkerFile(). */
  workerFile?: string;
}

/** The worker script, always the compiled JavaScript in dist/ (see compiledWorkerFile). */
export function localEmbedderWorkerFile(moduleUrl: string = import.meta.url): string {
  return compiledWorkerFile(moduleUrl, WORKER_FILE_NAME);
}

/** One embedDocuments call: its texts are sent in order, possibly sharing batches with other calls. */
interface DocumentRequest {
  texts: string[];
  vectors: number[][];
  /** The first text not yet sent. */
  next: number;
  /** Texts without a vector yet. */
  pending: number;
  resolve: (vectors: number[][]) => void;
  reject: (error: EmbeddingError) => void;
  settled: boolean;
}

/** The texts `start` to `end` of a call, in a batch. */
interface BatchPart {
  request: DocumentRequest;
  start: number;
  end: number;
}

/** Resolves the call with its vectors, or rejects it; only the first outcome counts. */
function settle(request: DocumentRequest, error?: EmbeddingError): void {
  if (request.settled) {
    return;
  }
  request.settled = true;
  if (error) {
    request.reject(error);
  } else {
    request.resolve(request.vectors);
  }
}

/**
 * The offline default: Universal Sentence Encoder Lite (512 dimensions) from `@energetic-ai/embeddings`, run
 * in a pool of worker threads so the event loop of the process that calls it never waits on the model.
 *
 * - The pool starts on first use (each worker loads the model once, in about a second) and stops on
 *   application shutdown; idle workers do not keep the process alive.
 * - Texts go to the workers in batches of `batchSize`, one batch per thread at a time; the texts of
 *   concurrent calls share batches, so a sync embedding a few chunks per document still fills them. The
 *   vectors come back in input order, L2-normalised (cosine similarity = dot product).
 * - Query embeddings jump the queue ahead of document batches, so a user's query is not stuck behind an
 *   ingestion.
 * - Texts longer than LOCAL_MAX_INPUT_CHARACTERS characters are embedded from their beginning only (see
 *   local-model.ts); an empty text is embedded as a single space.
 * - An error inside a worker rejects the calls whose texts were in the failed batch, with an
 *   EmbeddingError; Piscina replaces a worker that died, so the pool stays usable.
 */
export class LocalEmbedder extends Embedder implements OnApplicationShutdown {
  readonly model = LOCAL_MODEL;
  readonly dimensions = LOCAL_DIMENSIONS;

  private readonly logger = new Logger('LocalEmbedder');
  private readonly threadCount: number;
  private readonly batchSize: number;
  private readonly workerFile: string;
  private pool: Piscina<LocalEmbeddingTask, LocalEmbeddingResult> | undefined;
  private closed = false;
  /** Document calls with texts not yet sent to a thread, in the order of their next turn. */
  private readonly waiting: DocumentRequest[] = [];
  private documentBatchesInFlight = 0;

  constructor(options: LocalEmbedderOptions) {
    super();
    if (!Number.isInteger(options.threads) || options.threads < 1) {
      throw new RangeError(`The local embedder needs a positive whole number of threads, not ${options.threads}`);
    }
    if (!Number.isInteger(options.batchSize) || options.batchSize < 1) {
      throw new RangeError(`The local embedder needs a positive whole batch size, not ${options.batchSize}`);
    }
    this.threadCount = options.threads;
    this.batchSize = options.batchSize;
    this.workerFile = options.workerFile ?? localEmbedderWorkerFile();
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    if (texts.length === 0) {
      return [];
    }
    this.startedPool();
    return new Promise((resolve, reject) => {
      this.waiting.push({ texts, vectors: new Array<number[]>(texts.length), next: 0, pending: texts.length, resolve, reject, settled: false });
      this.dispatch();
    });
  }

  async embedQuery(text: string): Promise<number[]> {
    const [vector] = await this.embedBatch([text], 'high');
    return vector;
  }

  /** The pool's live worker threads; none before first use or after shutdown. */
  get threads(): readonly Worker[] {
    return this.pool?.threads ?? [];
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }

  /** Stops every worker at once; calls still waiting are rejected, and later calls too. */
  async close(): Promise<void> {
    this.closed = true;
    for (const request of this.waiting.splice(0)) {
      settle(request, new EmbeddingError('The local embedder was shut down before the batch was embedded', true));
    }
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
  }

  /**
   * Keeps each thread busy with one full batch: the texts of concurrent calls (a sync embeds several
   * documents at once, each with a few chunks) share batches, and calls take turns batch by batch, so a
   * small call made behind a very large one waits for one batch, not for all of it. A call alone is sent at once.
   */
  private dispatch(): void {
    while (this.documentBatchesInFlight < this.threadCount && this.waiting.length > 0) {
      const parts: BatchPart[] = [];
      let size = 0;
      while (size < this.batchSize && this.waiting.length > 0) {
        const request = this.waiting.shift()!;
        const end = Math.min(request.texts.length, request.next + this.batchSize - size);
        parts.push({ request, start: request.next, end });
        size += end - request.next;
        request.next = end;
        if (end < request.texts.length) {
          // Back of the line: a large document (one organization's 50 MiB upload) takes turns with the others.
          this.waiting.push(request);
        }
      }
      this.documentBatchesInFlight += 1;
      void this.embedDocumentBatch(parts);
    }
  }

  private async embedDocumentBatch(parts: BatchPart[]): Promise<void> {
    try {
      const vectors = await this.embedBatch(
        parts.flatMap(({ request, start, end }) => request.texts.slice(start, end)),
        'normal',
      );
      let offset = 0;
      for (const { request, start, end } of parts) {
        for (let index = start; index < end; index++) {
          request.vectors[index] = vectors[offset++];
        }
        request.pending -= end - start;
        if (request.pending === 0) {
          settle(request);
        }
      }
    } catch (error) {
      for (const { request } of parts) {
        const waitingAt = this.waiting.indexOf(request);
        if (waitingAt !== -1) {
          this.waiting.splice(waitingAt, 1);
        }
        settle(request, error instanceof EmbeddingError ? error : new EmbeddingError(String(error), false));
      }
    } finally {
      this.documentBatchesInFlight -= 1;
      this.dispatch();
    }
  }

  private async embedBatch(texts: string[], priority: TaskPriority): Promise<number[][]> {
    const pool = this.startedPool();
    let result: LocalEmbeddingResult;
    try {
      result = await pool.run(withPriority({ texts }, priority));
    } catch (error) {
      if (this.closed) {
        throw new EmbeddingError('The local embedder was shut down before the batch was embedded', true);
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw new EmbeddingError(`Local embedding of a batch of ${texts.length} texts failed: ${reason}`, false);
    }
    if (result.length !== texts.length * LOCAL_DIMENSIONS) {
      throw new EmbeddingError(`The local embedding worker answered ${result.length} numbers for ${texts.length} texts`, false);
    }
    return texts.map((_, index) => l2Normalize(result.subarray(index * LOCAL_DIMENSIONS, (index + 1) * LOCAL_DIMENSIONS)));
  }

  private startedPool(): Piscina<LocalEmbeddingTask, LocalEmbeddingResult> {
    if (this.closed) {
      throw new EmbeddingError('The local embedder has been shut down', false);
    }
    if (this.pool) {
      return this.pool;
    }
    if (!existsSync(this.workerFile)) {
      throw new EmbeddingError(`The local embedding worker ${this.workerFile} does not exist: run \`npm run build\``, false);
    }
    const pool = new Piscina<LocalEmbeddingTask, LocalEmbeddingResult>({
      filename: this.workerFile,
      name: 'default',
      // All threads start at once and stay: loading the model is what costs, not an idle thread.
      minThreads: this.threadCount,
      maxThreads: this.threadCount,
      concurrentTasksPerWorker: 1,
      taskQueue: new PriorityTaskQueue(),
      recordTiming: false,
    });
    // Piscina reports here what no task can be blamed for (a worker that failed between tasks); without a
    // listener such an event would crash the process.
    pool.on('error', (error: Error) => this.logger.error({ err: error.message }, 'Local embedding worker failed'));
    this.pool = pool;
    this.logger.log(`Started ${this.threadCount} local embedding threads`);
    return pool;
  }
}
