import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { $api } from '@/api/client';
import { fieldErrors } from '@/api/errors';
import type { components } from '@/api/schema';
import { can } from '@/app/permissions';
import { useSignedIn } from '@/app/session';
import { ENVIRONMENT_OPTIONS, SCOPE_OPTIONS, type Environment, type Scope } from '@/pages/api-keys/scopes';
import { Badge, type Tone } from '@/ui/Badge';
import { CopyValue } from '@/ui/CopyValue';
import { ConfirmDialog, Dialog } from '@/ui/Dialog';
import { CheckboxGroup, SelectField, TextField } from '@/ui/fields';
import { useNotice } from '@/ui/notice';
import { Page } from '@/ui/Page';
import { Pager } from '@/ui/Pager';
import { Empty, ErrorNote, Forbidden, QueryView } from '@/ui/states';
import { Time } from '@/ui/Time';
import { TableWrap } from '@/ui/TableWrap';

type ApiKey = components['schemas']['ApiKeyResponseDto'];
type CreatedKey = components['schemas']['CreatedApiKeyResponseDto'];

const PAGE_SIZE = 50;
const LIST_KEY = ['get', '/api/v1/api-keys'];

const STATUS_TONES: Record<ApiKey['status'], Tone> = { active: 'good', revoked: 'neutral', expired: 'warn' };
const STATUS_LABELS: Record<ApiKey['status'], string> = { active: 'Active', revoked: 'Revoked', expired: 'Expired' };

function CreateKeyForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (key: CreatedKey) => void }) {
  const [name, setName] = useState('');
  const [environment, setEnvironment] = useState<Environment>('live');
  const [scopes, setScopes] = useState<Scope[]>(['read']);
  const [noScope, setNoScope] = useState(false);
  const mutation = $api.useMutation('post', '/api/v1/api-keys');
  const queries = useQueryClient();
  const errors = fieldErrors(mutation.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNoScope(scopes.length === 0);
    if (scopes.length === 0) {
      return;
    }
    mutation.mutate(
      { body: { name: name.trim(), environment, scopes } },
      {
        onSuccess: (created) => {
          void queries.invalidateQueries({ queryKey: LIST_KEY });
          onCreated(created);
        },
      },
    );
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
      <CheckboxGroup legend="Scopes" hint="What the key may do. Give it no more than it needs." options={SCOPE_OPTIONS} value={scopes} onChange={setScopes} />
      {noScope || errors.scopes ? (
        <p className="field-error" role="alert">
          {errors.scopes ?? 'Choose at least one scope.'}
        </p>
      ) : null}
      <ErrorNote error={Object.keys(errors).length > 0 ? undefined : mutation.error} />
      <div className="form-actions">
        <button type="submit" className="btn primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Creating…' : 'Create key'}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The key's value, once: after this dialog closes nobody can see it again. */
function NewKeyDialog({ created, onClose }: { created: CreatedKey | undefined; onClose: () => void }) {
  return (
    <Dialog title="Your new API key" open={created !== undefined} onClose={onClose}>
      {created ? (
        <>
          <p>
            The key <strong>{created.name}</strong> is ready. Programs send it in the <code>Authorization: Bearer</code> header.
          </p>
          <CopyValue label="New API key" value={created.key} once />
          <div className="form-actions">
            <button type="button" className="btn primary" onClick={onClose}>
              Done
            </button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey | undefined; onClose: () => void }) {
  const mutation = $api.useMutation('delete', '/api/v1/api-keys/{id}');
  const queries = useQueryClient();
  const notify = useNotice();
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      title={`Revoke “${apiKey?.name ?? ''}”?`}
      open={apiKey !== undefined}
      confirmLabel="Revoke key"
      busy={mutation.isPending}
      onClose={close}
      onConfirm={() =>
        apiKey &&
        mutation.mutate(
          { params: { path: { id: apiKey.id } } },
          {
            onSuccess: () => {
              void queries.invalidateQueries({ queryKey: LIST_KEY });
              notify('Key revoked.');
              close();
            },
          },
        )
      }
    >
      <p>Every program that uses this key is refused from now on. This cannot be undone.</p>
      <ErrorNote error={mutation.error} />
    </ConfirmDialog>
  );
}

function RotateDialog({ apiKey, onClose, onRotated }: { apiKey: ApiKey | undefined; onClose: () => void; onRotated: (key: CreatedKey) => void }) {
  const mutation = $api.useMutation('post', '/api/v1/api-keys/{id}/rotate');
  const queries = useQueryClient();
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      title={`Rotate “${apiKey?.name ?? ''}”?`}
      open={apiKey !== undefined}
      confirmLabel="Rotate key"
      busy={mutation.isPending}
      onClose={close}
      onConfirm={() =>
        apiKey &&
        mutation.mutate(
          { params: { path: { id: apiKey.id } } },
          {
            onSuccess: (created) => {
              void queries.invalidateQueries({ queryKey: LIST_KEY });
              close();
              onRotated(created);
            },
          },
        )
      }
    >
      <p>A new value replaces this key, with the same name and scopes. The current value stops working at once: update every program that uses it.</p>
      <ErrorNote error={mutation.error} />
    </ConfirmDialog>
  );
}

function KeysTable({ keys, onRevoke, onRotate }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void; onRotate: (key: ApiKey) => void }) {
  // The frame is focusable, so a table wider than the screen scrolls by keyboard too.
  return (
    <TableWrap label="API keys table">
      <table className="table">
        <caption className="visually-hidden">API keys, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Key</th>
            <th scope="col">Scopes</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Expires</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id}>
              <td>{key.name}</td>
              <td>
                <code>{key.prefix}…</code>
                {key.environment === 'test' ? (
                  <>
                    {' '}
                    <Badge tone="info">Test</Badge>
                  </>
                ) : null}
              </td>
              <td>{key.scopes.join(', ')}</td>
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
                    <button type="button" className="btn small" onClick={() => onRotate(key)}>
                      Rotate<span className="visually-hidden"> {key.name}</span>
                    </button>
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
  const [offset, setOffset] = useState(0);
  const [shown, setShown] = useState<CreatedKey | undefined>();
  const [revoking, setRevoking] = useState<ApiKey | undefined>();
  const [rotating, setRotating] = useState<ApiKey | undefined>();
  const query = $api.useQuery('get', '/api/v1/api-keys', { params: { query: { limit: PAGE_SIZE, offset } } }, { placeholderData: keepPreviousData });

  return (
    <>
      <QueryView query={query} label="Loading API keys…">
        {({ api_keys: keys, total }) =>
          keys.length === 0 ? (
            <Empty title="No API keys yet">
              <p>Create one for each program that calls the API.</p>
            </Empty>
          ) : (
            <>
              <KeysTable keys={keys} onRevoke={setRevoking} onRotate={setRotating} />
              <Pager offset={offset} limit={PAGE_SIZE} total={total} onChange={setOffset} />
            </>
          )
        }
      </QueryView>
      <Dialog title="Create an API key" open={creating} onClose={() => onCreatingChange(false)}>
        <CreateKeyForm
          onCancel={() => onCreatingChange(false)}
          onCreated={(created) => {
            onCreatingChange(false);
            setShown(created);
          }}
        />
      </Dialog>
      <NewKeyDialog created={shown} onClose={() => setShown(undefined)} />
      <RevokeDialog apiKey={revoking} onClose={() => setRevoking(undefined)} />
      <RotateDialog apiKey={rotating} onClose={() => setRotating(undefined)} onRotated={setShown} />
    </>
  );
}

export function ApiKeysPage() {
  const { user } = useSignedIn();
  const [creating, setCreating] = useState(false);
  const admin = can(user.role, 'admin');
  return (
    <Page
      title="API keys"
      description="Keys let programs call the API. A key's value is shown once, when it is made."
      actions={
        admin ? (
          <button type="button" className="btn primary" onClick={() => setCreating(true)}>
            Create API key
          </button>
        ) : null
      }
    >
      {admin ? <ApiKeysView creating={creating} onCreatingChange={setCreating} /> : <Forbidden what="API keys" />}
    </Page>
  );
}
