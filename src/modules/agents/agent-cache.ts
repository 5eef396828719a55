import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { AppError } from '#src/common/errors/app.error.js';
import { InvalidationChannel } from '#src/common/redis/invalidation-channel.js';
import { RedisService } from '#src/common/redis/redis.module.js';
import type { Page } from '#src/common/validation/validators.js';
import type { AgentEntity } from '#src/modules/agents/agent.entity.js';

const INVALIDATION_CHANNEL = 'agents:invalidate';
/** Agents held at once, counting each agent of each cached list page: a bound on memory whatever is asked. */
const MAX_AGENTS = 100_000;

type AgentPage = { items: AgentEntity[]; total: number };

interface Entry {
  value: AgentEntity | AgentPage;
  /** The organization's generation when it was read: an entry of an earlier one is stale. */
  generation: number;
}

/**
 * Agents and agent list pages as the api last read them: agents are read far more often than they change.
 * Every change to an organization's agents (through the agents endpoints, or a deleted data source leaving
 * them) makes its entries stale here and then on every instance before it is acknowledged to the client
 * (InvalidationChannel), so a read that follows an acknowledged change sees it, whichever instance serves
 * it. Entries live AGENT_CACHE_TTL_MS at most: the bound on staleness if Redis fails to carry an eviction;
 * after a Redis reconnection everything is dropped. Whatever writes agent rows must run its transaction
 * through `changing`. Cached values are shared between callers: treat them as read-only.
 */
@Injectable()
export class AgentCache implements OnModuleInit {
  private readonly logger = new Logger('AgentCache');
  private readonly entries: LRUCache<string, Entry> | undefined;
  private readonly invalidations: InvalidationChannel<string[]>;
  /** Per organization, bumped by each of its evictions; absent is 0. */
  private readonly generations = new Map<string, number>();
  /** Bumped when everything is dropped, so a read that this overtook is not cached. */
  private epoch = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig, redis: RedisService) {
    this.invalidations = new InvalidationChannel(redis, INVALIDATION_CHANNEL, this.logger);
    const ttl = config.agents.cacheTtlMs;
    this.entries =
      ttl > 0
        ? new LRUCache({ maxSize: MAX_AGENTS, sizeCalculation: (entry) => ('items' in entry.value ? Math.max(1, entry.value.items.length) : 1), ttl })
        : undefined;
  }

  async onModuleInit(): Promise<void> {
    await this.invalidations.listen(
      (orgIds) => this.evictLocally(orgIds),
      () => this.evictLocally(undefined),
    );
  }

  /** The agent, or what `load` reads; an id that does not exist is not remembered. */
  agent(orgId: string, id: string, load: () => Promise<AgentEntity | null>): Promise<AgentEntity | null> {
    return this.read(orgId, `agent ${id}`, load);
  }

  /** The page of the organization's agent list, or what `load` reads. */
  page(orgId: string, page: Page, load: () => Promise<AgentPage>): Promise<AgentPage> {
    return this.read(orgId, `list ${page.limit} ${page.offset}`, load) as Promise<AgentPage>;
  }

  /**
   * Runs `change` (a transaction that changes the organization's agents), then drops the organization's
   * entries on every instance. Also after a failure, since a failed COMMIT may still have committed; but
   * not after a request refused with an AppError (404, 409, 400), whose transaction rolled back.
   */
  async changing<T>(orgId: string, change: () => Promise<T>): Promise<T> {
    try {
      const result = await change();
      await this.invalidate(orgId);
      return result;
    } catch (error) {
      if (!(error instanceof AppError)) {
        await this.invalidate(orgId);
      }
      throw error;
    }
  }

  /** After a committed change to the organization's agents: drops its entries on every instance. */
  async invalidate(orgId: string): Promise<void> {
    this.evictLocally([orgId]);
    await this.invalidations.broadcast([orgId]);
  }

  private async read<T extends Entry['value']>(orgId: string, key: string, load: () => Promise<T | null>): Promise<T | null> {
    const cacheKey = `${orgId} ${key}`;
    const epoch = this.epoch;
    const generation = this.generations.get(orgId) ?? 0;
    const entry = this.entries?.get(cacheKey);
    if (entry?.generation === generation) {
      return entry.value as T;
    }
    const value = await load();
    // A read that an eviction overtook may predate the change: it is answered, not kept.
    if (this.entries && value !== null && epoch === this.epoch && generation === (this.generations.get(orgId) ?? 0)) {
      this.entries.set(cacheKey, { value, generation });
    }
    return value;
  }

  private evictLocally(orgIds: string[] | undefined): void {
    if (orgIds === undefined) {
      this.epoch++;
      this.entries?.clear();
      return;
    }
    for (const orgId of orgIds) {
      this.generations.set(orgId, (this.generations.get(orgId) ?? 0) + 1);
    }
  }
}
