import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { connectorEnvPrefix } from '#src/config/connector-config.js';
import { SecretCipher } from '#src/common/crypto/secret-cipher.js';
import { TransactionRunner, type Tx } from '#src/common/database/transaction.js';
import type { Connector } from '#src/modules/connectors/connector.js';
import { SourceUnavailableError } from '#src/modules/connectors/document-source.js';
import type { OAuthConnectorType } from '#src/modules/connectors/connector-types.js';
import { TokenEndpointError, TokenRefusedError, type ProviderTokens } from '#src/modules/connectors/oauth/connector-oauth.js';
import { ConnectorCredentialEntity } from '#src/modules/connectors/oauth/connector-credential.entity.js';
import { ConnectorCredentialsRepository } from '#src/modules/connectors/oauth/connector-credentials.repository.js';
import {
  LapsedAccessTokenError,
  refreshTokens,
  revocationOf,
  revokeTokens,
  type ConfiguredClient,
} from '#src/modules/connectors/oauth/provider-token-client.js';
import type { AccessTokenSource } from '#src/modules/connectors/provider/http-provider-session.js';
import { ConnectionRefusedError } from '#src/modules/connectors/provider/provider-failure.js';
import type { ProviderEndpoints } from '#src/modules/connectors/provider/provider-endpoints.js';

/** Refreshed this long before it expires, so no call goes out with a token about to lapse. */
export const REFRESH_MARGIN_MS = 5 * 60_000;
/** Lifetime assumed when the provider does not say but gave a way to renew it (the contract's connector access token lifetime). */
const DEFAULT_LIFETIME_S = 3_600;
/**
 * A token with no stated lifetime and no refresh token (a Slack app without token rotation) does not expire:
 * it is used until the provider refuses it, and the source is then `Connection failed`.
 */
const UNRENEWABLE_LIFETIME_S = 100 * 365 * 86_400;

/** Whether the provider now refuses the disconnected source's tokens; `error` when it could not be made to. */
export interface RevocationOutcome {
  revoked: boolean;
  error?: string;
}

interface SourceRef {
  id: string;
  orgId: string;
  type: OAuthConnectorType;
}

/**
 * A connector source's tokens: sealed at rest, refreshed before they expire under the credential's row lock
 * (two workers never both spend a rotating refresh token), revoked at the provider on disconnect.
 */
