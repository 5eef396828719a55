import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { TransactionRunner, type Tx } from '#src/common/database/transaction.js';
import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import { newId } from '#src/common/ids/ids.js';
import { Permission } from '#src/common/auth/permissions.js';
import { auditOf } from '#src/modules/audit/audit-actions.js';
import { AuditLog } from '#src/modules/audit/audit-log.service.js';
import type { Page } from '#src/common/validation/validators.js';
import { ApiKeyEntity, type KeyEnvironment, type KeyFormat } from '#src/modules/keys/api-key.entity.js';
import { generateKey, hashKey } from '#src/modules/keys/api-key.format.js';
import { ApiKeysRepository } from '#src/modules/keys/api-keys.repository.js';
import { KeyCacheService } from '#src/modules/keys/key-cache.service.js';

export const DEFAULT_SCOPES = ['read'];

export interface NewKeyInput {
  name: string;
  scopes?: string[];
  format: KeyFormat;
  environment?: KeyEnvironment;
  expiresAt?: Date;
  userId?: string | null;
}

/** A stored key together with its value, which exists only in this response. */
export interface IssuedKey {
  entity: ApiKeyEntity;
  key: string;
}

@Injectable()
export class ApiKeysService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly keys: ApiKeysRepository,
    private readonly cache: KeyCacheService,
    private readonly transactions: TransactionRunner,
    private readonly audit: AuditLog,
  ) {}

  /**
   * A key made by a person (a web session, an access token, a personal key) is that person's: capped by
   * their role, revoked with them. One made with an organization key is the organization's.
   */
  async create(auth: AuthContext, input: NewKeyInput): Promise<IssuedKey> {
    if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) {
      throw AppError.invalid('expiresAt must be in the future', { expiresAt: ['expiresAt must be in the future'] });
    }
    return this.transactions.run(async (tx) => {
      if (auth.userId !== null && !(await this.keys.lockOwner(auth.orgId, auth.userId, tx))) {
        throw AppError.unauthorized('The user of this credential no longer exists');
      }
      const issued = await this.issue(auth.orgId, { ...input, userId: auth.userId }, tx);
      const { entity } = issued;
      await this.audit.record(
        auditOf(auth, 'api_key.created', { type: 'api_key', id: entity.id }, { name: entity.name, scopes: entity.scopes, user_id: entity.userId }),
        tx,
      );
      return issued;
    });
  }

  /** Issues a key inside an existing transaction (organization bootstrap) or its own. */
  async issue(orgId: string, input: NewKeyInput, tx?: Tx): Promise<IssuedKey> {
    const environment = input.format === 'legacy' ? 'live' : (input.environment ?? 'live');
    const { key, prefix } = generateKey(input.format, environment);
    const entity = Object.assign(new ApiKeyEntity(), {
      id: newId('apiKey'),
      orgId,
      userId: input.userId ?? null,
      name: input.name,
      prefix,
      hash: hashKey(key, this.config.keys.hashSecret),
      scopes: input.scopes ?? DEFAULT_SCOPES,
      environment,
      format: input.format,
      expiresAt: input.expiresAt ?? null,
      lastUsedAt: null,
      revokedAt: null,
      replacedById: null,
    });
    const saved = await this.keys.insert(orgId, entity, tx);
    return { entity: saved, key };
  }

  /** Every key of the organization for those who manage keys; a person's own keys otherwise. */
  async list(auth: AuthContext, page: Page): Promise<{ items: ApiKeyEntity[]; total: number }> {
    return this.keys.list(auth.orgId, page, managesEveryKey(auth) ? undefined : (auth.userId ?? ''));
  }

  async revoke(auth: AuthContext, id: string): Promise<void> {
    const hash = (await this.reachable(auth, id)) ? await this.keys.hashOf(auth.orgId, id) : undefined;
    if (hash === undefined) {
      throw AppError.notFound('API key', id);
    }
    await this.transactions.run(async (tx) => {
      if (await this.keys.revoke(auth.orgId, id, null, tx)) {
        await this.audit.record(auditOf(auth, 'api_key.revoked', { type: 'api_key', id }), tx);
      }
    });
    await this.cache.invalidate([hash]);
  }

  /** A new value with the same name, scopes and expiry; the old value stops working at once. */
  async rotate(auth: AuthContext, id: string): Promise<IssuedKey> {
    const issued = await this.transactions.run(async (tx) => {
      const current = await this.keys.findById(auth.orgId, id, tx);
      if (!current || !(managesEveryKey(auth) || current.userId === auth.userId)) {
        throw AppError.notFound('API key', id);
      }
      if (current.userId !== null && current.userId !== auth.userId) {
        // The new value would act as that person: an admin may end someone's key, never hold it.
        throw new AppError(ErrorCode.Forbidden, 'Only its owner can rotate a personal key: revoke it instead');
      }
      if (current.revokedAt) {
        throw AppError.conflict('A revoked key cannot be rotated');
      }
      if (current.expiresAt && current.expiresAt.getTime() <= Date.now()) {
        throw AppError.conflict('An expired key cannot be rotated: create a new one');
      }
      const next = await this.issue(
        auth.orgId,
        {
          name: current.name,
          scopes: current.scopes,
          format: current.format,
          environment: current.environment,
          expiresAt: current.expiresAt ?? undefined,
          userId: current.userId,
        },
        tx,
      );
      if (!(await this.keys.revoke(auth.orgId, id, next.entity.id, tx))) {
        throw AppError.conflict('The key was revoked while rotating it');
      }
      await this.audit.record(auditOf(auth, 'api_key.rotated', { type: 'api_key', id }, { replaced_by: next.entity.id }), tx);
      return next;
    });
    const oldHash = await this.keys.hashOf(auth.orgId, id);
    await this.cache.invalidate(oldHash ? [oldHash] : []);
    return issued;
  }

  /** A key the caller may act on: any of the organization's for a key manager, else only their own (another's is a 404). */
  private async reachable(auth: AuthContext, id: string): Promise<boolean> {
    if (managesEveryKey(auth)) {
      return true;
    }
    const key = await this.keys.findById(auth.orgId, id);
    return key !== null && auth.userId !== null && key.userId === auth.userId;
  }

  /** Used when a user's role changes or the user is removed: their personal keys must be re-verified. */
  async invalidateUserKeys(orgId: string, userId: string, tx?: Tx): Promise<void> {
    await this.cache.invalidate(await this.keys.hashesOfUser(orgId, userId, tx));
  }

  /** Used when an organization's plan or limits change: its keys carry the plan, so they must be re-verified. */
  async invalidateOrganizationKeys(orgId: string): Promise<void> {
    await this.cache.invalidate(await this.keys.hashesOfOrganization(orgId));
  }

  /** Used when a user is removed: each key it ends is audited as a revocation by whoever removed the user. */
  async revokeUserKeys(auth: AuthContext, userId: string, tx: Tx): Promise<void> {
    const revoked = await this.keys.revokeAllOfUser(auth.orgId, userId, tx);
    for (const { id } of revoked) {
      await this.audit.record(auditOf(auth, 'api_key.revoked', { type: 'api_key', id }, { reason: 'user.deleted', user_id: userId }), tx);
    }
    tx.afterCommit(() => this.cache.invalidate(revoked.map(({ hash }) => hash)));
  }
}

function managesEveryKey(auth: AuthContext): boolean {
  return auth.permissions.has(Permission.KeysManage);
}
