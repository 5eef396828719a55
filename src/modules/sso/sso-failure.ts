/** Which page a failed single sign-on shows; each says no more than its title. */
export type SsoFailurePage = 'authentication_failed' | 'unauthorized_domain' | 'not_configured' | 'unavailable';

export const FAILURE_PAGES: Record<SsoFailurePage, { status: number; title: string; text: string }> = {
  authentication_failed: {
    status: 401,
    title: 'Authentication failed',
    text: 'Single sign-on could not sign you in. Start again from the sign-in page; if it keeps failing, ask your administrator.',
  },
  unauthorized_domain: {
    status: 403,
    title: 'Unauthorized domain',
    text: 'Your e-mail address is not in a domain this organization signs in with.',
  },
  not_configured: {
    status: 404,
    title: 'Single sign-on is not set up',
    text: 'No organization signs in with single sign-on for this e-mail address. Sign in with your password instead.',
  },
  unavailable: {
    status: 403,
    title: 'Single sign-on is unavailable',
    text: 'Single sign-on is not available to this organization at the moment. Ask your administrator.',
  },
};

/**
 * A single sign-on that did not end in a session; the person sees the page only.
 *
 * - `reason` and `detail` go to the log and the audit entry. A detail is a value of few possible forms (a
 *   domain, a status or error code), so that repeated failures stay identical and are counted on one entry.
 * - `explanation`, a library's message that may quote what the caller sent, goes to the log only: anyone
 *   can post to the callback, and text of their choosing would make each audit entry new.
 */
export class SsoFailure extends Error {
  override name = 'SsoFailure';

  constructor(
    readonly page: SsoFailurePage,
    readonly reason: string,
    readonly detail?: string,
    readonly explanation?: string,
  ) {
    super(`${page}: ${reason}${detail ? ` (${detail})` : ''}`);
  }
}
