import { Injectable, Logger, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { findAuth, routeOptionsOf } from '#src/common/auth/auth-metadata.js';
import { requiredScopeFor } from '#src/common/auth/permissions.js';
import { AppError } from '#src/common/errors/app.error.js';
import { RoutePolicies } from '#src/common/http/route-policy/route-policies.js';
import { holdSlot } from '#src/modules/limits/concurrency-slot.js';
import { SPENDS_MODEL_TOKENS } from '#src/modules/limits/limits.decorator.js';
import { LimitsService, type Admission } from '#src/modules/limits/limits.service.js';
import type { ScopeClass } from '#src/modules/limits/plan-limits.js';

/** What the limiter needs of a route; its metadata is fixed once the application is built. */
type RouteLimits = { scopeClass: ScopeClass; spendsTokens: boolean } | 'public';

/**
 * Runs after the auth guard, on authenticated routes only: admits the request under its key's bucket and
 * its organization's plan, sets the X-RateLimit-* headers, and frees its concurrency slot once the
 * response is over (sent, or the client gone) and the handler has returned (see holdSlot). A limiter
 * fault never fails the request: it is logged and the request goes on. A request admitted from what this
 * process holds is admitted at once, without a promise.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly logger = new Logger('RateLimits');
  /** Per handler (and the controller it was read for): what its metadata says, read once. */
  private readonly routes = new WeakMap<object, { controller: object; limits: RouteLimits }>();

  constructor(
    private readonly reflector: Reflector,
    private readonly limits: LimitsService,
    private readonly policies: RoutePolicies,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (!this.limits.enabled) {
      return true;
    }
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const auth = findAuth(request);
    if (!auth) {
      return true;
    }
    const route = this.routeLimits(context);
    if (route === 'public') {
      return true;
    }
    const response = http.getResponse<Response>();
    try {
      const admission = this.limits.admitNow({
        auth,
        scopeClass: route.scopeClass,
        spendsTokens: route.spendsTokens,
        form: this.policies.formOf(request.path),
      });
      if (admission instanceof Promise) {
        return admission.then((admitted) => this.apply(request, response, admitted)).catch((error: unknown) => this.failed(error, auth));
      }
      return this.apply(request, response, admission);
    } catch (error) {
      return this.failed(error, auth);
    }
  }

  private routeLimits(context: ExecutionContext): RouteLimits {
    const handler = context.getHandler();
    const controller = context.getClass();
    const known = this.routes.get(handler);
    if (known?.controller === controller) {
      return known.limits;
    }
    const route = routeOptionsOf(this.reflector, context);
    const limits: RouteLimits =
      route === 'public'
        ? 'public'
        : {
            // A route open to any signed-in person (the session endpoints) reads.
            scopeClass: (route.permission === null ? 'read' : requiredScopeFor(route.permission, 'versioned')) as ScopeClass,
            spendsTokens: this.reflector.getAllAndOverride<boolean | undefined>(SPENDS_MODEL_TOKENS, [handler, controller]) === true,
          };
    this.routes.set(handler, { controller, limits });
    return limits;
  }

  private apply(request: Request, response: Response, admission: Admission): true {
    const { headers } = admission;
    response.setHeader('X-RateLimit-Limit', headers['X-RateLimit-Limit']);
    response.setHeader('X-RateLimit-Remaining', headers['X-RateLimit-Remaining']);
    response.setHeader('X-RateLimit-Reset', headers['X-RateLimit-Reset']);
    response.setHeader('X-RateLimit-Used', headers['X-RateLimit-Used']);
    holdSlot(request, response, admission.release);
    return true;
  }

  private failed(error: unknown, auth: AuthContext): true {
    if (error instanceof AppError) {
      throw error;
    }
    this.logger.error({ err: error, org_id: auth.orgId }, 'Rate limiter failed; the request goes on unlimited');
    return true;
  }
}
