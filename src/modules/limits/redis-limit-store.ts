import type { Redis } from 'ioredis';
import {
  bucketLifetimeMs,
  limitKeys,
  WINDOW_GRACE_MS,
  type HeldSlot,
  type LimitRequest,
  type LimitState,
  type LimitStore,
} from '#src/modules/limits/limit-store.js';

/**
 * Every limit of one request, checked and consumed atomically: the key's token bucket (continuous refill),
 * the organization's minute and day counters, its token counter for the day (read only: recorded after the
 * answer) and its concurrency slots (a sorted set of lease expiries, so slots of a dead process expire).
 * Nothing is consumed unless every limit passes. A limit of -1 is unlimited; a token limit of -2 is not
 * checked. Numbers with a fraction travel as strings (Lua numbers are truncated to integers in replies).
 *
 * KEYS: bucket, minute counter, day counter, token counter, slots
 * ARGV: now, capacity, refill per minute, bucket ttl, minute limit, minute ttl, day limit, day ttl,
 *       token limit, concurrency limit, slot id, slot expiry, slots ttl, then the ids of released slots
 */
const CHECK_SCRIPT = `
if #ARGV > 13 then
  redis.call('ZREM', KEYS[5], unpack(ARGV, 14))
end

local now = tonumber(ARGV[1])
local capacity = tonumber(ARGV[2])
local perMinute = tonumber(ARGV[3])
local minuteLimit = tonumber(ARGV[5])
local dayLimit = tonumber(ARGV[7])
local tokenLimit = tonumber(ARGV[9])
local slotLimit = tonumber(ARGV[10])

local tokensUsed = -1
if tokenLimit ~= -2 then
  local used = redis.call('GET', KEYS[4])
  if not used then
    return {2}
  end
  tokensUsed = tonumber(used)
end

local bucket = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(bucket[1])
local at = tonumber(bucket[2])
if tokens == nil or at == nil then
  tokens = capacity
  at = now
end
if now > at then
  tokens = tokens + (now - at) * perMinute / 60000
  at = now
end
if tokens > capacity then
  tokens = capacity
end

local minute = 0
if minuteLimit >= 0 then
  minute = tonumber(redis.call('GET', KEYS[2]) or '0')
end
local day = 0
if dayLimit >= 0 then
  day = tonumber(redis.call('GET', KEYS[3]) or '0')
end
local inFlight = 0
if slotLimit >= 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', now)
  inFlight = redis.call('ZCARD', KEYS[5])
end

local allowed = tokens >= 1
  and (minuteLimit < 0 or minute < minuteLimit)
  and (dayLimit < 0 or day < dayLimit)
  and (tokenLimit < 0 or tokensUsed < tokenLimit)
  and (slotLimit < 0 or inFlight < slotLimit)
if not allowed then
  return {0, string.format('%.17g', tokens), minute, day, tokensUsed, inFlight}
end

tokens = tokens - 1
redis.call('HSET', KEYS[1], 'tokens', string.format('%.17g', tokens), 'at', string.format('%.17g', at))
redis.call('PEXPIRE', KEYS[1], ARGV[4])
if minuteLimit >= 0 then
  minute = redis.call('INCR', KEYS[2])
  redis.call('PEXPIRE', KEYS[2], ARGV[6])
end
if dayLimit >= 0 then
  day = redis.call('INCR', KEYS[3])
  redis.call('PEXPIRE', KEYS[3], ARGV[8])
end
if slotLimit >= 0 then
  redis.call('ZADD', KEYS[5], ARGV[12], ARGV[11])
  redis.call('PEXPIRE', KEYS[5], ARGV[13])
  inFlight = inFlight + 1
end
return {1, string.format('%.17g', tokens), minute, day, tokensUsed, inFlight}
`;

