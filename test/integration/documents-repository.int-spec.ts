import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { DocumentsRepository } from '#src/modules/data-sources/documents.repository.js';
import { bearer, createOrg } from '#test/utils/factories.js';
import { createTestApp, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';

describe('storing chunk vectors', () => {
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

  // PostgreSQL gets vectors in pgvector's binary format, PGlite as text: both must store the same float4s.
  it('should store every component as the nearest float4, negatives, zero and extremes included', async () => {
    const org = await createOrg(testApp.app);
    const source = await request(testApp.http)
      .post('/api/v1/data-sources')
      .set(...bearer(org.adminKey))
      .send({ type: 'file', name: 'Vectors' })
      .expect(201);
    const dimensions = testApp.config.embeddings.dimensions;
    const special = [0, 1, -1, 1e-30, -3.4e38, 0.1, 1 / 3, Math.PI];
    const embedding = Array.from({ length: dimensions }, (_, i) => special[i] ?? Math.sin(i) / (i + 1));
    const identity = { orgId: org.orgId, dataSourceId: source.body.id, key: 'a.txt', url: 'a.txt', title: 'A', runId: 'run_vectors' };
    const chunk = { index: 0, text: 'Some text.', tokenCount: 3, headingPath: [], embedding };
    await testApp.app.get(TransactionRunner).run((tx) => testApp.app.get(DocumentsRepository).replace(identity, 'hash', [chunk], 'test-model', tx));

    const [row] = await testApp.app
      .get(DataSource)
      .query<Array<{ embedding: string }>>('SELECT embedding::text AS embedding FROM chunk WHERE org_id = $1', [org.orgId]);
    const stored = (JSON.parse(row.embedding) as number[]).map((value) => Math.fround(value));
    expect(stored).toEqual(embedding.map((value) => Math.fround(value)));
  });
});
