import type { ChainableCommander, Redis } from 'ioredis';
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
 * answer) and its concurrency slots. Nothing is consumed unless every limit the request needs passes.
 *
 * The same step grants leases: a holder (an api instance) may take more than the request needs, to spend
 * locally without asking again, and gives back what it did not spend. Grants are counted as consumed here,
 * so every instance's spending stays within the shared limits:
 * - bucket tokens leased out stay recorded per holder (`n:<holder>` tokens until `e:<holder>`) and lower the
 *   bucket's capacity until the holder settles them (reports them spent or gives them back) or they
 *   expire, so tokens in Redis plus tokens leased out never exceed the capacity;
 * - window counters count leased requests, and are decremented by those given back;
 * - concurrency slots are counted per holder (a hash of holder -> slots), each holder alive until its
 *   score in a sorted set (a request's own slot, or an instance's reservation), so a dead process's slots
 *   expire with its lease.
 * A grant beyond the request's own unit is at most `extra`, and at most 1/divisor of what is left, so a
 * lease never takes a large share of a nearly used-up limit. A limit of -1 is unlimited; a token limit of -2
 * is not checked; a capacity of -1 leaves the bucket alone. Numbers with a fraction travel as strings (Lua
 * numbers are truncated to integers in replies).
 *
 * KEYS: bucket, minute counter, day counter, token counter, slot holders (sorted set), slot counts (hash)
 * ARGV: 1 now, 2 capacity, 3 refill per minute, 4 bucket ttl, 5 minute limit, 6 minute ttl, 7 day limit,
 *       8 day ttl, 9 token limit, 10 concurrency limit, 11 holder, 12 holder's slot expiry, 13 slots ttl,
 *       14 lease divisor, 15 bucket lease expiry,
 *       16-19 bucket need, extra, given back, settled (leased tokens no longer outstanding),
 *       20-22 minute need, extra, given back, 23-25 day need, extra, given back,
 *       26-28 slots need, extra, given back, then holders whose slots are released
 */
