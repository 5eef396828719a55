import 'reflect-metadata';
import { Test } from '@nestjs/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigModule, loadConfig } from '#src/config/app-config.js';
import { Embedder } from '#src/modules/retrieval/embeddings/embedder.js';
import { EmbeddingError } from '#src/modules/retrieval/embeddings/embedding-error.js';
import { EmbeddingsModule } from '#src/modules/retrieval/embeddings/embeddings.module.js';
import { OpenAIEmbedder, type OpenAIEmbedderOptions } from '#src/modules/retrieval/embeddings/openai-embedder.js';
import { dot, l2Normalize } from '#src/modules/retrieval/embeddings/vectors.js';
import { OpenAIStub, stubEmbedding, stubWords } from '#test/utils/openai-stub.js';

const API_KEY = 'sk-test-5f1d2c3b4a5968778695a4b3c2d1e0f9';
const DIMENSIONS = 64;
const EMBEDDINGS = '/v1/embeddings';

const TEXTS = [
  'How do I reset my password?',
  'Steps to change your account password',
  'The weather in Paris is sunny',
  'Invoices are sent on the first day of each month',
  'Our office is closed on public holidays',
  'Refunds take five business days',
  'Two-factor authentication protects your account',
];

let stub: OpenAIStub;

function embedder(options: Partial<OpenAIEmbedderOptions> = {}): OpenAIEmbedder {
  return new OpenAIEmbedder({ baseUrl: stub.baseUrl, apiKey: API_KEY, model: 'stub-embed-1', dimensions: DIMENSIONS, batchSize: 3, ...options });
}

async function failure(promise: Promise<unknown>): Promise<EmbeddingError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(EmbeddingError);
  return error as EmbeddingError;
}

/** The request bodies the stub received for /v1/embeddings. */
function embeddingBodies(): { model: string; input: string[]; dimensions?: number; encoding_format?: string }[] {
  return stub.requestsTo(EMBEDDINGS).map((request) => request.body as never);
}

beforeAll(async () => {
  stub = await OpenAIStub.start({ apiKey: API_KEY, dimensions: 1536 });
});

afterEach(() => {
  stub.reset();
});

afterAll(async () => {
  await stub.close();
});

