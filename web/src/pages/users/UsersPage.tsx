import { useState, type FormEvent } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { $api } from '@/api/client';
import { fieldErrors } from '@/api/errors';
import type { components } from '@/api/schema';
import { ROLE_LABELS, ROLES, type Role } from '@/app/permissions';
import { useSignedIn } from '@/app/session';
import { ActionsHeader } from '@/ui/ActionsHeader';
import { AdminListPage } from '@/ui/AdminListPage';
import { Badge } from '@/ui/Badge';
import { ConfirmMutationDialog } from '@/ui/ConfirmMutationDialog';
import { CopyValue } from '@/ui/CopyValue';
import { Dialog } from '@/ui/Dialog';
import { SelectField, TextField } from '@/ui/fields';
import { FormActions, FormError } from '@/ui/form';
import { PagedList } from '@/ui/Pager';
import { SecretOnceDialog } from '@/ui/SecretOnceDialog';
import { Empty, ErrorNote, QueryView } from '@/ui/states';
import { Time } from '@/ui/Time';
import { TableWrap } from '@/ui/TableWrap';
import { useDialogMutation } from '@/ui/useDialogMutation';
import { usePaging } from '@/ui/usePaging';
import { userChanges } from '@/pages/users/user-form';

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

function RoleSelect({ value, error, onChange }: { value: Role; error?: string; onChange: (role: Role) => void }) {
  return (
    <SelectField
      label="Role"
      hint={ROLE_HINT}
      value={value}
      options={ROLE_OPTIONS}
      error={error}
      onChange={(event) => isRole(event.target.value) && onChange(event.target.value)}
    />
  );
}

