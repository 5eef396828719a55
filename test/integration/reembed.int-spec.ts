import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddingIndexService } from '#src/modules/retrieval/embeddings/embedding-index.service.js';
import { bearer, createOrg } from '#test/utils/factories.js';
import { FixtureSite } from '#test/utils/fixture-site.js';
import { docsSite, ingestionEnv, settled, waitForStatus } from '#test/utils/ingestion.js';
import { OpenAIStub } from '#test/utils/openai-stub.js';
import { createTestApp, type TestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';

describe('re-embedding the index', () => {
  let stub: OpenAIStub;
  let site: FixtureSite;
  let databaseUrl: string | undefined;
  let dropDatabase: () => Promise<void>;
  let first: TestApp;

  beforeAll(async () => {
    ({ url: databaseUrl, drop: dropDatabase } = await createTestDatabase());
    stub = await OpenAIStub.start({ dimensions: 512 });
    site = await FixtureSite.start();
    first = await createTestApp({ databaseUrl, env: ingestionEnv(stub) });
  });

  afterAll(async () => {
    await first?.close();
    await site?.close();
    await stub?.close();
    await dropDatabase?.();
  });

  it('should refuse to start on an index of other dimensions, then move the index to the new model', async () => {
    docsSite(site, { one: 'First page about widgets.', two: 'Second page about gadgets.' });
    const org = await createOrg(first.app);
    const created = await request(first.http)
      .post('/api/v1/data-sources')
      .set(...bearer(org.adminKey))
      .send({ type: 'website', name: 'Docs', config: { url: site.url('/docs/') } })
      .expect(201);
    await waitForStatus(first.http, org.adminKey, created.body.id, settled);
    const dataSource = first.app.get(DataSource);
    const before = await dataSource.query<Array<{ id: string }>>('SELECT id FROM chunk ORDER BY id');
    expect(before.length).toBeGreaterThan(0);

    const smaller = { EMBEDDING_MODEL: 'stub-small', EMBEDDING_DIMENSIONS: '256' };
    const shared = { databaseUrl, dataSource: databaseUrl ? undefined : dataSource };
    await expect(createTestApp({ ...shared, env: ingestionEnv(stub, smaller) })).rejects.toThrow(/512-dimension embeddings .* makes 256/);

    const cli = await createTestApp({ ...shared, role: 'cli', env: ingestionEnv(stub, smaller) });
    try {
      const result = await cli.app.get(EmbeddingIndexService).reembed({ batchSize: 3 });
      expect(result).toEqual({ model: 'stub-small', dimensions: 256, previousDimensions: 512, reembedded: before.length });
      expect(await cli.app.get(EmbeddingIndexService).columnDimensions()).toBe(256);
      const rows = await dataSource.query<Array<{ id: string; model: string; dims: number }>>(
        'SELECT id, embedding_model AS model, vector_dims(embedding) AS dims FROM chunk ORDER BY id',
      );
      expect(rows.map((row) => row.id)).toEqual(before.map((row) => row.id));
      expect(rows.every((row) => row.model === 'stub-small' && Number(row.dims) === 256)).toBe(true);
      const [index] = await dataSource.query<Array<{ indexdef: string }>>(`SELECT indexdef FROM pg_indexes WHERE indexname = 'ix_chunk_embedding_hnsw'`);
      expect(index.indexdef).toMatch(/hnsw/);
      expect((await cli.app.get(EmbeddingIndexService).reembed()).reembedded).toBe(0);
    } finally {
      await cli.close();
    }

    const restarted = await createTestApp({ ...shared, env: ingestionEnv(stub, smaller) });
    await restarted.close();
  });
});
