import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { EncryptionKey } from '#src/config/app-config.js';

const ALGORITHM = 'aes-256-gcm';
const FORMAT = 'v1';
/** 96 bits, random per encryption: GCM's recommended nonce size. */
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed secret as stored: the ciphertext and the id of the encryption key that sealed it. */
export interface SealedKey {
  ciphertext: string;
  keyId: string;
}

/** A stored secret that cannot be opened. The message never holds key material. */
export class SecretDecryptionError extends Error {
  override name = 'SecretDecryptionError';
}

/** No encryption key is configured (production without SECRET_ENCRYPTION_KEYS). */
export class SecretsUnavailableError extends Error {
  override name = 'SecretsUnavailableError';

  constructor() {
    super('Stored secrets are unavailable: this deployment does not set SECRET_ENCRYPTION_KEYS');
  }
}

/**
 * Encrypts secrets at rest (customers' provider keys, webhook signing secrets, single sign-on secrets, connector tokens): AES-256-GCM with a random 96-bit IV and a 128-bit tag, the organization
 * id as additional authenticated data, so a ciphertext copied to another organization's row does not open.
 * The first configured key encrypts; every configured key decrypts, by the id stored with the ciphertext.
 */
export class SecretCipher {
  private readonly keys: ReadonlyMap<string, Buffer>;
  /** The id of the key that encrypts; undefined when none is configured (every operation then throws SecretsUnavailableError). */
  private readonly current: string | undefined;

  constructor(keys: readonly EncryptionKey[]) {
    for (const { id, key } of keys) {
      if (key.length !== 32) {
        throw new Error(`Encryption key "${id}" must be 32 bytes`);
      }
    }
    this.current = keys[0]?.id;
    this.keys = new Map(keys.map(({ id, key }) => [id, key]));
  }

  get available(): boolean {
    return this.current !== undefined;
  }

  get currentKeyId(): string {
    if (this.current === undefined) {
      throw new SecretsUnavailableError();
    }
    return this.current;
  }

  encrypt(orgId: string, plaintext: string): SealedKey {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key(this.currentKeyId), iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(orgId, 'utf8'));
    const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return {
      ciphertext: [FORMAT, iv, encrypted, tag].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.'),
      keyId: this.currentKeyId,
    };
  }

  decrypt(orgId: string, sealed: SealedKey): string {
    if (!this.available) {
      throw new SecretsUnavailableError();
    }
    const parts = sealed.ciphertext.split('.');
    if (parts.length !== 4 || parts[0] !== FORMAT) {
      throw new SecretDecryptionError('The stored secret is not in a known format');
    }
    const [iv, encrypted, tag] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'));
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
      throw new SecretDecryptionError('The stored secret is malformed');
    }
    try {
      const decipher = createDecipheriv(ALGORITHM, this.key(sealed.keyId), iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(orgId, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(encrypted), decipher.final()]).toString('utf8');
    } catch (error) {
      if (error instanceof SecretDecryptionError) {
        throw error;
      }
      throw new SecretDecryptionError(
        `The stored secret does not authenticate under encryption key "${sealed.keyId}" for this organization (wrong key, wrong organization, or altered)`,
      );
    }
  }

  /** True when the key was sealed by another key than the current one. */
  isStale(keyId: string): boolean {
    return keyId !== this.currentKeyId;
  }

  private key(id: string): Buffer {
    const key = this.keys.get(id);
    if (!key) {
      throw new SecretDecryptionError(`The stored secret was encrypted with key "${id}", which SECRET_ENCRYPTION_KEYS does not hold`);
    }
    return key;
  }
}
