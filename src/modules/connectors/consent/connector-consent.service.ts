import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { connectorEnvPrefix } from '#src/config/connector-config.js';
import type { AuthContext, ClientInfo } from '#src/common/auth/auth-context.js';
import { hashesEqual } from '#src/common/crypto/keyed-hash.js';
import { SecretCipher } from '#src/common/crypto/secret-cipher.js';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import { actorOf, auditOf, personActedFor } from '#src/modules/audit/audit-actions.js';
import { AuditLog } from '#src/modules/audit/audit-log.service.js';
import { CredentialStanding, type EarlierCredential } from '#src/modules/auth/standing/credential-standing.js';
import { Permission } from '#src/common/auth/permissions.js';
import { isOAuthConnectorType, type OAuthConnectorType } from '#src/modules/connectors/connector-types.js';
import { ConsentFailure } from '#src/modules/connectors/consent/consent-failure.js';
import { TokenEndpointError, TokenRefusedError } from '#src/modules/connectors/oauth/connector-oauth.js';
import { ConnectorAuthorizationEntity } from '#src/modules/connectors/oauth/connector-authorization.entity.js';
import { ConnectorAuthorizationsRepository } from '#src/modules/connectors/oauth/connector-authorizations.repository.js';
import { ConnectorCredentials } from '#src/modules/connectors/oauth/connector-credentials.js';
import { exchangeCode, providerAuthorizeUrl } from '#src/modules/connectors/oauth/provider-token-client.js';
import type { DataSourceEntity } from '#src/modules/data-sources/data-source.entity.js';
import { DataSourcesService } from '#src/modules/data-sources/data-sources.service.js';

/** A consent must be completed within this time after it started. */
const CONSENT_LIFETIME_MS = 10 * 60_000;

export const CONNECTOR_CALLBACK_PATH = '/api/v1/connectors/oauth/callback';

/** A cookie set in the browser that started a consent (web sessions only): the callback must come back with it. */
export interface BrowserBinding {
  cookie: string;
  value: string;
}

export interface ConsentStart {
  /** The provider's consent page. */
  redirectTo: string;
  browserBinding: BrowserBinding | undefined;
}

/** One cookie per consent, named after its state: consents started at once in several tabs each keep their own. */
export function bindingCookieOf(state: string): string {
  return `connector_consent_${createHash('sha256').update(state).digest('base64url').slice(0, 22)}`;
}

export interface ConsentAnswer {
  /** The browser's address and agent, for the audit log. */
  client: ClientInfo;
  state: string | undefined;
  code: string | undefined;
  error: string | undefined;
  browserBinding: string | undefined;
}

/**
 * OAuth consent per connector source: the redirect to the provider with a single-use `state` bound to the
 * source and its caller (and PKCE where the provider has it), the callback that stores the tokens and
 * queues the first sync, and the disconnect that revokes them.
 */
