import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { InvalidationChannel } from '#src/common/redis/invalidation-channel.js';
import { RedisService } from '#src/common/redis/redis.module.js';

const INVALIDATION_CHANNEL = 'agents:invalidate';
const MAX_ORGANIZATIONS = 10_000;
/** Reads of one organization kept at once (agents and list pages); past it the organization starts over. */
const MAX_ENTRIES_PER_ORGANIZATION = 1_000;

/**
 * Agents and agent list pages as the api last read them, per organization: agents are read far more
 * often than they change. Every change to an organization's agents (through the agents
 * endpoints, or a deleted data source leaving them) evicts the organization's entries here and then on
 * every instance before it is acknowledged to the client (InvalidationChannel), so a read that follows
 * an acknowledged change sees it, whichever instance serves it. Entries live AGENT_CACHE_TTL_MS at most:
 * the bound on staleness if Redis fails to carry an eviction; after a Redis reconnection everything is
 * dropped. Whatever writes agent rows must call `invalidate` once its transaction has committed.
 */
@Injectable()
export class AgentCache implements OnModuleInit {
  private readonly logger = new Logger('AgentCache');
  private readonly organizations: LRUCache<string, Map<string, unknown>> | undefined;
  private readonly invalidations: InvalidationChannel<string[]>;
  /** Bumped by every eviction, so a database read that an eviction overtook is not cached. */
  private generation = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig, redis: RedisService) {
    this.invalidations = new InvalidationChannel(redis, INVALIDATION_CHANNEL, this.logger);
    const ttl = config.agents.cacheTtlMs;
    this.organizations = ttl > 0 ? new LRUCache({ max: MAX_ORGANIZATIONS, ttl, ttlAutopurge: false }) : undefined;
  }

  async onModuleInit(): Promise<void> {
    await this.invalidations.listen(
      (orgIds) => this.evictLocally(orgIds),
      () => this.evictLocally(undefined),
    );
  }

  /**
   * The cached value of `key` in the organization, or what `load` reads, then kept unless it is null (an
   * id that does not exist is not remembered). Values are shared between callers: treat them as read-only.
   */
  async read<T>(orgId: string, key: string, load: () => Promise<T>): Promise<T> {
    const entries = this.organizations?.get(orgId);
    if (entries?.has(key)) {
      return entries.get(key) as T;
    }
    const version = this.generation;
    const value = await load();
    if (this.organizations && value !== null && version === this.generation) {
      let current = this.organizations.get(orgId);
      if (!current || current.size >= MAX_ENTRIES_PER_ORGANIZATION) {
        current = new Map();
        this.organizations.set(orgId, current);
      }
      current.set(key, value);
    }
    return value;
  }

  /** After a committed change to the organization's agents: drops its entries on every instance. */
  async invalidate(orgId: string): Promise<void> {
    this.evictLocally([orgId]);
    await this.invalidations.broadcast([orgId]);
  }

  private evictLocally(orgIds: string[] | undefined): void {
    this.generation++;
    if (orgIds === undefined) {
      this.organizations?.clear();
      return;
    }
    orgIds.forEach((orgId) => this.organizations?.delete(orgId));
  }
}
