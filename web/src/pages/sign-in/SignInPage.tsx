import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useSession } from '@/app/session';
import { AddressNotAllowed, SessionUnavailable } from '@/app/SessionStates';
import { AuthCard } from '@/ui/AuthCard';
import { Loading } from '@/ui/states';
import { PasswordSignInForm } from '@/pages/sign-in/PasswordSignInForm';
import { SsoSignIn } from '@/pages/sign-in/SsoSignIn';
import { InsecurePageWarning } from '@/pages/sign-in/InsecurePageWarning';
import { safeNext } from '@/pages/sign-in/sign-in';
import '@/pages/sign-in/sign-in.css';

/** Sign in with email and password, or by single sign-on; back to `?next=` (a page of this site) afterwards. */
export function SignInPage() {
  const { session, blocked, failure, signedIn } = useSession();
  const [params] = useSearchParams();
  // undefined: the SSO form is folded away; a string: it is open, with this address.
  const [ssoEmail, setSsoEmail] = useState<string | undefined>();

  if (blocked) {
    return <AddressNotAllowed error={blocked} />;
  }
  if (session === undefined && failure) {
    return <SessionUnavailable error={failure} />;
  }
  if (session === undefined) {
    return (
      <AuthCard title="Sign in">
        <Loading />
      </AuthCard>
    );
  }
  if (session) {
    return <Navigate to={safeNext(params.get('next'))} replace />;
  }
  return (
    <AuthCard title="Sign in">
      <InsecurePageWarning />
      <PasswordSignInForm onSignedIn={signedIn} onSsoRequired={setSsoEmail} />
      <p>
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
      <SsoSignIn email={ssoEmail} onEmailChange={setSsoEmail} />
    </AuthCard>
  );
}
