import { useMemo, useState, type FormEvent } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { $api } from '@/api/client';
import { fieldErrors } from '@/api/errors';
import type { components } from '@/api/schema';
import { mayRotate, ownerLabel } from '@/pages/api-keys/owners';
import { ENVIRONMENT_OPTIONS, scopeOptionsFor, scopesWithinRole, type Environment, type Scope } from '@/pages/api-keys/scopes';
import { can, ROLE_LABELS, type Role } from '@/app/permissions';
import { useSignedIn } from '@/app/session';
import { ActionsHeader } from '@/ui/ActionsHeader';
import { Badge, type Tone } from '@/ui/Badge';
import { ConfirmMutationDialog } from '@/ui/ConfirmMutationDialog';
import { CopyValue } from '@/ui/CopyValue';
import { Dialog } from '@/ui/Dialog';
import { Page } from '@/ui/Page';
import { CheckboxGroup, SelectField, TextField } from '@/ui/fields';
import { FieldError, FormActions, FormError } from '@/ui/form';
import { PagedList } from '@/ui/Pager';
import { SecretOnceDialog } from '@/ui/SecretOnceDialog';
import { Empty, QueryView } from '@/ui/states';
import { Time } from '@/ui/Time';
import { TableWrap } from '@/ui/TableWrap';
import { useDialogMutation } from '@/ui/useDialogMutation';
import { usePaging } from '@/ui/usePaging';

type ApiKey = components['schemas']['ApiKeyResponseDto'];
type CreatedKey = components['schemas']['CreatedApiKeyResponseDto'];

const PAGE_SIZE = 50;
const LIST_KEY = ['get', '/api/v1/api-keys'];

const STATUS_TONES: Record<ApiKey['status'], Tone> = { active: 'good', revoked: 'neutral', expired: 'warn' };
const STATUS_LABELS: Record<ApiKey['status'], string> = { active: 'Active', revoked: 'Revoked', expired: 'Expired' };

