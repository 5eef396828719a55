import { useState, type FormEvent } from 'react';
import { api } from '@/api/client';
import { errorCode, errorMessage, fieldErrors, type ApiErrorBody } from '@/api/errors';
import { sessionCookieKept, type SignedIn } from '@/app/session';
import { TextField } from '@/ui/fields';
import { FormActions } from '@/ui/form';
import { RadioGroup } from '@/ui/RadioGroup';
import { COOKIE_NOT_KEPT, organizationsOf, retryAfterText, type OrganizationChoice } from '@/pages/sign-in/sign-in';

interface Refusal {
  message: string;
  fields: Record<string, string>;
}

/**
 * Email and password, sent to `POST /api/auth/login`. The same address may open accounts in several
 * organizations: the API then names them (409 `organization_required`) and the person picks one. An
 * organization that signs in by SSO only is handed to `onSsoRequired`.
 */
export function PasswordSignInForm({
  organizationId,
  onSignedIn,
  onSsoRequired,
}: {
  /** Sign in to this organization only (the consent page: the application's organization). */
  organizationId?: string;
  onSignedIn: (session: SignedIn) => void;
  onSsoRequired?: (email: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [choices, setChoices] = useState<OrganizationChoice[]>([]);
  const [chosen, setChosen] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<Refusal | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (choices.length > 0 && !chosen) {
      setRefusal({ message: 'Choose the organization to sign in to.', fields: {} });
      return;
    }
    setBusy(true);
    setRefusal(undefined);
    try {
      const organization = organizationId ?? chosen;
      const { data, error, response } = await api.POST('/api/auth/login', {
        body: { email, password, ...(organization ? { organization_id: organization } : {}) },
      });
      if (data) {
        if (await sessionCookieKept()) {
          onSignedIn(data);
        } else {
          setRefusal({ message: `Your email and password are right, but you are not signed in. ${COOKIE_NOT_KEPT}`, fields: {} });
        }
        return;
      }
      setRefusal(refusalOf(response, error));
      if (errorCode(error) === 'organization_required') {
        setChoices(organizationsOf((error as ApiErrorBody).error?.details));
        setChosen(undefined);
      }
      if (errorCode(error) === 'sso_required') {
        onSsoRequired?.(email);
      }
    } catch (failure) {
      setRefusal({ message: errorMessage(failure), fields: {} });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={(event) => void submit(event)}>
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        required
        value={email}
        error={refusal?.fields.email}
        onChange={(event) => {
          setEmail(event.target.value);
          setChoices([]);
        }}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        error={refusal?.fields.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {choices.length > 0 ? (
        <RadioGroup legend="Organization" options={choices.map((choice) => ({ value: choice.id, label: choice.name }))} value={chosen} onChange={setChosen} />
      ) : null}
      {refusal ? (
        <p className="error-note" role="alert">
          {refusal.message}
        </p>
      ) : null}
      <FormActions submitLabel="Sign in" busy={busy} />
    </form>
  );
}

const REFUSALS: Record<string, (response: Response, error: unknown) => string> = {
  invalid_credentials: () => 'Wrong email or password.',
  too_many_attempts: (response) => `Too many attempts to sign in. ${retryAfterText(response.headers.get('Retry-After'))}`,
  organization_required: () => 'This email and password open accounts in several organizations. Choose one, then sign in again.',
  sso_required: (_response, error) => errorMessage(error),
  ip_not_allowed: () => 'Your organization does not allow signing in from this network address.',
};

function refusalOf(response: Response, error: unknown): Refusal {
  const known = REFUSALS[errorCode(error) ?? ''];
  return known ? { message: known(response, error), fields: {} } : { message: errorMessage(error), fields: fieldErrors(error) };
}
