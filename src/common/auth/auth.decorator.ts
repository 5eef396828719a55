import { applyDecorators, createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import type { Permission } from '#src/common/auth/permissions.js';
import { AUTH_ROUTE, type AuthRouteOptions, authOf, BEARER_SCHEME, PUBLIC_ROUTE } from '#src/common/auth/auth-metadata.js';
import { ErrorResponseDto, ScopeErrorResponseDto } from '#src/common/errors/error-response.dto.js';

/** The route needs a credential carrying `permission`. Every route declares this or `@Public()`. */
export function Authenticated(permission: Permission): MethodDecorator & ClassDecorator {
  const options: AuthRouteOptions = { permission };
  return applyDecorators(
    SetMetadata(AUTH_ROUTE, options),
    ApiBearerAuth(BEARER_SCHEME),
    ApiUnauthorizedResponse({ description: 'Missing, malformed, unknown, revoked or expired credential', type: ErrorResponseDto }),
    ApiForbiddenResponse({ description: `The credential lacks the permission \`${permission}\``, type: ScopeErrorResponseDto }),
  );
}

export function Public(): MethodDecorator & ClassDecorator {
  return SetMetadata(PUBLIC_ROUTE, true);
}

/** The caller of an `@Authenticated` route. */
export const Auth = createParamDecorator((_data: unknown, context: ExecutionContext): AuthContext => authOf(context.switchToHttp().getRequest<Request>()));