@Injectable()
export class ConnectorCredentials {
  private readonly logger = new Logger('ConnectorCredentials');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly credentials: ConnectorCredentialsRepository,
    private readonly cipher: SecretCipher,
    private readonly transactions: TransactionRunner,
  ) {}

  endpoints(type: OAuthConnectorType): ProviderEndpoints {
    return this.config.connectors[type];
  }

  /** The service's client at the provider; undefined when the operator has not configured it. */
  client(type: OAuthConnectorType): ConfiguredClient | undefined {
    const { clientId, clientSecret } = this.endpoints(type);
    return clientId && clientSecret ? { clientId, clientSecret } : undefined;
  }

  async exists(source: SourceRef, tx?: Tx): Promise<boolean> {
    return (await this.credentials.findById(source.orgId, source.id, tx)) !== null;
  }

  async save(source: SourceRef, tokens: ProviderTokens, tx: Tx): Promise<void> {
    const existing = await this.credentials.findById(source.orgId, source.id, tx);
    await this.store(source, this.sealed(source, tokens, existing), existing !== null, tx);
  }

  /**
   * Deletes the tokens and, once that has committed, revokes them at the provider (best effort: a failure is
   * logged, the tokens are gone here either way); `revoked` then hears how that went.
   */
  async disconnect(source: SourceRef, connector: Connector, tx: Tx, revoked?: (outcome: RevocationOutcome) => Promise<void>): Promise<void> {
    const stored = await this.credentials.lockById(source.orgId, source.id, tx);
    if (stored) {
      await this.credentials.delete(source.orgId, source.id, tx);
    }
    tx.afterCommit(async () => {
      const outcome = stored
        ? await this.revoke(
            source,
            connector,
            { accessToken: this.open(source, stored.accessToken), refreshToken: stored.refreshToken ? this.open(source, stored.refreshToken) : undefined },
            stored.expiresAt,
          )
        : { revoked: false };
      await revoked?.(outcome);
    });
  }

  /** Revokes at the provider tokens that were never stored (their source went away meanwhile); best effort, as on disconnect. */
  async discard(source: SourceRef, connector: Connector, tokens: ProviderTokens): Promise<RevocationOutcome> {
    return this.revoke(
      source,
      connector,
      { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken },
      expiryOf(tokens, tokens.refreshToken !== undefined),
    );
  }

  private async revoke(
    source: SourceRef,
    connector: Connector,
    held: { accessToken: string; refreshToken: string | undefined },
    expiresAt: Date,
  ): Promise<RevocationOutcome> {
    const client = this.client(source.type);
    const endpoints = this.endpoints(source.type);
    const oauth = connector.oauth;
    const revocation = oauth ? revocationOf(oauth, endpoints) : undefined;
    if (!oauth || !revocation || !endpoints.revokeUrl || !client) {
      return { revoked: false };
    }
    let tokens = held;
    const renew = async (refreshToken: string): Promise<void> => {
      const renewed = await refreshTokens(oauth, endpoints, client, refreshToken);
      tokens = { accessToken: renewed.accessToken, refreshToken: renewed.refreshToken ?? refreshToken };
    };
    try {
      // A bearer revocation is made with the access token itself, so a lapsed one is renewed first, and one
      // the provider says lapsed before its stated expiry is renewed and the revocation made again.
      if (revocation === 'bearer' && tokens.refreshToken && expiresAt.getTime() - Date.now() < REFRESH_MARGIN_MS) {
        await renew(tokens.refreshToken);
      }
      try {
        await revokeTokens(oauth, endpoints, client, tokens);
      } catch (error) {
        if (!(error instanceof LapsedAccessTokenError) || !tokens.refreshToken) {
          throw error;
        }
        await renew(tokens.refreshToken);
        await revokeTokens(oauth, endpoints, client, tokens);
      }
      return { revoked: true };
    } catch (error) {
      if (error instanceof TokenRefusedError) {
        // The provider no longer honours the refresh token: the grant is already dead, nothing is left to revoke.
        return { revoked: true };
      }
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn({ reason, data_source_id: source.id }, 'Could not revoke the tokens at the provider');
      return { revoked: false, error: reason };
    }
  }

  /**
   * The access tokens a sync's provider session sends. Throws ConnectionRefusedError when the provider refuses
   * the refresh token, and only then: a token endpoint that fails otherwise fails the sync, tokens kept.
   */
  tokenSource(source: SourceRef, connector: Connector): AccessTokenSource {
    return {
      current: () => this.accessToken(source, connector, undefined),
      renew: (refused) => this.accessToken(source, connector, refused),
    };
  }

  private async accessToken(source: SourceRef, connector: Connector, refused: string | undefined): Promise<string> {
    const stored = await this.credentials.findById(source.orgId, source.id);
    if (!stored) {
      throw new ConnectionRefusedError('The source is not connected: no tokens are stored for it');
    }
    const current = this.open(source, stored.accessToken);
    if (!this.needsRefresh(stored, current, refused)) {
      return current;
    }
    return this.transactions.run(async (tx) => {
      const locked = await this.credentials.lockById(source.orgId, source.id, tx);
      if (!locked) {
        throw new ConnectionRefusedError('The source was disconnected');
      }
      const latest = this.open(source, locked.accessToken);
      // Another worker refreshed while this one waited for the lock: its token is the one to use.
      if (!this.needsRefresh(locked, latest, refused)) {
        return latest;
      }
      if (!locked.refreshToken || !connector.oauth) {
        throw new ConnectionRefusedError('The access token expired and the provider issued no refresh token: reconnect the source');
      }
      const client = this.client(source.type);
      const settings = `${connectorEnvPrefix(source.type)}_CLIENT_ID and ${connectorEnvPrefix(source.type)}_CLIENT_SECRET`;
      if (!client) {
        // The operator's doing (one instance started without them), undone by them: the tokens stay for the sync after that.
        throw new SourceUnavailableError(
          `The ${source.type} connector is not configured on this service (its operator sets ${settings}): the source keeps its connection`,
        );
      }
      let tokens: ProviderTokens;
      try {
        tokens = await refreshTokens(connector.oauth, this.endpoints(source.type), client, this.open(source, locked.refreshToken));
      } catch (error) {
        if (error instanceof TokenRefusedError) {
          throw new ConnectionRefusedError(`${error.message}: reconnect the source`, { cause: error });
        }
        if (error instanceof TokenEndpointError) {
          const fix = error.clientRefused ? `its operator checks ${settings}` : 'a later sync tries again';
          throw new TokenEndpointError(
            `The access token could not be renewed: ${error.message}; the source keeps its connection, and ${fix}`,
            error.clientRefused,
          );
        }
        throw error;
      }
      await this.store(source, this.sealed(source, tokens, locked), true, tx);
      return tokens.accessToken;
    });
  }

  private async store(source: SourceRef, credential: ConnectorCredentialEntity, exists: boolean, tx: Tx): Promise<void> {
    await (exists ? this.credentials.save(source.orgId, credential, tx) : this.credentials.insert(source.orgId, credential, tx));
  }

  private needsRefresh(stored: ConnectorCredentialEntity, current: string, refused: string | undefined): boolean {
    return current === refused || stored.expiresAt.getTime() - Date.now() < REFRESH_MARGIN_MS;
  }

  private sealed(source: SourceRef, tokens: ProviderTokens, existing: ConnectorCredentialEntity | null): ConnectorCredentialEntity {
    const refreshToken = tokens.refreshToken ? this.cipher.encrypt(source.orgId, tokens.refreshToken) : (existing?.refreshToken ?? null);
    return Object.assign(existing ?? new ConnectorCredentialEntity(), {
      dataSourceId: source.id,
      orgId: source.orgId,
      accessToken: this.cipher.encrypt(source.orgId, tokens.accessToken),
      refreshToken,
      expiresAt: expiryOf(tokens, refreshToken !== null),
      scope: tokens.scope ?? existing?.scope ?? null,
      account: tokens.account ?? existing?.account ?? null,
    });
  }

  private open(source: SourceRef, sealed: ConnectorCredentialEntity['accessToken']): string {
    return this.cipher.decrypt(source.orgId, sealed);
  }
}

/** When an access token lapses: as the provider says, else 1 hour when a refresh token renews it, else much later. */
function expiryOf(tokens: ProviderTokens, renewable: boolean): Date {
  return new Date(Date.now() + (tokens.expiresIn ?? (renewable ? DEFAULT_LIFETIME_S : UNRENEWABLE_LIFETIME_S)) * 1_000);
}
