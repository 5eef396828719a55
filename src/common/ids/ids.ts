import { randomBytes } from 'node:crypto';
import { decodeTime, monotonicFactory } from 'ulid';

export const ID_PREFIXES = {
  organization: 'org',
  user: 'usr',
  apiKey: 'key',
  agent: 'agt',
  dataSource: 'ds',
  document: 'doc',
  chunk: 'chk',
  interaction: 'int',
  session: 'ses',
  kbArticle: 'kb',
  webhook: 'wh',
  event: 'evt',
  delivery: 'dlv',
  providerKey: 'pk',
  request: 'req',
  job: 'job',
  webSession: 'ses',
  invitation: 'inv',
  passwordReset: 'prt',
  auditEntry: 'aud',
  ssoConnection: 'sso',
  oauthClient: 'oac',
  oauthGrant: 'grt',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;
export type IdPrefix = (typeof ID_PREFIXES)[IdKind];

/** 26 Crockford base-32 symbols hold 130 bits; a ULID is 128, so its first symbol is 0 to 7. */
const ULID_PATTERN = '[0-7][0-9A-HJKMNP-TV-Z]{25}';

/**
 * Randomness drawn from a pooled buffer: one getrandom call per 4 KiB instead of one per character. Each
 * byte / 256 maps onto the 32 ULID symbols uniformly. Ids are identifiers, not secrets.
 */
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let poolOffset = 0;

function pooledRandom(): number {
  if (poolOffset === POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  return pool[poolOffset++] / 256;
}

/** Monotonic within a millisecond, so ids created by one process sort in creation order. */
const ulid = monotonicFactory(pooledRandom);

export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${ulid()}`;
}

/** When an id was made, to the millisecond: its ULID's time. */
export function timeOfId(id: string): Date {
  return new Date(decodeTime(id.slice(id.indexOf('_') + 1)));
}

const PATTERNS = new Map<IdKind, RegExp>();

export function idPattern(kind: IdKind): RegExp {
  let pattern = PATTERNS.get(kind);
  if (!pattern) {
    pattern = new RegExp(`^${ID_PREFIXES[kind]}_${ULID_PATTERN}$`);
    PATTERNS.set(kind, pattern);
  }
  return pattern;
}

export function isId(kind: IdKind, value: unknown): value is string {
  return typeof value === 'string' && idPattern(kind).test(value);
}

/** An example id for documentation, stable so the OpenAPI document does not change between builds. */
export function exampleId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_01JD8X0Q5W3V7N2K4M6P8R9T1A`;
}
