import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { $api, api } from '@/api/client';
import { errorMessage } from '@/api/errors';
import type { components } from '@/api/schema';
import { ROLE_LABELS } from '@/app/permissions';
import { useSession, type SignedIn } from '@/app/session';
import { AuthCard } from '@/ui/AuthCard';
import { Loading } from '@/ui/states';
import { PasswordSignInForm } from '@/pages/sign-in/PasswordSignInForm';
import { sentence } from '@/pages/sign-in/sign-in';
import { consentSentence } from '@/pages/oauth-consent/scopes';
import '@/pages/sign-in/sign-in.css';
import '@/pages/oauth-consent/consent.css';

type Details = components['schemas']['InteractionDetailsDto'];
type Answer = 'login' | 'confirm' | 'abort';

/**
 * Sends the person's answer; the browser then goes where the authorization server says (back to the
 * application). Resolves to the API's refusal, if any.
 */
async function answer(uid: string, step: Answer, csrfToken: string | undefined): Promise<unknown> {
  const init = { params: { path: { uid } }, headers: csrfToken ? { 'X-CSRF-Token': csrfToken } : {} };
  const { data, error } =
    step === 'login'
      ? await api.POST('/oauth/interaction/{uid}/login', init)
      : step === 'confirm'
        ? await api.POST('/oauth/interaction/{uid}/confirm', init)
        : await api.POST('/oauth/interaction/{uid}/abort', init);
  if (!data) {
    return error;
  }
  window.location.assign(data.redirect_to);
  return undefined;
}

/**
 * The authorization server's sign-in and consent step (`/oauth/authorize` sends the browser here): the
 * person signs in to the application's organization if needed, then allows or declines what it asks for.
 */
export function ConsentPage() {
  const { uid = '' } = useParams();
  const { session } = useSession();
  const details = $api.useQuery('get', '/oauth/interaction/{uid}/details', { params: { path: { uid } } }, { retry: false, staleTime: Infinity });

  if (details.error) {
    return (
      <AuthCard title="This request has expired">
        <p role="alert">{sentence(errorMessage(details.error))}</p>
        <p className="muted">Go back to the application that sent you here, and start again.</p>
      </AuthCard>
    );
  }
  if (!details.data || session === undefined) {
    return (
      <AuthCard title="Continue to the application">
        <Loading />
      </AuthCard>
    );
  }
  const inOrganization = details.data.signed_in && session?.organization.id === details.data.organization_id ? session : undefined;
  if (!inOrganization) {
    return <SignInStep details={details.data} />;
  }
  return details.data.prompt === 'login' ? (
    <ContinueStep details={details.data} session={inOrganization} />
  ) : (
    <ConsentStep details={details.data} session={inOrganization} />
  );
}

/** Not signed in (or signed in to another organization): sign in to the application's organization first. */
function SignInStep({ details }: { details: Details }) {
  const { signedIn } = useSession();
  const queries = useQueryClient();
  const [ssoRequired, setSsoRequired] = useState(false);

  // Signed in, the details say so again: the page moves on to continuing or to consent.
  const onSignedIn = async (session: SignedIn) => {
    signedIn(session);
    await queries.invalidateQueries({ queryKey: ['get', '/oauth/interaction/{uid}/details'] });
  };

  return (
    <AuthCard title={`Sign in to continue to ${details.client.name}`}>
      <p className="muted">Sign in with your account in the organization that registered {details.client.name}.</p>
      <PasswordSignInForm
        organizationId={details.organization_id}
        onSignedIn={(session) => void onSignedIn(session)}
        onSsoRequired={() => setSsoRequired(true)}
      />
      {ssoRequired ? <p>Sign in with SSO on the sign-in page of this service first, then start again from the application.</p> : null}
    </AuthCard>
  );
}

/** Signed in already: tell the authorization server who it is, at once. */
function ContinueStep({ details, session }: { details: Details; session: SignedIn }) {
  const [failure, setFailure] = useState<unknown>();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) {
      return;
    }
    sent.current = true;
    void answer(details.uid, 'login', session.csrf_token).then(setFailure, setFailure);
  }, [details.uid, session.csrf_token]);
  return (
    <AuthCard title={`Continuing to ${details.client.name}`}>
      {failure ? (
        <p className="error-note" role="alert">
          {sentence(errorMessage(failure))}
        </p>
      ) : (
        <Loading label={`Signed in as ${session.user.email}. Continuing…`} />
      )}
    </AuthCard>
  );
}

/** "Allow <application>?" with what each scope lets it do; either answer goes back to the application. */
function ConsentStep({ details, session }: { details: Details; session: SignedIn }) {
  const [busy, setBusy] = useState<Answer | undefined>();
  const [failure, setFailure] = useState<unknown>();
  const respond = async (step: Answer) => {
    setBusy(step);
    setFailure(undefined);
    const refusal = await answer(details.uid, step, session.csrf_token).catch((error: unknown) => error);
    if (refusal) {
      setFailure(refusal);
      setBusy(undefined);
    }
  };
  const name = details.client.name;
  return (
    <AuthCard title={`Allow ${name}?`}>
      <p>
        {name} asks to use the service as you, {session.user.email}, in {session.organization.name}. It will be able to:
      </p>
      {details.scopes.length > 0 ? (
        <ul className="consent-scopes">
          {details.scopes.map((scope) => (
            <li key={scope}>{consentSentence(scope, session.user.role)}</li>
          ))}
        </ul>
      ) : (
        <p>Nothing more than you already allowed it.</p>
      )}
      <p className="muted small">
        It can never do more than your own role ({ROLE_LABELS[session.user.role]}) allows. You can take this access back at any time on your account page.
      </p>
      {failure ? (
        <p className="error-note" role="alert">
          {sentence(errorMessage(failure))}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="button" className="btn primary" disabled={busy !== undefined} onClick={() => void respond('confirm')}>
          Allow
        </button>
        <button type="button" className="btn" disabled={busy !== undefined} onClick={() => void respond('abort')}>
          Decline
        </button>
      </div>
    </AuthCard>
  );
}
