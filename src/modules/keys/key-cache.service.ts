import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { RedisService } from '#src/common/redis/redis.module.js';
import type { KeyForVerification } from '#src/modules/keys/api-keys.repository.js';

const INVALIDATION_CHANNEL = 'keys:invalidate';
/** How long a revocation waits for every instance to confirm its eviction before answering anyway. */
const ACK_TIMEOUT_MS = 1_000;
const ACK_POLL_MS = 2;

interface Invalidation {
  id: string;
  hashes: string[];
}

/**
 * Verified keys, by hash, for at most API_KEY_CACHE_TTL_MS (5 minutes by default). Revoking, deleting or
 * re-scoping a key evicts it here, then broadcasts the eviction through Redis and waits until every
 * instance that received it has confirmed (a counter in Redis), so when the change is acknowledged to the
 * client no instance still accepts the old key. After a Redis reconnection the whole cache is dropped,
 * since invalidations sent meanwhile were lost.
 */
@Injectable()
export class KeyCacheService implements OnModuleInit {
  private readonly logger = new Logger('KeyCache');
  private readonly cache: LRUCache<string, KeyForVerification> | undefined;
  /** Bumped by every eviction, so a database read that an invalidation overtook is not cached. */
  private generation = 0;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly redis: RedisService,
  ) {
    this.cache = config.keys.cacheTtlMs > 0 ? new LRUCache({ max: 50_000, ttl: config.keys.cacheTtlMs, ttlAutopurge: false }) : undefined;
  }

  async onModuleInit(): Promise<void> {
    await this.redis.subscribe(
      INVALIDATION_CHANNEL,
      (message) => this.receive(message),
      () => this.evictLocally(undefined),
    );
  }

  get(hash: string): KeyForVerification | undefined {
    return this.cache?.get(hash);
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
    if (version === this.generation) {
      this.cache?.set(hash, key);
    }
  }

  async invalidate(hashes: string[]): Promise<void> {
    if (hashes.length === 0) {
      return;
    }
    this.evictLocally(hashes);
    if (!this.redis.enabled) {
      return;
    }
    const invalidation: Invalidation = { id: randomUUID(), hashes };
    try {
      const receivers = await this.redis.publish(INVALIDATION_CHANNEL, JSON.stringify(invalidation));
      await this.waitForAcknowledgements(invalidation.id, receivers);
    } catch (error) {
      this.logger.error({ err: error }, 'Could not broadcast a key invalidation; other instances keep their cached entry until it expires');
    }
  }

  private receive(message: string): void {
    let invalidation: Invalidation;
    try {
      invalidation = JSON.parse(message) as Invalidation;
    } catch {
      this.logger.warn('Ignoring a malformed key invalidation message');
      return;
    }
    this.evictLocally(invalidation.hashes);
    this.redis.client
      ?.multi()
      .incr(this.ackKey(invalidation.id))
      .pexpire(this.ackKey(invalidation.id), ACK_TIMEOUT_MS * 10)
      .exec()
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Could not acknowledge a key invalidation'));
  }

  private ackKey(id: string): string {
    return this.redis.prefixed(`keys:invalidate:ack:${id}`);
  }

  private async waitForAcknowledgements(id: string, receivers: number): Promise<void> {
    const deadline = Date.now() + ACK_TIMEOUT_MS;
    while (Number((await this.redis.client!.get(this.ackKey(id))) ?? 0) < receivers) {
      if (Date.now() > deadline) {
        this.logger.warn({ receivers }, 'Not every instance confirmed a key invalidation in time');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, ACK_POLL_MS));
    }
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
