import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { CREDENTIAL_NAMES, type AuthContext } from '#src/common/auth/auth-context.js';
import { routeOptionsOf, setAuth } from '#src/common/auth/auth-metadata.js';
import { bearerChallenge, malformedBearer, WWW_AUTHENTICATE } from '#src/common/auth/bearer-challenge.js';
import { effectivePermissions, effectiveScopes, permissionsOfScopes, requiredScopeFor, scopesOfRole } from '#src/common/auth/permissions.js';
import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import { RoutePolicies } from '#src/common/http/route-policy/route-policies.js';
import { actorOf } from '#src/modules/audit/audit-actions.js';
import { AUTHENTICATORS, type Authenticator, type Caller } from '#src/modules/auth/authenticators/authenticator.js';
import { clientOf } from '#src/modules/auth/client-info.js';
import { IpGate } from '#src/modules/auth/ip-allowlist/ip-gate.js';

/**
 * The one global guard: asks the authenticators in turn for the request's caller, holds it to its
 * organization's IP allowlist, then to what the request must show for its credential (CSRF), decides its
 * permissions (effectivePermissions), and checks the route's. Deny by default: a route declares its permission or
 * `@Public()`.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(AUTHENTICATORS) private readonly authenticators: Authenticator[],
    private readonly policies: RoutePolicies,
    private readonly gate: IpGate,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const route = routeOptionsOf(this.reflector, context);
    if (route === 'public') {
      return true;
    }
    const request = context.switchToHttp().getRequest<Request>();
    const caller = await this.caller(request);
    const auth = toAuthContext(caller, request);
    await this.gate.admit(auth.orgId, caller.ipAllowlist, auth.client, actorOf(auth), auth.credential.kind);
    caller.checkRequest?.();
    setAuth(request, auth);

    if (route.credentialKinds && !route.credentialKinds.includes(auth.credential.kind)) {
      throw AppError.unauthorized(`This endpoint needs a ${route.credentialKinds.map((kind) => CREDENTIAL_NAMES[kind]).join(' or ')}`);
    }
    if (route.person && auth.userId === null) {
      throw new AppError(
        ErrorCode.Forbidden,
        'This endpoint acts for a person: an organization key has none (use a personal key, an access token or a session)',
      );
    }
    if (route.permission !== null && !auth.permissions.has(route.permission)) {
      const form = this.policies.formOf(request.path);
      const requiredScope = requiredScopeFor(route.permission, form);
      const name = CREDENTIAL_NAMES[auth.credential.kind];
      const message =
        auth.role !== null && permissionsOfScopes(auth.scopes).has(route.permission)
          ? `The role of this ${name}\u2019s user does not allow this endpoint`
          : `This ${name} lacks the '${requiredScope}' scope required by this endpoint`;
      throw new AppError(ErrorCode.Forbidden, message, {
        details: { required_permission: route.permission },
        extra: { required_scope: requiredScope, current_scopes: effectiveScopes(auth.scopes, auth.role) },
        // A bearer credential is told the scope it lacks in the header as well (RFC 6750); a session has no scopes to widen.
        headers: auth.credential.kind === 'session' ? undefined : { [WWW_AUTHENTICATE]: bearerChallenge('insufficient_scope', requiredScope) },
      });
    }
    return true;
  }

  private async caller(request: Request): Promise<Caller> {
    // Node keeps the first of several Authorization headers; a proxy may keep the last. Neither is guessed.
    const credentials = request.rawHeaders.filter((name, index) => index % 2 === 0 && name.toLowerCase() === 'authorization').length;
    if (credentials > 1) {
      throw malformedBearer(`Send one Authorization header: this request has ${credentials}`);
    }
    for (const authenticator of this.authenticators) {
      const caller = await authenticator.authenticate(request);
      if (caller) {
        return caller;
      }
    }
    throw new AppError(ErrorCode.Unauthorized, 'Missing credentials: send Authorization: Bearer <API key or access token>, or sign in');
  }
}

function toAuthContext(caller: Caller, request: Request): AuthContext {
  return {
    orgId: caller.orgId,
    userId: caller.userId,
    role: caller.role,
    scopes: caller.scopes === null ? (caller.role === null ? [] : scopesOfRole(caller.role)) : [...caller.scopes],
    credential: caller.credential,
    client: clientOf(request),
    permissions: effectivePermissions(caller.scopes, caller.role),
    plan: caller.plan,
  };
}
