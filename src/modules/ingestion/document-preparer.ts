import { existsSync } from 'node:fs';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import pLimit from 'p-limit';
import { Piscina } from 'piscina';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { compiledWorkerFile } from '#src/common/workers/worker-file.js';
import type { DocumentInput } from '#src/modules/ingestion/document-input.js';
import type { Preparation } from '#src/modules/ingestion/prepare-document.js';
import type { PreparationTask } from '#src/modules/ingestion/document-preparer.worker.js';

/** Threads left idle this long stop; the next sync starts them again (loading the parsers takes a fraction of a second). */
const IDLE_TIMEOUT_MS = 60_000;

/**
 * Parses and chunks documents in a pool of worker threads (PARSE_THREADS). Parsing is most of a sync's CPU
 * work outside the model: in the pool it runs beside the crawl, the database writes and the embedding calls
 * instead of between them, and in the embedded default it never holds up the api's event loop.
 */
@Injectable()
export class DocumentPreparer implements OnApplicationShutdown {
  private pool: Piscina<PreparationTask, Preparation> | undefined;
  private closed = false;
  /**
   * Documents wait here for a thread rather than in the pool's own queue: a deadline then counts the parse
   * alone, and a task the pool holds when it ends a thread (deadline, heap) would wait for good, as the
   * pool starts threads for new tasks only.
   */
  private readonly threadSlots: ReturnType<typeof pLimit>;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.threadSlots = pLimit(config.parsing.threads);
  }

  /**
   * Rejects only on a failure that is not the document's fault (a parser bug, a worker that died). A document
   * whose parse outgrows the thread's heap (PARSE_MEMORY_MB) or its time (PARSE_TIMEOUT_MS) ends that thread
   * alone and fails by itself: some inputs cost parsers time that grows with the square of their size (a
   * Markdown file of `_a_a_a…`).
   */
  prepare(input: DocumentInput): Promise<Preparation> {
    return this.threadSlots(() => this.prepareInThread(input));
  }

  private async prepareInThread(input: DocumentInput): Promise<Preparation> {
    const deadline = AbortSignal.timeout(this.config.parsing.timeoutMs);
    try {
      return await this.startedPool().run({ input, chunking: this.config.chunking }, { signal: deadline });
    } catch (error) {
      if (deadline.aborted) {
        const limit = (this.config.parsing.timeoutMs / 1000).toLocaleString('en-US');
        return {
          ok: false,
          reason: 'too_slow',
          message: `Reading the document takes more than ${limit} s, the limit of a parse thread (PARSE_TIMEOUT_MS)`,
        };
      }
      if ((error as NodeJS.ErrnoException | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        const limit = this.config.parsing.memoryMb.toLocaleString('en-US');
        return {
          ok: false,
          reason: 'too_large',
          message: `Reading the document needs more than ${limit} MB of memory, the limit of a parse thread (PARSE_MEMORY_MB)`,
        };
      }
      throw error;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
  }

  private startedPool(): Piscina<PreparationTask, Preparation> {
    if (this.closed) {
      throw new Error('The document preparer has been shut down');
    }
    if (this.pool) {
      return this.pool;
    }
    const filename = compiledWorkerFile(import.meta.url, 'document-preparer.worker.js');
    if (!existsSync(filename)) {
      throw new Error(`The document preparation worker ${filename} does not exist: run \`npm run build\``);
    }
    this.pool = new Piscina<PreparationTask, Preparation>({
      filename,
      name: 'default',
      minThreads: 0,
      maxThreads: this.config.parsing.threads,
      idleTimeout: IDLE_TIMEOUT_MS,
      recordTiming: false,
      resourceLimits: { maxOldGenerationSizeMb: this.config.parsing.memoryMb },
    });
    return this.pool;
  }
}
