import { effectivePermissions, type Permission, type Role } from '#src/common/auth/permissions.js';

/** The kinds of credential a request can carry. */
export const CREDENTIAL_KINDS = ['api_key', 'session', 'oauth_token'] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

/** How messages name each kind of credential. */
export const CREDENTIAL_NAMES: Record<CredentialKind, string> = { api_key: 'API key', session: 'session', oauth_token: 'access token' };

/**
 * A request's credential. An access token's `id` is its grant's; it also names the OAuth client it was
 * issued to, and its own stored id (the keyed hash of its value), by which work it begins checks later that
 * the token still stands.
 */
export interface Credential {
  kind: CredentialKind;
  id: string;
  oauthClientId?: string;
  accessTokenId?: string;
}

/** Where a request came from: Express's `req.ip` (under TRUST_PROXY) and its user agent. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** Who is calling, resolved once per request by the auth guard. */
export interface AuthContext {
  orgId: string;
  /** The user behind a personal key, a web session or an access token; null for organization keys. */
  userId: string | null;
  /** That user's role; null without a user (an organization key). */
  role: Role | null;
  /** The scopes the credential was granted, for 403 bodies (a session's are its role's). */
  scopes: string[];
  /** The credential this request came with: rate limits and audit entries are per credential. */
  credential: Credential;
  /** Where the request came from, for audit entries; both null for in-process callers. */
  client: ClientInfo;
  /** What the caller may do (effectivePermissions of the scopes and the role). */
  permissions: ReadonlySet<Permission>;
  /**
   * The organization's plan and its `settings.limits` overrides, read with the credential (so cached no
   * longer than it is). The same object for every request of one cached credential, so what is derived
   * from it can be memoized. Absent on contexts built in-process (benchmarks, jobs), which the rate
   * limiter never sees.
   */
  plan?: OrganizationPlan;
}

export interface OrganizationPlan {
  name: string;
  /** `settings.limits` as stored: validated by the rate limiter, which ignores what it cannot use. */
  overrides: unknown;
}

/** The API key a request was authenticated with, if it was one. */
export function apiKeyIdOf(auth: AuthContext): string | null {
  return auth.credential.kind === 'api_key' ? auth.credential.id : null;
}

/** The caller an in-process task acts as (a benchmark seeding data, an operator's command): one of the organization's keys. */
export function organizationKeyContext(orgId: string, keyId: string, scopes: string[] = ['admin']): AuthContext {
  return {
    orgId,
    userId: null,
    role: null,
    scopes,
    credential: { kind: 'api_key', id: keyId },
    client: { ip: null, userAgent: null },
    permissions: effectivePermissions(scopes, null),
  };
}