function InviteForm({ onClose, onInvited }: { onClose: () => void; onInvited: (email: string, invitation: Invitation) => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('readonly');
  const mutation = $api.useMutation('post', '/api/v1/users');
  const { run, close } = useDialogMutation(mutation, { invalidates: [LIST_KEY], onClose, onDone: (user) => onInvited(user.email, user.invitation) });
  const errors = fieldErrors(mutation.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run({ body: { email: email.trim(), role, ...(name.trim() ? { name: name.trim() } : {}) } });
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField label="Email" type="email" autoComplete="off" required value={email} error={errors.email} onChange={(event) => setEmail(event.target.value)} />
      <TextField label="Name" autoComplete="off" value={name} error={errors.name} onChange={(event) => setName(event.target.value)} />
      <RoleSelect value={role} error={errors.role} onChange={setRole} />
      <FormError error={mutation.error} />
      <FormActions submitLabel="Invite" busyLabel="Inviting…" busy={mutation.isPending} onCancel={close} />
    </form>
  );
}

/** The invitation link, once: the service keeps only its hash. */
function InvitationDialog({ shown, onClose }: { shown: { email: string; invitation: Invitation } | undefined; onClose: () => void }) {
  return (
    <SecretOnceDialog title="Invitation link" shown={shown} onClose={onClose}>
      {({ email, invitation }) => (
        <>
          <p>
            Send this link to <strong>{email}</strong>: it lets them choose a password and sign in. It works once, until <Time value={invitation.expires_at} />.
            When the service sends e-mail, they also receive it by e-mail.
          </p>
          <CopyValue label="Invitation link" value={invitation.url} once />
        </>
      )}
    </SecretOnceDialog>
  );
}

/**
 * A person's name, address and role; an admin's own row has no role (another admin changes it). Only what
 * changed is sent: a name emptied is cleared (`null`).
 */
function EditUserForm({ user, self, onDone }: { user: User; self: boolean; onDone: () => void }) {
  const [name, setName] = useState(user.name ?? '');
  const [email, setEmail] = useState(user.email);
  const [role, setRole] = useState<Role>(user.role);
  const mutation = $api.useMutation('put', '/api/v1/users/{id}');
  // The top bar shows one's own name and address: read them again after changing one's own.
  const { run, close } = useDialogMutation(mutation, { invalidates: self ? [LIST_KEY, ['session']] : [LIST_KEY], notice: 'User saved.', onClose: onDone });
  const errors = fieldErrors(mutation.error);
  const changes = userChanges(user, { name, email, role });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run({ params: { path: { id: user.id } }, body: changes });
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField label="Name" autoComplete="off" value={name} error={errors.name} onChange={(event) => setName(event.target.value)} />
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        required
        value={email}
        hint="The address they sign in with. Invitation and reset links sent to the old address stop working."
        error={errors.email}
        onChange={(event) => setEmail(event.target.value)}
      />
      {self ? null : (
        <>
          <RoleSelect value={role} error={errors.role} onChange={setRole} />
          <p className="muted small">A new role applies from their next request, and to their personal keys.</p>
        </>
      )}
      <FormError error={mutation.error} />
      <FormActions submitLabel="Save" busyLabel="Saving…" busy={mutation.isPending} disabled={Object.keys(changes).length === 0} onCancel={close} />
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
  const { run, close } = useDialogMutation(mutation, { onClose, onDone: ({ invitation }) => user && onInvited(user.email, invitation) });
  return (
    <Dialog title={`New invitation for ${user?.email ?? ''}`} open={user !== undefined} onClose={close}>
      <p>A new link lets them set a password and sign in. Any earlier invitation link of theirs stops working.</p>
      <ErrorNote error={mutation.error} />
      <div className="form-actions">
        <button type="button" className="btn primary" disabled={mutation.isPending} onClick={() => user && run({ params: { path: { id: user.id } } })}>
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
  return (
    <ConfirmMutationDialog
      mutation={mutation}
      variables={user && { params: { path: { id: user.id } } }}
      invalidates={[LIST_KEY]}
      notice="User removed."
      onClose={onClose}
      title={`Remove ${user?.email ?? ''}?`}
      confirmLabel="Remove user"
    >
      <p>They are signed out and can no longer sign in; their personal API keys are revoked. This cannot be undone.</p>
    </ConfirmMutationDialog>
  );
}

interface RowActions {
  onEdit: (user: User) => void;
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
            <ActionsHeader />
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
                    <div className="row">
                      <button type="button" className="btn small" onClick={() => actions.onEdit(user)}>
                        Edit<span className="visually-hidden"> {who}</span>
                      </button>
                      <span className="muted small">Another admin can change your role or remove you.</span>
                    </div>
                  ) : (
                    <div className="row">
                      <button type="button" className="btn small" onClick={() => actions.onEdit(user)}>
                        Edit<span className="visually-hidden"> {who}</span>
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
  const paging = usePaging(PAGE_SIZE);
  const [invitation, setInvitation] = useState<{ email: string; invitation: Invitation } | undefined>();
  const [editing, setEditing] = useState<User | undefined>();
  const [reinviting, setReinviting] = useState<User | undefined>();
  const [deleting, setDeleting] = useState<User | undefined>();
  const query = $api.useQuery(
    'get',
    '/api/v1/users',
    { params: { query: { limit: PAGE_SIZE, offset: paging.offset } } },
    { placeholderData: keepPreviousData },
  );
  const showInvitation = (email: string, next: Invitation) => setInvitation({ email, invitation: next });

  return (
    <>
      <QueryView query={query} label="Loading users…">
        {({ users, total }) => (
          <PagedList paging={paging} total={total} shown={users.length} empty={<Empty title="No users" />}>
            <UsersTable users={users} selfId={self.id} actions={{ onEdit: setEditing, onReinvite: setReinviting, onDelete: setDeleting }} />
          </PagedList>
        )}
      </QueryView>
      <Dialog title="Invite a user" open={inviting} onClose={() => onInvitingChange(false)}>
        <InviteForm onClose={() => onInvitingChange(false)} onInvited={showInvitation} />
      </Dialog>
      <Dialog title={`Edit ${editing?.name || editing?.email || ''}`} open={editing !== undefined} onClose={() => setEditing(undefined)}>
        {editing ? <EditUserForm user={editing} self={editing.id === self.id} onDone={() => setEditing(undefined)} /> : null}
      </Dialog>
      <ReinviteDialog user={reinviting} onClose={() => setReinviting(undefined)} onInvited={showInvitation} />
      <DeleteDialog user={deleting} onClose={() => setDeleting(undefined)} />
      <InvitationDialog shown={invitation} onClose={() => setInvitation(undefined)} />
    </>
  );
}

export function UsersPage() {
  return (
    <AdminListPage title="Users" description="The people of your organization: their names, addresses and roles." what="users" createLabel="Invite user">
      {(inviting, setInviting) => <UsersView inviting={inviting} onInvitingChange={setInviting} />}
    </AdminListPage>
  );
}
