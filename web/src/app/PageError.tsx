import { Link } from 'react-router';
import { errorMessage } from '@/api/errors';
import { ChunkLoadError } from '@/app/ErrorBoundary';
import { AuthCard } from '@/ui/AuthCard';
import { Page } from '@/ui/Page';

function Reload({ primary }: { primary?: boolean }) {
  return (
    <button type="button" className={primary ? 'btn primary' : 'btn'} onClick={() => window.location.reload()}>
      Reload
    </button>
  );
}

/** What went wrong, in words: a part of the console that did not load is not a fault of the page. */
function Explanation({ error }: { error: unknown }) {
  if (error instanceof ChunkLoadError) {
    return (
      <div role="alert">
        <p className="state-title">The console was updated or the service could not be reached: reload.</p>
        <p className="muted">This part of the console could not be loaded. Reloading fetches the current version; nothing you saved is lost.</p>
      </div>
    );
  }
  return (
    <div role="alert">
      <p className="state-title">This page failed: {errorMessage(error)}</p>
      <p className="muted">Reload to try again, or go back to your agents.</p>
    </div>
  );
}

/** A page that threw, inside the signed-in shell: the navigation stays usable. */
export function PageError({ error }: { error: unknown }) {
  return (
    <Page title={error instanceof ChunkLoadError ? 'Reload the console' : 'Something went wrong'}>
      <div className="state error">
        <Explanation error={error} />
        <div className="form-actions">
          <Reload primary />
          <Link className="btn" to="/agents">
            Go to your agents
          </Link>
        </div>
      </div>
    </Page>
  );
}

/** A page outside the shell (sign-in, invitation, consent) or the shell itself that threw. */
export function AppError({ error }: { error: unknown }) {
  return (
    <AuthCard title={error instanceof ChunkLoadError ? 'Reload the console' : 'Something went wrong'}>
      <Explanation error={error} />
      <div className="form-actions">
        <Reload primary />
        <a className="btn" href="/">
          Go to the start
        </a>
      </div>
    </AuthCard>
  );
}
