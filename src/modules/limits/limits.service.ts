import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, PROCESS_ROLE, type AppConfig, type ProcessRole } from '#src/config/app-config.js';
import { CREDENTIAL_NAMES, type AuthContext, type OrganizationPlan } from '#src/common/auth/auth-context.js';
import { AppError } from '#src/common/errors/app.error.js';
import type { PathForm } from '#src/common/http/route-policy/route-policies.js';
import { RedisService } from '#src/common/redis/redis.module.js';
import { InteractionsRepository } from '#src/modules/interactions/interactions.repository.js';
import { decide, rateLimitHeaders, type LimitDecision, type RateLimitHeaders } from '#src/modules/limits/limit-decision.js';
import { WINDOW_GRACE_MS, type HeldSlot, type LimitRequest, type LimitState, type LimitStore } from '#src/modules/limits/limit-store.js';
import { LeasedLimitStore } from '#src/modules/limits/leased-limit-store.js';
import { MemoryLimitStore } from '#src/modules/limits/memory-limit-store.js';
import { effectiveLimits, type EffectiveLimits, type ScopeClass } from '#src/modules/limits/plan-limits.js';
import { RedisLimitStore } from '#src/modules/limits/redis-limit-store.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** A concurrency slot counts this long unless renewed: the bound on a slot left behind by a dead process. */
export const SLOT_LEASE_MS = 60_000;
const RENEW_EVERY_MS = 15_000;
/** While Redis is unreachable, how often it is tried again. */
const PROBE_EVERY_MS = 1_000;
/** A limiter command slower than this counts as Redis being unreachable: the request goes on with local limits. */
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_WAIT_MS = 2_000;
/** For a caller whose plan is unknown: the most restrictive one. */
const UNKNOWN_PLAN: OrganizationPlan = { name: 'free', overrides: undefined };
const NO_RELEASE = (): void => undefined;

/** The limiter's time; tests replace `now` to cross windows without waiting. */
@Injectable()
export class LimitClock {
  now(): number {
    return Date.now();
  }
}

export interface AdmissionInput {
  auth: AuthContext;
  scopeClass: ScopeClass;
  /** The route spends model tokens (query, chat): the day's token budget is checked too. */
  spendsTokens: boolean;
  form: PathForm;
}

export interface Admission {
  headers: RateLimitHeaders;
  /** Frees the request's concurrency slot; call when the response is over (idempotent). */
  release: () => void;
}

export interface RateLimitStatus {
  /** `degraded`: Redis is unreachable and each instance limits on its own until it answers again. */
  status: 'ok' | 'degraded' | 'disabled';
  /** Where the counters live: `redis` (shared by every instance) or `memory` (this instance only). */
  store?: 'redis' | 'memory';
  degraded_since?: string;
}

/**
 * Rate limits per API key and scope class (token buckets) and per organization plan (requests per UTC
 * minute and day, model tokens per UTC day, concurrent requests). With REDIS_URL the counters are shared by
 * every api instance, which spends units it leased from them (LeasedLimitStore); without it they live in
 * this process. When Redis stops answering, requests go on against in-memory counters (logged once, shown
 * by /readyz) and Redis is probed until it is back.
 */
