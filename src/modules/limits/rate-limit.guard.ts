import { Injectable, Logger, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { findAuth, routeOptionsOf } from '#src/common/auth/auth-metadata.js';
import { requiredScopeFor } from '#src/common/auth/permissions.js';
import { AppError } from '#src/common/errors/app.error.js';
import { pathForm } from '#src/common/http/path-form.js';
import { SPENDS_MODEL_TOKENS } from '#src/modules/limits/limits.decorator.js';
import { LimitsService } from '#src/modules/limits/limits.service.js';
import type { ScopeClass } from '#src/modules/limits/plan-limits.js';

/**
 * Runs after the auth guard, on authenticated routes only: admits the request under its key's bucket and
 * its organization's plan, sets the X-RateLimit-* headers, and frees its concurrency slot when the
 * response is over or the client goes away. A limiter fault never fails the request: it is logged and the
 * request goes on.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly logger = new Logger('RateLimits');

  constructor(
    private readonly reflector: Reflector,
    private readonly limits: LimitsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.limits.enabled) {
      return true;
    }
    const request = context.switchToHttp().getRequest<Request>();
    const auth = findAuth(request);
    const route = routeOptionsOf(this.reflector, context);
    if (!auth || route === 'public') {
      return true;
    }
    const response = context.switchToHttp().getResponse<Response>();
    try {
      const admission = await this.limits.admit({
        auth,
        scopeClass: requiredScopeFor(route.permission, 'versioned') as ScopeClass,
        spendsTokens: this.reflector.getAllAndOverride<boolean | undefined>(SPENDS_MODEL_TOKENS, [context.getHandler(), context.getClass()]) === true,
        form: pathForm(request.originalUrl ?? request.url),
      });
      const { headers } = admission;
      for (const name in headers) {
        response.setHeader(name, headers[name as keyof typeof headers]);
      }
      // 'close' comes once, after the last byte is sent or when the client goes away first.
      response.on('close', admission.release);
    } catch (error) {
      if (error instanceof AppError) {
        throw error;
      }
      this.logger.error({ err: error, org_id: auth.orgId }, 'Rate limiter failed; the request goes on unlimited');
    }
    return true;
  }
}