/** INCRBY only when the counter exists: a missing one is seeded from the database, which already holds these tokens. */
const RECORD_TOKENS_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  return redis.call('INCRBY', KEYS[1], ARGV[1])
end
return -1
`;

type CheckReply = [number, string?, number?, number?, number?, number?];

interface LimiterCommands {
  aqsLimitCheck(...args: Array<string | number>): Promise<CheckReply>;
  aqsRecordTokens(key: string, tokens: number): Promise<number>;
}

/** Slots outlive their lease by this much in Redis; the scores decide when a slot counts. */
const SLOTS_KEY_GRACE_MS = 60_000;

/** The limits shared by every api instance: one script call (EVALSHA) per request. */
export class RedisLimitStore implements LimitStore {
  readonly kind = 'redis';
  private readonly commands: LimiterCommands;

  /** `prefixed` puts key names under the deployment's REDIS_PREFIX. */
  constructor(
    private readonly client: Redis,
    private readonly prefixed: (name: string) => string,
  ) {
    client.defineCommand('aqsLimitCheck', { numberOfKeys: 5, lua: CHECK_SCRIPT });
    client.defineCommand('aqsRecordTokens', { numberOfKeys: 1, lua: RECORD_TOKENS_SCRIPT });
    this.commands = client as unknown as LimiterCommands;
  }

  async check(request: LimitRequest): Promise<LimitState> {
    const { now, orgId, bucket, minute, day, tokens, concurrency } = request;
    const reply = await this.commands.aqsLimitCheck(
      this.prefixed(limitKeys.bucket(orgId, bucket.id)),
      this.prefixed(limitKeys.minute(orgId, minute.index)),
      this.prefixed(limitKeys.day(orgId, day.index)),
      this.prefixed(limitKeys.tokens(orgId, day.index)),
      this.prefixed(limitKeys.slots(orgId)),
      now,
      bucket.capacity,
      bucket.perMinute,
      bucketLifetimeMs(bucket.capacity, bucket.perMinute),
      minute.limit ?? -1,
      ttl(minute.endsAt + WINDOW_GRACE_MS, now),
      day.limit ?? -1,
      ttl(day.endsAt + WINDOW_GRACE_MS, now),
      tokens === undefined ? -2 : (tokens.limit ?? -1),
      concurrency.limit ?? -1,
      concurrency.slotId,
      concurrency.expiresAt,
      ttl(concurrency.expiresAt + SLOTS_KEY_GRACE_MS, now),
      ...(concurrency.released ?? []),
    );
    if (reply[0] === 2) {
      return { outcome: 'seed_tokens', bucketTokens: 0, minuteCount: 0, dayCount: 0, tokensUsed: undefined, inFlight: 0 };
    }
    const [allowed, bucketTokens, minuteCount, dayCount, tokensUsed, inFlight] = reply;
    return {
      outcome: allowed === 1 ? 'allowed' : 'rejected',
      bucketTokens: Number(bucketTokens),
      minuteCount: Number(minuteCount),
      dayCount: Number(dayCount),
      tokensUsed: tokens === undefined ? undefined : Number(tokensUsed),
      inFlight: Number(inFlight),
    };
  }

  async release(slots: HeldSlot[]): Promise<void> {
    const byOrganization = new Map<string, string[]>();
    for (const slot of slots) {
      byOrganization.set(slot.orgId, [...(byOrganization.get(slot.orgId) ?? []), slot.slotId]);
    }
    await Promise.all([...byOrganization].map(([orgId, slotIds]) => this.client.zrem(this.prefixed(limitKeys.slots(orgId)), ...slotIds)));
  }

  async renew(slots: HeldSlot[], expiresAt: number): Promise<void> {
    if (slots.length === 0) {
      return;
    }
    const pipeline = this.client.pipeline();
    for (const slot of slots) {
      // XX: a slot released meanwhile (or purged as expired) is not brought back.
      pipeline.zadd(this.prefixed(limitKeys.slots(slot.orgId)), 'XX', expiresAt, slot.slotId);
    }
    const results = (await pipeline.exec()) ?? [];
    const failure = results.find(([error]) => error !== null)?.[0];
    if (failure) {
      throw failure;
    }
  }

  async seedTokens(orgId: string, day: number, used: number, expiresAt: number, now: number): Promise<void> {
    await this.client.set(this.prefixed(limitKeys.tokens(orgId, day)), used, 'PX', ttl(expiresAt, now), 'NX');
  }

  async recordTokens(orgId: string, day: number, tokens: number): Promise<void> {
    await this.commands.aqsRecordTokens(this.prefixed(limitKeys.tokens(orgId, day)), tokens);
  }
}

function ttl(expiresAt: number, now: number): number {
  return Math.max(1_000, Math.ceil(expiresAt - now));
}
