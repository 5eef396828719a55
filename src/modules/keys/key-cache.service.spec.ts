import { describe, expect, it } from 'vitest';
import { loadConfig } from '#src/config/app-config.js';
import { RedisService } from '#src/common/redis/redis.module.js';
import type { KeyForVerification } from '#src/modules/keys/api-keys.repository.js';
import { KeyCacheService } from '#src/modules/keys/key-cache.service.js';

/** The real cache on one instance (no REDIS_URL: invalidations stay local). */
function newCache(env: Record<string, string> = {}): KeyCacheService {
  const config = loadConfig({ NODE_ENV: 'test', API_KEY_SECRET: 'unit-test-secret-unit-test-secret', DATA_DIR: `/tmp/aqs-unit-${process.pid}`, ...env });
  return new KeyCacheService(config, new RedisService(config));
}

const key = (hash: string): KeyForVerification => ({
  id: 'key_01JD8X0Q5W3V7N2K4M6P8R9T1A',
  orgId: 'org_01JD8X0Q5W3V7N2K4M6P8R9T1A',
  userId: null,
  hash,
  scopes: ['read'],
  expiresAt: null,
  revokedAt: null,
  userRole: null,
  plan: { name: 'free', overrides: undefined },
  ipAllowlist: [],
});

describe('KeyCacheService', () => {
  it('should keep a verified key until it is invalidated', async () => {
    const cache = newCache();
    cache.set('a', key('a'), cache.version());
    cache.set('b', key('b'), cache.version());
    expect(cache.get('a')).toEqual(key('a'));
    await cache.invalidate(['a']);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toEqual(key('b'));
  });

  it('should not cache a database read that an invalidation overtook', async () => {
    const cache = newCache();
    // A request reads the key from the database; meanwhile the key is revoked and the cache invalidated.
    const version = cache.version();
    await cache.invalidate(['a']);
    cache.set('a', key('a'), version);
    expect(cache.get('a')).toBeUndefined();
    // The next read starts after the revocation and is cached as usual.
    cache.set('a', key('a'), cache.version());
    expect(cache.get('a')).toEqual(key('a'));
  });

  it('should ignore an empty invalidation', async () => {
    const cache = newCache();
    const version = cache.version();
    await cache.invalidate([]);
    cache.set('a', key('a'), version);
    expect(cache.get('a')).toEqual(key('a'));
  });

  it('should cache nothing when API_KEY_CACHE_TTL_MS is 0', () => {
    const cache = newCache({ API_KEY_CACHE_TTL_MS: '0' });
    cache.set('a', key('a'), cache.version());
    expect(cache.get('a')).toBeUndefined();
  });
});
