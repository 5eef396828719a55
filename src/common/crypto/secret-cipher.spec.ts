import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEncryptionKeys, type EncryptionKey } from '#src/config/app-config.js';
import { SecretCipher, SecretDecryptionError, SecretsUnavailableError } from '#src/common/crypto/secret-cipher.js';

const ORG = 'org_01JD8X0Q5W3V7N2K4M6P8R9T1A';
const OTHER_ORG = 'org_01JD8X0Q5W3V7N2K4M6P8R9T1B';
const SECRET = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789';

const key = (id: string): EncryptionKey => ({ id, key: randomBytes(32) });

describe('SecretCipher', () => {
  const k1 = key('k1');
  const k2 = key('k2');

  it('should round-trip a key, sealed under the first configured key', () => {
    const cipher = new SecretCipher([k1]);
    const sealed = cipher.encrypt(ORG, SECRET);
    expect(sealed.keyId).toBe('k1');
    expect(sealed.ciphertext).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(cipher.decrypt(ORG, sealed)).toBe(SECRET);
  });

  it('should not hold the key in any readable form, and use a fresh IV each time', () => {
    const cipher = new SecretCipher([k1]);
    const first = cipher.encrypt(ORG, SECRET);
    const second = cipher.encrypt(ORG, SECRET);
    expect(first.ciphertext).not.toBe(second.ciphertext);
    for (const form of [
      SECRET,
      Buffer.from(SECRET).toString('base64'),
      Buffer.from(SECRET).toString('base64url'),
      Buffer.from(SECRET).toString('hex'),
      SECRET.slice(8, 24),
    ]) {
      expect(first.ciphertext).not.toContain(form);
    }
  });

  it('should refuse to open a key under another organization (the organization id is authenticated data)', () => {
    const cipher = new SecretCipher([k1]);
    const sealed = cipher.encrypt(ORG, SECRET);
    expect(() => cipher.decrypt(OTHER_ORG, sealed)).toThrow(SecretDecryptionError);
  });

  it('should refuse an altered ciphertext, IV or tag', () => {
    const cipher = new SecretCipher([k1]);
    const { ciphertext, keyId } = cipher.encrypt(ORG, SECRET);
    const parts = ciphertext.split('.');
    for (const index of [1, 2, 3]) {
      const bytes = Buffer.from(parts[index], 'base64url');
      bytes[0] ^= 1;
      const altered = parts.map((part, i) => (i === index ? bytes.toString('base64url') : part)).join('.');
      expect(() => cipher.decrypt(ORG, { ciphertext: altered, keyId })).toThrow(SecretDecryptionError);
    }
    expect(() => cipher.decrypt(ORG, { ciphertext: 'not a ciphertext', keyId })).toThrow(SecretDecryptionError);
  });

  it('should decrypt with every configured key and encrypt with the first (rotation)', () => {
    const before = new SecretCipher([k1]);
    const sealedBefore = before.encrypt(ORG, SECRET);

    const rotated = new SecretCipher([k2, k1]);
    expect(rotated.decrypt(ORG, sealedBefore)).toBe(SECRET);
    expect(rotated.isStale(sealedBefore.keyId)).toBe(true);
    const resealed = rotated.encrypt(ORG, rotated.decrypt(ORG, sealedBefore));
    expect(resealed.keyId).toBe('k2');
    expect(rotated.isStale(resealed.keyId)).toBe(false);

    const after = new SecretCipher([k2]);
    expect(after.decrypt(ORG, resealed)).toBe(SECRET);
    expect(() => after.decrypt(ORG, sealedBefore)).toThrow(/encrypted with key "k1", which SECRET_ENCRYPTION_KEYS does not hold/);
  });

  it('should refuse a key of the same id but other bytes', () => {
    const sealed = new SecretCipher([k1]).encrypt(ORG, SECRET);
    expect(() => new SecretCipher([key('k1')]).decrypt(ORG, sealed)).toThrow(SecretDecryptionError);
  });
});

describe('parseEncryptionKeys', () => {
  const b64 = randomBytes(32).toString('base64');
  const b64url = randomBytes(32).toString('base64url');

  it('should read id:key pairs in order, in base64 or base64url', () => {
    const keys = parseEncryptionKeys(`new:${b64url}, old:${b64}`, 'SETTING');
    expect(keys.map((k) => k.id)).toEqual(['new', 'old']);
    expect(keys[0].key).toEqual(Buffer.from(b64url, 'base64url'));
    expect(keys[1].key).toEqual(Buffer.from(b64, 'base64'));
  });

  it.each([
    ['a missing id', `:${b64}`],
    ['no separator', b64],
    ['a short key', `k1:${randomBytes(16).toString('base64')}`],
    ['a long key', `k1:${randomBytes(48).toString('base64')}`],
    ['a key that is not base64', 'k1:not base64 at all!'],
    ['a repeated id', `k1:${b64},k1:${b64url}`],
    ['an empty entry', `k1:${b64},`],
  ])('should refuse %s without repeating the key', (_case, raw) => {
    let error: unknown;
    try {
      parseEncryptionKeys(raw, 'SECRET_ENCRYPTION_KEYS');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('SECRET_ENCRYPTION_KEYS');
    expect((error as Error).message).not.toContain(b64);
    expect((error as Error).message).not.toContain(b64url);
  });
});

describe('SECRET_ENCRYPTION_KEYS in the configuration', () => {
  const SECRET_ENV = { API_KEY_SECRET: 'test-secret-test-secret-test-secret-0123456789' };

  it('should never be generated in production: without it, provider keys are unavailable', () => {
    const withoutKeys = loadConfig({ ...SECRET_ENV, NODE_ENV: 'production' }).secrets.encryptionKeys;
    expect(withoutKeys).toEqual([]);
    const cipher = new SecretCipher(withoutKeys);
    expect(cipher.available).toBe(false);
    expect(() => cipher.encrypt(ORG, SECRET)).toThrow(SecretsUnavailableError);
    expect(() => cipher.decrypt(ORG, { ciphertext: 'v1.a.b.c', keyId: 'k1' })).toThrow(SecretsUnavailableError);
    const key = randomBytes(32).toString('base64');
    expect(loadConfig({ ...SECRET_ENV, NODE_ENV: 'production', SECRET_ENCRYPTION_KEYS: `main:${key}` }).secrets.encryptionKeys).toEqual([
      { id: 'main', key: Buffer.from(key, 'base64') },
    ]);
  });

  it('should be generated once in DATA_DIR elsewhere, and kept', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'aqs-keys-'));
    try {
      const first = loadConfig({ ...SECRET_ENV, NODE_ENV: 'development', DATA_DIR: dataDir }).secrets.encryptionKeys;
      const second = loadConfig({ ...SECRET_ENV, NODE_ENV: 'development', DATA_DIR: dataDir }).secrets.encryptionKeys;
      expect(first).toHaveLength(1);
      expect(first[0].key).toHaveLength(32);
      expect(second).toEqual(first);
      expect(readFileSync(join(dataDir, 'secret-encryption-keys'), 'utf8')).toMatch(/^dev:[A-Za-z0-9+/]{43}=\n$/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
