import createFetchClient, { type Middleware } from 'openapi-fetch';
import createQueryHooks from 'openapi-react-query';
import type { paths } from '@/api/schema';

/** The session's CSRF token, sent on every state-changing request the console makes with the cookie. */
let csrfToken: string | undefined;
const signedOutListeners = new Set<() => void>();
const forbiddenListeners = new Set<(refusal: Refusal) => void>();

/** A 403 the API gave the signed-in console. */
export interface Refusal {
  /** The request asked for a change (not a read): the person pressed something and was refused. */
  change: boolean;
  /** The API's error envelope, when the answer had one. */
  body: unknown;
}

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
export function onForbidden(listener: (refusal: Refusal) => void): () => void {
  forbiddenListeners.add(listener);
  return () => forbiddenListeners.delete(listener);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether an answer on this path says something about the session. `/api/auth/*` answers for itself: a 401
 * of the login is a wrong password, the session's own 401 is read by the session, and sign-out handles its
 * own answer; the person's list of sessions is an ordinary authenticated request.
 */
function speaksForSession(path: string): boolean {
  return !path.startsWith('/api/auth/') || path === '/api/auth/sessions' || path.startsWith('/api/auth/sessions/');
}

/** What every request of the signed-in console does with a 401 (signed out) and a 403 (read the role again). */
async function observe(method: string, url: string, response: Response): Promise<void> {
  const target = new URL(url, window.location.origin);
  if (csrfToken === undefined || target.origin !== window.location.origin || !speaksForSession(target.pathname)) {
    return;
  }
  if (response.status === 401) {
    signedOutListeners.forEach((listener) => listener());
  }
  if (response.status === 403) {
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => undefined);
    const refusal = { change: !SAFE_METHODS.has(method.toUpperCase()), body };
    forbiddenListeners.forEach((listener) => listener(refusal));
  }
}

const sessionCredentials: Middleware = {
  onRequest({ request }) {
    if (!SAFE_METHODS.has(request.method) && csrfToken) {
      request.headers.set('X-CSRF-Token', csrfToken);
    }
    return request;
  },
  async onResponse({ request, response }) {
    await observe(request.method, request.url, response);
    return response;
  },
};

/** The typed client: every path, parameter and body comes from the API's own OpenAPI document. */
export const api = createFetchClient<paths>({ baseUrl: window.location.origin, credentials: 'same-origin' });
api.use(sessionCredentials);

/** TanStack Query hooks over the same client (`$api.useQuery('get', '/api/v1/agents', …)`). */
export const $api = createQueryHooks(api);

/**
 * `fetch` for the requests the typed client cannot make (a streamed answer, a file upload, a redirect to
 * follow): the session's cookie and CSRF token, and its answers handled as the client's are, so a 401 signs
 * the console out and a 403 reads the role again.
 */
export const sessionFetch: typeof fetch = async (input, init = {}) => {
  const method = init.method ?? (input instanceof Request ? input.method : 'GET');
  const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
  if (!SAFE_METHODS.has(method.toUpperCase()) && csrfToken) {
    headers.set('X-CSRF-Token', csrfToken);
  }
  const response = await fetch(input, { credentials: 'same-origin', ...init, headers });
  await observe(method, input instanceof Request ? input.url : input.toString(), response);
  return response;
};
