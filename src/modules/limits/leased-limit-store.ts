import { randomBytes } from 'node:crypto';
import type { HeldSlot, LimitRequest, LimitState, LimitStore } from '#src/modules/limits/limit-store.js';
import type { LeaseAsk, LeaseGrant, LeaseTerms, RedisLimitStore } from '#src/modules/limits/redis-limit-store.js';

/** A lease takes at most this many units of one limit at a time (the request's own included)… */
export const LEASE_MAX = 256;
/** …and, beyond the request's own unit, at most 1/LEASE_DIVISOR of what the limit has left. */
export const LEASE_DIVISOR = 32;
/** Leased units are spent within this long of the step that granted them; later, they are given back. */
export const LEASE_MS = 1_000;
/** Redis keeps a bucket lease on record this much longer than the holder spends from it, for clock skew. */
const CLOCK_MARGIN_MS = 1_000;
/** Leases unused between two sweeps are given back. */
const SWEEP_EVERY_MS = 250;
/** Slots beyond an organization's spare are given back this soon, unless one of its steps takes them first. */
const SLOT_RETURN_MS = 25;

interface Lease {
  /** Units this instance may still spend. */
  unspent: number;
  /** The last moment they may be spent (limiter clock). */
  until: number;
  /** Units the last step granted beyond a request's own: how large a lease this limit affords now. */
  size: number;
  /** Steps in flight that may add to it: the lease is not forgotten meanwhile. */
  asking: number;
  /** A step in flight asking a lease for it: no other is asked for, and requests that find it empty wait. */
  refill: Promise<void> | undefined;
  used: boolean;
}

interface BucketLease extends Lease {
  orgId: string;
  bucketId: string;
  capacity: number;
  perMinute: number;
  /** Leased tokens spent since the last step reported them. */
  spent: number;
  /** Tokens left in Redis after the last step (leases taken out). */
  tokens: number;
}

interface WindowLease extends Lease {
  index: number;
  limit: number;
  endsAt: number;
  /** The shared count after the last step (leases included). */
  count: number;
}

interface SlotLeases {
  limit: number | null;
  /** Slots Redis counts for this instance. */
  reserved: number;
  /** Requests holding one of them. */
  inUse: Set<string>;
  /** Free reserved slots kept for the next requests; the rest is given back. */
  spare: number;
  /** Slots to give back with the organization's next step, or by the next flush. */
  back: number;
  /** Slots held in the organization (every instance) after the last step. */
  inFlight: number;
  expiresAt: number;
  asking: number;
  refill: Promise<void> | undefined;
}

interface OrganizationLeases {
  minute: WindowLease | undefined;
  day: WindowLease | undefined;
  slots: SlotLeases;
  used: boolean;
}

/** Per limit of a request: whether this instance's lease of it can admit the request without a step. */
interface Coverage {
  bucket: boolean;
  minute: boolean;
  day: boolean;
  slot: boolean;
}

const NOTHING: LeaseTerms = { need: 0, extra: 0, back: 0 };

/** A lease with nothing in it yet, in use from now. */
function emptyLease(): Lease {
  return { unspent: 0, until: 0, size: 0, asking: 0, refill: undefined, used: true };
}

/**
 * The shared (Redis) limits, spent locally: a step that admits a request also leases a few more units of
 * each limit it checked (bucket tokens, minute and day requests, concurrency slots) to this instance, which
 * admits the next requests from them without a step of its own. Leases are taken from the shared counts
 * before they are spent, so all instances together never admit more than the limits allow; the price is
 * that an instance may refuse while another holds unspent units, at most a lease's worth each. Leases are
 * small (LEASE_MAX, and 1/LEASE_DIVISOR of what is left, so a nearly used-up limit is leased one unit at a
 * time and checked exactly), expire after LEASE_MS, and are given back when unused. A request that spends
 * model tokens always takes a step, so the day's token count it checks is current.
 */
