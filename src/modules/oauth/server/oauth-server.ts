import { createHmac, generateKeyPairSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, PROCESS_ROLE, type AppConfig, type ProcessRole } from '#src/config/app-config.js';
import { Clock } from '#src/common/clock/clock.js';
import { newId } from '#src/common/ids/ids.js';
import { SqlClient } from '#src/common/database/sql-client.js';
import { AuditLog } from '#src/modules/audit/audit-log.service.js';
import { OAuthClientsService } from '#src/modules/oauth/clients/oauth-clients.service.js';
import { OAuthGrantsService } from '#src/modules/oauth/grants/oauth-grants.service.js';
import { auditGrantRevocations } from '#src/modules/oauth/server/grant-revocation-audit.js';
import { oauthMetadataOnly } from '#src/modules/oauth/server/authorization-server-metadata.js';
import { ClientRegistry } from '#src/modules/oauth/server/client-registry.js';
import { escapeHtml, htmlPage, PAGE_CONTENT_SECURITY_HEADER } from '#src/common/http/html-page.js';
import { consentOncePolicy, IMPLIED_PROMPT, offlineAccessAsksConsent } from '#src/modules/oauth/server/consent-policy.js';
import { GRANT_IDLE_LIFETIME_S, slidingGrantLifetime } from '#src/modules/oauth/server/grant-lifetime.js';
import { OAuthAccounts } from '#src/modules/oauth/server/oauth-accounts.js';
import { OAuthAdapter } from '#src/modules/oauth/server/oauth-adapter.js';
import { usedOnce } from '#src/modules/oauth/server/used-once.js';
import type { AccountContext, ConsentContext, InteractionPolicy, OidcProvider, ProviderErrors } from '#src/modules/oauth/server/oidc-provider.types.js';

export const OAUTH_PATH = '/oauth';
export const ACCESS_TOKEN_PREFIX = 'svcat_';
export const REFRESH_TOKEN_PREFIX = 'svcrt_';
/** The scopes a token can carry: the versioned API scopes, and `offline_access` for a refresh token. */
export const OAUTH_SCOPES = ['read', 'write', 'execute', 'admin', 'offline_access'] as const;

/**
 * The OAuth 2.0 authorization server, oidc-provider mounted at /oauth: authorization code with PKCE (S256;
 * required of public clients), refresh tokens that rotate on every use (only with `offline_access`), revocation (RFC 7009).
 * No implicit or client-credentials grant. Its state lives in the service's database (OAuthAdapter), so
 * every instance sees a grant revoked on another; clients are the organization's registered applications.
 * Sign-in and consent are the service's own pages (OAuthInteractionsController).
 */
/** Origins answered at once when PUBLIC_URL is unset; the least recently used one is let go beyond this. */
const MAX_ORIGINS = 16;

type ProviderClass = new (issuer: string, configuration: object) => OidcProvider;

/**
 * Without PUBLIC_URL the issuer is the origin a client reached the service at (`http://127.0.0.1:3000/oauth`
 * for one, `http://localhost:3000/oauth` for another), as RFC 8414 clients check it against the address
 * they fetched the metadata from: one provider per origin, all on the same store. With PUBLIC_URL, one.
 */
