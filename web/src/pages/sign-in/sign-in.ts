import { formatDuration } from '@/ui/format';

/** Passwords the API accepts are at least this long; said before sending so nobody waits for a 400. */
export const MIN_PASSWORD_LENGTH = 12;

/** A control character, a space or a backslash: what an address parser drops or reads as a slash. */
function unsafeInPath(character: string): boolean {
  const code = character.charCodeAt(0);
  return code <= 0x20 || (code >= 0x7f && code <= 0x9f) || character === '\\';
}

/** Any origin will do to resolve `?next=` against: what matters is that the result stays on it. */
const NEXT_BASE = 'https://console.invalid';

/**
 * Where to go after signing in: a path of this site from `?next=`, never another origin (`//host`,
 * `https:`, `/\\host`). Control characters and spaces are refused rather than left for the address parser to
 * drop (`/<tab>/host` is `//host` to it), and what is returned is the path as the parser reads it.
 */
export function safeNext(next: string | null | undefined, fallback = '/agents'): string {
  if (!next || !next.startsWith('/') || [...next].some(unsafeInPath)) {
    return fallback;
  }
  let url: URL;
  try {
    url = new URL(next, NEXT_BASE);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === NEXT_BASE && !path.startsWith('//') ? path : fallback;
}

/** Where to send whoever serves the console over plain HTTP. */
const HTTPS_ADVICE =
  'Open the console at its https:// address: the service is served over HTTPS natively (TLS_CERT and TLS_KEY) or behind a TLS proxy, with PUBLIC_URL set to that address (see the README).';

/**
 * The service answered a sign-in, an invitation or a reset with its session cookie, but the browser did not
 * keep it: the cookie is `Secure`, and the page is not served over HTTPS (nor from localhost).
 */
export const COOKIE_NOT_KEPT = `The browser did not keep the session cookie, because this page is not served over HTTPS (or from localhost). ${HTTPS_ADVICE}`;

/** Said before anything is sent from a page the browser does not count as secure, where the session cookie would be dropped. */
export const INSECURE_PAGE = `This page is not served over HTTPS (or from localhost): the browser will not keep the session cookie, so signing in here cannot last. ${HTTPS_ADVICE}`;

/** "Try again in 5 minutes" from a Retry-After header (seconds, or an HTTP date). */
export function retryAfterText(header: string | null | undefined, now = Date.now()): string {
  if (!header) {
    return 'Try again later.';
  }
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - now) / 1000;
  if (!Number.isFinite(seconds) || seconds <= 0) {
    return 'Try again in a moment.';
  }
  return `Try again in ${formatDuration(seconds)}.`;
}

export interface OrganizationChoice {
  id: string;
  name: string;
}

/** The organizations a 409 `organization_required` offers (`details.organizations`), ignoring anything malformed. */
export function organizationsOf(details: unknown): OrganizationChoice[] {
  const list = (details as { organizations?: unknown } | undefined)?.organizations;
  if (!Array.isArray(list)) {
    return [];
  }
  return list.filter((item): item is OrganizationChoice => {
    const candidate = item as Partial<Record<keyof OrganizationChoice, unknown>> | null;
    return typeof candidate?.id === 'string' && typeof candidate.name === 'string';
  });
}

export interface PasswordProblems {
  password?: string;
  repeat?: string;
}

/** What is wrong with a new password before it is sent: too short, or not repeated the same. */
export function passwordProblems(password: string, repeat: string): PasswordProblems {
  const problems: PasswordProblems = {};
  if (password.length < MIN_PASSWORD_LENGTH) {
    problems.password = `Use at least ${MIN_PASSWORD_LENGTH} characters (${password.length} so far).`;
  }
  if (repeat !== password) {
    problems.repeat = 'The two passwords are not the same.';
  }
  return problems;
}

/** The token of an invitation or reset link: `#token=…` in the address, kept out of the server's logs. */
export function tokenFromHash(hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token?.trim() || undefined;
}

/** The address of the single sign-on start for a work e-mail address (a full page navigation, not a fetch). */
export function ssoUrl(email: string): string {
  return `/api/auth/sso?email=${encodeURIComponent(email.trim())}`;
}

/** A message as a sentence: the API's messages end without a full stop. */
export function sentence(message: string): string {
  return /[.!?]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`;
}
