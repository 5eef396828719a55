import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';

export interface OidcAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface OidcClientRegistration {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  /** Default client_secret_basic; the provider accepts client_secret_post from such a client too. */
  token_endpoint_auth_method?: 'client_secret_basic' | 'client_secret_post';
}

export interface TestOpenIdProvider {
  /** http://127.0.0.1:<port> */
  issuer: string;
  close(): Promise<void>;
  /**
   * Walks a browser from an authorization URL through sign-in as this account and consent, and returns the URL the
   * provider finally redirects to (the client's redirect_uri with code and state, or with an error) without following it.
   * An unknown sub gets error=access_denied.
   */
  signIn(authorizationUrl: string, sub: string): Promise<string>;
  /** Adds or replaces an account. */
  setAccount(account: OidcAccount): void;
  /** Adds a client once its redirect address is known (oidc-provider reads clients it was not started with from its store). */
  registerClient(client: OidcClientRegistration): Promise<void>;
}

/** The part of oidc-provider's API used here; the package ships no type declarations. */
interface OidcProvider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: InteractionResult, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
  Grant: new (properties: { accountId: string; clientId: string }) => OidcGrant;
}

interface InteractionDetails {
  prompt: { name: string; details: { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> } };
  params: { client_id: string };
  session?: { accountId: string };
}

type InteractionResult = { login: { accountId: string } } | { consent: { grantId: string } } | { error: string; error_description?: string };

interface OidcGrant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  addResourceScope(resource: string, scope: string): void;
  save(): Promise<string>;
}

const INTERACTION_PATH = /^\/interaction\/[^/]+$/;
const MAX_REDIRECTS = 10;

/** A real OpenID provider (oidc-provider) on a loopback port, with its own sign-in and consent that grants everything asked for. */
export interface OpenIdProviderOptions {
  clients: OidcClientRegistration[];
  accounts: OidcAccount[];
  /** The provider's store (oidc-provider's `adapter` factory); default its own in-memory one. */
  adapter?: (model: string) => unknown;
  /**
   * oidc-provider's `conformIdTokenClaims`. True (its default, OpenID Connect Core §5.4): the scopes'
   * claims (`email`, `name`) are only at UserInfo. False: they are in the ID token too, as many identity
   * providers put them.
   */
  conformIdTokenClaims?: boolean;
}

export async function startOpenIdProvider(options: OpenIdProviderOptions): Promise<TestOpenIdProvider> {
  const { Provider, createMemoryAdapter } = await importOidcProvider();
  const accounts = new Map(options.accounts.map((account) => [account.sub, account]));

  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const withGrants = (client: OidcClientRegistration) => ({ ...client, grant_types: ['authorization_code'], response_types: ['code'] });
  // The library's own in-memory store, given explicitly so that no development-only warning is printed.
  const adapterOf = (options.adapter ?? createMemoryAdapter()) as (model: string) => { upsert(id: string, payload: object, expiresIn?: number): Promise<void> };
  const provider = new Provider(issuer, {
    clients: options.clients.map(withGrants),
    adapter: adapterOf,
    // Every authorization request must carry an S256 PKCE challenge, so a client that leaves it out fails.
    pkce: { required: () => true },
    jwks: { keys: [{ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid: 'test-signing-key', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: options.conformIdTokenClaims ?? true,
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      return account && { accountId: sub, claims: () => ({ ...account }) };
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    renderError: (ctx: { type: string; body: unknown }, out: Record<string, string>) => {
      ctx.type = 'json';
      ctx.body = out;
    },
  });
  const handleProviderRequest = provider.callback();

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    if (req.method === 'POST' && INTERACTION_PATH.test(path)) {
      finishInteraction(provider, accounts, req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(error instanceof Error ? error.message : String(error));
      });
    } else {
      handleProviderRequest(req, res);
    }
  });

  return {
    issuer,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
    signIn: (authorizationUrl, sub) => walkBrowser(issuer, authorizationUrl, sub),
    setAccount: (account) => void accounts.set(account.sub, account),
    registerClient: (client) => adapterOf('Client').upsert(client.client_id, withGrants(client)),
  };
}

