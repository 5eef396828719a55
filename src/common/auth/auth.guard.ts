import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { CredentialVerifier } from '#src/common/auth/auth-context.js';
import { routeOptionsOf, setAuth } from '#src/common/auth/auth-metadata.js';
import { permissionsOfScopes, requiredScopeFor } from '#src/common/auth/permissions.js';
import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import { pathForm } from '#src/common/http/path-form.js';

/** Exactly `Bearer <key>` (scheme case-insensitive, RFC 9110): one space, no whitespace inside the key. */
const BEARER = /^Bearer ([^\s]+)$/i;

/** The one global guard: resolves the caller from the bearer credential and checks the route's permission. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: CredentialVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const route = routeOptionsOf(this.reflector, context);
    if (route === 'public') {
      return true;
    }
    const request = context.switchToHttp().getRequest<Request>();

    const auth = await this.verifier.verifyApiKey(bearerToken(request.headers.authorization));
    setAuth(request, auth);

    if (!auth.permissions.has(route.permission)) {
      const form = pathForm(request.originalUrl ?? request.url);
      const requiredScope = requiredScopeFor(route.permission, form);
      const message = permissionsOfScopes(auth.scopes).has(route.permission)
        ? 'The role of this key\u2019s owner does not allow this endpoint'
        : `This API key lacks the '${requiredScope}' scope required by this endpoint`;
      throw new AppError(ErrorCode.Forbidden, message, {
        details: { required_permission: route.permission },
        extra: { required_scope: requiredScope, current_scopes: auth.scopes },
      });
    }
    return true;
  }
}

export function bearerToken(header: string | undefined): string {
  if (header === undefined || header === '') {
    throw new AppError(ErrorCode.Unauthorized, 'Missing API key: send Authorization: Bearer <API_KEY>');
  }
  const match = BEARER.exec(header);
  if (!match) {
    throw new AppError(ErrorCode.Unauthorized, 'Malformed Authorization header: expected exactly "Bearer <API_KEY>"');
  }
  return match[1];
}
