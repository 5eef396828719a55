import type { ReactNode } from 'react';
import { errorMessage, isForbidden, requestIdOf, retryMayHelp } from '@/api/errors';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="state loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state empty">
      <p className="state-title">{title}</p>
      {children}
    </div>
  );
}

export function Forbidden({ what = 'this page' }: { what?: string }) {
  return (
    <div className="state forbidden" role="alert">
      <p className="state-title">You do not have access to {what}</p>
      <p className="muted">Your role does not allow it. An admin of your organization can change your role.</p>
    </div>
  );
}

/** A failed load, with "Try again" where asking again may help (not for a malformed id or something not found). */
export function ErrorState({ error, retry }: { error: unknown; retry?: () => void }) {
  if (isForbidden(error)) {
    return <Forbidden />;
  }
  const requestId = requestIdOf(error);
  return (
    <div className="state error" role="alert">
      <p className="state-title">{errorMessage(error)}</p>
      {requestId ? <p className="muted small">Request id: {requestId}</p> : null}
      {retry && retryMayHelp(error) ? (
        <button type="button" className="btn" onClick={retry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** An inline error under a form or beside an action. */
export function ErrorNote({ error }: { error: unknown }) {
  if (!error) {
    return null;
  }
  return (
    <p className="error-note" role="alert">
      {errorMessage(error)}
    </p>
  );
}

interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isPlaceholderData?: boolean;
  refetch: () => unknown;
}

/** Loading, error and forbidden handled once; `children` renders the data. */
export function QueryView<T>({ query, children, label }: { query: QueryLike<T>; children: (data: T) => ReactNode; label?: string }) {
  if (query.error) {
    return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  }
  if (query.isPending || query.data === undefined) {
    return <Loading label={label} />;
  }
  // Results of the previous filters or page stay in view while the next ones load, marked busy so nobody reads
  // them as the answer. The wrapper is always there, so marking it never remounts the results (and the focus).
  return (
    <div className="query-view" aria-busy={query.isPlaceholderData ? true : undefined}>
      {children(query.data)}
    </div>
  );
}
