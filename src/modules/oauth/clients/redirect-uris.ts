const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
export const MAX_REDIRECT_URIS = 10;
const MAX_URI_LENGTH = 2_000;

/**
 * Why a redirect address is refused, or undefined when it is fine: an absolute HTTPS address, or plain
 * HTTP on a loopback host for a native application (RFC 8252 section 7.3), with no fragment, no
 * credentials and no wildcard; it is then matched exactly.
 */
export function redirectUriError(uri: string): string | undefined {
  if (uri.length > MAX_URI_LENGTH) {
    return `longer than ${MAX_URI_LENGTH} characters`;
  }
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'not an absolute URL';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
    return 'must be https, or http on a loopback address (127.0.0.1, [::1], localhost)';
  }
  if (uri.includes('#')) {
    return 'must not have a fragment';
  }
  if (url.username || url.password) {
    return 'must not carry credentials';
  }
  if (uri.includes('*')) {
    return 'must not hold a wildcard: addresses are matched exactly';
  }
  return undefined;
}
