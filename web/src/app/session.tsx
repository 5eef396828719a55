import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, onForbidden, onSignedOut, setCsrfToken } from '@/api/client';
import { errorCode } from '@/api/errors';
import type { components } from '@/api/schema';
import type { Role } from '@/app/permissions';

export type SignedIn = components['schemas']['LoginResponseDto'];

/** A change the API refused (403) because the person's role had changed meanwhile: its reason, and the role now. */
export interface RoleRefusal {
  error: unknown;
  role: Role;
  /** The page it happened on: opening another one leaves it behind. */
  path: string;
}

interface SessionState {
  /** undefined while the first check runs (or when it could not be made); null when nobody is signed in. */
  session: SignedIn | null | undefined;
  /** The API's 403 `ip_not_allowed`: the organization's allowlist refuses this address (the session may live on). */
  blocked: unknown;
  /** Why the session could not be read at all (the service unreachable, a 5xx), before any answer. */
  failure: unknown;
  /** Reads the session again (after a refusal or a failure). */
  recheck(): void;
  /** Called with the body of a login, an accepted invitation or a confirmed reset. */
  signedIn(session: SignedIn): void;
  /** Ends the session; resolves to undefined once it has ended, else to the reason it could not be ended. */
  signOut(): Promise<unknown>;
  /** The last change refused because the role had changed, until dismissed. */
  refusal: RoleRefusal | undefined;
  dismissRefusal(): void;
}

const SessionContext = createContext<SessionState | undefined>(undefined);
const SESSION_KEY = ['session'];

/** Less than this left on the session: it is renewed silently (any authenticated request renews it). */
const RENEW_WITHIN_MS = 60 * 60 * 1000;
/** After a 403 the session (its role) is read again, at most this often (a refused change: always). */
const RECHECK_AFTER_FORBIDDEN_MS = 5_000;

/** What `GET /api/auth/session` says: who is signed in, nobody (401), or that this address is refused. */
interface SessionAnswer {
  session: SignedIn | null;
  blocked?: unknown;
}

/** Any other answer (a network failure, a 5xx, a 429) is thrown: the query keeps what it knew. */
async function currentSession(): Promise<SessionAnswer> {
  const { data, error, response } = await api.GET('/api/auth/session');
  const status = response.status;
  if (data) {
    return { session: data };
  }
  if (status === 401) {
    return { session: null };
  }
  if (errorCode(error) === 'ip_not_allowed') {
    return { session: null, blocked: error };
  }
  // The error envelope's fields on an Error, as errorMessage reads them.
  throw Object.assign(new Error(`The session could not be read (HTTP ${status}).`), error);
}

/**
 * Whether the browser kept the session cookie of a login, an accepted invitation or a reset it was just
 * answered: it drops a `Secure` cookie on a page served over plain HTTP (other than localhost). Only a 401
 * says so; a failure to ask says nothing.
 */
export async function sessionCookieKept(): Promise<boolean> {
  try {
    const { response } = await api.GET('/api/auth/session');
    return response.status !== 401;
  } catch {
    return true;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queries = useQueryClient();
  const query = useQuery({ queryKey: SESSION_KEY, queryFn: currentSession, staleTime: Infinity, retry: false });
  const session = query.data?.session;
  const blocked = query.data?.blocked;
  const failure = query.data === undefined ? query.error : undefined;
  const [refusal, setRefusal] = useState<RoleRefusal | undefined>();
  setCsrfToken(session?.csrf_token);

  const replace = useCallback(
    (next: SignedIn | null) => {
      queries.removeQueries({ predicate: (cached) => cached.queryKey[0] !== SESSION_KEY[0] });
      queries.setQueryData<SessionAnswer>(SESSION_KEY, { session: next });
      setRefusal(undefined);
    },
    [queries],
  );

  useEffect(() => onSignedOut(() => replace(null)), [replace]);

  const { refetch } = query;
  useEffect(() => {
    let last = 0;
    return onForbidden(({ change, body }) => {
      if (!change && Date.now() - last < RECHECK_AFTER_FORBIDDEN_MS) {
        return;
      }
      last = Date.now();
      const before = queries.getQueryData<SessionAnswer>(SESSION_KEY)?.session?.user.role;
      const path = window.location.pathname;
      void refetch().then(({ data }) => {
        // The console now hides what was pressed: say why nothing happened.
        const after = data?.session?.user.role;
        if (change && errorCode(body) === 'forbidden' && before !== undefined && after !== undefined && after !== before) {
          setRefusal({ error: body, role: after, path });
        }
      });
    });
  }, [queries, refetch]);

  useEffect(() => {
    if (!session) {
      return;
    }
    const renewIn = Math.max(0, new Date(session.expires_at).getTime() - Date.now() - RENEW_WITHIN_MS);
    const timer = window.setTimeout(() => void refetch(), Math.min(renewIn, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [session, refetch]);

  // Signed out only once the service has ended the session (204), or says it was over already (401). Any
  // other answer leaves the person signed in, here and on the service; a 403 (a CSRF token another tab's
  // sign-in replaced, an address refused) reads the session again, so the next attempt can succeed.
  const signOut = useCallback(async (): Promise<unknown> => {
    try {
      const { error, response } = await api.DELETE('/api/auth/logout');
      if (response.ok || response.status === 401) {
        replace(null);
        return undefined;
      }
      if (response.status === 403) {
        void refetch();
      }
      return error ?? new Error(`The service answered HTTP ${response.status}.`);
    } catch (failed) {
      return failed;
    }
  }, [replace, refetch]);

  const recheck = useCallback(() => void refetch(), [refetch]);
  const dismissRefusal = useCallback(() => setRefusal(undefined), []);

  const value = useMemo<SessionState>(
    () => ({ session, blocked, failure, recheck, signedIn: replace, signOut, refusal, dismissRefusal }),
    [session, blocked, failure, recheck, replace, signOut, refusal, dismissRefusal],
  );
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
