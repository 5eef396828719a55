import { errorMessage, requestIdOf } from '@/api/errors';
import { useSession } from '@/app/session';
import { AuthCard } from '@/ui/AuthCard';

function TryAgain() {
  const { recheck } = useSession();
  return (
    <button type="button" className="btn primary" onClick={recheck}>
      Try again
    </button>
  );
}

/**
 * The organization's IP allowlist refuses this address (403 `ip_not_allowed`). The person is not signed out:
 * their session lives on, and works again from an allowed address.
 */
export function AddressNotAllowed({ error }: { error: unknown }) {
  const requestId = requestIdOf(error);
  return (
    <AuthCard title="This network address is not allowed">
      <div role="alert">
        <p>{errorMessage(error)}: your organization&rsquo;s IP allowlist does not include the address you are connecting from.</p>
      </div>
      <p className="muted">
        Connect from a network your organization allows (its office or VPN, for example), or ask an admin of your organization to add this address. You are
        still signed in: nothing needs to be done here once the address is allowed.
      </p>
      {requestId ? <p className="muted small">Request id: {requestId}</p> : null}
      <div className="form-actions">
        <TryAgain />
      </div>
    </AuthCard>
  );
}

/** The session could not be read at all (the service unreachable, an error of its own): not the same as signed out. */
export function SessionUnavailable({ error }: { error: unknown }) {
  return (
    <AuthCard title="Your session could not be checked">
      <p role="alert">{errorMessage(error)}</p>
      <div className="form-actions">
        <TryAgain />
      </div>
    </AuthCard>
  );
}
