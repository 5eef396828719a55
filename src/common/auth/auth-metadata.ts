import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { AuthContext, CredentialKind } from '#src/common/auth/auth-context.js';
import { Permission } from '#src/common/auth/permissions.js';

export const AUTH_ROUTE = 'auth:route';
/** The OpenAPI security scheme of authenticated operations: a bearer API key or access token. */
export const BEARER_SCHEME = 'bearer';
/** The OpenAPI security scheme of a signed-in person: the `service_session` cookie. */
export const SESSION_SCHEME = 'session';
/** The OpenAPI security scheme of an application acting for a person: OAuth 2.0 authorization code (its token is also a bearer credential). */
export const OAUTH_SCHEME = 'oauth2';
export const PUBLIC_ROUTE = 'auth:public';

export interface AuthRouteOptions {
  /** null: any caller the route's credential kinds allow (the session endpoints). */
  permission: Permission | null;
  /** The credential kinds the route takes; all when absent. */
  credentialKinds?: readonly CredentialKind[];
  /** The route acts for the caller's own user: a credential with none (an organization key) is refused. */
  person?: true;
}

/** Routes that declare nothing need the broadest permission: deny by default. */
const UNDECLARED: AuthRouteOptions = { permission: Permission.OrganizationManage };

/** What a route declares; a declaration on the method wins over one on its controller. */
export function routeOptionsOf(reflector: Reflector, context: ExecutionContext): AuthRouteOptions | 'public' {
  for (const target of [context.getHandler(), context.getClass()]) {
    const route = reflector.get<AuthRouteOptions | undefined>(AUTH_ROUTE, target);
    if (route) {
      return route;
    }
    if (reflector.get<boolean | undefined>(PUBLIC_ROUTE, target)) {
      return 'public';
    }
  }
  return UNDECLARED;
}

const AUTH = Symbol('auth');

type RequestWithAuth = Request & { [AUTH]?: AuthContext };

export function setAuth(request: Request, auth: AuthContext): void {
  (request as RequestWithAuth)[AUTH] = auth;
}

export function findAuth(request: Request): AuthContext | undefined {
  return (request as RequestWithAuth)[AUTH];
}

export function authOf(request: Request): AuthContext {
  const auth = findAuth(request);
  if (!auth) {
    throw new Error('No authenticated caller on this request: is the route missing @Authenticated()?');
  }
  return auth;
}