describe('OpenAIEmbedder', () => {
  it('should send texts in batches of batchSize and return one vector per text in input order', async () => {
    const vectors = await embedder({ batchSize: 3 }).embedDocuments(TEXTS);

    expect(embeddingBodies().map((body) => body.input.length)).toEqual([3, 3, 1]);
    expect(
      embeddingBodies()
        .flatMap((body) => body.input)
        .sort(),
    ).toEqual([...TEXTS].sort());
    expect(vectors).toHaveLength(TEXTS.length);
    vectors.forEach((vector, index) => {
      expect(vector).toHaveLength(DIMENSIONS);
      expect(dot(vector, l2Normalize(stubEmbedding(TEXTS[index], DIMENSIONS)))).toBeCloseTo(1, 6);
    });
    expect(stub.embeddings.promptTokens).toBe(TEXTS.reduce((sum, text) => sum + stubWords(text).length, 0));
  });

  it('should keep input order when later batches are answered first', async () => {
    // With two requests in flight, the first batch is held back so the second one is answered before it.
    stub.delayNext(1, 300, EMBEDDINGS);

    const vectors = await embedder({ batchSize: 2, concurrency: 2 }).embedDocuments(TEXTS);

    vectors.forEach((vector, index) => {
      expect(dot(vector, l2Normalize(stubEmbedding(TEXTS[index], DIMENSIONS)))).toBeCloseTo(1, 6);
    });
  });

  it('should return unit-length vectors although the provider does not', async () => {
    const raw = stubEmbedding(TEXTS[1], DIMENSIONS);
    expect(Math.sqrt(dot(raw, raw))).toBeGreaterThan(2);

    const vectors = await embedder().embedDocuments(TEXTS);

    for (const vector of vectors) {
      expect(Math.sqrt(dot(vector, vector))).toBeCloseTo(1, 10);
    }
  });

  it('should give texts that share words a higher similarity than unrelated ones', async () => {
    const [question, paraphrase, unrelated] = await embedder().embedDocuments(TEXTS.slice(0, 3));

    expect(dot(question, paraphrase)).toBeGreaterThan(dot(question, unrelated) + 0.1);
  });

  it('should ask for the configured model and dimensions, base64-encoded, with the key as a bearer token', async () => {
    await embedder().embedQuery('hello');

    const [request] = stub.requestsTo(EMBEDDINGS);
    expect(request.method).toBe('POST');
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.body).toMatchObject({ model: 'stub-embed-1', input: ['hello'], dimensions: DIMENSIONS, encoding_format: 'base64' });
  });

  it('should leave dimensions out of the request when told to', async () => {
    const vector = await embedder({ dimensions: 1536, requestDimensions: false }).embedQuery('hello');

    expect(vector).toHaveLength(1536);
    expect(embeddingBodies()[0]).not.toHaveProperty('dimensions');
  });

  it('should accept plain arrays from a server that ignores encoding_format', async () => {
    stub.embeddings.ignoreEncodingFormat = true;

    const vector = await embedder().embedQuery(TEXTS[0]);

    expect(dot(vector, l2Normalize(stubEmbedding(TEXTS[0], DIMENSIONS)))).toBeCloseTo(1, 10);
  });

  it('should send no Authorization header when no key is configured', async () => {
    const keyless = await OpenAIStub.start();
    try {
      const vector = await new OpenAIEmbedder({ baseUrl: keyless.baseUrl, apiKey: undefined, model: 'local-model', dimensions: 8, batchSize: 8 }).embedQuery(
        'hi',
      );

      expect(vector).toHaveLength(8);
      expect(keyless.requests[0].headers).not.toHaveProperty('authorization');
    } finally {
      await keyless.close();
    }
  });

  it('should return no vectors for no texts without calling the provider', async () => {
    expect(await embedder().embedDocuments([])).toEqual([]);
    expect(stub.requests).toHaveLength(0);
  });

  it('should refuse an empty text before calling the provider', async () => {
    const error = await failure(embedder().embedDocuments(['fine', '']));

    expect(error.message).toMatch(/Text 1 .* empty/);
    expect(stub.requests).toHaveLength(0);
  });

  it('should retry 429 answers with exponential backoff, then succeed', async () => {
    stub.failNext(2, { status: 429, message: 'Rate limit reached for requests' });

    const vector = await embedder({ maxRetries: 3 }).embedQuery('hello');

    expect(vector).toHaveLength(DIMENSIONS);
    const [first, second, third] = stub.requestsTo(EMBEDDINGS).map((request) => request.receivedAt);
    expect(stub.requestsTo(EMBEDDINGS)).toHaveLength(3);
    // The SDK waits 0.5 s, then 1 s, each less up to 25 % jitter.
    expect(second - first).toBeGreaterThanOrEqual(350);
    expect(third - second).toBeGreaterThanOrEqual(700);
    expect(third - second).toBeGreaterThan(1.3 * (second - first));
  });

  it("should follow the provider's retry-after-ms", async () => {
    stub.failNext(1, { status: 503, headers: { 'retry-after-ms': '20' } });

    await embedder().embedQuery('hello');

    const [first, second] = stub.requestsTo(EMBEDDINGS).map((request) => request.receivedAt);
    expect(second - first).toBeLessThan(300);
  });

  it('should fail with the status and the provider message once a persistent 500 has used every retry', async () => {
    stub.failNext(10, { status: 500, message: 'The server had an error processing your request', headers: { 'retry-after-ms': '5' } });

    const error = await failure(embedder({ maxRetries: 2 }).embedQuery('hello'));

    expect(stub.requestsTo(EMBEDDINGS)).toHaveLength(3);
    expect(error.status).toBe(500);
    expect(error.transient).toBe(true);
    expect(error.message).toContain('answered 500');
    expect(error.message).toContain('after 2 retries');
    expect(error.message).toContain('The server had an error processing your request');
  });

  it('should not retry a 400 and report it as permanent', async () => {
    stub.failNext(1, { status: 400, message: "This model's maximum context length is 8192 tokens" });

    const error = await failure(embedder().embedQuery('hello'));

    expect(stub.requestsTo(EMBEDDINGS)).toHaveLength(1);
    expect(error.status).toBe(400);
    expect(error.transient).toBe(false);
    expect(error.message).toContain('maximum context length');
  });

  it('should send no further batch once one has failed', async () => {
    stub.failNext(1, { status: 400, message: 'Invalid input' });

    await failure(embedder({ batchSize: 1, concurrency: 1 }).embedDocuments(TEXTS));

    expect(stub.requestsTo(EMBEDDINGS)).toHaveLength(1);
  });

  it('should name both numbers when the provider returns vectors of other dimensions', async () => {
    stub.embeddings.forcedDimensions = 768;

    const error = await failure(embedder({ dimensions: 1536 }).embedDocuments(TEXTS));

    expect(error.message).toContain('768');
    expect(error.message).toContain('1536');
    expect(error.transient).toBe(false);
  });

  it('should time out a request the provider does not answer', async () => {
    stub.delayNext(1, 2_000, EMBEDDINGS);
    const started = performance.now();

    const error = await failure(embedder({ timeoutMs: 200, maxRetries: 0 }).embedQuery('hello'));

    expect(error.message).toContain('timed out after 200 ms');
    expect(error.transient).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('should fail clearly when the provider cannot be reached', async () => {
    const error = await failure(embedder({ baseUrl: 'http://127.0.0.1:9/v1', maxRetries: 0 }).embedQuery('hello'));

    expect(error.message).toContain('Could not reach the embedding provider at http://127.0.0.1:9/v1/embeddings');
    expect(error.transient).toBe(true);
  });

  it('should keep the API key out of error messages even when the provider echoes it', async () => {
    const wrongKey = 'sk-wrong-0123456789abcdef0123456789abcdef';

    const refused = await failure(embedder({ apiKey: wrongKey }).embedQuery('hello'));

    expect(stub.requests[0].headers.authorization).toBe(`Bearer ${wrongKey}`);
    expect(refused.status).toBe(401);
    expect(refused.message).toContain('Incorrect API key provided: [REDACTED]');
    expect(refused.message).not.toContain(wrongKey);
    expect(JSON.stringify(refused)).not.toContain(wrongKey);

    stub.failNext(1, { status: 400, message: `Bad request from Authorization: Bearer ${API_KEY}` });
    const echoed = await failure(embedder().embedQuery('hello'));
    expect(echoed.message).not.toContain(API_KEY);
    expect(String(echoed.stack)).not.toContain(API_KEY);
  });

  it('should abort requests in flight on application shutdown', async () => {
    stub.delayNext(1, 5_000, EMBEDDINGS);
    const client = embedder();
    const pending = failure(client.embedQuery('hello'));
    await expect.poll(() => stub.requests.length).toBe(1);

    await client.onApplicationShutdown();

    expect((await pending).message).toContain('aborted: shutting down');
  });

  it('should not leave a listener behind on its shutdown signal per request', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error): number => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const client = embedder();
      for (let i = 0; i < 12; i++) {
        await client.embedQuery(`question ${i}`);
      }
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
  });
});

describe('EmbeddingsModule with EMBEDDING_PROVIDER=openai', () => {
  it('should provide an OpenAI-compatible Embedder built from the configuration', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      API_KEY_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      DATA_DIR: `/tmp/aqs-test-${process.pid}`,
      EMBEDDING_PROVIDER: 'openai',
      EMBEDDING_BASE_URL: stub.baseUrl,
      EMBEDDING_MODEL: 'stub-embed-1',
      EMBEDDING_DIMENSIONS: String(DIMENSIONS),
      EMBEDDING_API_KEY: API_KEY,
      EMBEDDING_BATCH_SIZE: '4',
    });
    const moduleRef = await Test.createTestingModule({ imports: [ConfigModule.forRoot(config), EmbeddingsModule] }).compile();
    try {
      const provided = moduleRef.get(Embedder);

      expect(provided).toBeInstanceOf(OpenAIEmbedder);
      expect(provided.model).toBe('stub-embed-1');
      expect(provided.dimensions).toBe(DIMENSIONS);
      expect(await provided.embedDocuments(TEXTS)).toHaveLength(TEXTS.length);
      expect(embeddingBodies().map((body) => body.input.length)).toEqual([4, 3]);
    } finally {
      await moduleRef.close();
    }
  });
});
