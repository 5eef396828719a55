import { applyDecorators, createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiExtraModels, ApiForbiddenResponse, ApiOAuth2, ApiUnauthorizedResponse, getSchemaPath } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { requiredScopeFor, type Permission } from '#src/common/auth/permissions.js';
import { AUTH_ROUTE, type AuthRouteOptions, authOf, BEARER_SCHEME, OAUTH_SCHEME, PUBLIC_ROUTE, SESSION_SCHEME } from '#src/common/auth/auth-metadata.js';
import { ErrorResponseDto, ScopeErrorResponseDto } from '#src/common/errors/error-response.dto.js';

/** The route needs a credential carrying `permission`. Every route declares this or `@Public()`. */
export function Authenticated(permission: Permission): MethodDecorator & ClassDecorator {
  const options: AuthRouteOptions = { permission };
  return applyDecorators(
    SetMetadata(AUTH_ROUTE, options),
    ApiBearerAuth(BEARER_SCHEME),
    ApiCookieAuth(SESSION_SCHEME),
    ApiOAuth2([requiredScopeFor(permission, 'versioned')], OAUTH_SCHEME),
    ApiUnauthorizedResponse({ description: 'Missing, malformed, unknown, revoked or expired credential', type: ErrorResponseDto }),
    ApiExtraModels(ScopeErrorResponseDto),
    ApiForbiddenResponse({
      description: `The credential lacks the permission \`${permission}\` (the body names the scope), or a CSRF check, the IP allowlist or the plan refuses the request`,
      schema: { anyOf: [{ $ref: getSchemaPath(ScopeErrorResponseDto) }, { $ref: getSchemaPath(ErrorResponseDto) }] },
    }),
  );
}

/** The route is for a signed-in person: it needs a web session, and no permission beyond it. */
export function SignedIn(): MethodDecorator & ClassDecorator {
  const options: AuthRouteOptions = { permission: null, credentialKinds: ['session'] };
  return applyDecorators(
    SetMetadata(AUTH_ROUTE, options),
    ApiCookieAuth(SESSION_SCHEME),
    ApiUnauthorizedResponse({ description: 'No web session, or one that ended or expired', type: ErrorResponseDto }),
  );
}

/**
 * The route acts for the calling person, whichever credential they send: a web session, an access token
 * issued to an application for them, or their personal key; an organization key, which is no one's, gets 403.
 */
export function ForPerson(): MethodDecorator & ClassDecorator {
  const options: AuthRouteOptions = { permission: null, person: true };
  return applyDecorators(
    SetMetadata(AUTH_ROUTE, options),
    ApiBearerAuth(BEARER_SCHEME),
    ApiCookieAuth(SESSION_SCHEME),
    ApiOAuth2([], OAUTH_SCHEME),
    ApiUnauthorizedResponse({ description: 'Missing, malformed, unknown, revoked or expired credential', type: ErrorResponseDto }),
    ApiForbiddenResponse({
      description: 'An organization key, which acts for no person, or a CSRF check or the IP allowlist refuses the request',
      type: ErrorResponseDto,
    }),
  );
}

export function Public(): MethodDecorator & ClassDecorator {
  return SetMetadata(PUBLIC_ROUTE, true);
}

/** The caller of an `@Authenticated` route. */
export const Auth = createParamDecorator((_data: unknown, context: ExecutionContext): AuthContext => authOf(context.switchToHttp().getRequest<Request>()));
