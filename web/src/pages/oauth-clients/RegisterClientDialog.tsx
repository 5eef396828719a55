import { useState, type FormEvent } from 'react';
import { $api } from '@/api/client';
import { fieldErrors } from '@/api/errors';
import type { components } from '@/api/schema';
import { CopyValue } from '@/ui/CopyValue';
import { Dialog } from '@/ui/Dialog';
import { CheckboxGroup, TextAreaField, TextField } from '@/ui/fields';
import { FieldError, FormActions, FormError } from '@/ui/form';
import { RadioGroup } from '@/ui/RadioGroup';
import { SecretOnceDialog } from '@/ui/SecretOnceDialog';
import { useDialogMutation } from '@/ui/useDialogMutation';
import { LIST_KEY, redirectUrisOf } from '@/pages/oauth-clients/clients';
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
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [registered, setRegistered] = useState<Registered | undefined>();
  const create = $api.useMutation('post', '/api/v1/oauth-clients');
  const { run, close } = useDialogMutation(create, {
    invalidates: [LIST_KEY],
    notice: 'Application registered.',
    onClose: () => {
      setDraft(EMPTY);
      onClose();
    },
    onDone: setRegistered,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run({ body: { name: draft.name, redirect_uris: redirectUrisOf(draft.redirectUris), scopes: draft.scopes, type: draft.type } });
  };
  const fields = fieldErrors(create.error);

  return (
    <>
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
          <FieldError message={fields.scopes} />
          <RadioGroup legend="Type" options={TYPE_OPTIONS} value={draft.type} error={fields.type} onChange={(type) => setDraft({ ...draft, type })} />
          <FormError error={create.error} />
          <FormActions submitLabel="Register" busy={create.isPending} onCancel={close} />
        </form>
      </Dialog>
      <SecretOnceDialog title="Application registered" shown={registered} onClose={() => setRegistered(undefined)}>
        {(client) => (
          <>
            <p>Configure {client.name} with these values.</p>
            <h3 className="value-label">Client ID</h3>
            <CopyValue value={client.client_id} label="Client ID" />
            {client.client_secret ? (
              <>
                <h3 className="value-label">Client secret</h3>
                <CopyValue value={client.client_secret} label="Client secret" once />
              </>
            ) : (
              <p className="muted">A public client has no secret: it proves itself with PKCE (S256) on every authorization.</p>
            )}
          </>
        )}
      </SecretOnceDialog>
    </>
  );
}
