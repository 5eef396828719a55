import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { $api } from '@/api/client';
import { fieldErrors } from '@/api/errors';
import { AuthCard } from '@/ui/AuthCard';
import { TextField } from '@/ui/fields';
import { FormActions, FormError } from '@/ui/form';
import '@/pages/sign-in/sign-in.css';

/** Ask for a reset link. The answer is the same whether the address has an account or not. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const request = $api.useMutation('post', '/api/auth/password-reset');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate({ body: { email } });
  };

  if (request.data) {
    return (
      <AuthCard title="Check your email">
        <p role="status">{request.data.message}</p>
        <p className="muted small">The link works once, for an hour. Nothing arrived? Look in your spam folder, or ask an admin of your organization.</p>
        <p>
          <Link to="/sign-in">Back to sign in</Link>
        </p>
      </AuthCard>
    );
  }
  const fields = fieldErrors(request.error);
  return (
    <AuthCard title="Reset your password">
      <form className="form" onSubmit={submit}>
        <p className="muted">Enter the email address you sign in with. If it has an account, we send it a link to choose a new password.</p>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          required
          value={email}
          error={fields.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <FormError error={request.error} besideFields={['email']} />
        <FormActions submitLabel="Send reset link" busy={request.isPending} />
      </form>
      <p>
        <Link to="/sign-in">Back to sign in</Link>
      </p>
    </AuthCard>
  );
}
