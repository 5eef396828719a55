import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, onForbidden, onSignedOut, setCsrfToken } from '@/api/client';
import type { components } from '@/api/schema';

export type SignedIn = components['schemas']['LoginResponseDto'];

interface SessionState {
  /** undefined while the first check runs; null when nobody is signed in. */
  session: SignedIn | null | undefined;
  /** Called with the body of a login, an accepted invitation or a confirmed reset. */
  signedIn(session: SignedIn): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionState | undefined>(undefined);
const SESSION_KEY = ['session'];

/** Less than this left on the session: it is renewed silently (any authenticated request renews it). */
const RENEW_WITHIN_MS = 60 * 60 * 1000;
/** After a 403 the session (its role) is read again, at most this often. */
const RECHECK_AFTER_FORBIDDEN_MS = 5_000;

async function currentSession(): Promise<SignedIn | null> {
  const { data } = await api.GET('/api/auth/session');
  return data ?? null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queries = useQueryClient();
  const query = useQuery({ queryKey: SESSION_KEY, queryFn: currentSession, staleTime: Infinity, retry: false });
  const session = query.isPending ? undefined : (query.data ?? null);
  setCsrfToken(session?.csrf_token);

  const replace = useCallback(
    (next: SignedIn | null) => {
      queries.removeQueries({ predicate: (cached) => cached.queryKey[0] !== SESSION_KEY[0] });
      queries.setQueryData(SESSION_KEY, next);
    },
    [queries],
  );

  useEffect(() => onSignedOut(() => replace(null)), [replace]);

  const { refetch } = query;
  useEffect(() => {
    let last = 0;
    return onForbidden(() => {
      if (Date.now() - last >= RECHECK_AFTER_FORBIDDEN_MS) {
        last = Date.now();
        void refetch();
      }
    });
  }, [refetch]);

  useEffect(() => {
    if (!session) {
      return;
    }
    const renewIn = Math.max(0, new Date(session.expires_at).getTime() - Date.now() - RENEW_WITHIN_MS);
    const timer = window.setTimeout(() => void refetch(), Math.min(renewIn, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [session, refetch]);

  const signOut = useCallback(async () => {
    await api.DELETE('/api/auth/logout').catch(() => undefined);
    replace(null);
  }, [replace]);

  const value = useMemo<SessionState>(() => ({ session, signedIn: replace, signOut }), [session, replace, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) {
    throw new Error('useSession outside SessionProvider');
  }
  return state;
}

/** The signed-in person, inside the pages that require one (RequireSession guarantees it). */
export function useSignedIn(): SignedIn {
  const { session } = useSession();
  if (!session) {
    throw new Error('useSignedIn outside a signed-in page');
  }
  return session;
}