@Injectable()
export class LimitsService implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimits');
  private readonly memory = new MemoryLimitStore();
  private connection: Redis | undefined;
  private shared: LeasedLimitStore | undefined;
  private degradedSince: Date | undefined;
  private probeTimer: NodeJS.Timeout | undefined;
  private probing = false;
  private renewTimer: NodeJS.Timeout | undefined;
  private readonly held = new Map<string, { slot: HeldSlot; store: LimitStore }>();
  private readonly limitsOfPlan = new WeakMap<OrganizationPlan, EffectiveLimits>();
  /** Names the requests' slots: both stores the service uses keep them in this process only. */
  private slotSequence = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
    private readonly redis: RedisService,
    private readonly interactions: InteractionsRepository,
    private readonly clock: LimitClock,
  ) {}

  get enabled(): boolean {
    return this.config.rateLimits.enabled;
  }

  async onModuleInit(): Promise<void> {
    if (!this.enabled || this.role !== 'api') {
      return;
    }
    // Its own connection: commands fail fast (no offline queue, no retries, a short timeout) rather than
    // holding requests while Redis is away.
    this.connection = this.redis.createConnection({ commandTimeout: COMMAND_TIMEOUT_MS, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    if (this.connection) {
      // Connection errors repeat on every reconnection attempt; the limiter logs its own transitions instead.
      this.connection.on('error', () => undefined);
      this.shared = new LeasedLimitStore(
        new RedisLimitStore(this.connection, (name) => this.redis.prefixed(name)),
        () => this.clock.now(),
        (error) => this.degrade(error),
      );
      if (!(await ready(this.connection, CONNECT_WAIT_MS))) {
        this.degrade(new Error(`Redis did not answer within ${CONNECT_WAIT_MS} ms of start-up`));
      }
    }
    this.renewTimer = setInterval(() => void this.renewSlots(), RENEW_EVERY_MS);
    this.renewTimer.unref();
  }

  /** Unspent leases go back to Redis, so other instances need not wait for them to expire. */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.shared && !this.degradedSince) {
      await this.shared.giveBackAll();
    }
  }

  onApplicationShutdown(): void {
    clearInterval(this.renewTimer);
    clearInterval(this.probeTimer);
    this.shared?.close();
  }

  status(): RateLimitStatus {
    if (!this.enabled) {
      return { status: 'disabled' };
    }
    if (this.degradedSince) {
      return { status: 'degraded', store: 'memory', degraded_since: this.degradedSince.toISOString() };
    }
    return { status: 'ok', store: this.shared ? 'redis' : 'memory' };
  }

  limitsOf(plan: OrganizationPlan): EffectiveLimits {
    let limits = this.limitsOfPlan.get(plan);
    if (!limits) {
      limits = effectiveLimits(plan);
      this.limitsOfPlan.set(plan, limits);
    }
    return limits;
  }

  /**
   * Lets the request through (with its headers and slot) or throws the 429 for the limit it failed. Answers
   * at once when the request is admitted from what this process holds (its leases of the shared limits, or
   * the in-memory counts): the common path has no promise. A refusal, or a request that needs a step in
   * Redis (or the database), is answered by a promise.
   */
  admitNow(input: AdmissionInput): Admission | Promise<Admission> {
    const { auth } = input;
    const limits = this.limitsOf(auth.plan ?? UNKNOWN_PLAN);
    const now = this.clock.now();
    const bucket = limits.keyBuckets[input.scopeClass];
    const minute = Math.floor(now / MINUTE_MS);
    const day = Math.floor(now / DAY_MS);
    const plan = limits.organization;
    const request: LimitRequest = {
      now,
      orgId: auth.orgId,
      bucket: { id: `${auth.credential.id}:${input.scopeClass}`, capacity: bucket.burst, perMinute: bucket.perMinute },
      minute: { index: minute, limit: plan.requestsPerMinute, endsAt: (minute + 1) * MINUTE_MS },
      day: { index: day, limit: plan.requestsPerDay, endsAt: (day + 1) * DAY_MS },
      tokens: input.spendsTokens && plan.tokensPerDay !== null ? { limit: plan.tokensPerDay } : undefined,
      concurrency: { limit: plan.concurrentRequests, slotId: String(++this.slotSequence), expiresAt: now + SLOT_LEASE_MS },
    };

    const shared = this.shared && !this.degradedSince ? this.shared : undefined;
    let state: LimitState | undefined;
    if (shared) {
      try {
        state = shared.checkNow(request);
      } catch {
        // The full check (below) meets the same fault and handles it.
        state = undefined;
      }
      if (state?.outcome === 'allowed') {
        return this.admitted(input, limits, request, state, shared);
      }
      return this.admitLater(input, limits, request, undefined);
    }
    state = this.memory.checkNow(request);
    if (state.outcome === 'allowed') {
      return this.admitted(input, limits, request, state, this.memory);
    }
    return this.admitLater(input, limits, request, { state, store: this.memory });
  }

  /** The rest of `admit` for a request not admitted at once: a step, the token budget's seed, a refusal. */
  private async admitLater(
    input: AdmissionInput,
    limits: EffectiveLimits,
    request: LimitRequest,
    checked: { state: LimitState; store: LimitStore } | undefined,
  ): Promise<Admission> {
    let { state, store } = checked ?? (await this.check(request));
    if (state.outcome === 'seed_tokens') {
      if (await this.seedTokens(store, request)) {
        ({ state, store } = await this.check(request));
      }
      if (state.outcome === 'seed_tokens') {
        // The counter could not be seeded (database or store trouble): let the budget go unchecked this once.
        ({ state, store } = await this.check({ ...request, tokens: undefined }));
      }
    }
    return this.admitted(input, limits, request, state, store);
  }

  /** The admission of a request the store let through; the 429 of one it refused. */
  private admitted(input: AdmissionInput, limits: EffectiveLimits, request: LimitRequest, state: LimitState, store: LimitStore): Admission {
    const decision = decide(request, state);
    if (!decision.allowed) {
      throw rateLimitError(decision, limits, input);
    }
    if (request.concurrency.limit === null) {
      return { headers: rateLimitHeaders(decision.view), release: NO_RELEASE };
    }
    const slot: HeldSlot = { orgId: request.orgId, slotId: request.concurrency.slotId };
    this.held.set(slot.slotId, { slot, store });
    return { headers: rateLimitHeaders(decision.view), release: () => this.release(slot.slotId) };
  }

  /** After an answer: adds its tokens (input + output) to the organization's count for the UTC day. */
  async recordTokens(orgId: string, tokens: number): Promise<void> {
    if (!this.enabled || !(tokens > 0)) {
      return;
    }
    const now = this.clock.now();
    const day = Math.floor(now / DAY_MS);
    const store = this.activeStore();
    try {
      await store.recordTokens(orgId, day, tokens, now);
    } catch (error) {
      this.degrade(error);
      await this.memory.recordTokens(orgId, day, tokens, now);
    }
  }

  private activeStore(): LimitStore {
    return this.shared && !this.degradedSince ? this.shared : this.memory;
  }

  private async check(request: LimitRequest): Promise<{ state: LimitState; store: LimitStore }> {
    const store = this.activeStore();
    if (store !== this.memory) {
      try {
        return { state: await store.check(request), store };
      } catch (error) {
        this.degrade(error);
      }
    }
    return { state: await this.memory.check(request), store: this.memory };
  }

  /** The day's counter starts from what the database already holds, so a new or emptied store does not reset budgets. */
  private async seedTokens(store: LimitStore, request: LimitRequest): Promise<boolean> {
    try {
      const used = await this.interactions.tokensUsedSince(request.orgId, new Date(request.day.index * DAY_MS));
      try {
        await store.seedTokens(request.orgId, request.day.index, used, request.day.endsAt + WINDOW_GRACE_MS, request.now);
      } catch (error) {
        this.degrade(error);
        await this.memory.seedTokens(request.orgId, request.day.index, used, request.day.endsAt + WINDOW_GRACE_MS, request.now);
      }
      return true;
    } catch (error) {
      this.logger.warn({ err: error, org_id: request.orgId }, 'Could not read the day\u2019s token use; the token budget is not checked for this request');
      return false;
    }
  }

  private release(slotId: string): void {
    const entry = this.held.get(slotId);
    if (!entry) {
      return;
    }
    this.held.delete(slotId);
    // While Redis is away, a slot it holds runs out with its lease.
    if (entry.store === this.memory || !this.degradedSince) {
      void entry.store.release([entry.slot]);
    }
  }

  /** Slots of requests still running are kept alive; those of a process that died expire with their lease. */
  private async renewSlots(): Promise<void> {
    const expiresAt = this.clock.now() + SLOT_LEASE_MS;
    const local = [...this.held.values()].filter((entry) => entry.store === this.memory).map((entry) => entry.slot);
    await this.memory.renew(local, expiresAt);
    if (this.shared && !this.degradedSince) {
      // The shared store renews its own reservations, which count this instance's requests.
      await this.shared.renew([], expiresAt).catch((error: unknown) => this.logger.debug({ err: error }, 'Could not renew concurrency slots'));
    }
  }

  private degrade(error: unknown): void {
    if (this.degradedSince || !this.connection) {
      return;
    }
    this.degradedSince = new Date();
    this.shared?.reset();
    this.logger.error(
      { err: error instanceof Error ? error.message : String(error) },
      'Rate limits: Redis is unreachable; each instance now limits on its own, in memory, until Redis answers again',
    );
    this.probeTimer = setInterval(() => void this.probe(), PROBE_EVERY_MS);
    this.probeTimer.unref();
  }

  private async probe(): Promise<void> {
    if (this.probing || !this.connection || !this.degradedSince) {
      return;
    }
    this.probing = true;
    try {
      await this.connection.ping();
      const since = this.degradedSince;
      clearInterval(this.probeTimer);
      this.probeTimer = undefined;
      this.degradedSince = undefined;
      this.logger.warn({ degraded_ms: Date.now() - since.getTime() }, 'Rate limits: Redis answers again; limits are shared across instances again');
    } catch {
      // Still unreachable: try again at the next tick.
    } finally {
      this.probing = false;
    }
  }
}