async function importOidcProvider(): Promise<{ Provider: new (issuer: string, configuration: object) => OidcProvider; createMemoryAdapter: () => unknown }> {
  // @ts-expect-error -- oidc-provider ships no type declarations
  const { default: Provider } = await import('oidc-provider');
  // @ts-expect-error -- oidc-provider ships no type declarations
  const { default: MemoryAdapter } = await import('oidc-provider/lib/adapters/memory_adapter.js');
  const Adapter = MemoryAdapter as new (model: string) => unknown;
  return { Provider, createMemoryAdapter: () => (model: string) => new Adapter(model) };
}

/** The sign-in form's submission: signs in as the posted sub, then consents to whatever the client asked for. */
async function finishInteraction(provider: OidcProvider, accounts: Map<string, OidcAccount>, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  const sub = new URLSearchParams(await text(req)).get('sub') ?? '';

  switch (details.prompt.name) {
    case 'login': {
      const result = accounts.has(sub) ? { login: { accountId: sub } } : { error: 'access_denied', error_description: 'Unknown account' };
      return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    }
    case 'consent': {
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id });
      const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details;
      if (missingOIDCScope) {
        grant.addOIDCScope(missingOIDCScope.join(' '));
      }
      if (missingOIDCClaims) {
        grant.addOIDCClaims(missingOIDCClaims);
      }
      for (const [resource, scopes] of Object.entries(missingResourceScopes ?? {})) {
        grant.addResourceScope(resource, scopes.join(' '));
      }
      return provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    }
    default:
      throw new Error(`Unexpected interaction prompt ${details.prompt.name}`);
  }
}

/** Follows the provider's redirects with a cookie jar, answering each interaction page by posting the sign-in form. */
async function walkBrowser(issuer: string, authorizationUrl: string, sub: string): Promise<string> {
  const cookies = new CookieJar();
  const providerOrigin = new URL(issuer).origin;
  let url = new URL(authorizationUrl);
  for (let redirects = 0; redirects <= MAX_REDIRECTS; redirects++) {
    if (url.origin !== providerOrigin) {
      return url.href;
    }
    const isInteraction = INTERACTION_PATH.test(url.pathname);
    const response = await fetch(url, {
      method: isInteraction ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookies.header(url), ...(isInteraction && { 'content-type': 'application/x-www-form-urlencoded' }) },
      body: isInteraction ? new URLSearchParams({ sub }) : undefined,
    });
    cookies.store(response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(`The OpenID provider answered ${url.href} with ${response.status}: ${await response.text()}`);
    }
    await response.body?.cancel();
    url = new URL(location, url);
  }
  throw new Error(`More than ${MAX_REDIRECTS} redirects from ${authorizationUrl}`);
}

/** Enough of a browser's cookie store for one origin: names, values, paths and deletion. */
class CookieJar {
  readonly #cookies = new Map<string, { value: string; path: string }>();

  store(setCookieHeaders: string[]): void {
    for (const header of setCookieHeaders) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const attribute = (wanted: string): string | undefined =>
        attributes.find((candidate) => candidate.toLowerCase().startsWith(`${wanted}=`))?.slice(wanted.length + 1);
      const expires = attribute('expires');
      const expired = attribute('max-age') === '0' || (expires !== undefined && Date.parse(expires) <= Date.now());
      if (expired || value === '') {
        this.#cookies.delete(name);
      } else {
        this.#cookies.set(name, { value, path: attribute('path') ?? '/' });
      }
    }
  }

  header(url: URL): string {
    return [...this.#cookies]
      .filter(([, cookie]) => url.pathname === cookie.path || url.pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }
}
