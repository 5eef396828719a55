import { randomInt } from 'node:crypto';
import { keyedHash } from '#src/common/crypto/keyed-hash.js';
import type { KeyEnvironment, KeyFormat } from '#src/modules/keys/api-key.entity.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 40 base62 characters: about 238 bits of randomness. */
const RANDOM_LENGTH = 40;
const DISPLAY_CHARS = 6;

const KEY_PATTERN = /^(svcsk_live_|svcsk_test_|sk_live_)([A-Za-z0-9]{20,128})$/;

export interface ParsedKey {
  format: KeyFormat;
  environment: KeyEnvironment;
}

export function keyPrefix(format: KeyFormat, environment: KeyEnvironment): string {
  return format === 'legacy' ? 'sk_live_' : `svcsk_${environment}_`;
}

export function generateKey(format: KeyFormat, environment: KeyEnvironment): { key: string; prefix: string } {
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) {
    random += ALPHABET[randomInt(ALPHABET.length)];
  }
  const key = `${keyPrefix(format, environment)}${random}`;
  return { key, prefix: displayPrefix(key) };
}

/** What lists show so people can tell keys apart: the type prefix and the first few random characters. */
export function displayPrefix(key: string): string {
  const match = KEY_PATTERN.exec(key);
  return match ? `${match[1]}${match[2].slice(0, DISPLAY_CHARS)}` : key.slice(0, 12);
}

export function parseKey(key: string): ParsedKey | undefined {
  const match = KEY_PATTERN.exec(key);
  if (!match) {
    return undefined;
  }
  switch (match[1]) {
    case 'svcsk_test_':
      return { format: 'versioned', environment: 'test' };
    case 'svcsk_live_':
      return { format: 'versioned', environment: 'live' };
    default:
      return { format: 'legacy', environment: 'live' };
  }
}

/** Keyed hash stored in place of the key: useless to anyone who reads the database without the secret. */
export function hashKey(key: string, secret: string): string {
  return keyedHash(key, secret);
}
