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
 * A single sign-on that did not end in a session. `reason` goes to the log and the audit entry only; the
 * person sees the page.
 */
export class SsoFailure extends Error {
  override name = 'SsoFailure';

  constructor(
    readonly page: SsoFailurePage,
    readonly reason: string,
    readonly detail?: string,
  ) {
    super(`${page}: ${reason}${detail ? ` (${detail})` : ''}`);
  }
}