@Injectable()
export class ConnectorConsentService {
  private readonly logger = new Logger('ConnectorConsent');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly authorizations: ConnectorAuthorizationsRepository,
    private readonly transactions: TransactionRunner,
    private readonly cipher: SecretCipher,
    private readonly credentials: ConnectorCredentials,
    private readonly dataSources: DataSourcesService,
    private readonly audit: AuditLog,
    private readonly standing: CredentialStanding,
  ) {}

  async start(auth: AuthContext, id: string, origin: string): Promise<ConsentStart> {
    const source = await this.dataSources.get(auth, id);
    const type = this.oauthType(source);
    const oauth = this.dataSources.connectorOf(type).oauth;
    const client = this.credentials.client(type);
    if (!oauth || !client) {
      const prefix = connectorEnvPrefix(type);
      throw AppError.conflict(`The ${type} connector is not configured on this service: its operator sets ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET`);
    }
    const state = randomToken();
    const codeVerifier = oauth.pkce ? randomToken() : undefined;
    const browserBinding = auth.credential.kind === 'session' ? randomToken() : undefined;
    const redirectUri = this.callbackUrl(origin);
    const actor = actorOf(auth);
    await this.transactions.run(async (tx) => {
      await this.authorizations.purgeExpired(tx);
      await this.authorizations.insert(
        source.orgId,
        Object.assign(new ConnectorAuthorizationEntity(), {
          stateHash: sha256(state),
          orgId: source.orgId,
          dataSourceId: source.id,
          userId: auth.userId,
          actorType: actor.type,
          actorId: actor.id,
          accessTokenId: auth.credential.kind === 'oauth_token' ? (auth.credential.accessTokenId ?? null) : null,
          browserBindingHash: browserBinding ? sha256(browserBinding) : null,
          codeVerifier: codeVerifier ? this.cipher.encrypt(source.orgId, codeVerifier) : null,
          redirectUri,
          expiresAt: new Date(Date.now() + CONSENT_LIFETIME_MS),
        }),
        tx,
      );
    });
    const redirectTo = providerAuthorizeUrl(oauth, this.credentials.endpoints(type), client, {
      redirectUri,
      state,
      codeChallenge: codeVerifier ? createHash('sha256').update(codeVerifier).digest('base64url') : undefined,
    });
    return { redirectTo, browserBinding: browserBinding ? { cookie: bindingCookieOf(state), value: browserBinding } : undefined };
  }

  /** Completes a consent; throws ConsentFailure with what the person should read. */
  async complete(answer: ConsentAnswer): Promise<DataSourceEntity> {
    if (!answer.state) {
      throw new ConsentFailure('The provider sent no state: start the connection again from the data source.');
    }
    const authorization = await this.authorizations.take(sha256(answer.state));
    if (!authorization || authorization.expiresAt.getTime() < Date.now()) {
      throw new ConsentFailure('This consent has expired or was already used: start the connection again from the data source.');
    }
    if (authorization.browserBindingHash && !(answer.browserBinding && hashesEqual(sha256(answer.browserBinding), authorization.browserBindingHash))) {
      throw new ConsentFailure('This consent was started in another browser: start the connection again from the data source, in this browser.');
    }
    if (answer.error || !answer.code) {
      throw new ConsentFailure(`The provider did not grant access${answer.error ? ` (${answer.error.slice(0, 100)})` : ''}: the data source is not connected.`);
    }
    const startedBy = earlierCredentialOf(authorization);
    if (!startedBy || !(await this.standing.permissionsNow(authorization.orgId, startedBy)).has(Permission.DataWrite)) {
      throw new ConsentFailure(
        'Whoever started this consent may no longer change data sources (a key or an access token revoked, or a role changed meanwhile): the data source is not connected.',
      );
    }
    const source = await this.dataSources.inOrganization(authorization.orgId, authorization.dataSourceId).catch(rethrowIfGone);
    const type = this.oauthType(source);
    const oauth = this.dataSources.connectorOf(type).oauth;
    const client = this.credentials.client(type);
    if (!oauth || !client) {
      throw new ConsentFailure(`The ${type} connector is no longer configured on this service.`);
    }
    const codeVerifier = authorization.codeVerifier ? this.cipher.decrypt(authorization.orgId, authorization.codeVerifier) : undefined;
    let tokens;
    try {
      tokens = await exchangeCode(oauth, this.credentials.endpoints(type), client, { code: answer.code, redirectUri: authorization.redirectUri, codeVerifier });
    } catch (error) {
      this.logger.warn(
        { data_source_id: source.id, reason: error instanceof Error ? error.message : String(error) },
        'The provider refused the authorization code',
      );
      throw new ConsentFailure(consentFailureOf(error));
    }
    const actor = { type: authorization.actorType, id: authorization.actorId };
    const connected = this.dataSources.connected(source.orgId, source.id, async (locked, tx) => {
      await this.credentials.save({ ...locked, type }, tokens, tx);
      await this.audit.record(
        {
          orgId: locked.orgId,
          action: 'data_source.connected',
          actor,
          client: answer.client,
          target: { type: 'data_source', id: locked.id },
          details: { type, ...(tokens.account ? { account: tokens.account } : {}), ...personActedFor(actor, authorization.userId) },
        },
        tx,
      );
    });
    return connected.catch(async (error: unknown) => {
      if (isNotFound(error)) {
        await this.credentials.discard({ ...source, type }, this.dataSources.connectorOf(type), tokens);
      }
      return rethrowIfGone(error);
    });
  }

  async disconnect(auth: AuthContext, id: string): Promise<DataSourceEntity> {
    return this.dataSources.disconnected(auth, id, async (source, tx) => {
      const type = this.oauthType(source);
      await this.credentials.disconnect({ ...source, type }, this.dataSources.connectorOf(type), tx, ({ revoked, error }) =>
        this.audit.record(
          auditOf(
            auth,
            'data_source.disconnected',
            { type: 'data_source', id: source.id },
            { type, revoked_at_provider: revoked, ...(error ? { revocation_error: error } : {}) },
          ),
        ),
      );
    });
  }

  private oauthType(source: DataSourceEntity): OAuthConnectorType {
    if (!isOAuthConnectorType(source.type)) {
      throw AppError.invalid(`Data sources of type ${source.type} are not connected through a provider's consent`);
    }
    return source.type;
  }

  private callbackUrl(origin: string): string {
    return `${this.config.http.publicUrl ?? origin}${CONNECTOR_CALLBACK_PATH}`;
  }
}

/** The key, the access token, or else the person, whose right to change the source the consent was started with. */
function earlierCredentialOf(authorization: ConnectorAuthorizationEntity): EarlierCredential | undefined {
  if (authorization.actorType === 'api_key') {
    return authorization.actorId ? { kind: 'api_key', id: authorization.actorId } : undefined;
  }
  if (authorization.actorType === 'oauth_client') {
    return authorization.accessTokenId ? { kind: 'oauth_token', accessTokenId: authorization.accessTokenId } : undefined;
  }
  return authorization.userId ? { kind: 'user', userId: authorization.userId } : undefined;
}

/** What the person reads when the code could not be exchanged for tokens. */
function consentFailureOf(error: unknown): string {
  if (error instanceof TokenRefusedError) {
    return 'The provider refused the authorization: start the connection again.';
  }
  if (error instanceof TokenEndpointError && error.clientRefused) {
    return "The provider refused this service's OAuth client: its operator checks the connector's client id and secret.";
  }
  return 'The provider could not be reached, or did not answer with tokens: try again.';
}

function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function isNotFound(error: unknown): boolean {
  return error instanceof AppError && error.code === ErrorCode.NotFound;
}

/** A source deleted while its consent was under way: the person reads why on the consent page, not a JSON 404. */
function rethrowIfGone(error: unknown): never {
  if (isNotFound(error)) {
    throw new ConsentFailure('This data source was deleted while its connection was under way: nothing was connected.');
  }
  throw error;
}
