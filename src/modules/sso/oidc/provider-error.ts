/**
 * The registered OAuth error codes a provider answers with: at the authorization endpoint (RFC 6749
 * §4.1.2.1, OpenID Connect Core §3.1.2.6, RFC 8707) and at the token endpoint (RFC 6749 §5.2).
 */
const REGISTERED_ERRORS = new Set([
  'invalid_request',
  'unauthorized_client',
  'access_denied',
  'unsupported_response_type',
  'invalid_scope',
  'server_error',
  'temporarily_unavailable',
  'interaction_required',
  'login_required',
  'account_selection_required',
  'consent_required',
  'invalid_request_uri',
  'invalid_request_object',
  'request_not_supported',
  'request_uri_not_supported',
  'registration_not_supported',
  'invalid_target',
  'invalid_client',
  'invalid_grant',
  'unsupported_grant_type',
]);

/**
 * The OAuth `error` a sign-in ended with, as the audit log keeps it, or undefined when it did not end with
 * one. Anyone can send a browser to the callback with an `error` and an `error_description` of their
 * choosing: the description is never kept and an unregistered code is kept as `other`, so repeated
 * failures stay identical and are counted on one entry instead of adding one each.
 */
export function providerErrorOf(...outcomes: unknown[]): string | undefined {
  for (const outcome of outcomes) {
    const code = typeof outcome === 'object' && outcome !== null ? (outcome as { error?: unknown }).error : undefined;
    if (typeof code === 'string') {
      return REGISTERED_ERRORS.has(code) ? code : 'other';
    }
  }
  return undefined;
}
