import type { Request } from 'express';
import type { Credential, OrganizationPlan } from '#src/common/auth/auth-context.js';
import type { Role } from '#src/common/auth/permissions.js';

/** A request's credential, verified: who is calling, as the guard needs it to decide permissions. */
export interface Caller {
  orgId: string;
  userId: string | null;
  role: Role | null;
  /** The credential's own scopes; null for a credential that has none (a web session acts with its user's role). */
  scopes: readonly string[] | null;
  credential: Credential;
  plan?: OrganizationPlan;
  /** The organization's IP allowlist (empty: any address); the guard holds every request to it. */
  ipAllowlist: readonly string[];
  /**
   * What the request itself must still show, checked once its address is admitted (a cookie's CSRF token), so
   * that a blocked caller learns nothing else about its credential. Throws an AppError when it does not.
   */
  checkRequest?: () => void;
}

/**
 * Turns a request into its caller, for one kind of credential. `null`: the request carries no credential
 * of this kind (the guard asks the next authenticator); an AppError: it carries one that is not valid.
 */
export abstract class Authenticator {
  abstract authenticate(request: Request): Promise<Caller | null>;
}

/** The authenticators the guard asks, in order (a Nest provider of `Authenticator[]`). */
export const AUTHENTICATORS = Symbol('AUTHENTICATORS');
