import { Inject, Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { refusedBearer } from '#src/common/auth/bearer-challenge.js';
import type { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import { hashesEqual } from '#src/common/crypto/keyed-hash.js';
import { hashKey, parseKey } from '#src/modules/keys/api-key.format.js';
import { ApiKeysRepository, type KeyForVerification } from '#src/modules/keys/api-keys.repository.js';
import { KeyCacheService } from '#src/modules/keys/key-cache.service.js';

/** `last_used_at` is written at most this often per key and instance, to keep the hot path read-only. */
const TOUCH_INTERVAL_MS = 60_000;

/** Checks API keys: format, environment, hash (cached, evicted on every instance at revocation), expiry. */
@Injectable()
export class ApiKeyVerifier {
  private readonly logger = new Logger('ApiKeyVerifier');
  /** Keys whose use was recorded within the last TOUCH_INTERVAL_MS. */
  private readonly recentlyTouched = new LRUCache<string, true>({ max: 100_000, ttl: TOUCH_INTERVAL_MS });

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly keys: ApiKeysRepository,
    private readonly cache: KeyCacheService,
  ) {}

  /** The live key a raw key is, or a 401: unknown, malformed, revoked, expired, a test key in production, or its owner gone. */
  async verify(rawKey: string): Promise<KeyForVerification> {
    const parsed = parseKey(rawKey);
    if (!parsed) {
      throw invalidKey();
    }
    if (parsed.environment === 'test' && this.config.appEnv === 'production') {
      throw refusedBearer('Test keys (svcsk_test_) are not accepted by the production API');
    }
    const hash = hashKey(rawKey, this.config.keys.hashSecret);
    let key = this.cache.get(hash);
    if (!key) {
      const version = this.cache.version();
      key = await this.keys.findForVerification(hash);
      if (!key || !hashesEqual(key.hash, hash)) {
        throw invalidKey();
      }
      if (key.revokedAt === null) {
        this.cache.set(hash, key, version);
      }
    }
    if (key.revokedAt !== null) {
      throw invalidKey();
    }
    if (key.expiresAt !== null && key.expiresAt.getTime() <= Date.now()) {
      throw refusedBearer(`This API key expired at ${key.expiresAt.toISOString()}`, ErrorCode.ExpiredApiKey);
    }
    if (ownerGone(key)) {
      throw invalidKey();
    }
    this.touch(key.orgId, key.id);
    return key;
  }

  /** A key by its id as it stands now; undefined once it is revoked, expired or its owner deleted. */
  async live(orgId: string, id: string): Promise<KeyForVerification | undefined> {
    const key = await this.keys.findForVerificationById(orgId, id);
    const usable = key && key.revokedAt === null && (key.expiresAt === null || key.expiresAt.getTime() > Date.now()) && !ownerGone(key);
    return usable ? key : undefined;
  }

  private touch(orgId: string, keyId: string): void {
    if (this.recentlyTouched.has(keyId)) {
      return;
    }
    this.recentlyTouched.set(keyId, true);
    this.keys.touch(orgId, keyId).catch((error: unknown) => this.logger.warn({ err: error, key_id: keyId }, 'Could not record key use'));
  }
}

/** A personal key whose user was deleted meanwhile: deleting a user revokes their keys. */
function ownerGone(key: KeyForVerification): boolean {
  return key.userId !== null && key.userRole === null;
}

function invalidKey(): AppError {
  return refusedBearer('Invalid API key');
}
