import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { TransactionRunner, type Tx } from '#src/common/database/transaction.js';
import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import { newId } from '#src/common/ids/ids.js';
import { TargetUrlError, validateTargetUrl } from '#src/common/net/ssrf-guard.js';
import type { Page } from '#src/common/validation/validators.js';
import { auditOf } from '#src/modules/audit/audit-actions.js';
import { AuditLog } from '#src/modules/audit/audit-log.service.js';
import type { ProviderCredentials } from '#src/modules/generation/answerer.js';
import { reencryptTable, type ReencryptionResult } from '#src/common/crypto/sealed-secrets.js';
import { SecretCipher, SecretDecryptionError, SecretsUnavailableError, type SealedKey } from '#src/common/crypto/secret-cipher.js';
import { ProviderKeyEntity } from '#src/modules/provider-keys/provider-key.entity.js';
import { ProviderKeysRepository } from '#src/modules/provider-keys/provider-keys.repository.js';
import type { CreateProviderKeyDto } from '#src/modules/provider-keys/dto/provider-key.dto.js';

/** Provider keys stored in every organization, those this run sealed again, and those it could not open; and the key now sealing them. */
export type ProviderKeysReencryption = ReencryptionResult & { key_id: string };

/**
 * Customers' own model provider keys. The key is encrypted at rest (SecretCipher), never returned
 * (only its last four characters) and never logged: nothing here logs it, and errors never quote it. In
 * production without SECRET_ENCRYPTION_KEYS, storing or using one answers 503 naming the setting.
 *
 * Deleting a key that agents use is refused (409, naming them in `details.agent_ids`): silently detaching
 * it would move those agents' usage onto the operator's own provider account. Detach or delete the agents
 * first.
 */
