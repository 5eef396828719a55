import { useId, type FormEvent } from 'react';
import { TextField } from '@/ui/fields';
import { ssoUrl } from '@/pages/sign-in/sign-in';

/**
 * Single sign-on starts from the work e-mail address: the service finds the organization by its verified
 * domain and sends the browser to its identity provider. The address field appears once asked for, so the
 * page has one field called "Email" until then.
 */
export function SsoSignIn({ email, onEmailChange }: { email: string | undefined; onEmailChange: (email: string) => void }) {
  const headingId = useId();
  const open = email !== undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!open) {
      onEmailChange('');
      return;
    }
    window.location.assign(ssoUrl(email));
  };
  return (
    <section aria-labelledby={headingId}>
      <div className="divider" aria-hidden="true">
        or
      </div>
      <h2 id={headingId}>Sign in with SSO</h2>
      <form className="form sso-form" onSubmit={submit}>
        {open ? (
          <TextField
            label="Work email"
            type="email"
            autoComplete="email"
            required
            autoFocus
            value={email}
            hint="Your organization's identity provider asks you to sign in."
            onChange={(event) => onEmailChange(event.target.value)}
          />
        ) : (
          <p className="muted small">For organizations that sign in through their own identity provider.</p>
        )}
        <div className="form-actions">
          <button type="submit" className="btn">
            Continue with SSO
          </button>
        </div>
      </form>
    </section>
  );
}