const LEASE_SCRIPT = `
local now = tonumber(ARGV[1])
local capacity = tonumber(ARGV[2])
local perMinute = tonumber(ARGV[3])
local minuteLimit = tonumber(ARGV[5])
local dayLimit = tonumber(ARGV[7])
local tokenLimit = tonumber(ARGV[9])
local slotLimit = tonumber(ARGV[10])
local holder = ARGV[11]
local divisor = tonumber(ARGV[14])
local bucketNeed, bucketExtra = tonumber(ARGV[16]), tonumber(ARGV[17])
local bucketBack, bucketSettled = tonumber(ARGV[18]), tonumber(ARGV[19])
local minuteNeed, minuteExtra, minuteBack = tonumber(ARGV[20]), tonumber(ARGV[21]), tonumber(ARGV[22])
local dayNeed, dayExtra, dayBack = tonumber(ARGV[23]), tonumber(ARGV[24]), tonumber(ARGV[25])
local slotNeed, slotExtra, slotBack = tonumber(ARGV[26]), tonumber(ARGV[27]), tonumber(ARGV[28])

local inFlight = 0
if slotLimit >= 0 or slotBack > 0 or #ARGV > 28 then
  local gone = redis.call('ZRANGEBYSCORE', KEYS[5], '-inf', now)
  for i = 29, #ARGV do
    gone[#gone + 1] = ARGV[i]
  end
  if #gone > 0 then
    redis.call('ZREM', KEYS[5], unpack(gone))
    redis.call('HDEL', KEYS[6], unpack(gone))
  end
  if slotBack > 0 and redis.call('HINCRBY', KEYS[6], holder, -slotBack) <= 0 then
    redis.call('HDEL', KEYS[6], holder)
    redis.call('ZREM', KEYS[5], holder)
  end
  local counts = redis.call('HVALS', KEYS[6])
  for i = 1, #counts do
    inFlight = inFlight + tonumber(counts[i])
  end
end

local tokens = 0
local at = now
local mine = 0
local mineUntil = 0
if capacity >= 0 then
  local fields = redis.call('HGETALL', KEYS[1])
  local bucket = {}
  for i = 1, #fields, 2 do
    bucket[fields[i]] = fields[i + 1]
  end
  tokens = tonumber(bucket['tokens'])
  at = tonumber(bucket['at'])
  if tokens == nil or at == nil then
    tokens = capacity
    at = now
  end
  local leasedOut = 0
  for field, value in pairs(bucket) do
    if string.sub(field, 1, 2) == 'n:' then
      local owner = string.sub(field, 3)
      local amount = tonumber(value)
      local expiry = tonumber(bucket['e:' .. owner] or '0')
      if owner == holder then
        amount = amount - bucketSettled
      end
      if expiry <= now or amount <= 0 then
        redis.call('HDEL', KEYS[1], field, 'e:' .. owner)
      elseif owner == holder then
        mine = amount
        mineUntil = expiry
      else
        leasedOut = leasedOut + amount
      end
    end
  end
  if now > at then
    tokens = tokens + (now - at) * perMinute / 60000
    at = now
  end
  tokens = tokens + bucketBack
  local room = capacity - leasedOut - mine
  if tokens > room then
    tokens = room
  end
  if tokens < 0 then
    tokens = 0
  end
end

local minute = 0
if minuteLimit >= 0 or minuteBack > 0 then
  minute = math.max(0, tonumber(redis.call('GET', KEYS[2]) or '0') - minuteBack)
end
local day = 0
if dayLimit >= 0 or dayBack > 0 then
  day = math.max(0, tonumber(redis.call('GET', KEYS[3]) or '0') - dayBack)
end

local tokensUsed = -1
local seed = false
if tokenLimit ~= -2 then
  local used = redis.call('GET', KEYS[4])
  if used then
    tokensUsed = tonumber(used)
  else
    seed = true
  end
end

local outcome = 2
if not seed then
  local allowed = (bucketNeed == 0 or tokens >= 1)
    and (minuteNeed == 0 or minuteLimit < 0 or minute < minuteLimit)
    and (dayNeed == 0 or dayLimit < 0 or day < dayLimit)
    and (tokenLimit < 0 or tokensUsed < tokenLimit)
    and (slotNeed == 0 or slotLimit < 0 or inFlight < slotLimit)
  outcome = allowed and 1 or 0
end

local function grant(need, extra, left)
  local more = math.floor((left - need) / divisor)
  if more > extra then
    more = extra
  end
  if more < 0 then
    more = 0
  end
  return need + more
end

local bucketGrant, minuteGrant, dayGrant, slotGrant = 0, 0, 0, 0
if outcome == 1 then
  if capacity >= 0 then
    bucketGrant = grant(bucketNeed, bucketExtra, tokens)
    tokens = tokens - bucketGrant
    if bucketGrant > bucketNeed then
      mine = mine + bucketGrant - bucketNeed
      mineUntil = math.max(mineUntil, tonumber(ARGV[15]))
    end
  end
  if minuteLimit >= 0 then
    minuteGrant = grant(minuteNeed, minuteExtra, minuteLimit - minute)
    minute = minute + minuteGrant
  end
  if dayLimit >= 0 then
    dayGrant = grant(dayNeed, dayExtra, dayLimit - day)
    day = day + dayGrant
  end
  if slotLimit >= 0 then
    slotGrant = grant(slotNeed, slotExtra, slotLimit - inFlight)
    if slotGrant > 0 then
      redis.call('HINCRBY', KEYS[6], holder, slotGrant)
      redis.call('ZADD', KEYS[5], ARGV[12], holder)
      redis.call('PEXPIRE', KEYS[5], ARGV[13])
      redis.call('PEXPIRE', KEYS[6], ARGV[13])
      inFlight = inFlight + slotGrant
    end
  end
end

if capacity >= 0 then
  redis.call('HSET', KEYS[1], 'tokens', string.format('%.17g', tokens), 'at', string.format('%.17g', at))
  if mine > 0 then
    redis.call('HSET', KEYS[1], 'n:' .. holder, string.format('%.17g', mine), 'e:' .. holder, string.format('%.17g', mineUntil))
  end
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
end
if minuteGrant > 0 or minuteBack > 0 then
  redis.call('SET', KEYS[2], minute, 'PX', ARGV[6])
end
if dayGrant > 0 or dayBack > 0 then
  redis.call('SET', KEYS[3], day, 'PX', ARGV[8])
end
return {outcome, string.format('%.17g', tokens), minute, day, tokensUsed, inFlight, bucketGrant, minuteGrant, dayGrant, slotGrant}
`;

