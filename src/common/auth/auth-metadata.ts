import type { Request } from 'express';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import type { Permission } from '#src/common/auth/permissions.js';

export const AUTH_ROUTE = 'auth:route';
export const PUBLIC_ROUTE = 'auth:public';

export interface AuthRouteOptions {
  permission: Permission;
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
