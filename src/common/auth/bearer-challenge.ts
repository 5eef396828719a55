import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';

export const WWW_AUTHENTICATE = 'WWW-Authenticate';

/** The error codes of a Bearer challenge (RFC 6750, section 3.1). */
export type BearerError = 'invalid_request' | 'invalid_token' | 'insufficient_scope';

/**
 * The `WWW-Authenticate` value of a refusal: `Bearer` alone when no bearer credential was sent (RFC 6750
 * says nothing more then), with `error` when one was sent and refused, and with the `scope` that would
 * have granted the request when it was too narrow.
 */
export function bearerChallenge(error?: BearerError, scope?: string): string {
  if (error === undefined) {
    return 'Bearer';
  }
  return scope === undefined ? `Bearer error="${error}"` : `Bearer error="${error}", scope="${scope}"`;
}

/** A 401 for a bearer credential that was sent and refused: unknown, revoked, expired or of a person now gone. */
export function refusedBearer(message: string, code: ErrorCode.Unauthorized | ErrorCode.ExpiredApiKey = ErrorCode.Unauthorized): AppError {
  return new AppError(code, message, { headers: { [WWW_AUTHENTICATE]: bearerChallenge('invalid_token') } });
}

/** A 401 for an Authorization header that is not exactly one `Bearer <credential>`. */
export function malformedBearer(message: string): AppError {
  return new AppError(ErrorCode.Unauthorized, message, { headers: { [WWW_AUTHENTICATE]: bearerChallenge('invalid_request') } });
}
