import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearer, createOrg } from '#test/utils/factories.js';
import { freePort } from '#test/utils/processes.js';
import { leasedUnits } from '#test/utils/rate-limits.js';
import { createTestApp } from '#test/utils/test-app.js';
import { createTestDatabase } from '#test/utils/test-database.js';

async function waitUntil<T>(check: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('rate limits while Redis is away', () => {
  let redisServer: ChildProcess | undefined;

  afterEach(() => {
    vi.restoreAllMocks();
    redisServer?.kill('SIGKILL');
  });

  /** A private Redis, so stopping it touches no other test file. */
  async function startRedis(port: number): Promise<ChildProcess> {
    const child = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitUntil(async () => (output.includes('Ready to accept connections') ? true : undefined), 10_000, 'redis-server');
    return child;
  }

  it('should keep answering with local limits, say so in /readyz, and share limits again once Redis is back', async () => {
    const port = await freePort();
    redisServer = await startRedis(port);
    const redisUrl = `redis://127.0.0.1:${port}`;
    const prefix = `aqs-outage-${randomBytes(4).toString('hex')}`;
    const inspector = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
    const { url: databaseUrl, drop } = await createTestDatabase();
    const t = await createTestApp({ databaseUrl, rateLimits: true, redisPrefix: false, env: { REDIS_URL: redisUrl, REDIS_PREFIX: prefix } });
    const errors = vi.spyOn(Logger.prototype, 'error');
    const warnings = vi.spyOn(Logger.prototype, 'warn');
    const logged = (spy: typeof errors, text: string): number => spy.mock.calls.filter((call) => call.some((part) => String(part).includes(text))).length;
    try {
      const org = await createOrg(t.app, { plan: 'pro' });
      const get = () =>
        request(t.http)
          .get('/api/v1/agents')
          .set(...bearer(org.adminKey));
      const minuteCounter = async (response: request.Response): Promise<string | null> => {
        const minute = (Number(response.headers['x-ratelimit-reset']) * 1_000) / 60_000 - 1;
        return inspector.get(`${prefix}:rl:{${org.orgId}}:minute:${minute}`);
      };

      await inspector.connect();
      // The pro plan's minute (100): the step leases a few requests beyond this one, counted in Redis.
      const shared = await get().expect(200);
      expect(await minuteCounter(shared)).toBe(String(leasedUnits(100)));
      expect((await request(t.http).get('/readyz').expect(200)).body.checks.rate_limits).toEqual({ status: 'ok', store: 'redis' });
      inspector.disconnect();

      redisServer.kill('SIGKILL');
      await once(redisServer, 'exit');
      const started = performance.now();
      for (let i = 1; i <= 5; i++) {
        const response = await get();
        expect(response.status).toBe(200);
        // The in-memory fallback starts from nothing: it has seen only these requests.
        expect(response.headers).toMatchObject({ 'x-ratelimit-limit': '100', 'x-ratelimit-used': String(i), 'x-ratelimit-remaining': String(100 - i) });
      }
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(logged(errors, 'Redis is unreachable')).toBe(1);
      const degraded = await request(t.http).get('/readyz');
      expect(degraded.status).toBe(503);
      expect(degraded.body.checks.redis.status).toBe('failed');
      expect(degraded.body.checks.rate_limits).toEqual({ status: 'degraded', store: 'memory', degraded_since: expect.any(String) });

      redisServer = await startRedis(port);
      await waitUntil(
        async () => {
          const ready = await request(t.http).get('/readyz');
          return ready.status === 200 && ready.body.checks.rate_limits.status === 'ok' ? true : undefined;
        },
        15_000,
        'the limiter to use Redis again',
      );
      expect(logged(warnings, 'Redis answers again')).toBe(1);
      expect(logged(errors, 'Redis is unreachable')).toBe(1);

      // The restarted Redis is empty: counting (and leasing) starts again there, and the counter lives in Redis
      // (what this instance leased is counted there; its headers count that lease as still left).
      const recovered = await get().expect(200);
      expect(recovered.headers['x-ratelimit-used']).toBe('1');
      const after = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      try {
        expect(await after.get(`${prefix}:rl:{${org.orgId}}:minute:${(Number(recovered.headers['x-ratelimit-reset']) * 1_000) / 60_000 - 1}`)).toBe(
          String(leasedUnits(100)),
        );
      } finally {
        after.disconnect();
      }
    } finally {
      inspector.disconnect();
      await t.close();
      await drop();
    }
  }, 60_000);
});