@Injectable()
export class ProviderKeysService implements OnModuleInit {
  private readonly logger = new Logger('ProviderKeys');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly keys: ProviderKeysRepository,
    private readonly cipher: SecretCipher,
    private readonly transactions: TransactionRunner,
    private readonly audit: AuditLog,
  ) {}

  onModuleInit(): void {
    if (!this.cipher.available) {
      this.logger.warn('SECRET_ENCRYPTION_KEYS is not set: customers cannot store or use provider keys until it is');
    }
  }

  async create(auth: AuthContext, dto: CreateProviderKeyDto): Promise<ProviderKeyEntity> {
    const baseUrl = dto.base_url === undefined || dto.base_url === null ? null : await this.checkedBaseUrl(dto.base_url);
    const sealed = this.seal(auth.orgId, dto.api_key);
    return this.transactions.run(async (tx) => {
      const key = await this.keys.insert(
        auth.orgId,
        Object.assign(new ProviderKeyEntity(), {
          id: newId('providerKey'),
          orgId: auth.orgId,
          provider: dto.provider,
          name: dto.name ?? null,
          baseUrl,
          ciphertext: sealed.ciphertext,
          encryptionKeyId: sealed.keyId,
          lastFour: dto.api_key.slice(-4),
        }),
        tx,
      );
      // Agents using the key send their prompts to its provider (or its base_url): who added which is audited.
      await this.audit.record(
        auditOf(auth, 'provider_key.created', { type: 'provider_key', id: key.id }, { provider: key.provider, base_url: key.baseUrl }),
        tx,
      );
      return key;
    });
  }

  async list(auth: AuthContext, page: Page): Promise<{ items: ProviderKeyEntity[]; total: number }> {
    return this.keys.list(auth.orgId, page);
  }

  async get(auth: AuthContext, id: string): Promise<ProviderKeyEntity> {
    const key = await this.keys.findById(auth.orgId, id);
    if (!key) {
      throw AppError.notFound('Provider key', id);
    }
    return key;
  }

  async delete(auth: AuthContext, id: string): Promise<void> {
    await this.transactions.run(async (tx) => {
      const key = await this.keys.lockById(auth.orgId, id, tx);
      if (!key) {
        throw AppError.notFound('Provider key', id);
      }
      const agents = await this.keys.agentsUsing(auth.orgId, id, tx);
      if (agents.length > 0) {
        throw AppError.conflict(`Provider key ${id} is used by agent ${agents.join(', ')}: give those agents another key (or none) first`, {
          agent_ids: agents,
        });
      }
      await this.keys.delete(auth.orgId, id, tx);
      await this.audit.record(auditOf(auth, 'provider_key.deleted', { type: 'provider_key', id }, { provider: key.provider }), tx);
    });
  }

  /** For the agents module: does the organization have this key? */
  async exists(orgId: string, id: string): Promise<boolean> {
    return this.keys.exists(orgId, id);
  }

  /**
   * For the agents module, about to name the key on an agent: the key without its secret (provider,
   * base_url), or null; share-locked until the transaction ends, so a delete waits and then sees the agent.
   */
  async findForReference(orgId: string, id: string, tx: Tx): Promise<ProviderKeyEntity | null> {
    return (await this.keys.lockSharedIds(orgId, [id], tx)).has(id) ? this.keys.findById(orgId, id, tx) : null;
  }

  /**
   * What the query endpoint hands to the answerer for an agent with a provider key. A key that no longer
   * exists is a 409 (the agent's configuration is stale, not the agent missing); one that cannot be
   * decrypted (encryption key removed from the configuration, altered row) is a 500 that names no secret.
   */
  async credentialsFor(orgId: string, providerKeyId: string): Promise<ProviderCredentials> {
    const stored = await this.keys.secretOf(orgId, providerKeyId);
    if (!stored) {
      throw AppError.conflict(`The agent's provider key ${providerKeyId} no longer exists: attach another provider key to the agent, or none`);
    }
    let apiKey: string;
    try {
      apiKey = this.cipher.decrypt(orgId, { ciphertext: stored.ciphertext, keyId: stored.encryptionKeyId });
    } catch (error) {
      if (error instanceof SecretsUnavailableError) {
        throw unavailable();
      }
      if (error instanceof SecretDecryptionError) {
        throw new AppError(ErrorCode.InternalError, `Provider key ${providerKeyId} cannot be decrypted with the configured encryption keys`, {
          status: 500,
          cause: error,
        });
      }
      throw error;
    }
    return { provider: stored.provider, apiKey, baseUrl: stored.baseUrl };
  }

  /**
   * Re-encrypts every stored provider key sealed by an older key under the current (first) key of
   * SECRET_ENCRYPTION_KEYS, across organizations (`secrets:reencrypt` does it for every kind of stored secret,
   * after which the older keys can be dropped from the setting). Idempotent, and safe to run while the service runs (a row changed meanwhile is left as is). A
   * key that cannot be decrypted is reported in `failed` and left as it is; the others are still done.
   */
  async reencryptAll(): Promise<ProviderKeysReencryption> {
    if (!this.cipher.available) {
      throw unavailable();
    }
    return { ...(await reencryptTable(this.cipher, this.keys)), key_id: this.cipher.currentKeyId };
  }

  private seal(orgId: string, apiKey: string): SealedKey {
    try {
      return this.cipher.encrypt(orgId, apiKey);
    } catch (error) {
      throw error instanceof SecretsUnavailableError ? unavailable() : error;
    }
  }

  /**
   * https, no credentials in it, and not pointing at a private, loopback, link-local or metadata address
   * (ALLOW_PRIVATE_TARGETS lifts both rules, for tests and local trials). A host that does not resolve yet
   * is accepted: the query reports it if it still does not. Trailing slashes are dropped.
   */
  private async checkedBaseUrl(raw: string): Promise<string> {
    const allowPrivateTargets = this.config.allowPrivateTargets;
    try {
      await validateTargetUrl(raw, { httpsOnly: !allowPrivateTargets, allowPrivateTargets });
    } catch (error) {
      if (!(error instanceof TargetUrlError) || error.reason !== 'unresolvable') {
        const message = error instanceof TargetUrlError ? error.message : 'the URL cannot be used';
        throw AppError.invalid(`base_url: ${message}`, { base_url: [message] });
      }
    }
    const url = new URL(raw);
    if (url.search !== '' || url.hash !== '') {
      throw AppError.invalid('base_url must not have a query string or fragment', { base_url: ['base_url must not have a query string or fragment'] });
    }
    return url.toString().replace(/\/+$/, '');
  }
}

function unavailable(): AppError {
  return new AppError(ErrorCode.ServiceUnavailable, 'Provider keys are not available on this deployment: the operator must set SECRET_ENCRYPTION_KEYS');
}
