import type { OrganizationPlan } from '#src/common/auth/auth-context.js';
import type { VersionedScope } from '#src/common/auth/permissions.js';

/** The class a route's rate limit is counted in: the versioned scope its permission maps to. */
export type ScopeClass = VersionedScope;

export interface BucketLimit {
  /** Continuous refill: this many tokens per minute, i.e. perMinute / 60 per second. */
  perMinute: number;
  /** The bucket's capacity: how many requests a key may make at once after a quiet spell. */
  burst: number;
}

/** Per API key and scope class (the spec's table). */
export const KEY_BUCKETS: Readonly<Record<ScopeClass, BucketLimit>> = {
  execute: { perMinute: 100, burst: 120 },
  write: { perMinute: 10, burst: 15 },
  read: { perMinute: 200, burst: 250 },
  admin: { perMinute: 50, burst: 60 },
};

/** Per organization; `null` is unlimited. Days are UTC days, minutes UTC clock minutes. */
export interface PlanLimits {
  requestsPerMinute: number | null;
  requestsPerDay: number | null;
  /** tokens_input + tokens_output of the organization's queries. */
  tokensPerDay: number | null;
  concurrentRequests: number | null;
}

export const PLAN_LIMITS: Readonly<Record<'free' | 'pro' | 'enterprise', PlanLimits>> = {
  free: { requestsPerMinute: 20, requestsPerDay: 1_000, tokensPerDay: 100_000, concurrentRequests: 2 },
  pro: { requestsPerMinute: 100, requestsPerDay: 10_000, tokensPerDay: 1_000_000, concurrentRequests: 10 },
  enterprise: { requestsPerMinute: 1_000, requestsPerDay: null, tokensPerDay: null, concurrentRequests: 50 },
};

export interface EffectiveLimits {
  plan: string;
  keyBuckets: Readonly<Record<ScopeClass, BucketLimit>>;
  organization: PlanLimits;
}

/**
 * `settings.limits` of an enterprise organization: each field replaces the plan's number. `null` makes
 * `requests_per_day` and `tokens_per_day` unlimited. `key_buckets` raises the per-key buckets of the named
 * scope classes. The contract's enterprise row reads "1,000 and more" and "50 and more", and its buckets may
 * only be raised: per minute, concurrency and buckets never go below those floors (days and tokens are
 * "custom", any count).
 */
export const OVERRIDE_FIELDS = {
  requests_per_minute: 'requestsPerMinute',
  requests_per_day: 'requestsPerDay',
  tokens_per_day: 'tokensPerDay',
  concurrent_requests: 'concurrentRequests',
} as const satisfies Record<string, keyof PlanLimits>;

