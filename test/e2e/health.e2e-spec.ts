import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#test/utils/test-app.js';
import { createTestDatabase, REDIS_URL } from '#test/utils/test-database.js';

describe('health', () => {
  let databaseUrl: string | undefined;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    ({ url: databaseUrl, drop: dropDatabase } = await createTestDatabase());
  });

  afterAll(async () => dropDatabase?.());

  it('should report liveness without credentials', async () => {
    const t = await createTestApp({ databaseUrl });
    try {
      await request(t.http).get('/healthz').expect(200, { status: 'ok' });
    } finally {
      await t.close();
    }
  });

  it('should report readiness of the database and Redis', async () => {
    const t = await createTestApp({ databaseUrl });
    try {
      const response = await request(t.http).get('/readyz').expect(200);
      expect(response.body.status).toBe('ok');
      expect(response.body.checks.database.status).toBe('ok');
      expect(response.body.checks.redis.status).toBe(REDIS_URL ? 'ok' : 'disabled');
      // Test apps run without rate limits unless a test asks for them (see rate-limits e2e specs).
      expect(response.body.checks.rate_limits).toEqual({ status: 'disabled' });
    } finally {
      await t.close();
    }
  });

  it('should answer 503 when Redis is configured but unreachable', async () => {
    const t = await createTestApp({ databaseUrl, env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const response = await request(t.http).get('/readyz').expect(503);
      expect(response.body).toMatchObject({ status: 'unavailable', checks: { database: { status: 'ok' }, redis: { status: 'failed' } } });
      await request(t.http).get('/healthz').expect(200);
    } finally {
      await t.close();
    }
  });

  it('should answer 503 when the database is gone', async () => {
    const t = await createTestApp({ databaseUrl });
    try {
      await t.app.get(DataSource).destroy();
      const response = await request(t.http).get('/readyz').expect(503);
      expect(response.body.checks.database.status).toBe('failed');
    } finally {
      await t.close();
    }
  });
});
