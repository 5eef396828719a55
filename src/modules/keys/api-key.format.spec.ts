import { describe, expect, it } from 'vitest';
import { hashesEqual } from '#src/common/crypto/keyed-hash.js';
import { displayPrefix, generateKey, hashKey, keyPrefix, parseKey } from '#src/modules/keys/api-key.format.js';

const SECRET = 'unit-test-secret-unit-test-secret';
const RANDOM_40 = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcd';

describe('api key format', () => {
  describe('generateKey', () => {
    it.each([
      ['versioned', 'live', /^svcsk_live_[A-Za-z0-9]{40}$/],
      ['versioned', 'test', /^svcsk_test_[A-Za-z0-9]{40}$/],
      ['legacy', 'live', /^sk_live_[A-Za-z0-9]{40}$/],
    ] as const)('should generate a %s %s key with 40 base62 characters after its type prefix', (format, environment, pattern) => {
      const { key, prefix } = generateKey(format, environment);
      expect(key).toMatch(pattern);
      expect(prefix).toBe(displayPrefix(key));
      expect(key.startsWith(prefix)).toBe(true);
      expect(parseKey(key)).toEqual({ format, environment });
    });

    it('should always make legacy keys live, as sk_test_ does not exist', () => {
      expect(generateKey('legacy', 'test').key).toMatch(/^sk_live_/);
      expect(keyPrefix('legacy', 'test')).toBe('sk_live_');
      expect(keyPrefix('versioned', 'test')).toBe('svcsk_test_');
      expect(keyPrefix('versioned', 'live')).toBe('svcsk_live_');
    });

    it('should never generate the same key twice and use the whole alphabet', () => {
      const keys = Array.from({ length: 500 }, () => generateKey('versioned', 'live').key);
      expect(new Set(keys).size).toBe(keys.length);
      const characters = new Set(keys.flatMap((key) => [...key.slice('svcsk_live_'.length)]));
      // 20,000 draws from 62 characters: each one shows up, barring a bug in the draw.
      expect(characters.size).toBe(62);
    });
  });

  describe('displayPrefix', () => {
    it('should keep the type prefix and the first six random characters', () => {
      expect(displayPrefix(`svcsk_live_${RANDOM_40}`)).toBe('svcsk_live_AbCdEf');
      expect(displayPrefix(`svcsk_test_${RANDOM_40}`)).toBe('svcsk_test_AbCdEf');
      expect(displayPrefix(`sk_live_${RANDOM_40}`)).toBe('sk_live_AbCdEf');
    });

    it('should reveal too little of a key to guess the rest', () => {
      const { key, prefix } = generateKey('versioned', 'live');
      expect(key.length - prefix.length).toBe(34);
    });

    it('should show only the first 12 characters of something that is not a key', () => {
      expect(displayPrefix('not-a-key-at-all-really')).toBe('not-a-key-at');
      expect(displayPrefix('short')).toBe('short');
    });
  });

  describe('parseKey', () => {
    it('should accept the three key types with 20 to 128 random characters', () => {
      expect(parseKey(`svcsk_live_${'a'.repeat(20)}`)).toEqual({ format: 'versioned', environment: 'live' });
      expect(parseKey(`svcsk_test_${'Z'.repeat(128)}`)).toEqual({ format: 'versioned', environment: 'test' });
      expect(parseKey(`sk_live_${RANDOM_40}`)).toEqual({ format: 'legacy', environment: 'live' });
    });

    it.each([
      ['an empty string', ''],
      ['a bare type prefix', 'svcsk_live_'],
      ['too few random characters', `svcsk_live_${'a'.repeat(19)}`],
      ['too many random characters', `svcsk_live_${'a'.repeat(129)}`],
      ['an unknown environment', `svcsk_prod_${RANDOM_40}`],
      ['a legacy test key', `sk_test_${RANDOM_40}`],
      ['an upper-case type prefix', `SVCSK_LIVE_${RANDOM_40}`],
      ['a missing underscore', `svcsklive_${RANDOM_40}`],
      ['a space inside', `svcsk_live_${RANDOM_40.slice(0, 20)} ${RANDOM_40.slice(20)}`],
      ['a leading space', ` svcsk_live_${RANDOM_40}`],
      ['a trailing space', `svcsk_live_${RANDOM_40} `],
      ['a trailing newline', `svcsk_live_${RANDOM_40}\n`],
      ['a dash', `svcsk_live_${RANDOM_40.slice(1)}-`],
      ['an underscore in the random part', `svcsk_live_${RANDOM_40.slice(1)}_`],
      ['a non-ASCII letter', `svcsk_live_${RANDOM_40.slice(1)}é`],
      ['the Bearer scheme', `Bearer svcsk_live_${RANDOM_40}`],
      ['a second key appended', `svcsk_live_${RANDOM_40},svcsk_live_${RANDOM_40}`],
    ])('should reject %s', (_case, key) => {
      expect(parseKey(key)).toBeUndefined();
    });
  });

  describe('hashKey', () => {
    it('should be HMAC-SHA256 in lower-case hex', () => {
      // The widely published HMAC-SHA256 example (key "key", the quick brown fox).
      expect(hashKey('The quick brown fox jumps over the lazy dog', 'key')).toBe('f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8');
    });

    it('should be stable for a key and secret and change with either', () => {
      const key = `svcsk_live_${RANDOM_40}`;
      const hash = hashKey(key, SECRET);
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(hashKey(key, SECRET)).toBe(hash);
      expect(hashKey(key, `${SECRET}x`)).not.toBe(hash);
      expect(hashKey(`svcsk_test_${RANDOM_40}`, SECRET)).not.toBe(hash);
      expect(hashKey(`svcsk_live_${RANDOM_40.slice(0, -1)}e`, SECRET)).not.toBe(hash);
    });

    it('should not contain the key', () => {
      const { key, prefix } = generateKey('versioned', 'live');
      const hash = hashKey(key, SECRET);
      expect(hash).not.toContain(key.slice(prefix.length));
    });
  });

  describe('hashesEqual', () => {
    const hash = hashKey(`svcsk_live_${RANDOM_40}`, SECRET);

    it('should accept the same hash, whatever the case of its hex digits', () => {
      expect(hashesEqual(hash, hash)).toBe(true);
      expect(hashesEqual(hash, hash.toUpperCase())).toBe(true);
    });

    it('should reject a hash that differs in one digit', () => {
      const last = hash.at(-1) === '0' ? '1' : '0';
      expect(hashesEqual(hash, `${hash.slice(0, -1)}${last}`)).toBe(false);
      expect(hashesEqual(hash, hashKey(`svcsk_test_${RANDOM_40}`, SECRET))).toBe(false);
    });

    it('should reject hashes of different lengths', () => {
      expect(hashesEqual(hash, hash.slice(0, 62))).toBe(false);
      expect(hashesEqual(hash.slice(0, 62), hash)).toBe(false);
      expect(hashesEqual(hash, `${hash}00`)).toBe(false);
    });

    it('should reject values that are not hex, even when equal', () => {
      expect(hashesEqual('', '')).toBe(false);
      expect(hashesEqual('zz', 'zz')).toBe(false);
      expect(hashesEqual('not hex at all', 'not hex at all, either')).toBe(false);
      // Buffer.from(…, 'hex') drops an odd trailing digit and stops at the first non-hex character.
      expect(hashesEqual('abc', 'abd')).toBe(false);
      expect(hashesEqual(`${hash.slice(0, 62)}zz`, `${hash.slice(0, 62)}yy`)).toBe(false);
    });
  });
});
