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
}

/** Implemented by the keys module; the guard depends on this, not on the module. */
export abstract class CredentialVerifier {
  abstract verifyApiKey(rawKey: string): Promise<AuthContext>;
}
