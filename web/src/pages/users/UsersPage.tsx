import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { $api } from '@/api/client';
import { fieldErrors } from '@/api/errors';
import type { components } from '@/api/schema';
import { can, ROLE_LABELS, ROLES, type Role } from '@/app/permissions';
import { useSignedIn } from '@/app/session';
import { Badge } from '@/ui/Badge';
import { CopyValue } from '@/ui/CopyValue';
import { ConfirmDialog, Dialog } from '@/ui/Dialog';
import { SelectField, TextField } from '@/ui/fields';
import { useNotice } from '@/ui/notice';
import { Page } from '@/ui/Page';
import { Pager } from '@/ui/Pager';
import { Empty, ErrorNote, Forbidden, QueryView } from '@/ui/states';
import { Time } from '@/ui/Time';
import { TableWrap } from '@/ui/TableWrap';

type User = components['schemas']['UserResponseDto'];
type Invitation = components['schemas']['InvitationResponseDto'];

const PAGE_SIZE = 50;
const LIST_KEY = ['get', '/api/v1/users'];
const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const ROLE_HINT =
  'Read only reads everything; Train also edits the knowledge base and gives feedback; Configure also changes agents and data sources and asks questions; Admin does everything, users and keys included.';

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

function InviteForm({ onCancel, onInvited }: { onCancel: () => void; onInvited: (email: string, invitation: Invitation) => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('readonly');
  const mutation = $api.useMutation('post', '/api/v1/users');
  const queries = useQueryClient();
  const errors = fieldErrors(mutation.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(
      { body: { email: email.trim(), role, ...(name.trim() ? { name: name.trim() } : {}) } },
      {
        onSuccess: (user) => {
          void queries.invalidateQueries({ queryKey: LIST_KEY });
          onInvited(user.email, user.invitation);
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField label="Email" type="email" autoComplete="off" required value={email} error={errors.email} onChange={(event) => setEmail(event.target.value)} />
      <TextField label="Name" autoComplete="off" value={name} error={errors.name} onChange={(event) => setName(event.target.value)} />
      <SelectField
        label="Role"
        hint={ROLE_HINT}
        value={role}
        options={ROLE_OPTIONS}
        error={errors.role}
        onChange={(event) => isRole(event.target.value) && setRole(event.target.value)}
      />
      <ErrorNote error={Object.keys(errors).length > 0 ? undefined : mutation.error} />
      <div className="form-actions">
        <button type="submit" className="btn primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Inviting…' : 'Invite'}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The invitation link, once: the service keeps only its hash. */
function InvitationDialog({ shown, onClose }: { shown: { email: string; invitation: Invitation } | undefined; onClose: () => void }) {
  return (
    <Dialog title="Invitation link" open={shown !== undefined} onClose={onClose}>
      {shown ? (
        <>
          <p>
            Send this link to <strong>{shown.email}</strong>: it lets them choose a password and sign in. It works once, until{' '}
            <Time value={shown.invitation.expires_at} />. When the service sends e-mail, they also receive it by e-mail.
          </p>
          <CopyValue label="Invitation link" value={shown.invitation.url} once />
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

function RoleForm({ user, onDone }: { user: User; onDone: () => void }) {
  const [role, setRole] = useState<Role>(user.role);
  const mutation = $api.useMutation('put', '/api/v1/users/{id}');
  const queries = useQueryClient();
  const notify = useNotice();
  const errors = fieldErrors(mutation.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(
      { params: { path: { id: user.id } }, body: { role } },
      {
        onSuccess: () => {
          void queries.invalidateQueries({ queryKey: LIST_KEY });
          notify('Role changed.');
          onDone();
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={submit}>
      <SelectField
        label="Role"
        hint={ROLE_HINT}
        value={role}
        options={ROLE_OPTIONS}
        error={errors.role}
        onChange={(event) => isRole(event.target.value) && setRole(event.target.value)}
      />
      <p className="muted small">The new role applies from their next request, and to their personal keys.</p>
      <ErrorNote error={Object.keys(errors).length > 0 ? undefined : mutation.error} />
      <div className="form-actions">
        <button type="submit" className="btn primary" disabled={mutation.isPending || role === user.role}>
          {mutation.isPending ? 'Saving…' : 'Save role'}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ReinviteDialog({
  user,
  onClose,
  onInvited,
}: {
  user: User | undefined;
  onClose: () => void;
  onInvited: (email: string, invitation: Invitation) => void;
}) {
  const mutation = $api.useMutation('post', '/api/v1/users/{id}/invitation');
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <Dialog title={`New invitation for ${user?.email ?? ''}`} open={user !== undefined} onClose={close}>
      <p>A new link lets them set a password and sign in. Any earlier invitation link of theirs stops working.</p>
      <ErrorNote error={mutation.error} />
      <div className="form-actions">
        <button
          type="button"
          className="btn primary"
          disabled={mutation.isPending}
          onClick={() =>
            user &&
            mutation.mutate(
              { params: { path: { id: user.id } } },
              {
                onSuccess: ({ invitation }) => {
                  close();
                  onInvited(user.email, invitation);
                },
              },
            )
          }
        >
          Make a new link
        </button>
        <button type="button" className="btn" onClick={close}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}

function DeleteDialog({ user, onClose }: { user: User | undefined; onClose: () => void }) {
  const mutation = $api.useMutation('delete', '/api/v1/users/{id}');
  const queries = useQueryClient();
  const notify = useNotice();
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      title={`Remove ${user?.email ?? ''}?`}
      open={user !== undefined}
      confirmLabel="Remove user"
      busy={mutation.isPending}
      onClose={close}
      onConfirm={() =>
        user &&
        mutation.mutate(
          { params: { path: { id: user.id } } },
          {
            onSuccess: () => {
              void queries.invalidateQueries({ queryKey: LIST_KEY });
              notify('User removed.');
              close();
            },
          },
        )
      }
    >
      <p>They are signed out and can no longer sign in; their personal API keys are revoked. This cannot be undone.</p>
      <ErrorNote error={mutation.error} />
    </ConfirmDialog>
  );
}

interface RowActions {
  onRole: (user: User) => void;
  onReinvite: (user: User) => void;
  onDelete: (user: User) => void;
}

function UsersTable({ users, selfId, actions }: { users: User[]; selfId: string; actions: RowActions }) {
  // The frame is focusable, so a table wider than the screen scrolls by keyboard too.
  return (
    <TableWrap label="Users table">
      <table className="table">
        <caption className="visually-hidden">Users of the organization</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Added</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const who = user.name || user.email;
            return (
              <tr key={user.id}>
                <td>
                  {user.name || <span className="muted">–</span>}
                  {user.id === selfId ? (
                    <>
                      {' '}
                      <Badge tone="info">You</Badge>
                    </>
                  ) : null}
                </td>
                <td>{user.email}</td>
                <td>{ROLE_LABELS[user.role]}</td>
                <td>
                  <Time value={user.created_at} />
                </td>
                <td>
                  {user.id === selfId ? (
                    <span className="muted small">Another admin can change your role or remove you.</span>
                  ) : (
                    <div className="row">
                      <button type="button" className="btn small" onClick={() => actions.onRole(user)}>
                        Change role<span className="visually-hidden"> of {who}</span>
                      </button>
                      <button type="button" className="btn small" onClick={() => actions.onReinvite(user)}>
                        New invitation<span className="visually-hidden"> for {who}</span>
                      </button>
                      <button type="button" className="btn small danger" onClick={() => actions.onDelete(user)}>
                        Remove<span className="visually-hidden"> {who}</span>
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableWrap>
  );
}

function UsersView({ inviting, onInvitingChange }: { inviting: boolean; onInvitingChange: (open: boolean) => void }) {
  const { user: self } = useSignedIn();
  const [offset, setOffset] = useState(0);
  const [invitation, setInvitation] = useState<{ email: string; invitation: Invitation } | undefined>();
  const [changingRole, setChangingRole] = useState<User | undefined>();
  const [reinviting, setReinviting] = useState<User | undefined>();
  const [deleting, setDeleting] = useState<User | undefined>();
  const query = $api.useQuery('get', '/api/v1/users', { params: { query: { limit: PAGE_SIZE, offset } } }, { placeholderData: keepPreviousData });
  const showInvitation = (email: string, next: Invitation) => setInvitation({ email, invitation: next });

  return (
    <>
      <QueryView query={query} label="Loading users…">
        {({ users, total }) =>
          users.length === 0 ? (
            <Empty title="No users" />
          ) : (
            <>
              <UsersTable users={users} selfId={self.id} actions={{ onRole: setChangingRole, onReinvite: setReinviting, onDelete: setDeleting }} />
              <Pager offset={offset} limit={PAGE_SIZE} total={total} onChange={setOffset} />
            </>
          )
        }
      </QueryView>
      <Dialog title="Invite a user" open={inviting} onClose={() => onInvitingChange(false)}>
        <InviteForm
          onCancel={() => onInvitingChange(false)}
          onInvited={(email, next) => {
            onInvitingChange(false);
            showInvitation(email, next);
          }}
        />
      </Dialog>
      <Dialog title={`Role of ${changingRole?.name || changingRole?.email || ''}`} open={changingRole !== undefined} onClose={() => setChangingRole(undefined)}>
        {changingRole ? <RoleForm user={changingRole} onDone={() => setChangingRole(undefined)} /> : null}
      </Dialog>
      <ReinviteDialog user={reinviting} onClose={() => setReinviting(undefined)} onInvited={showInvitation} />
      <DeleteDialog user={deleting} onClose={() => setDeleting(undefined)} />
      <InvitationDialog shown={invitation} onClose={() => setInvitation(undefined)} />
    </>
  );
}

export function UsersPage() {
  const { user } = useSignedIn();
  const [inviting, setInviting] = useState(false);
  const admin = can(user.role, 'admin');
  return (
    <Page
      title="Users"
      description="The people of your organization and their roles."
      actions={
        admin ? (
          <button type="button" className="btn primary" onClick={() => setInviting(true)}>
            Invite user
          </button>
        ) : null
      }
    >
      {admin ? <UsersView inviting={inviting} onInvitingChange={setInviting} /> : <Forbidden what="users" />}
    </Page>
  );
}
