import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthService } from '#src/modules/health/health.service.js';
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
      // The probe is public: the driver's words (an internal address, here 127.0.0.1:1) stay in the log.
      expect(JSON.stringify(response.body.checks.redis)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
      await request(t.http).get('/healthz').expect(200);
    } finally {
      await t.close();
    }
  });

  it('should answer 503 from the start of a shutdown, while requests in flight finish, so a load balancer sends nothing new', async () => {
    const t = await createTestApp({ databaseUrl });
    try {
      await request(t.http).get('/readyz').expect(200);
      // The first hook Nest calls on close (SIGTERM), long before the server stops accepting connections.
      t.app.get(HealthService).onModuleDestroy();
      const response = await request(t.http).get('/readyz').expect(503);
      expect(response.body).toMatchObject({ status: 'unavailable', checks: { database: { status: 'ok' } } });
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
