import type { Permission } from '#src/common/auth/permissions.js';

/** Who is calling, resolved once per request by the auth guard. */
export interface AuthContext {
  orgId: string;
  /** The API key used, when the caller authenticated with one. */
  keyId: string | null;
  /** The user behind a personal key or web session; null for organization keys. */
  userId: string | null;
  /** The scopes as granted, for 403 bodies. */
  scopes: string[];
  /** What the caller may do: the scopes' permissions, capped by the user's role when there is a user. */
  permissions: ReadonlySet<Permission>;
  /**
   * The organization's plan and its `settings.limits` overrides, read with the key (so cached no longer than
   * the key is). The same object for every request of one cached key, so what is derived from it can be memoized.
   * Absent on contexts built in-process (benchmarks, jobs), which the rate limiter never sees.
   */
  plan?: OrganizationPlan;
}

export interface OrganizationPlan {
  name: string;
  /** `settings.limits` as stored: validated by the rate limiter, which ignores what it cannot use. */
  overrides: unknown;
}

/** Implemented by the keys module; the guard depends on this, not on the module. */
export abstract class CredentialVerifier {
  abstract verifyApiKey(rawKey: string): Promise<AuthContext>;
}
