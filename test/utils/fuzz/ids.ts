import fc from 'fast-check';

const ULID_SYMBOLS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ID_PATTERN = /^\^([a-z]+)_\[0-7\]\[0-9A-HJKMNP-TV-Z\]\{25\}\$$/;

/** The prefix of a prefixed-id pattern of the document (`^agt_[0-7][0-9A-HJKMNP-TV-Z]{25}$` → `agt`), else undefined. */
export function idPrefixOf(pattern: string | undefined): string | undefined {
  return pattern === undefined ? undefined : ID_PATTERN.exec(pattern)?.[1];
}

/** The prefixes of the service's ids (SPEC-DECISIONS "Identifiers" and later additions). */
const PREFIXES = ['org', 'usr', 'key', 'agt', 'ds', 'doc', 'chk', 'int', 'ses', 'kb', 'wh', 'evt', 'dlv', 'pk', 'inv', 'aud', 'sso', 'oac', 'grt'];

/** A well-formed id of `prefix` no row has (ULIDs are random; a collision is out of reach). */
export const strangerId = (prefix: string): fc.Arbitrary<string> => fc.ulid().map((ulid) => `${prefix}_${ulid}`);

/**
 * Ids a path or field of `prefix` may receive: mostly the real rows given (so requests reach them),
 * else well-formed ids of rows that do not exist.
 */
export function anIdOf(prefix: string, real: readonly string[]): fc.Arbitrary<string> {
  return real.length === 0 ? strangerId(prefix) : fc.oneof({ arbitrary: fc.constantFrom(...real), weight: 3 }, { arbitrary: strangerId(prefix), weight: 1 });
}

/**
 * Ids of the wrong shape for `prefix`, every way one can be wrong: another prefix, no prefix, lower case,
 * too short or long, a first symbol past 7 (more than a ULID's 128 bits), letters Crockford's base 32 leaves out, other alphabets, separators, control
 * characters, percent-encoding (good and broken) and sheer length. Each is the raw path segment, already
 * percent-encoded where a URL needs it.
 */
export function malformedIdOf(prefix: string): fc.Arbitrary<string> {
  const others = PREFIXES.filter((other) => other !== prefix);
  const ulid = fc.ulid();
  return fc.oneof(
    fc.tuple(fc.constantFrom(...others), ulid).map(([other, value]) => `${other}_${value}`),
    ulid,
    ulid.map((value) => `${prefix}_${value.toLowerCase()}`),
    ulid.map((value) => `${prefix.toUpperCase()}_${value}`),
    ulid.map((value) => `${prefix}-${value}`),
    fc.tuple(ulid, fc.integer({ min: 1, max: 25 })).map(([value, length]) => `${prefix}_${value.slice(0, length)}`),
    fc.tuple(ulid, fc.constantFrom(...ULID_SYMBOLS.slice(8))).map(([value, first]) => `${prefix}_${first}${value.slice(1)}`),
    fc.tuple(ulid, fc.string({ unit: fc.constantFrom(...ULID_SYMBOLS), minLength: 1, maxLength: 40 })).map(([value, extra]) => `${prefix}_${value}${extra}`),
    fc
      .tuple(ulid, fc.integer({ min: 0, max: 25 }), fc.constantFrom('I', 'L', 'O', 'U', 'i', '_', '-', '.', '~'))
      .map(([value, index, letter]) => `${prefix}_${value.slice(0, index)}${letter}${value.slice(index + 1)}`),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map((value) => encodeURIComponent(`${prefix}_${value}`)),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map((value) => encodeURIComponent(value)),
    fc.constantFrom(
      '%00',
      `${prefix}_%00`,
      '%2F',
      `${prefix}_%2F..%2F`,
      '..',
      '.',
      '%2e%2e',
      '%20',
      '%E0%A4%A',
      '%ZZ',
      '%',
      '%C0%AF',
      '%FF%FE',
      'null',
      'undefined',
      '0',
      '-1',
      '[]',
      '{}',
    ),
    fc.integer({ min: 100, max: 6_000 }).map((length) => `${prefix}_${'A'.repeat(length)}`),
  );
}