async function ready(connection: Redis, timeoutMs: number): Promise<boolean> {
  if (connection.status === 'ready') {
    return true;
  }
  let timer: NodeJS.Timeout | undefined;
  let onReady: (() => void) | undefined;
  const result = await Promise.race([
    new Promise<boolean>((resolve) => {
      onReady = () => resolve(true);
      connection.once('ready', onReady);
    }),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  if (onReady) {
    connection.off('ready', onReady);
  }
  return result;
}

const KIND_NAMES = {
  requests_per_minute: 'requests per minute',
  requests_per_day: 'requests per UTC day',
  tokens_per_day: 'model tokens per UTC day',
  concurrent_requests: 'concurrent requests',
} as const;

function rateLimitError(decision: Extract<LimitDecision, { allowed: false }>, limits: EffectiveLimits, input: AdmissionInput): AppError {
  const { view, code } = decision;
  let message: string;
  if (view.kind === 'key_bucket') {
    const bucket = limits.keyBuckets[input.scopeClass];
    message = `Rate limit exceeded: this ${CREDENTIAL_NAMES[input.auth.credential.kind]} may make ${bucket.perMinute} ${input.scopeClass} requests per minute, in bursts of up to ${bucket.burst}; retry after ${view.retryAfter} s`;
  } else if (view.kind === 'tokens_per_day') {
    message = `Token limit exceeded: the organization has used ${view.used} of the ${view.limit} model tokens its ${limits.plan} plan allows per UTC day; retry after ${view.retryAfter} s`;
  } else if (view.kind === 'concurrent_requests') {
    message = `Concurrency limit exceeded: the ${limits.plan} plan allows ${view.limit} concurrent requests; retry when one of them has finished`;
  } else {
    message = `Rate limit exceeded: the ${limits.plan} plan allows ${view.limit} ${KIND_NAMES[view.kind]}; retry after ${view.retryAfter} s`;
  }
  return new AppError(code, message, {
    status: 429,
    details:
      input.form === 'versioned'
        ? { limit_type: view.kind, plan: limits.plan, ...(view.kind === 'key_bucket' ? { scope: input.scopeClass } : {}), retry_after: view.retryAfter }
        : undefined,
    extra: { limit: view.limit, reset_at: new Date(view.reset * 1_000).toISOString() },
    legacyExtra: { retryAfter: view.retryAfter },
    headers: { ...rateLimitHeaders(view), 'Retry-After': String(view.retryAfter) },
  });
}
