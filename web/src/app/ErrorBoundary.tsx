import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/** A part of the console (an area's code) that could not be loaded: the build changed, or the service is out of reach. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the console could not be loaded', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** What a page in error shows: the failure, and ways out of it. */
export type ErrorFallback = (error: unknown) => ReactNode;

/**
 * Catches what a page throws while it renders (its code failing to load included), so the rest of the
 * console stays usable (React reports the error to the browser's console). `resetKey` changes when the person
 * moves elsewhere: the next page gets its chance.
 */
export class ErrorBoundary extends Component<{ resetKey: string; fallback: ErrorFallback; children: ReactNode }, { error: unknown; key: string }> {
  override state = { error: undefined as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<{ error: unknown }> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; key: string }): Partial<{ error: unknown; key: string }> | null {
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey };
  }

  override render(): ReactNode {
    return this.state.error === undefined ? this.props.children : this.props.fallback(this.state.error);
  }
}

/** An error boundary that gives the page another chance once the person goes to another address. */
export function RouteErrorBoundary({ fallback, children }: { fallback: ErrorFallback; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={fallback}>
      {children}
    </ErrorBoundary>
  );
}