/** INCRBY only when the counter exists: a missing one is seeded from the database, which already holds these tokens. */
const RECORD_TOKENS_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  return redis.call('INCRBY', KEYS[1], ARGV[1])
end
return -1
`;

type LeaseReply = [number, string, number, number, number, number, number, number, number, number];

interface LimiterCommands {
  aqsLimitLease(...args: Array<string | number>): Promise<LeaseReply>;
  aqsRecordTokens(key: string, tokens: number): Promise<number>;
}

/** Slots outlive their lease by this much in Redis; the scores decide when a slot counts. */
const SLOTS_KEY_GRACE_MS = 60_000;

/** What a holder asks of one limit, and gives back to it first. */
export interface LeaseTerms {
  /** 1: the request takes its own unit here; 0: a lease the holder already has covers it (not checked here). */
  need: 0 | 1;
  /** At most this many more units, for the holder to spend later. */
  extra: number;
  /** Unspent units of an earlier lease, given back before the check. */
  back: number;
}

export interface LeaseAsk {
  /** Who holds what is granted beyond the request's own units: an api instance. */
  holder: string;
  /** Left alone when undefined. `settled`: leased tokens the holder has since spent or gives back now. */
  bucket: (LeaseTerms & { settled: number }) | undefined;
  /** The holder's bucket tokens may be spent until then; its record in Redis lasts as long. */
  bucketLeaseUntil: number;
  minute: LeaseTerms;
  day: LeaseTerms;
  slots: LeaseTerms;
  /** A grant beyond the need takes at most 1/divisor of what is left. */
  divisor: number;
}

export interface LeaseGrant {
  /** The shared counts after this step, leases included. */
  state: LimitState;
  bucket: number;
  minute: number;
  day: number;
  slots: number;
}

const NO_LEASE: LeaseTerms = { need: 1, extra: 0, back: 0 };

/**
 * The limits shared by every api instance: one script call (EVALSHA) per step. `check` admits one request
 * exactly (its slot held under its own id); `lease` also grants and takes back the leases that let an
 * instance admit most requests without a step of their own.
 */
export class RedisLimitStore implements LimitStore {
  readonly kind = 'redis';
  private readonly commands: LimiterCommands;

  /** `prefixed` puts key names under the deployment's REDIS_PREFIX. */
  constructor(
    private readonly client: Redis,
    private readonly prefixed: (name: string) => string,
  ) {
    client.defineCommand('aqsLimitLease', { numberOfKeys: 6, lua: LEASE_SCRIPT });
    client.defineCommand('aqsRecordTokens', { numberOfKeys: 1, lua: RECORD_TOKENS_SCRIPT });
    this.commands = client as unknown as LimiterCommands;
  }

  async check(request: LimitRequest): Promise<LimitState> {
    const { state } = await this.lease(
      request,
      {
        holder: request.concurrency.slotId,
        bucket: { ...NO_LEASE, settled: 0 },
        bucketLeaseUntil: request.now,
        minute: NO_LEASE,
        day: NO_LEASE,
        slots: NO_LEASE,
        divisor: 1,
      },
      request.concurrency.released,
    );
    return state;
  }

  async lease(request: LimitRequest, ask: LeaseAsk, released: string[] = []): Promise<LeaseGrant> {
    const { now, orgId, bucket, minute, day, tokens, concurrency } = request;
    const reply = await this.commands.aqsLimitLease(
      this.prefixed(limitKeys.bucket(orgId, bucket.id)),
      this.prefixed(limitKeys.minute(orgId, minute.index)),
      this.prefixed(limitKeys.day(orgId, day.index)),
      this.prefixed(limitKeys.tokens(orgId, day.index)),
      this.prefixed(limitKeys.slots(orgId)),
      this.prefixed(limitKeys.slotCounts(orgId)),
      now,
      ask.bucket ? bucket.capacity : -1,
      bucket.perMinute,
      Math.max(bucketLifetimeMs(bucket.capacity, bucket.perMinute), ttl(ask.bucketLeaseUntil, now)),
      minute.limit ?? -1,
      ttl(minute.endsAt + WINDOW_GRACE_MS, now),
      day.limit ?? -1,
      ttl(day.endsAt + WINDOW_GRACE_MS, now),
      tokens === undefined ? -2 : (tokens.limit ?? -1),
      concurrency.limit ?? -1,
      ask.holder,
      concurrency.expiresAt,
      ttl(concurrency.expiresAt + SLOTS_KEY_GRACE_MS, now),
      ask.divisor,
      ask.bucketLeaseUntil,
      ...terms(ask.bucket ?? NO_LEASE),
      ask.bucket?.settled ?? 0,
      ...terms(ask.minute),
      ...terms(ask.day),
      ...terms(ask.slots),
      ...released,
    );
    const [outcome, bucketTokens, minuteCount, dayCount, tokensUsed, inFlight, bucketGrant, minuteGrant, dayGrant, slotGrant] = reply;
    return {
      state: {
        outcome: outcome === 1 ? 'allowed' : outcome === 2 ? 'seed_tokens' : 'rejected',
        bucketTokens: Number(bucketTokens),
        minuteCount: Number(minuteCount),
        dayCount: Number(dayCount),
        tokensUsed: tokens === undefined || outcome === 2 ? undefined : Number(tokensUsed),
        inFlight: Number(inFlight),
      },
      bucket: Number(bucketGrant),
      minute: Number(minuteGrant),
      day: Number(dayGrant),
      slots: Number(slotGrant),
    };
  }

  async release(slots: HeldSlot[]): Promise<void> {
    const byOrganization = new Map<string, string[]>();
    for (const slot of slots) {
      byOrganization.set(slot.orgId, [...(byOrganization.get(slot.orgId) ?? []), slot.slotId]);
    }
    const pipeline = this.client.pipeline();
    for (const [orgId, slotIds] of byOrganization) {
      pipeline.zrem(this.prefixed(limitKeys.slots(orgId)), ...slotIds);
      pipeline.hdel(this.prefixed(limitKeys.slotCounts(orgId)), ...slotIds);
    }
    await execOrThrow(pipeline);
  }

  async renew(slots: HeldSlot[], expiresAt: number): Promise<void> {
    if (slots.length === 0) {
      return;
    }
    const pipeline = this.client.pipeline();
    const keysTtl = ttl(expiresAt + SLOTS_KEY_GRACE_MS, Date.now());
    for (const slot of slots) {
      // XX: a slot released meanwhile (or purged as expired) is not brought back.
      pipeline.zadd(this.prefixed(limitKeys.slots(slot.orgId)), 'XX', expiresAt, slot.slotId);
      // The keys outlive long requests too, when no other request of the organization comes to extend them.
      pipeline.pexpire(this.prefixed(limitKeys.slots(slot.orgId)), keysTtl);
      pipeline.pexpire(this.prefixed(limitKeys.slotCounts(slot.orgId)), keysTtl);
    }
    await execOrThrow(pipeline);
  }

  async seedTokens(orgId: string, day: number, used: number, expiresAt: number, now: number): Promise<void> {
    await this.client.set(this.prefixed(limitKeys.tokens(orgId, day)), used, 'PX', ttl(expiresAt, now), 'NX');
  }

  async recordTokens(orgId: string, day: number, tokens: number): Promise<void> {
    await this.commands.aqsRecordTokens(this.prefixed(limitKeys.tokens(orgId, day)), tokens);
  }
}

function terms(lease: LeaseTerms): [number, number, number] {
  return [lease.need, lease.extra, lease.back];
}

async function execOrThrow(pipeline: ChainableCommander): Promise<void> {
  const results = (await pipeline.exec()) ?? [];
  const failure = results.find(([error]) => error !== null)?.[0];
  if (failure) {
    throw failure;
  }
}

function ttl(expiresAt: number, now: number): number {
  return Math.max(1_000, Math.ceil(expiresAt - now));
}
