import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { $api } from '@/api/client';
import { errorMessage, fieldErrors } from '@/api/errors';
import type { components } from '@/api/schema';
import { CopyValue } from '@/ui/CopyValue';
import { Dialog } from '@/ui/Dialog';
import { CheckboxGroup, TextAreaField, TextField } from '@/ui/fields';
import { useNotice } from '@/ui/notice';
import { redirectUrisOf } from '@/pages/oauth-clients/clients';
import { RadioGroup } from '@/pages/oauth-clients/RadioGroup';
import { OAUTH_SCOPES, scopeSentence, type OAuthScope } from '@/pages/oauth-consent/scopes';

type ClientType = NonNullable<components['schemas']['CreateOAuthClientDto']['type']>;
type Registered = components['schemas']['CreatedOAuthClientResponseDto'];

const TYPE_OPTIONS: ReadonlyArray<{ value: ClientType; label: string; hint: string }> = [
  { value: 'confidential', label: 'Confidential', hint: 'A server that can keep a secret: it gets a client secret.' },
  { value: 'public', label: 'Public', hint: 'A native, command-line or browser application: no secret, it must use PKCE.' },
];

const SCOPE_OPTIONS = OAUTH_SCOPES.map((scope) => ({ value: scope, label: scope, hint: scopeSentence(scope) }));

interface Draft {
  name: string;
  redirectUris: string;
  scopes: OAuthScope[];
  type: ClientType;
}

const EMPTY: Draft = { name: '', redirectUris: '', scopes: ['read'], type: 'confidential' };

/** Registers an application, then shows its client id and (confidential clients) its secret, once. */
export function RegisterClientDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queries = useQueryClient();
  const notice = useNotice();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [registered, setRegistered] = useState<Registered | undefined>();
  const create = $api.useMutation('post', '/api/v1/oauth-clients', {
    onSuccess: async (client) => {
      setRegistered(client);
      notice('Application registered.');
      await queries.invalidateQueries({ queryKey: ['get', '/api/v1/oauth-clients'] });
    },
  });
  const close = () => {
    setDraft(EMPTY);
    setRegistered(undefined);
    create.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ body: { name: draft.name, redirect_uris: redirectUrisOf(draft.redirectUris), scopes: draft.scopes, type: draft.type } });
  };
  const fields = fieldErrors(create.error);

  if (registered) {
    return (
      <Dialog title="Application registered" open={open} onClose={close}>
        <p>Configure {registered.name} with these values.</p>
        <h3 className="value-label">Client ID</h3>
        <CopyValue value={registered.client_id} label="Client ID" />
        {registered.client_secret ? (
          <>
            <h3 className="value-label">Client secret</h3>
            <CopyValue value={registered.client_secret} label="Client secret" once />
          </>
        ) : (
          <p className="muted">A public client has no secret: it proves itself with PKCE (S256) on every authorization.</p>
        )}
        <div className="form-actions">
          <button type="button" className="btn primary" onClick={close}>
            Done
          </button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog title="Register an application" open={open} onClose={close}>
      <form className="form" onSubmit={submit}>
        <TextField
          label="Name"
          required
          value={draft.name}
          error={fields.name}
          hint="People see it when they are asked to allow the application."
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        />
        <TextAreaField
          label="Redirect URIs"
          required
          rows={3}
          value={draft.redirectUris}
          error={fields.redirect_uris}
          spellCheck={false}
          placeholder="https://app.example.com/oauth/callback"
          hint="One per line, matched exactly. HTTPS, or HTTP on a loopback address (127.0.0.1, [::1], localhost) for native applications."
          onChange={(event) => setDraft({ ...draft, redirectUris: event.target.value })}
        />
        <CheckboxGroup
          legend="Scopes"
          hint="The most it may ask for. A person can never give it more than their own role allows."
          options={SCOPE_OPTIONS}
          value={draft.scopes}
          onChange={(scopes) => setDraft({ ...draft, scopes })}
        />
        {fields.scopes ? (
          <p className="field-error" role="alert">
            {fields.scopes}
          </p>
        ) : null}
        <RadioGroup legend="Type" options={TYPE_OPTIONS} value={draft.type} error={fields.type} onChange={(type) => setDraft({ ...draft, type })} />
        {create.error && Object.keys(fields).length === 0 ? (
          <p className="error-note" role="alert">
            {errorMessage(create.error)}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="btn primary" disabled={create.isPending}>
            Register
          </button>
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
