import { INSECURE_PAGE } from '@/pages/sign-in/sign-in';

/** Before anything is sent: on a page the browser does not count as secure, the session cookie would be dropped. */
export function InsecurePageWarning() {
  if (window.isSecureContext) {
    return null;
  }
  return (
    <p className="warning" role="note">
      {INSECURE_PAGE}
    </p>
  );
}