function CreateKeyForm({ onClose, onCreated }: { onClose: () => void; onCreated: (key: CreatedKey) => void }) {
  const { user } = useSignedIn();
  const [name, setName] = useState('');
  const [environment, setEnvironment] = useState<Environment>('live');
  const [scopes, setScopes] = useState<Scope[]>(['read']);
  const [noScope, setNoScope] = useState(false);
  const mutation = $api.useMutation('post', '/api/v1/api-keys');
  const { run, close } = useDialogMutation(mutation, { invalidates: [LIST_KEY], onClose, onDone: onCreated });
  const errors = fieldErrors(mutation.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNoScope(scopes.length === 0);
    if (scopes.length > 0) {
      run({ body: { name: name.trim(), environment, scopes } });
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        label="Name"
        hint="Say where the key is used, e.g. “Support widget”."
        required
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <SelectField
        label="Environment"
        value={environment}
        options={ENVIRONMENT_OPTIONS}
        error={errors.environment}
        onChange={(event) => setEnvironment(event.target.value as Environment)}
      />
      <CheckboxGroup
        legend="Scopes"
        hint="What the key may do, never more than your role allows. Give it no more than it needs."
        options={scopeOptionsFor(user.role)}
        value={scopes}
        onChange={setScopes}
      />
      <FieldError message={errors.scopes ?? (noScope ? 'Choose at least one scope.' : undefined)} />
      <FormError error={mutation.error} />
      <FormActions submitLabel="Create key" busyLabel="Creating…" busy={mutation.isPending} onCancel={close} />
    </form>
  );
}

/** The key's value, once: after this dialog closes nobody can see it again. */
function NewKeyDialog({ created, onClose }: { created: CreatedKey | undefined; onClose: () => void }) {
  return (
    <SecretOnceDialog title="Your new API key" shown={created} onClose={onClose}>
      {(key) => (
        <>
          <p>
            The key <strong>{key.name}</strong> is ready. Programs send it in the <code>Authorization: Bearer</code> header.
          </p>
          <CopyValue label="New API key" value={key.key} once />
        </>
      )}
    </SecretOnceDialog>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey | undefined; onClose: () => void }) {
  const mutation = $api.useMutation('delete', '/api/v1/api-keys/{id}');
  return (
    <ConfirmMutationDialog
      mutation={mutation}
      variables={apiKey && { params: { path: { id: apiKey.id } } }}
      invalidates={[LIST_KEY]}
      notice="Key revoked."
      onClose={onClose}
      title={`Revoke “${apiKey?.name ?? ''}”?`}
      confirmLabel="Revoke key"
    >
      <p>Every program that uses this key is refused from now on. This cannot be undone.</p>
    </ConfirmMutationDialog>
  );
}

function RotateDialog({ apiKey, onClose, onRotated }: { apiKey: ApiKey | undefined; onClose: () => void; onRotated: (key: CreatedKey) => void }) {
  const mutation = $api.useMutation('post', '/api/v1/api-keys/{id}/rotate');
  return (
    <ConfirmMutationDialog
      mutation={mutation}
      variables={apiKey && { params: { path: { id: apiKey.id } } }}
      invalidates={[LIST_KEY]}
      onClose={onClose}
      onDone={onRotated}
      title={`Rotate “${apiKey?.name ?? ''}”?`}
      confirmLabel="Rotate key"
    >
      <p>A new value replaces this key, with the same name and scopes. The current value stops working at once: update every program that uses it.</p>
    </ConfirmMutationDialog>
  );
}

/**
 * A key's scopes. Below admin, the list holds the person's own keys, capped by their role: a key made with more
 * shows what it can do, and says so.
 */
function KeyScopes({ scopes, ownerRole }: { scopes: string[]; ownerRole: Role | undefined }) {
  if (ownerRole === undefined) {
    return <>{scopes.join(', ')}</>;
  }
  const within = scopesWithinRole(scopes, ownerRole);
  return (
    <>
      {within.scopes.join(', ') || '–'}
      {within.capped ? (
        <div className="small muted">
          Made with {scopes.join(', ')}; limited to what your role ({ROLE_LABELS[ownerRole]}) allows.
        </div>
      ) : null}
    </>
  );
}

/** The addresses of the organization's people, for an admin's Owner column: one request, its first 200 people. */
function useOwnerEmails(admin: boolean): ReadonlyMap<string, string> {
  const users = $api.useQuery('get', '/api/v1/users', { params: { query: { limit: 200 } } }, { enabled: admin, staleTime: 60_000 });
  const list = users.data?.users;
  return useMemo(() => new Map((list ?? []).map((person) => [person.id, person.email])), [list]);
}

function KeysTable({
  keys,
  ownerRole,
  onRevoke,
  onRotate,
}: {
  keys: ApiKey[];
  /** The role of the person whose keys these are, when they are one person's. */
  ownerRole: Role | undefined;
  onRevoke: (key: ApiKey) => void;
  onRotate: (key: ApiKey) => void;
}) {
  const { user } = useSignedIn();
  const admin = can(user.role, 'admin');
  const emails = useOwnerEmails(admin);
  // The frame is focusable, so a table wider than the screen scrolls by keyboard too.
  return (
    <TableWrap label="API keys table">
      <table className="table">
        <caption className="visually-hidden">API keys, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Owner</th>
            <th scope="col">Key</th>
            <th scope="col">Scopes</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Expires</th>
            <ActionsHeader />
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id}>
              <td>{key.name}</td>
              <td>{ownerLabel(key.user_id, user.id, emails)}</td>
              <td>
                <code>{key.prefix}…</code>
                {key.environment === 'test' ? (
                  <>
                    {' '}
                    <Badge tone="info">Test</Badge>
                  </>
                ) : null}
              </td>
              <td>
                <KeyScopes scopes={key.scopes} ownerRole={ownerRole} />
              </td>
              <td>
                <Badge tone={STATUS_TONES[key.status]}>{STATUS_LABELS[key.status]}</Badge>
              </td>
              <td>
                <Time value={key.created_at} />
              </td>
              <td>{key.last_used_at ? <Time value={key.last_used_at} /> : 'Never'}</td>
              <td>{key.expires_at ? <Time value={key.expires_at} /> : 'Never'}</td>
              <td>
                {key.status === 'active' ? (
                  <div className="row">
                    {mayRotate(key.user_id, user.id, admin) ? (
                      <button type="button" className="btn small" onClick={() => onRotate(key)}>
                        Rotate<span className="visually-hidden"> {key.name}</span>
                      </button>
                    ) : null}
                    <button type="button" className="btn small danger" onClick={() => onRevoke(key)}>
                      Revoke<span className="visually-hidden"> {key.name}</span>
                    </button>
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function ApiKeysView({ creating, onCreatingChange }: { creating: boolean; onCreatingChange: (open: boolean) => void }) {
  const { user } = useSignedIn();
  const paging = usePaging(PAGE_SIZE);
  const [shown, setShown] = useState<CreatedKey | undefined>();
  const [revoking, setRevoking] = useState<ApiKey | undefined>();
  const [rotating, setRotating] = useState<ApiKey | undefined>();
  const query = $api.useQuery(
    'get',
    '/api/v1/api-keys',
    { params: { query: { limit: PAGE_SIZE, offset: paging.offset } } },
    { placeholderData: keepPreviousData },
  );

  return (
    <>
      <QueryView query={query} label="Loading API keys…">
        {({ api_keys: keys, total }) => (
          <PagedList
            paging={paging}
            total={total}
            shown={keys.length}
            empty={
              <Empty title="No API keys yet">
                <p>Create one for each program that calls the API.</p>
              </Empty>
            }
          >
            <KeysTable keys={keys} ownerRole={can(user.role, 'admin') ? undefined : user.role} onRevoke={setRevoking} onRotate={setRotating} />
          </PagedList>
        )}
      </QueryView>
      <Dialog title="Create an API key" open={creating} onClose={() => onCreatingChange(false)}>
        <CreateKeyForm onClose={() => onCreatingChange(false)} onCreated={setShown} />
      </Dialog>
      <NewKeyDialog created={shown} onClose={() => setShown(undefined)} />
      <RevokeDialog apiKey={revoking} onClose={() => setRevoking(undefined)} />
      <RotateDialog apiKey={rotating} onClose={() => setRotating(undefined)} onRotated={setShown} />
    </>
  );
}

/** Everyone makes keys of their own (they act as the person who made them, within their role); admins see every key. */
export function ApiKeysPage() {
  const { user } = useSignedIn();
  const [creating, setCreating] = useState(false);
  const admin = can(user.role, 'admin');
  return (
    <Page
      title="API keys"
      description={
        admin
          ? "Keys let programs call the API: the organization's, and those people made for themselves. A key's value is shown once, when it is made."
          : "Keys let your programs call the API as you: never beyond your role, and not after your account is removed. A key's value is shown once, when it is made."
      }
      actions={
        <button type="button" className="btn primary" onClick={() => setCreating(true)}>
          Create API key
        </button>
      }
    >
      <ApiKeysView creating={creating} onCreatingChange={setCreating} />
    </Page>
  );
}