const NULLABLE_OVERRIDES = new Set<string>(['requests_per_day', 'tokens_per_day']);
const OVERRIDE_FLOORS: Readonly<Partial<Record<keyof typeof OVERRIDE_FIELDS, number>>> = {
  requests_per_minute: PLAN_LIMITS.enterprise.requestsPerMinute ?? 1,
  concurrent_requests: PLAN_LIMITS.enterprise.concurrentRequests ?? 1,
};
const SCOPE_CLASSES: readonly ScopeClass[] = ['read', 'write', 'execute', 'admin'];
const MAX_LIMIT = 1_000_000_000_000;

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_LIMIT;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with a `settings.limits` value, field by field (empty when it is valid). */
export function limitOverrideErrors(value: unknown): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string): void => {
    (errors[field] ??= []).push(message);
  };
  if (!isObject(value)) {
    return { limits: ['limits must be an object'] };
  }
  for (const [field, entry] of Object.entries(value)) {
    if (Object.hasOwn(OVERRIDE_FIELDS, field)) {
      const floor = OVERRIDE_FLOORS[field as keyof typeof OVERRIDE_FIELDS];
      if (!(isCount(entry) || (entry === null && NULLABLE_OVERRIDES.has(field)))) {
        add(field, `${field} must be a positive integer${NULLABLE_OVERRIDES.has(field) ? ' or null (unlimited)' : ''}`);
      } else if (floor !== undefined && typeof entry === 'number' && entry < floor) {
        add(field, `${field} must be at least ${floor}, the enterprise plan's own limit`);
      }
    } else if (field === 'key_buckets') {
      if (!isObject(entry)) {
        add(field, 'key_buckets must be an object keyed by scope class (read, write, execute, admin)');
        continue;
      }
      for (const [scope, bucket] of Object.entries(entry)) {
        const name = `key_buckets.${scope}`;
        if (!(SCOPE_CLASSES as readonly string[]).includes(scope)) {
          add(name, `${scope} is not a scope class: use read, write, execute or admin`);
        } else if (!isObject(bucket) || Object.keys(bucket).some((k) => k !== 'requests_per_minute' && k !== 'burst')) {
          add(name, `${name} must be an object with requests_per_minute and/or burst`);
        } else if (
          (bucket.requests_per_minute !== undefined && !isCount(bucket.requests_per_minute)) ||
          (bucket.burst !== undefined && !isCount(bucket.burst))
        ) {
          add(name, `${name}.requests_per_minute and ${name}.burst must be positive integers`);
        } else {
          const floor = KEY_BUCKETS[scope as ScopeClass];
          if ((bucket.requests_per_minute ?? floor.perMinute) < floor.perMinute || (bucket.burst ?? floor.burst) < floor.burst) {
            add(name, `${name} may only raise the bucket: requests_per_minute at least ${floor.perMinute}, burst at least ${floor.burst}`);
          }
        }
      }
    } else {
      add(field, `${field} is not a limit: use ${[...Object.keys(OVERRIDE_FIELDS), 'key_buckets'].join(', ')}`);
    }
  }
  return errors;
}

function planOf(name: string): keyof typeof PLAN_LIMITS {
  // An unknown plan (a value this version does not know) gets the most restrictive limits, never none.
  return Object.hasOwn(PLAN_LIMITS, name) ? (name as keyof typeof PLAN_LIMITS) : 'free';
}

/**
 * The limits that apply to an organization: its plan's, with the overrides of `settings.limits` for the
 * enterprise plan. Invalid override fields are ignored (the plan's number applies), and one below its floor
 * counts as the floor (a value written to the database directly), so a bad setting never turns into an error
 * on every request.
 */
export function effectiveLimits(plan: OrganizationPlan): EffectiveLimits {
  const name = planOf(plan.name);
  const organization: PlanLimits = { ...PLAN_LIMITS[name] };
  const keyBuckets: Record<ScopeClass, BucketLimit> = { ...KEY_BUCKETS };
  if (name === 'enterprise' && isObject(plan.overrides)) {
    const overrides = plan.overrides;
    for (const [field, property] of Object.entries(OVERRIDE_FIELDS)) {
      const value = overrides[field];
      if (isCount(value)) {
        organization[property] = Math.max(value, OVERRIDE_FLOORS[field as keyof typeof OVERRIDE_FIELDS] ?? 1);
      } else if (value === null && NULLABLE_OVERRIDES.has(field)) {
        organization[property] = null;
      }
    }
    const buckets = overrides.key_buckets;
    if (isObject(buckets)) {
      for (const scope of SCOPE_CLASSES) {
        const bucket = buckets[scope];
        if (isObject(bucket)) {
          keyBuckets[scope] = {
            perMinute: isCount(bucket.requests_per_minute) ? Math.max(bucket.requests_per_minute, KEY_BUCKETS[scope].perMinute) : KEY_BUCKETS[scope].perMinute,
            burst: isCount(bucket.burst) ? Math.max(bucket.burst, KEY_BUCKETS[scope].burst) : KEY_BUCKETS[scope].burst,
          };
        }
      }
    }
  }
  return { plan: name, keyBuckets, organization };
}
