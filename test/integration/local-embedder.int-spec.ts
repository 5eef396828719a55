import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Test } from '@nestjs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigModule, loadConfig } from '#src/config/app-config.js';
import { Embedder } from '#src/modules/retrieval/embeddings/embedder.js';
import { EmbeddingError } from '#src/modules/retrieval/embeddings/embedding-error.js';
import { EmbeddingsModule } from '#src/modules/retrieval/embeddings/embeddings.module.js';
import { LocalEmbedder, localEmbedderWorkerFile } from '#src/modules/retrieval/embeddings/local-embedder.js';
import { LOCAL_MAX_INPUT_CHARACTERS } from '#src/modules/retrieval/embeddings/local-model.js';
import { dot } from '#src/modules/retrieval/embeddings/vectors.js';

const THREADS = 2;
const BATCH_SIZE = 8;

/** Distinct short sentences, `count` of them. */
function sentences(count: number, topic = 'account'): string[] {
  const subjects = ['Customers', 'Administrators', 'New users', 'Support agents', 'Billing contacts', 'Team owners'];
  const actions = ['can export', 'may delete', 'should review', 'are able to share', 'must confirm', 'often forget'];
  return Array.from(
    { length: count },
    (_, i) => `${subjects[i % subjects.length]} ${actions[Math.floor(i / subjects.length) % actions.length]} their ${topic} settings (${i})`,
  );
}

function norm(vector: number[]): number {
  return Math.sqrt(dot(vector, vector));
}

async function failure(promise: Promise<unknown>): Promise<EmbeddingError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(EmbeddingError);
  return error as EmbeddingError;
}