@Injectable()
export class OAuthServer implements OnModuleInit {
  private library: { Provider: ProviderClass; errors: ProviderErrors; interactionPolicy: InteractionPolicy } | undefined;
  private readonly providers = new Map<string, { provider: OidcProvider; handle: (request: IncomingMessage, response: ServerResponse) => void }>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
    private readonly sql: SqlClient,
    private readonly clock: Clock,
    private readonly clients: OAuthClientsService,
    private readonly grants: OAuthGrantsService,
    private readonly accounts: OAuthAccounts,
    private readonly audit: AuditLog,
  ) {}

  /** Only the api answers under /oauth: a worker or a CLI command never loads the library. */
  async onModuleInit(): Promise<void> {
    if (this.role !== 'api') {
      return;
    }
    // @ts-expect-error -- oidc-provider ships no type declarations; oidc-provider.types.ts holds the part used here
    const library = (await import('oidc-provider')) as { default: ProviderClass; errors: ProviderErrors; interactionPolicy: InteractionPolicy };
    this.library = { Provider: library.default, errors: library.errors, interactionPolicy: library.interactionPolicy };
  }

  /** The authorization server of the origin a request reached (PUBLIC_URL's, when set). */
  providerFor(request: Request): OidcProvider {
    return this.entryFor(request).provider;
  }

  /** The Node handler for everything under /oauth but the sign-in and consent pages. */
  handle(request: Request, response: ServerResponse): void {
    this.entryFor(request).handle(request, response);
  }

  private entryFor(request: Request): { provider: OidcProvider; handle: (request: IncomingMessage, response: ServerResponse) => void } {
    const origin = this.config.http.publicUrl ?? `${request.protocol}://${request.get('host') ?? `localhost:${this.config.http.port}`}`;
    let entry = this.providers.get(origin);
    if (entry) {
      // Most recently used last: the first one is the one to let go.
      this.providers.delete(origin);
    } else {
      const provider = this.build(`${origin}${OAUTH_PATH}`);
      entry = { provider, handle: provider.callback() };
      if (this.providers.size >= MAX_ORIGINS) {
        this.providers.delete(this.providers.keys().next().value!);
      }
    }
    this.providers.set(origin, entry);
    return entry;
  }

  private build(issuer: string): OidcProvider {
    if (!this.library) {
      throw new Error('The authorization server is not started');
    }
    const { Provider, errors, interactionPolicy } = this.library;
    const registry = new ClientRegistry(this.clients);
    const store = OAuthAdapter.factory(this.sql, this.clock, this.config.keys.hashSecret, errors);
    const provider = new Provider(issuer, {
      adapter: (model: string) => (model === 'Client' ? registry : store(model)),
      clients: [],
      clientBasedCORS: () => false,
      extraClientMetadata: { properties: ['org_id'] },
      findAccount: (ctx: AccountContext, sub: string) => this.accounts.find(ctx, sub, errors),
      scopes: [...OAUTH_SCOPES],
      claims: {},
      responseTypes: ['code'],
      // A client secret is kept only as a keyed hash, so no method that needs it in clear (client_secret_jwt).
      clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
      // Required of public clients; a confidential client may send a challenge, and one sent is always checked.
      pkce: { required: (_ctx: unknown, client: { tokenEndpointAuthMethod: string }) => client.tokenEndpointAuthMethod === 'none', methods: ['S256'] },
      features: {
        devInteractions: { enabled: false },
        revocation: { enabled: true },
        clientCredentials: { enabled: false },
        introspection: { enabled: false },
        userinfo: { enabled: false },
        rpInitiatedLogout: { enabled: false },
        pushedAuthorizationRequests: { enabled: false },
      },
      // Consent is asked once per client and scope set: a person's earlier grant is found beyond the provider's own session.
      loadExistingGrant: async (ctx: ConsentContext) => {
        const accountId = ctx.oidc.session?.accountId;
        const clientId = ctx.oidc.client.clientId;
        const grantId =
          ctx.oidc.result?.consent?.grantId ??
          ctx.oidc.session?.grantIdFor(clientId) ??
          (accountId ? await this.grants.latestFor(accountId, clientId) : undefined);
        return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
      },
      rotateRefreshToken: true,
      issueRefreshToken: (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }, code: { scopes: Set<string> }) =>
        client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
      ttl: {
        AccessToken: 3_600,
        AuthorizationCode: 60,
        RefreshToken: GRANT_IDLE_LIFETIME_S,
        Interaction: 600,
        Session: 86_400,
        Grant: GRANT_IDLE_LIFETIME_S,
      },
      extraParams: [IMPLIED_PROMPT],
      interactions: {
        url: (_ctx: unknown, interaction: { uid: string }) => `${OAUTH_PATH}/interaction/${interaction.uid}`,
        policy: consentOncePolicy(interactionPolicy),
      },
      cookies: { keys: [createHmac('sha256', this.config.keys.hashSecret).update('oauth-cookies').digest('base64url')] },
      // ID tokens are not issued (no `openid` scope): this key only satisfies the library, and need not outlive the process.
      jwks: { keys: [{ ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }), use: 'sig' }] },
      // Errors the library cannot send back to the application (an unknown client, a redirect address not registered) reach a person's browser.
      renderError: (ctx: { type: string; body: unknown; set(header: string, value: string): void }, out: Record<string, string | undefined>) => {
        ctx.type = 'html';
        ctx.set('Content-Security-Policy', PAGE_CONTENT_SECURITY_HEADER);
        ctx.body = authorizationErrorPage(out.error ?? 'server_error', out.error_description);
      },
    });
    withPrefix(provider.AccessToken.prototype, ACCESS_TOKEN_PREFIX);
    withPrefix(provider.RefreshToken.prototype, REFRESH_TOKEN_PREFIX);
    // A grant's id is no secret (tokens are): it is an id like any other, `grt_` and a ULID.
    provider.Grant.prototype.generateTokenId = () => newId('oauthGrant');
    const clients = this.clients;
    // The service keeps only a keyed hash of a client's secret: the presented one is checked against it.
    provider.Client.prototype.compareClientSecret = function compareClientSecret(this: { clientId: string }, actual: string) {
      return clients.secretMatches(this.clientId, actual);
    };
    // Behind a TLS-terminating proxy the request is HTTPS: oauth-mount.ts sets the forwarded headers it may trust.
    provider.proxy = true;
    usedOnce(provider, errors);
    auditGrantRevocations(provider, this.audit);
    provider.use(offlineAccessAsksConsent);
    provider.use(slidingGrantLifetime((grantId, lifetimeS) => this.grants.extend(grantId, lifetimeS)));
    provider.use(oauthMetadataOnly(OAUTH_SCOPES));
    return provider;
  }
}

function authorizationErrorPage(error: string, description: string | undefined): string {
  const explained = description ? `<p>${escapeHtml(description)}.</p>` : '';
  return htmlPage(
    'The application\u2019s request could not be completed',
    `${explained}<p>Tell the application\u2019s developer: its authorization request was refused (<code>${escapeHtml(error)}</code>).</p><p><a href="/">Go to the console</a></p>`,
  );
}

/** Tokens say what they are (`svcat_…`, `svcrt_…`), so a leaked one is recognised by scanners. */
function withPrefix(prototype: { generateTokenId(): string }, prefix: string): void {
  const generate = prototype.generateTokenId;
  prototype.generateTokenId = function generateTokenId(this: unknown) {
    return `${prefix}${generate.call(this)}`;
  };
}
