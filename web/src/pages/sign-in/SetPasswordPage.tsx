import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '@/api/client';
import { errorMessage, fieldErrors } from '@/api/errors';
import { useSession } from '@/app/session';
import { AuthCard } from '@/ui/AuthCard';
import { TextField } from '@/ui/fields';
import { FormActions, FormError } from '@/ui/form';
import { MIN_PASSWORD_LENGTH, passwordProblems, sentence, tokenFromHash, type PasswordProblems } from '@/pages/sign-in/sign-in';
import '@/pages/sign-in/sign-in.css';

type Purpose = 'invitation' | 'reset';

const TITLES: Record<Purpose, string> = {
  invitation: 'Choose your password',
  reset: 'Choose a new password',
};

/** Reads the link's token once, then takes it out of the address bar (and so out of history and screenshots). */
function useLinkToken(): string | undefined {
  const [token] = useState(() => tokenFromHash(window.location.hash));
  useEffect(() => {
    if (window.location.hash) {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
    }
  }, []);
  return token;
}

/** The first password of an invited person, or a new one from a reset link; either signs them in. */
export function SetPasswordPage({ purpose }: { purpose: Purpose }) {
  const token = useLinkToken();
  return <AuthCard title={TITLES[purpose]}>{token ? <SetPasswordForm purpose={purpose} token={token} /> : <IncompleteLink purpose={purpose} />}</AuthCard>;
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

function SetPasswordForm({ purpose, token }: { purpose: Purpose; token: string }) {
  const { signedIn } = useSession();
  const navigate = useNavigate();
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
        signedIn(data);
        void navigate('/agents', { replace: true });
        return;
      }
      setRefusal(error);
    } catch (failure) {
      setRefusal(failure);
    } finally {
      setBusy(false);
    }
  };

  const fields = fieldErrors(refusal);
  if (fields.token) {
    return <UnusableLink purpose={purpose} message={errorMessage(refusal)} />;
  }
  return (
    <form className="form" onSubmit={(event) => void submit(event)}>
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
