import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '@/api/client';
import { errorMessage, fieldErrors } from '@/api/errors';
import { sessionCookieKept, useSession } from '@/app/session';
import { AuthCard } from '@/ui/AuthCard';
import { TextField } from '@/ui/fields';
import { FormActions, FormError } from '@/ui/form';
import { InsecurePageWarning } from '@/pages/sign-in/InsecurePageWarning';
import { COOKIE_NOT_KEPT, MIN_PASSWORD_LENGTH, passwordProblems, sentence, tokenFromHash, type PasswordProblems } from '@/pages/sign-in/sign-in';
import '@/pages/sign-in/sign-in.css';

type Purpose = 'invitation' | 'reset';

const TITLES: Record<Purpose, string> = {
  invitation: 'Choose your password',
  reset: 'Choose a new password',
};

/** Where this tab keeps a link's token while its page is open, so that a reload still has it. */
const storageKey = (purpose: Purpose) => `link-token:${purpose}`;

function stored(purpose: Purpose): string | undefined {
  try {
    return window.sessionStorage.getItem(storageKey(purpose)) ?? undefined;
  } catch {
    return undefined;
  }
}

function store(purpose: Purpose, token: string | undefined): void {
  try {
    if (token) {
      window.sessionStorage.setItem(storageKey(purpose), token);
    } else {
      window.sessionStorage.removeItem(storageKey(purpose));
    }
  } catch {
    // Storage refused (a private mode): a reload then asks for the link again.
  }
}

/**
 * Reads the link's token, then takes it out of the address bar (and so out of history, bookmarks and
 * screenshots). The fragment never reaches a server or a Referer; the token stays in this tab's session
 * storage (never sent anywhere, gone with the tab) until it is used, so a reload keeps the page working.
 * Returns the token and a way to forget it.
 */
function useLinkToken(purpose: Purpose): [string | undefined, () => void] {
  const [token] = useState(() => {
    const fromLink = tokenFromHash(window.location.hash);
    if (fromLink) {
      store(purpose, fromLink);
    }
    return fromLink ?? stored(purpose);
  });
  useEffect(() => {
    if (window.location.hash) {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    }
  }, []);
  return [token, () => store(purpose, undefined)];
}

/** The first password of an invited person, or a new one from a reset link; either signs them in. */
export function SetPasswordPage({ purpose }: { purpose: Purpose }) {
  const [token, forget] = useLinkToken(purpose);
  return (
    <AuthCard title={TITLES[purpose]}>
      {token ? <SetPasswordForm purpose={purpose} token={token} onUsed={forget} /> : <IncompleteLink purpose={purpose} />}
    </AuthCard>
  );
}

function IncompleteLink({ purpose }: { purpose: Purpose }) {
  return (
    <div role="alert">
      <p>This link is incomplete: the part after # is missing. Copy the whole link from the message you received, and open it again.</p>
      <p>
        {purpose === 'invitation' ? 'Or ask an admin of your organization for a new invitation.' : <Link to="/forgot-password">Ask for a new reset link</Link>}
      </p>
    </div>
  );
}

function SetPasswordForm({ purpose, token, onUsed }: { purpose: Purpose; token: string; onUsed: () => void }) {
  const { signedIn } = useSession();
  const navigate = useNavigate();
  const [cookieDropped, setCookieDropped] = useState(false);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problems, setProblems] = useState<PasswordProblems>({});
  const [refusal, setRefusal] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = passwordProblems(password, repeat);
    setProblems(found);
    setRefusal(undefined);
    if (found.password || found.repeat) {
      return;
    }
    setBusy(true);
    try {
      const body = { token, password };
      const { data, error } =
        purpose === 'invitation' ? await api.POST('/api/auth/invitations/accept', { body }) : await api.POST('/api/auth/password-reset/confirm', { body });
      if (data) {
        onUsed();
        if (await sessionCookieKept()) {
          signedIn(data);
          void navigate('/agents', { replace: true });
        } else {
          setCookieDropped(true);
        }
        return;
      }
      if (fieldErrors(error).token) {
        onUsed();
      }
      setRefusal(error);
    } catch (failure) {
      setRefusal(failure);
    } finally {
      setBusy(false);
    }
  };

  const fields = fieldErrors(refusal);
  if (cookieDropped) {
    return (
      <div role="alert">
        <p>Your password is set, but you are not signed in. {COOKIE_NOT_KEPT}</p>
        <p>Then sign in there with your email and this password: this link has been used.</p>
      </div>
    );
  }
  if (fields.token) {
    return <UnusableLink purpose={purpose} message={errorMessage(refusal)} />;
  }
  return (
    <form className="form" onSubmit={(event) => void submit(event)}>
      <InsecurePageWarning />
      <p className="muted">
        {purpose === 'invitation' ? 'Welcome. Choose the password you will sign in with.' : 'Choose a new password. Your other sessions will be signed out.'}
      </p>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words make a strong one.`}
        error={problems.password ?? fields.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <TextField
        label="Repeat the password"
        type="password"
        autoComplete="new-password"
        required
        value={repeat}
        error={problems.repeat}
        onChange={(event) => setRepeat(event.target.value)}
      />
      <FormError error={refusal} besideFields={['password']} />
      <FormActions submitLabel="Set password" busy={busy} />
    </form>
  );
}

function UnusableLink({ purpose, message }: { purpose: Purpose; message: string }) {
  return (
    <div role="alert">
      <p>{sentence(message)}</p>
      {purpose === 'invitation' ? (
        <p>
          Already set your password? <Link to="/sign-in">Sign in</Link>. Otherwise ask an admin of your organization for a new invitation.
        </p>
      ) : (
        <p>
          <Link to="/forgot-password">Ask for a new reset link</Link> or <Link to="/sign-in">sign in</Link>.
        </p>
      )}
    </div>
  );
}