describe('LocalEmbedder', () => {
  let embedder: LocalEmbedder;

  beforeAll(async () => {
    embedder = new LocalEmbedder({ threads: THREADS, batchSize: BATCH_SIZE });
    // Starts the pool and loads the model in every thread, outside the tests' own timings.
    await embedder.embedDocuments(sentences(THREADS * BATCH_SIZE));
  });

  afterAll(async () => {
    await embedder.close();
  });

  it('should embed texts into 512 dimensions of unit length', async () => {
    const vectors = await embedder.embedDocuments(['Hello world', 'A second, somewhat longer sentence about invoices.']);

    expect(embedder.model).toBe('use-lite');
    expect(embedder.dimensions).toBe(512);
    expect(vectors).toHaveLength(2);
    for (const vector of vectors) {
      expect(vector).toHaveLength(512);
      expect(norm(vector)).toBeCloseTo(1, 9);
    }
  });

  it('should find a paraphrase clearly closer than an unrelated sentence', async () => {
    const [question, paraphrase, unrelated] = await embedder.embedDocuments([
      'How do I reset my password?',
      'Steps to change your account password',
      'The weather in Paris is sunny',
    ]);

    const related = dot(question, paraphrase);
    const unrelatedSimilarity = dot(question, unrelated);
    expect(related).toBeGreaterThan(0.5);
    expect(related - unrelatedSimilarity).toBeGreaterThan(0.3);
  });

  it('should return vectors in input order across batches spread over the threads', async () => {
    const texts = sentences(2 * BATCH_SIZE + 3);

    const [vectors, reversed] = await Promise.all([embedder.embedDocuments(texts), embedder.embedDocuments([...texts].reverse())]);

    expect(embedder.threads).toHaveLength(THREADS);
    expect(vectors).toHaveLength(texts.length);
    // Reversed, every text lands in another batch at another position: its vector must follow it.
    reversed.reverse();
    vectors.forEach((vector, index) => {
      expect(dot(vector, reversed[index])).toBeGreaterThan(0.9999);
      // Neighbours differ, so a swap would show.
      if (index > 0) {
        expect(dot(vector, vectors[index - 1])).toBeLessThan(0.99);
      }
    });
  });

  it('should keep the event loop responsive while it embeds a large batch', async () => {
    const texts = sentences(16 * BATCH_SIZE, 'notification and privacy');
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    const started = performance.now();
    const before = performance.eventLoopUtilization();
    try {
      await embedder.embedDocuments(texts);
    } finally {
      clearInterval(ticker);
    }
    const { utilization } = performance.eventLoopUtilization(before);
    const elapsed = performance.now() - started;

    // Embedding on this thread would keep its loop busy for the whole call (a utilization near 1). The share
    // of time the loop spends working, not the longest gap between timers, is what a loaded machine leaves alone.
    expect(elapsed).toBeGreaterThan(300);
    expect(utilization).toBeLessThan(0.5);
    expect(ticks).toBeGreaterThan(elapsed / 5 / 4);
  });

  it('should embed a query ahead of document batches already waiting', async () => {
    let documentsDone = false;
    const documents = embedder.embedDocuments(sentences(6 * BATCH_SIZE, 'billing')).then(() => (documentsDone = true));

    await embedder.embedQuery('Where can I download my invoices?');

    expect(documentsDone).toBe(false);
    await documents;
  });

  it('should embed the beginning of a very long text only', async () => {
    const beginning = 'How do I reset my password? Open the settings page and choose a new password. '.repeat(200).slice(0, LOCAL_MAX_INPUT_CHARACTERS);
    const long = `${beginning}${'The weather in Paris is sunny, with a light breeze from the west. '.repeat(3_000)}`;
    expect(long.length).toBeGreaterThan(200_000);
    const started = performance.now();

    const [vector] = await embedder.embedDocuments([long]);

    expect(performance.now() - started).toBeLessThan(5_000);
    expect(dot(vector, await embedder.embedQuery(beginning))).toBeGreaterThan(0.9999);
  });

  it('should embed empty and blank texts like any other', async () => {
    const vectors = await embedder.embedDocuments(['', 'Hello', '   ', '']);

    for (const vector of vectors) {
      expect(norm(vector)).toBeCloseTo(1, 9);
    }
    expect(dot(vectors[0], vectors[3])).toBeCloseTo(1, 6);
  });

  it('should reject the call whose batch fails in a worker, with a clear error, and stay usable', async () => {
    const healthy = embedder.embedDocuments(sentences(BATCH_SIZE));

    const error = await failure(embedder.embedDocuments(['fine', 42 as unknown as string]));

    expect(error.message).toBe('Local embedding of a batch of 2 texts failed: Text 1 of the batch is a number, not a string');
    expect(error.transient).toBe(false);
    expect(await healthy).toHaveLength(BATCH_SIZE);
    expect(await embedder.embedQuery('Still working')).toHaveLength(512);
    expect(embedder.threads).toHaveLength(THREADS);
  });

  it('should share batches between concurrent calls, giving each call its own vectors in order', async () => {
    const texts = sentences(15, 'invoice');
    const alone = await embedder.embedDocuments(texts);
    const calls = [texts.slice(0, 3), texts.slice(3, 4), texts.slice(4, 11), texts.slice(11)];

    const together = await Promise.all(calls.map((call) => embedder.embedDocuments(call)));

    expect(together.map((vectors) => vectors.length)).toEqual([3, 1, 7, 4]);
    together.flat().forEach((vector, index) => expect(dot(vector, alone[index])).toBeCloseTo(1, 6));
  });

  it('should let a small call made behind a very large one through after one batch, not after all of it', async () => {
    const single = new LocalEmbedder({ threads: 1, batchSize: 4 });
    try {
      const finished: string[] = [];
      const large = single.embedDocuments(sentences(80, 'ledger')).then(() => finished.push('large'));
      const small = single.embedDocuments(['one small upload']).then(() => finished.push('small'));
      await Promise.all([large, small]);
      expect(finished).toEqual(['small', 'large']);
    } finally {
      await single.close();
    }
  });

  it('should reject every call with texts in a failed batch, and no other', async () => {
    const single = new LocalEmbedder({ threads: 1, batchSize: 8 });
    try {
      const first = single.embedDocuments(sentences(8));
      // Both wait while the only thread works, then share one batch.
      const broken = failure(single.embedDocuments(['fine', 42 as unknown as string]));
      const sharing = failure(single.embedDocuments(['also fine']));

      expect(await first).toHaveLength(8);
      expect((await broken).message).toBe('Local embedding of a batch of 3 texts failed: Text 1 of the batch is a number, not a string');
      expect((await sharing).message).toBe((await broken).message);
      expect(await single.embedDocuments(['afterwards'])).toHaveLength(1);
    } finally {
      await single.close();
    }
  });

  it('should reject calls still waiting for a thread when it closes', async () => {
    const single = new LocalEmbedder({ threads: 1, batchSize: 4 });
    const running = single.embedDocuments(sentences(4)).catch((error: unknown) => error);
    const waiting = failure(single.embedDocuments(['never sent']));

    await single.close();

    const error = await waiting;
    expect(error.message).toContain('shut down');
    expect(error.transient).toBe(true);
    await running;
  });

  it('should start no thread for no texts', async () => {
    const idle = new LocalEmbedder({ threads: 1, batchSize: 4 });

    expect(await idle.embedDocuments([])).toEqual([]);
    expect(idle.threads).toHaveLength(0);
    await idle.close();
  });

  it('should not keep a process alive once its work is done', async () => {
    // A real process that embeds and never closes the embedder: idle workers must not hold it open.
    const script = [
      `const { LocalEmbedder } = await import(${JSON.stringify(pathToFileURL(localEmbedderWorkerFile().replace('local-embedder.worker.js', 'local-embedder.js')).href)});`,
      `const vector = await new LocalEmbedder({ threads: 1, batchSize: 4 }).embedQuery('hello');`,
      `console.log('embedded', vector.length);`,
    ].join('\n');
    const started = performance.now();

    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { timeout: 20_000 });

    expect(stdout).toContain('embedded 512');
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});

describe('EmbeddingsModule with EMBEDDING_PROVIDER=local', () => {
  it('should provide the local embedder and stop its threads when the application shuts down', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      API_KEY_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      DATA_DIR: `/tmp/aqs-test-${process.pid}`,
      EMBEDDING_THREADS: '2',
      EMBEDDING_BATCH_SIZE: '4',
    });
    const moduleRef = await Test.createTestingModule({ imports: [ConfigModule.forRoot(config), EmbeddingsModule] }).compile();
    const provided = moduleRef.get(Embedder);
    expect(provided).toBeInstanceOf(LocalEmbedder);
    const local = provided as LocalEmbedder;
    expect(local.threads).toHaveLength(0);

    expect(await local.embedDocuments(sentences(8))).toHaveLength(8);
    const threads = [...local.threads];
    expect(threads).toHaveLength(2);
    const exited = Promise.all(threads.map((thread) => once(thread, 'exit')));

    await moduleRef.close();

    await exited;
    expect(local.threads).toHaveLength(0);
    expect((await failure(local.embedQuery('too late'))).message).toContain('shut down');
  });
});
