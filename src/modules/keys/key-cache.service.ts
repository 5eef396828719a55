import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { InvalidationChannel } from '#src/common/redis/invalidation-channel.js';
import { RedisService } from '#src/common/redis/redis.module.js';
import type { KeyForVerification } from '#src/modules/keys/api-keys.repository.js';

const INVALIDATION_CHANNEL = 'keys:invalidate';

/**
 * Verified keys, by hash, for at most API_KEY_CACHE_TTL_MS (5 minutes by default). Revoking, deleting or
 * re-scoping a key evicts it here, then on every instance before the change is acknowledged to the client
 * (InvalidationChannel), so no instance still accepts the old key. While this instance cannot hear the
 * others (its Redis subscription is down) the cache is not used: every request reads the database, whose
 * answer is never stale. After the reconnection the whole cache is dropped, since invalidations sent
 * meanwhile were lost.
 */
@Injectable()
export class KeyCacheService implements OnModuleInit {
  private readonly logger = new Logger('KeyCache');
  private readonly cache: LRUCache<string, KeyForVerification> | undefined;
  private readonly invalidations: InvalidationChannel<string[]>;
  /** Bumped by every eviction, so a database read that an invalidation overtook is not cached. */
  private generation = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig, redis: RedisService) {
    this.invalidations = new InvalidationChannel(redis, INVALIDATION_CHANNEL, this.logger);
    this.cache = config.keys.cacheTtlMs > 0 ? new LRUCache({ max: 50_000, ttl: config.keys.cacheTtlMs, ttlAutopurge: false }) : undefined;
  }

  async onModuleInit(): Promise<void> {
    await this.invalidations.listen(
      (hashes) => this.evictLocally(hashes),
      () => this.evictLocally(undefined),
    );
  }

  get(hash: string): KeyForVerification | undefined {
    return this.invalidations.hearing ? this.cache?.get(hash) : undefined;
  }

  /** Take this before reading a key from the database, and hand it to `set`. */
  version(): number {
    return this.generation;
  }

  /**
   * Caches a key read from the database, unless an invalidation came in since `version` was taken: the
   * read may predate the revocation, and caching it would let a revoked key work until the entry expires.
   */
  set(hash: string, key: KeyForVerification, version: number): void {
    if (version === this.generation && this.invalidations.hearing) {
      this.cache?.set(hash, key);
    }
  }

  async invalidate(hashes: string[]): Promise<void> {
    if (hashes.length === 0) {
      return;
    }
    this.evictLocally(hashes);
    await this.invalidations.broadcast(hashes);
  }

  private evictLocally(hashes: string[] | undefined): void {
    this.generation++;
    if (!this.cache) {
      return;
    }
    if (hashes === undefined) {
      this.cache.clear();
      return;
    }
    hashes.forEach((hash) => this.cache!.delete(hash));
  }
}
