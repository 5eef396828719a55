import { formatDuration } from '@/ui/format';

/** Passwords the API accepts are at least this long; said before sending so nobody waits for a 400. */
export const MIN_PASSWORD_LENGTH = 12;

/** Where to go after signing in: a path of this site from `?next=`, never another origin (`//host`, `https:`). */
export function safeNext(next: string | null | undefined, fallback = '/agents'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return fallback;
  }
  return next;
}

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
