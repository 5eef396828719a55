/**
 * Query parameters that carry a credential or a one-time grant: an OAuth authorization code can be redeemed
 * with the client's secret, a `state` completes someone's consent, a token is a token.
 */
const SECRET_PARAMETERS = new Set([
  'code',
  'state',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'code_verifier',
  'key',
  'api_key',
  'secret',
  'password',
  'samlresponse',
  'samlrequest',
]);

/**
 * The service's own credentials by their prefixes (keys, OAuth tokens and client secrets, session, invitation
 * and reset tokens, webhook secrets): a client that puts one in a path or an unexpected parameter by mistake
 * must not have it written to the log.
 */
const OWN_CREDENTIAL = /(svcsk_(?:live|test)_|sk_live_|svcat_|svcrt_|svccs_|svcses_|svcinv_|svcprt_|whsec_)[A-Za-z0-9_-]+/g;

/** A request's URL as the log writes it: path and query, with credentials and the values of secret parameters replaced. */
export function loggableUrl(originalUrl: string): string {
  return withoutSecretParameters(originalUrl.replace(OWN_CREDENTIAL, '$1[REDACTED]'));
}

function withoutSecretParameters(originalUrl: string): string {
  const queryAt = originalUrl.indexOf('?');
  if (queryAt === -1) {
    return originalUrl;
  }
  const query = originalUrl
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && SECRET_PARAMETERS.has(decodedName(name).toLowerCase()) ? `${name}=[REDACTED]` : pair;
    })
    .join('&');
  return `${originalUrl.slice(0, queryAt)}?${query}`;
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}
