/** Stable codes clients branch on. Do not rename values: they are part of the API contract. */
export enum ErrorCode {
  InvalidRequest = 'invalid_request',
  Unauthorized = 'unauthorized',
  ExpiredApiKey = 'expired_api_key',
  Forbidden = 'forbidden',
  IpNotAllowed = 'ip_not_allowed',
  NotFound = 'not_found',
  MethodNotAllowed = 'method_not_allowed',
  Conflict = 'conflict',
  PayloadTooLarge = 'payload_too_large',
  UnsupportedMediaType = 'unsupported_media_type',
  RateLimitExceeded = 'rate_limit_exceeded',
  ConcurrencyLimitExceeded = 'concurrency_limit_exceeded',
  TokenLimitExceeded = 'token_limit_exceeded',
  InternalError = 'internal_error',
  ServiceUnavailable = 'service_unavailable',
  InvalidCredentials = 'invalid_credentials',
  TooManyAttempts = 'too_many_attempts',
  CsrfFailed = 'csrf_failed',
  PlanRequired = 'plan_required',
  WouldLockOut = 'would_lock_out',
  OrganizationRequired = 'organization_required',
  SsoRequired = 'sso_required',
}

/** The legacy path form (`/api/...`) names a few codes differently. */
const LEGACY_CODES: Partial<Record<ErrorCode, string>> = {
  [ErrorCode.Unauthorized]: 'invalid_api_key',
  [ErrorCode.Forbidden]: 'insufficient_scope',
};

export function legacyCode(code: ErrorCode): string {
  return LEGACY_CODES[code] ?? code;
}

export const STATUS_OF_CODE: Record<ErrorCode, number> = {
  [ErrorCode.InvalidRequest]: 400,
  [ErrorCode.Unauthorized]: 401,
  [ErrorCode.ExpiredApiKey]: 401,
  [ErrorCode.Forbidden]: 403,
  [ErrorCode.IpNotAllowed]: 403,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.MethodNotAllowed]: 405,
  [ErrorCode.Conflict]: 409,
  [ErrorCode.PayloadTooLarge]: 413,
  [ErrorCode.UnsupportedMediaType]: 415,
  [ErrorCode.RateLimitExceeded]: 429,
  [ErrorCode.ConcurrencyLimitExceeded]: 429,
  [ErrorCode.TokenLimitExceeded]: 429,
  [ErrorCode.InternalError]: 500,
  [ErrorCode.ServiceUnavailable]: 503,
  [ErrorCode.InvalidCredentials]: 401,
  [ErrorCode.TooManyAttempts]: 429,
  [ErrorCode.CsrfFailed]: 403,
  [ErrorCode.PlanRequired]: 403,
  [ErrorCode.WouldLockOut]: 409,
  [ErrorCode.OrganizationRequired]: 409,
  [ErrorCode.SsoRequired]: 403,
};
