import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#src/config/app-config.js';
import { AppError } from '#src/common/errors/app.error.js';
import { RedisService } from '#src/common/redis/redis.module.js';
import { AgentCache } from '#src/modules/agents/agent-cache.js';
import { AgentEntity } from '#src/modules/agents/agent.entity.js';

/** One process without Redis: the eviction rules themselves. Across instances: test/e2e/agent-cache.e2e-spec.ts. */
function cacheWith(ttlMs = 60_000): AgentCache {
  const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'aqs-agent-cache-')), AGENT_CACHE_TTL_MS: String(ttlMs) });
  return new AgentCache(config, new RedisService(config));
}

const agent = (id: string, name = id): AgentEntity => Object.assign(new AgentEntity(), { id, orgId: 'org_a', name });

/** A load that counts its calls, answering `value`. */
function loader<T>(value: T): { load: () => Promise<T>; calls: () => number } {
  let calls = 0;
  return {
    load: async () => {
      calls++;
      return value;
    },
    calls: () => calls,
  };
}

describe('AgentCache', () => {
  it('should read once, then answer from memory until the organization changes', async () => {
    const cache = cacheWith();
    const first = loader(agent('agt_1'));
    expect(await cache.agent('org_a', 'agt_1', first.load)).toMatchObject({ name: 'agt_1' });
    expect(await cache.agent('org_a', 'agt_1', first.load)).toMatchObject({ name: 'agt_1' });
    expect(first.calls()).toBe(1);

    await cache.invalidate('org_a');
    const second = loader(agent('agt_1', 'Renamed'));
    expect(await cache.agent('org_a', 'agt_1', second.load)).toMatchObject({ name: 'Renamed' });
    expect(second.calls()).toBe(1);
  });

  it('should evict only the organization that changed', async () => {
    const cache = cacheWith();
    const page = { limit: 50, offset: 0 };
    const a = loader({ items: [agent('agt_1')], total: 1 });
    const b = loader({ items: [agent('agt_2')], total: 1 });
    await cache.page('org_a', page, a.load);
    await cache.page('org_b', page, b.load);
    await cache.invalidate('org_a');
    await cache.page('org_a', page, a.load);
    await cache.page('org_b', page, b.load);
    expect([a.calls(), b.calls()]).toEqual([2, 1]);
  });

  it('should key pages by limit and offset', async () => {
    const cache = cacheWith();
    const first = loader({ items: [agent('agt_1')], total: 2 });
    const second = loader({ items: [agent('agt_2')], total: 2 });
    expect((await cache.page('org_a', { limit: 1, offset: 0 }, first.load)).items[0].id).toBe('agt_1');
    expect((await cache.page('org_a', { limit: 1, offset: 1 }, second.load)).items[0].id).toBe('agt_2');
    expect((await cache.page('org_a', { limit: 1, offset: 0 }, second.load)).items[0].id).toBe('agt_1');
  });

  it('should not remember an agent that was not found', async () => {
    const cache = cacheWith();
    const missing = loader<AgentEntity | null>(null);
    expect(await cache.agent('org_a', 'agt_9', missing.load)).toBeNull();
    expect(await cache.agent('org_a', 'agt_9', missing.load)).toBeNull();
    expect(missing.calls()).toBe(2);
  });

  it('should answer but not keep a read that an eviction overtook', async () => {
    const cache = cacheWith();
    let release!: () => void;
    const slow = cache.agent('org_a', 'agt_1', () => new Promise<AgentEntity>((resolve) => (release = () => resolve(agent('agt_1', 'Before the change')))));
    await cache.invalidate('org_a');
    release();
    expect(await slow).toMatchObject({ name: 'Before the change' });
    const after = loader(agent('agt_1', 'After the change'));
    expect(await cache.agent('org_a', 'agt_1', after.load)).toMatchObject({ name: 'After the change' });
    expect(after.calls()).toBe(1);
  });

  it('should evict after a change, and after a failed one, but not after a refused request', async () => {
    const cache = cacheWith();
    const reads = loader(agent('agt_1'));
    const cached = async (): Promise<void> => void (await cache.agent('org_a', 'agt_1', reads.load));
    await cached();

    expect(await cache.changing('org_a', async () => 'saved')).toBe('saved');
    await cached();
    expect(reads.calls()).toBe(2);

    // A database error, as from a COMMIT whose outcome is unknown.
    await expect(cache.changing('org_a', () => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
    await cached();
    expect(reads.calls()).toBe(3);

    await expect(cache.changing('org_a', () => Promise.reject(AppError.notFound('Agent', 'agt_9')))).rejects.toBeInstanceOf(AppError);
    await cached();
    expect(reads.calls()).toBe(3);
  });

  it('should keep nothing when AGENT_CACHE_TTL_MS is 0', async () => {
    const cache = cacheWith(0);
    const counted = loader(agent('agt_1'));
    await cache.agent('org_a', 'agt_1', counted.load);
    await cache.agent('org_a', 'agt_1', counted.load);
    expect(counted.calls()).toBe(2);
  });

  it('should hold at most 100,000 agents, counting those of every cached page', async () => {
    const cache = cacheWith();
    const big = (offset: number) => loader({ items: Array.from({ length: 200 }, (_, i) => agent(`agt_${offset + i}`)), total: 1_000_000 });
    const pages = Array.from({ length: 501 }, (_, i) => big(i * 200));
    for (const [i, page] of pages.entries()) {
      await cache.page('org_a', { limit: 200, offset: i * 200 }, page.load);
    }
    // 501 pages of 200 are 100,200 agents: the least recently used page made room for the last.
    await cache.page('org_a', { limit: 200, offset: 0 }, pages[0].load);
    await cache.page('org_a', { limit: 200, offset: 500 * 200 }, pages[500].load);
    expect([pages[0].calls(), pages[500].calls()]).toEqual([2, 1]);
  });
});