export class LeasedLimitStore implements LimitStore {
  readonly kind = 'redis';
  private holder = newHolder();
  private readonly buckets = new Map<string, BucketLease>();
  private readonly organizations = new Map<string, OrganizationLeases>();
  private readonly sweepTimer: NodeJS.Timeout;
  private slotTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly redis: RedisLimitStore,
    private readonly now: () => number,
    private readonly onError: (error: unknown) => void,
  ) {
    this.sweepTimer = setInterval(() => this.sweep(), SWEEP_EVERY_MS);
    this.sweepTimer.unref();
  }

  /**
   * Admits the request from this instance's leases when they cover every limit it is checked against (and
   * it spends no model tokens), without a step and without waiting: the common case. Otherwise leaves
   * everything as it was and answers undefined; `check` then takes the step.
   */
  checkNow(request: LimitRequest): LimitState | undefined {
    const organization = this.organization(request.orgId);
    organization.used = true;
    const bucket = this.bucket(request);
    bucket.used = true;
    organization.minute = windowLease(organization.minute, request.minute);
    organization.day = windowLease(organization.day, request.day);
    const covered = coverage(request, organization, bucket);
    if (request.tokens || !(covered.bucket && covered.minute && covered.day && covered.slot)) {
      return undefined;
    }
    const { minute, day, slots } = organization;
    spend(bucket);
    bucket.spent++;
    if (minute) {
      spend(minute);
    }
    if (day) {
      spend(day);
    }
    if (request.concurrency.limit !== null) {
      slots.inUse.add(request.concurrency.slotId);
    }
    this.topUp(request, organization, bucket);
    return { outcome: 'allowed', ...figuresWithOwnLeases(bucket, organization), tokensUsed: undefined, inFlight: slots.inFlight };
  }

  async check(request: LimitRequest): Promise<LimitState> {
    for (let waited = 0; ; waited++) {
      const admitted = this.checkNow(request);
      if (admitted) {
        return admitted;
      }
      // checkNow found (or made) the leases and left them as they were.
      const organization = this.organization(request.orgId);
      const bucket = this.bucket(request);
      const { minute, day, slots } = organization;
      const covered = coverage(request, organization, bucket);
      // A lease this request needs is being refilled: wait for that step rather than take one more.
      const refill =
        (!covered.bucket && bucket.refill) || (!covered.minute && minute?.refill) || (!covered.day && day?.refill) || (!covered.slot && slots.refill);
      if (refill && waited < 3) {
        await refill;
        continue;
      }
      return this.step(request, organization, bucket, covered);
    }
  }

  /** Frees the requests' slots; reserved slots beyond the spare go back to Redis soon after. */
  release(slots: HeldSlot[]): Promise<void> {
    for (const slot of slots) {
      const leases = this.organizations.get(slot.orgId)?.slots;
      if (leases?.inUse.delete(slot.slotId)) {
        const excess = leases.reserved - leases.inUse.size - leases.spare;
        if (excess > 0) {
          leases.reserved -= excess;
          leases.back += excess;
          this.slotTimer ??= setTimeout(() => this.flushSlots(), SLOT_RETURN_MS).unref();
        }
      }
    }
    return Promise.resolve();
  }

  /** Keeps this instance's slot reservations alive (the requests' own slots are counted in them). */
  async renew(_slots: HeldSlot[], expiresAt: number): Promise<void> {
    const reserving = [...this.organizations].filter(([, leases]) => leases.slots.reserved > 0);
    for (const [, leases] of reserving) {
      leases.slots.expiresAt = expiresAt;
    }
    await this.redis.renew(
      reserving.map(([orgId]) => ({ orgId, slotId: this.holder })),
      expiresAt,
    );
  }

  seedTokens(orgId: string, day: number, used: number, expiresAt: number, now: number): Promise<void> {
    return this.redis.seedTokens(orgId, day, used, expiresAt, now);
  }

  recordTokens(orgId: string, day: number, tokens: number): Promise<void> {
    return this.redis.recordTokens(orgId, day, tokens);
  }

  /**
   * Forgets every lease (Redis is unreachable: what it holds for this instance expires there, or stays
   * counted until its window ends) and takes a new holder name, so nothing of the old one is renewed.
   */
  reset(): void {
    this.buckets.clear();
    this.organizations.clear();
    clearTimeout(this.slotTimer);
    this.slotTimer = undefined;
    this.holder = newHolder();
  }

  close(): void {
    clearInterval(this.sweepTimer);
    clearTimeout(this.slotTimer);
  }

  /** Everything unspent goes back to Redis (at shutdown, so other instances need not wait for it to expire). */
  async giveBackAll(): Promise<void> {
    const organizations = [...this.organizations].map(([orgId, { minute, day, slots }]) => {
      const spare = slots.reserved - slots.inUse.size;
      slots.reserved -= spare;
      slots.back += spare;
      return this.giveBack(orgId, { minute, day, slots });
    });
    await Promise.all([...[...this.buckets.values()].map((bucket) => this.giveBack(bucket.orgId, { bucket })), ...organizations]);
  }

  /** One step in Redis for a request some lease does not cover (or that spends model tokens). */
  private async step(request: LimitRequest, organization: OrganizationLeases, bucket: BucketLease, covered: Coverage): Promise<LimitState> {
    const { now } = request;
    const { minute, day, slots } = organization;
    // Units a local lease covers are set aside first, so concurrent requests cannot spend them meanwhile.
    const held: Lease[] = [];
    const hold = (lease: Lease | undefined, isCovered: boolean): void => {
      if (lease && isCovered) {
        spend(lease);
        held.push(lease);
      }
    };
    hold(bucket, covered.bucket);
    hold(minute, covered.minute);
    hold(day, covered.day);
    const slotLimit = request.concurrency.limit;
    if (slotLimit !== null && covered.slot) {
      slots.inUse.add(request.concurrency.slotId);
    }
    let slotBack = slots.back;
    slots.back = 0;
    if (slotLimit !== slots.limit) {
      // A plan change: spare slots reserved under the old limit go back, the new one is checked in full.
      const spare = Math.max(0, slots.reserved - slots.inUse.size);
      slotBack += spare;
      slots.reserved -= spare;
      slots.limit = slotLimit;
    }

    const bucketTerms = this.terms(bucket, covered.bucket);
    const ask = {
      holder: this.holder,
      bucket: { ...bucketTerms, settled: bucket.spent + bucketTerms.back },
      bucketLeaseUntil: now + LEASE_MS + CLOCK_MARGIN_MS,
      minute: minute ? this.terms(minute, covered.minute) : NOTHING,
      day: day ? this.terms(day, covered.day) : NOTHING,
      slots: slotLimit === null || covered.slot ? { ...NOTHING, back: slotBack } : { need: 1, extra: slots.refill ? 0 : LEASE_MAX - 1, back: slotBack },
      divisor: LEASE_DIVISOR,
    } satisfies LeaseAsk;
    bucket.spent = 0;
    try {
      const grant = await this.send(request, ask, organization, bucket, false);
      const { state } = grant;
      if (state.outcome !== 'allowed') {
        held.forEach((lease) => lease.unspent++);
        if (slotLimit !== null && covered.slot) {
          slots.inUse.delete(request.concurrency.slotId);
        }
        return state;
      }
      if (covered.bucket) {
        bucket.spent++;
      }
      return { ...state, ...figuresWithOwnLeases(bucket, organization) };
    } catch (error) {
      held.forEach((lease) => lease.unspent++);
      slots.inUse.delete(request.concurrency.slotId);
      throw error;
    }
  }

  /**
   * Under steady load a lease is refilled before it runs out, in a step of its own that no request waits
   * for: when a limit affords leases of 8 units or more and a quarter of the last one is left.
   */
  private topUp(request: LimitRequest, organization: OrganizationLeases, bucket: BucketLease): void {
    const low = (lease: Lease | undefined): boolean => lease !== undefined && !lease.refill && lease.size >= 8 && lease.unspent * 4 <= lease.size;
    const { minute, day } = organization;
    if (!low(bucket) && !low(minute) && !low(day)) {
      return;
    }
    const more = (lease: Lease | undefined): LeaseTerms => ({ need: 0, extra: lease && low(lease) ? LEASE_MAX - lease.unspent : 0, back: 0 });
    const ask = {
      holder: this.holder,
      bucket: { ...more(bucket), settled: bucket.spent },
      bucketLeaseUntil: request.now + LEASE_MS + CLOCK_MARGIN_MS,
      minute: more(minute),
      day: more(day),
      slots: NOTHING,
      divisor: LEASE_DIVISOR,
    } satisfies LeaseAsk;
    bucket.spent = 0;
    this.send({ ...request, tokens: undefined }, ask, organization, bucket, true).catch(this.onError);
  }

  /**
   * Sends a step and adds what it grants to the leases; refreshes this instance's snapshot of the shared
   * counts; marks the leases it asks for as being refilled until the answer comes. `later`: the command is
   * written once the current request has gone on (a top-up no request waits for), not on its path.
   */
  private async send(
    request: LimitRequest,
    ask: LeaseAsk & { bucket: LeaseTerms },
    organization: OrganizationLeases,
    bucket: BucketLease,
    later: boolean,
  ): Promise<LeaseGrant> {
    const { minute, day, slots } = organization;
    const asked: Array<[Lease | SlotLeases, LeaseTerms]> = [
      [bucket, ask.bucket],
      [slots, ask.slots],
    ];
    if (minute) {
      asked.push([minute, ask.minute]);
    }
    if (day) {
      asked.push([day, ask.day]);
    }
    // Settled once the grant is added to the leases (or the step failed), for the requests waiting on it.
    let refilled = (): void => undefined;
    const refill = new Promise<void>((resolve) => (refilled = resolve));
    const adding = asked.filter(([, terms]) => terms.need > 0 || terms.extra > 0).map(([lease]) => lease);
    adding.forEach((lease) => lease.asking++);
    for (const [lease, terms] of asked) {
      if (terms.extra > 0) {
        lease.refill = refill;
      }
    }
    try {
      if (later) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      const grant = await this.redis.lease(request, ask);
      const { state } = grant;
      bucket.tokens = state.bucketTokens;
      if (minute) {
        minute.count = state.minuteCount;
      }
      if (day) {
        day.count = state.dayCount;
      }
      slots.inFlight = state.inFlight;
      if (state.outcome === 'allowed') {
        take(bucket, ask.bucket, grant.bucket, request.now);
        take(minute, ask.minute, grant.minute, request.now);
        take(day, ask.day, grant.day, request.now);
        if (ask.slots.need > 0) {
          // The request's own slot is one of those granted.
          slots.reserved += grant.slots;
          slots.inUse.add(request.concurrency.slotId);
          slots.expiresAt = request.concurrency.expiresAt;
        }
        if (ask.slots.extra > 0) {
          // How many free slots to keep follows what Redis could spare when last asked.
          slots.spare = grant.slots - 1;
        }
      }
      return grant;
    } finally {
      adding.forEach((lease) => lease.asking--);
      for (const [lease] of asked) {
        if (lease.refill === refill) {
          lease.refill = undefined;
        }
      }
      refilled();
    }
  }

  /** What to ask of one limit: nothing when a lease covers it; else the request's unit, a lease, and the stale lease given back. */
  private terms(lease: Lease, isCovered: boolean): LeaseTerms {
    if (isCovered) {
      return NOTHING;
    }
    // Unspent units of an expired lease go back too: Redis caps a bucket so that given-back tokens never
    // lift it above its capacity, and a window's count only drops by units never spent.
    const back = lease.unspent;
    lease.unspent = 0;
    return { need: 1, extra: lease.refill ? 0 : LEASE_MAX - 1, back };
  }

  private bucket(request: LimitRequest): BucketLease {
    const key = `${request.orgId}\u0000${request.bucket.id}`;
    const { capacity, perMinute } = request.bucket;
    let lease = this.buckets.get(key);
    if (!lease) {
      lease = {
        orgId: request.orgId,
        bucketId: request.bucket.id,
        capacity,
        perMinute,
        ...emptyLease(),
        spent: 0,
        tokens: capacity,
      };
      this.buckets.set(key, lease);
    } else if (lease.capacity !== capacity || lease.perMinute !== perMinute) {
      // A plan change: tokens leased under the old bucket are not spent (the next step gives them back).
      lease.until = 0;
      lease.capacity = capacity;
      lease.perMinute = perMinute;
    }
    return lease;
  }

  private organization(orgId: string): OrganizationLeases {
    let organization = this.organizations.get(orgId);
    if (!organization) {
      organization = {
        minute: undefined,
        day: undefined,
        slots: { limit: null, reserved: 0, inUse: new Set(), spare: 0, back: 0, inFlight: 0, expiresAt: 0, asking: 0, refill: undefined },
        used: true,
      };
      this.organizations.set(orgId, organization);
    }
    return organization;
  }

  /** Gives back what was not used since the last sweep, and forgets leases with nothing left. */
  private sweep(): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.used || bucket.asking > 0) {
        bucket.used = false;
        continue;
      }
      this.buckets.delete(key);
      if (bucket.unspent > 0 || bucket.spent > 0) {
        void this.giveBack(bucket.orgId, { bucket });
      }
    }
    for (const [orgId, organization] of this.organizations) {
      const { minute, day, slots } = organization;
      if (organization.used || minute?.asking || day?.asking || slots.asking > 0) {
        organization.used = false;
        continue;
      }
      const spare = slots.reserved - slots.inUse.size;
      if (slots.inUse.size === 0 && spare === 0 && slots.back === 0 && !minute?.unspent && !day?.unspent) {
        this.organizations.delete(orgId);
        continue;
      }
      slots.reserved -= spare;
      slots.back += spare;
      void this.giveBack(orgId, { minute, day, slots });
    }
  }

  private flushSlots(): void {
    this.slotTimer = undefined;
    for (const [orgId, { slots }] of this.organizations) {
      if (slots.back > 0) {
        void this.giveBack(orgId, { slots });
      }
    }
  }

  /** One step that only gives back: a bucket's unspent tokens; an organization's window requests and slots. */
  private async giveBack(orgId: string, leases: { bucket?: BucketLease; minute?: WindowLease; day?: WindowLease; slots?: SlotLeases }): Promise<void> {
    const now = this.now();
    const { bucket, minute, day, slots } = leases;
    const windowBack = (lease: WindowLease | undefined): LeaseTerms => {
      // Requests leased in a window that is over are not worth a command: that counter expires.
      const back = lease && lease.endsAt > now ? lease.unspent : 0;
      if (lease) {
        lease.unspent = 0;
      }
      return { ...NOTHING, back };
    };
    const ask: LeaseAsk = {
      holder: this.holder,
      bucket: bucket ? { ...NOTHING, back: bucket.unspent, settled: bucket.spent + bucket.unspent } : undefined,
      bucketLeaseUntil: now,
      minute: windowBack(minute),
      day: windowBack(day),
      slots: { ...NOTHING, back: slots?.back ?? 0 },
      divisor: LEASE_DIVISOR,
    };
    if (bucket) {
      bucket.unspent = 0;
      bucket.spent = 0;
    }
    if (slots) {
      slots.back = 0;
    }
    if (!ask.bucket && ask.minute.back === 0 && ask.day.back === 0 && ask.slots.back === 0) {
      return;
    }
    const request: LimitRequest = {
      now,
      orgId,
      bucket: { id: bucket?.bucketId ?? '', capacity: bucket?.capacity ?? 1, perMinute: bucket?.perMinute ?? 1 },
      minute: { index: minute?.index ?? 0, limit: null, endsAt: minute?.endsAt ?? now },
      day: { index: day?.index ?? 0, limit: null, endsAt: day?.endsAt ?? now },
      tokens: undefined,
      concurrency: { limit: null, slotId: this.holder, expiresAt: slots?.expiresAt ?? now },
    };
    await this.redis.lease(request, ask).catch(this.onError);
  }
}

