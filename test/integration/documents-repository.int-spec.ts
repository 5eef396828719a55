import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { DocumentsRepository } from '#src/modules/data-sources/documents.repository.js';
import { bearer, createOrg } from '#test/utils/factories.js';
import { createTestApp, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';

describe('documents repository', () => {
  let databaseUrl: string | undefined;
  let dropDatabase: () => Promise<void>;
  let testApp: TestApp;

  beforeAll(async () => {
    ({ url: databaseUrl, drop: dropDatabase } = await createTestDatabase());
    testApp = await createTestApp({ databaseUrl });
  });

  afterAll(async () => {
    await testApp?.close();
    await dropDatabase?.();
  });

  async function fileSource(name: string): Promise<{ org: Awaited<ReturnType<typeof createOrg>>; sourceId: string }> {
    const org = await createOrg(testApp.app);
    const source = await request(testApp.http)
      .post('/api/v1/data-sources')
      .set(...bearer(org.adminKey))
      .send({ type: 'file', name })
      .expect(201);
    return { org, sourceId: source.body.id as string };
  }

  // PostgreSQL gets vectors in pgvector's binary format, PGlite as text: both must store the same float4s.
  it('should store every component as the nearest float4, negatives, zero and extremes included', async () => {
    const { org, sourceId } = await fileSource('Vectors');
    const dimensions = testApp.config.embeddings.dimensions;
    const special = [0, 1, -1, 1e-30, -3.4e38, 0.1, 1 / 3, Math.PI];
    const embedding = Array.from({ length: dimensions }, (_, i) => special[i] ?? Math.sin(i) / (i + 1));
    const identity = { orgId: org.orgId, dataSourceId: sourceId, key: 'a.txt', url: 'a.txt', title: 'A', runId: 'run_vectors' };
    const chunk = { index: 0, text: 'Some text.', tokenCount: 3, headingPath: [], embedding };
    await testApp.app.get(TransactionRunner).run((tx) => testApp.app.get(DocumentsRepository).replace(identity, 'hash', [chunk], 'test-model', tx));

    const [row] = await testApp.app
      .get(DataSource)
      .query<Array<{ embedding: string }>>('SELECT embedding::text AS embedding FROM chunk WHERE org_id = $1', [org.orgId]);
    const stored = (JSON.parse(row.embedding) as number[]).map((value) => Math.fround(value));
    expect(stored).toEqual(embedding.map((value) => Math.fround(value)));
  });

  it('should replace a document\u2019s chunks, drop them all when it fails, and keep one row per key throughout', async () => {
    const { org, sourceId } = await fileSource('Lifecycle');
    const documents = testApp.app.get(DocumentsRepository);
    const transactions = testApp.app.get(TransactionRunner);
    const embedding = Array.from({ length: testApp.config.embeddings.dimensions }, (_, i) => Math.cos(i));
    const chunks = (texts: string[]) => texts.map((text, index) => ({ index, text, tokenCount: 2, headingPath: [], embedding }));
    // Content hashes are SHA-256 in hex.
    const hash = (digit: string) => digit.repeat(64);
    const identity = { orgId: org.orgId, dataSourceId: sourceId, key: 'b.txt', url: 'b.txt', title: 'B', runId: 'run_1' };
    const state = async () => {
      const db = testApp.app.get(DataSource);
      const docs = await db.query<Array<{ id: string; status: string; error: string | null; chunk_count: number; content_hash: string | null }>>(
        'SELECT id, status, error, chunk_count, content_hash FROM document WHERE data_source_id = $1',
        [sourceId],
      );
      const texts = await db.query<Array<{ text: string }>>('SELECT text FROM chunk WHERE data_source_id = $1 ORDER BY chunk_index', [sourceId]);
      return { docs, texts: texts.map((row) => row.text) };
    };

    const firstId = await transactions.run((tx) => documents.replace(identity, hash('1'), chunks(['one', 'two', 'three']), 'test-model', tx));
    expect(await state()).toMatchObject({
      docs: [{ id: firstId, status: 'indexed', chunk_count: 3, content_hash: hash('1') }],
      texts: ['one', 'two', 'three'],
    });

    await transactions.run((tx) => documents.replace({ ...identity, runId: 'run_2' }, hash('2'), chunks(['four']), 'test-model', tx));
    expect(await state()).toMatchObject({ docs: [{ id: firstId, status: 'indexed', chunk_count: 1, content_hash: hash('2') }], texts: ['four'] });

    await documents.markFailed({ ...identity, runId: 'run_3' }, 'HTTP 404');
    expect(await state()).toEqual({ docs: [{ id: firstId, status: 'failed', error: 'HTTP 404', chunk_count: 0, content_hash: null }], texts: [] });

    await expect(
      transactions.run(async (tx) => {
        await documents.replace({ ...identity, runId: 'run_4' }, hash('4'), chunks(['five']), 'test-model', tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await state()).docs).toMatchObject([{ status: 'failed', chunk_count: 0 }]);
  });
});
