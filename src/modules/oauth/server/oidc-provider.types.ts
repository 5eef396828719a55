import type { IncomingMessage, ServerResponse } from 'node:http';

/** The part of oidc-provider (which ships no type declarations) the service uses. */
/** What the provider's (Koa) middleware sees of a request. */
export interface ProviderContext {
  path: string;
  method: string;
  query: Record<string, unknown>;
  status?: number;
  body?: unknown;
  /** Set once the library has matched the request to one of its routes (`discovery`, `token`, …). */
  oidc?: { route?: string; entities?: Partial<Record<'RefreshToken' | 'AuthorizationCode' | 'Grant', { jti?: string; accountId?: string }>> };
}

export interface OidcProvider {
  proxy: boolean;
  /** The name of one of its cookies (`session`: who signed in, `interaction`: the step under way). */
  cookieName(type: 'session' | 'interaction' | 'resume'): string;
  callback(): (request: IncomingMessage, response: ServerResponse) => void;
  use(middleware: (ctx: ProviderContext, next: () => Promise<void>) => Promise<void>): void;
  /** The library's events (`grant.revoked`: the request's context and the grant's id). */
  on(event: string, listener: (...args: never[]) => void): void;
  interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<InteractionDetails>;
  /** Records the interaction's result and answers the address the browser continues at. */
  interactionResult(
    request: IncomingMessage,
    response: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<string>;
  Grant: GrantClass;
  Client: {
    prototype: { compareClientSecret(actual: string): Promise<boolean> | boolean };
    find(id: string): Promise<{ clientId: string; clientName?: string; org_id?: string } | undefined>;
  };
  AccessToken: { prototype: { generateTokenId(): string } };
  RefreshToken: { prototype: { generateTokenId(): string; consume(): Promise<void> } };
  AuthorizationCode: {
    prototype: { consume(): Promise<void> };
    find(...args: unknown[]): Promise<{ consumed?: unknown; consume(): Promise<void> } | undefined>;
  };
}

export interface InteractionDetails {
  uid: string;
  /** `login` or `consent`. */
  prompt: { name: string; details: { missingOIDCScope?: string[] } };
  params: { client_id: string; scope?: string; redirect_uri?: string };
  session?: { accountId: string };
  grantId?: string;
}

export interface Grant {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}

export interface GrantClass {
  prototype: { generateTokenId(): string };
  adapter: { destroy(id: string): Promise<void> };
  new (properties: { accountId: string; clientId: string }): Grant;
  find(id: string): Promise<Grant | undefined>;
}

/** What an interaction policy's check reads of a request's context. */
export interface PolicyContext {
  oidc: { prompts: Set<string>; promptPending(name: string): boolean; params: Record<string, unknown> };
}

interface PolicyCheck {
  reason: string;
}

interface PolicyPrompt {
  checks: PolicyCheck[] & { get(reason: string): PolicyCheck | undefined; remove(reason: string): void; add(check: PolicyCheck, index?: number): void };
}

/** The library's interaction policy: the prompts (login, consent) and the checks that ask for them. */
export interface InteractionPolicy {
  base(): PolicyPrompt[] & { get(name: string): PolicyPrompt };
  Check: new (reason: string, description: string, error: string, check: (ctx: PolicyContext) => boolean) => PolicyCheck;
}

/** What `findAccount` reads of a request's context: the request (its address) and the client. */
export interface AccountContext {
  req: IncomingMessage;
  /** `route` names the endpoint: `authorization`, `resume`, `token`… */
  oidc: { client?: { clientId: string }; route: string };
}

export interface ProviderAccount {
  accountId: string;
  claims(): { sub: string };
}

/** The library's error classes: a thrown one is answered in OAuth's own envelope (`error`, `error_description`). */
export interface ProviderErrors {
  OIDCProviderError: new (status: number, error: string) => Error;
  /** `invalid_grant`, with the reason for the log. */
  InvalidGrant: new (detail: string) => Error;
  /** `invalid_request` (400), with the description the client is shown. */
  InvalidRequest: new (description: string) => Error;
}

/** What `loadExistingGrant` reads of a request's context. */
export interface ConsentContext {
  oidc: {
    client: { clientId: string };
    session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    provider: { Grant: GrantClass };
  };
}