function newHolder(): string {
  return `i-${randomBytes(8).toString('hex')}`;
}

function covers(lease: Lease, now: number): boolean {
  return lease.unspent >= 1 && now < lease.until;
}

/** Which of the request's limits this instance's leases cover now. */
function coverage(request: LimitRequest, organization: OrganizationLeases, bucket: BucketLease): Coverage {
  const { now } = request;
  const { minute, day, slots } = organization;
  const slotLimit = request.concurrency.limit;
  return {
    bucket: covers(bucket, now),
    minute: !minute || covers(minute, now),
    day: !day || covers(day, now),
    slot: slotLimit === null || (slots.limit === slotLimit && slots.inUse.size < slots.reserved),
  };
}

/**
 * The figures an admitted request is answered with count this instance's unspent leases as still
 * available, as they are to its next requests: one instance's figures are exact, and with several they
 * understate what is left by the other instances' leases only (Redis counts every lease as used). Each
 * count is taken with its lease from the latest answer of Redis: a top-up answered after a step's may
 * have added to both.
 */
function figuresWithOwnLeases(bucket: BucketLease, { minute, day }: OrganizationLeases): Pick<LimitState, 'bucketTokens' | 'minuteCount' | 'dayCount'> {
  return {
    bucketTokens: bucket.tokens + bucket.unspent,
    minuteCount: minute ? Math.max(0, minute.count - minute.unspent) : 0,
    dayCount: day ? Math.max(0, day.count - day.unspent) : 0,
  };
}

