import createFetchClient, { type Middleware } from 'openapi-fetch';
import createQueryHooks from 'openapi-react-query';
import type { paths } from '@/api/schema';

/** The session's CSRF token, sent on every state-changing request the console makes with the cookie. */
let csrfToken: string | undefined;
const signedOutListeners = new Set<() => void>();
const forbiddenListeners = new Set<() => void>();

export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

/** Called when the API answers 401 to a signed-in console: the session ended, expired or was revoked. */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

/**
 * Called when the API answers 403 to a signed-in console: the person's role may have changed since the
 * session was read, and what the console offers should follow it.
 */
export function onForbidden(listener: () => void): () => void {
  forbiddenListeners.add(listener);
  return () => forbiddenListeners.delete(listener);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const sessionCredentials: Middleware = {
  onRequest({ request }) {
    if (!SAFE_METHODS.has(request.method) && csrfToken) {
      request.headers.set('X-CSRF-Token', csrfToken);
    }
    return request;
  },
  onResponse({ request, response }) {
    const signedIn = csrfToken !== undefined && !new URL(request.url).pathname.startsWith('/api/auth/');
    if (signedIn && response.status === 401) {
      signedOutListeners.forEach((listener) => listener());
    }
    if (signedIn && response.status === 403) {
      forbiddenListeners.forEach((listener) => listener());
    }
    return response;
  },
};

/** The typed client: every path, parameter and body comes from the API's own OpenAPI document. */
export const api = createFetchClient<paths>({ baseUrl: window.location.origin, credentials: 'same-origin' });
api.use(sessionCredentials);

/** TanStack Query hooks over the same client (`$api.useQuery('get', '/api/v1/agents', …)`). */
export const $api = createQueryHooks(api);

/** Headers a hand-made request needs (streaming answers, file uploads): the CSRF token. */
export function csrfHeaders(): Record<string, string> {
  return csrfToken ? { 'X-CSRF-Token': csrfToken } : {};
}
