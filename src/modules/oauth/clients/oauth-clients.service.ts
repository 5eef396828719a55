import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { hashesEqual, keyedHash, newSecretToken } from '#src/common/crypto/keyed-hash.js';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { AppError } from '#src/common/errors/app.error.js';
import { newId } from '#src/common/ids/ids.js';
import type { Page } from '#src/common/validation/validators.js';
import { auditOf } from '#src/modules/audit/audit-actions.js';
import { AuditLog } from '#src/modules/audit/audit-log.service.js';
import type { CreateOAuthClientDto } from '#src/modules/oauth/clients/dto/oauth-client.dto.js';
import { OAuthClientEntity } from '#src/modules/oauth/clients/oauth-client.entity.js';
import { OAuthClientsRepository } from '#src/modules/oauth/clients/oauth-clients.repository.js';
import { redirectUriError } from '#src/modules/oauth/clients/redirect-uris.js';
import { OAuthPayloadsRepository } from '#src/modules/oauth/server/oauth-payloads.repository.js';

const SECRET_PREFIX = 'svccs';

/**
 * The applications an organization's admins register to act for its people. A confidential client's
 * secret is shown once and kept as a keyed hash; a public client has none and must use PKCE.
 */
@Injectable()
export class OAuthClientsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clients: OAuthClientsRepository,
    private readonly payloads: OAuthPayloadsRepository,
    private readonly transactions: TransactionRunner,
    private readonly audit: AuditLog,
  ) {}

  async create(auth: AuthContext, dto: CreateOAuthClientDto): Promise<{ client: OAuthClientEntity; secret?: string }> {
    const errors = dto.redirect_uris.map((uri) => [uri, redirectUriError(uri)] as const).filter(([, error]) => error !== undefined);
    if (errors.length > 0) {
      throw AppError.invalid(`redirect_uris: ${errors.map(([uri, error]) => `${uri} ${error}`).join('; ')}`, {
        redirect_uris: errors.map(([uri, error]) => `${uri}: ${error}`),
      });
    }
    const type = dto.type ?? 'confidential';
    const secret = type === 'confidential' ? newSecretToken(SECRET_PREFIX) : undefined;
    const client = Object.assign(new OAuthClientEntity(), {
      id: newId('oauthClient'),
      orgId: auth.orgId,
      name: dto.name,
      type,
      redirectUris: dto.redirect_uris,
      scopes: dto.scopes,
      secretHash: secret === undefined ? null : keyedHash(secret, this.config.keys.hashSecret),
    });
    await this.transactions.run(async (tx) => {
      await this.clients.insert(auth.orgId, client, tx);
      await this.audit.record(
        auditOf(auth, 'oauth_client.created', { type: 'oauth_client', id: client.id }, { name: client.name, type, scopes: client.scopes }),
        tx,
      );
    });
    return { client: (await this.clients.findById(auth.orgId, client.id))!, secret };
  }

  async list(auth: AuthContext, page: Page): Promise<{ items: OAuthClientEntity[]; total: number }> {
    return this.clients.list(auth.orgId, page);
  }

  async get(auth: AuthContext, id: string): Promise<OAuthClientEntity> {
    const client = await this.clients.findById(auth.orgId, id);
    if (!client) {
      throw AppError.notFound('OAuth client', id);
    }
    return client;
  }

  async delete(auth: AuthContext, id: string): Promise<void> {
    await this.transactions.run(async (tx) => {
      if (!(await this.clients.delete(auth.orgId, id, tx))) {
        throw AppError.notFound('OAuth client', id);
      }
      // Its grants, codes and tokens go with it: nothing it was given works on the next request.
      await this.payloads.deleteOfClient(id, tx);
      await this.audit.record(auditOf(auth, 'oauth_client.deleted', { type: 'oauth_client', id }), tx);
    });
  }

  /** A client by its `client_id` alone, as the authorization server looks it up. */
  async byClientId(clientId: string): Promise<OAuthClientEntity | null> {
    return this.clients.findByClientId(clientId);
  }

  /** Constant-time check of a confidential client's secret against its stored hash. */
  async secretMatches(clientId: string, secret: string): Promise<boolean> {
    const secretHash = await this.clients.secretHashOf(clientId);
    return secretHash ? hashesEqual(secretHash, keyedHash(secret, this.config.keys.hashSecret)) : false;
  }
}