function spend(lease: Lease): void {
  lease.unspent--;
  lease.used = true;
}

/** Adds what a step granted beyond the request's own unit to the lease, spendable for LEASE_MS from now. */
function take(lease: Lease | undefined, terms: LeaseTerms, granted: number, now: number): void {
  if (lease && (terms.need > 0 || terms.extra > 0)) {
    lease.size = granted - terms.need;
  }
  if (lease && granted > terms.need) {
    lease.unspent += granted - terms.need;
    lease.until = Math.max(lease.until, now + LEASE_MS);
  }
}

/** The organization's lease for the request's window: a new one when the window (or its limit) changed. */
function windowLease(lease: WindowLease | undefined, window: LimitRequest['minute']): WindowLease | undefined {
  if (window.limit === null) {
    return undefined;
  }
  if (lease && lease.index === window.index && lease.limit === window.limit) {
    return lease;
  }
  // Another window: what was leased in the old one is not spent (that window is over, or its limit changed;
  // a lease of the same window under an old limit is given back by the next step).
  const fresh: WindowLease = {
    index: window.index,
    limit: window.limit,
    endsAt: window.endsAt,
    ...emptyLease(),
    count: 0,
  };
  if (lease && lease.index === window.index && lease.asking === 0) {
    fresh.unspent = lease.unspent;
  }
  return fresh;
}
