import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { $api } from '@/api/client';
import type { components } from '@/api/schema';
import { can } from '@/app/permissions';
import { useSignedIn } from '@/app/session';
import { Badge } from '@/ui/Badge';
import { ConfirmDialog } from '@/ui/Dialog';
import { useNotice } from '@/ui/notice';
import { Page } from '@/ui/Page';
import { Pager } from '@/ui/Pager';
import { Empty, ErrorNote, Forbidden, QueryView } from '@/ui/states';
import { Time } from '@/ui/Time';
import { RegisterClientDialog } from '@/pages/oauth-clients/RegisterClientDialog';
import '@/pages/oauth-clients/oauth-clients.css';
import { TableWrap } from '@/ui/TableWrap';

type OAuthClient = components['schemas']['OAuthClientResponseDto'];

const PAGE_SIZE = 50;
const LIST_KEY = ['get', '/api/v1/oauth-clients'] as const;
const DESCRIPTION = 'Applications that people of your organization can allow to use the service as them (OAuth 2.0, authorization code with PKCE).';

/** The organization's OAuth applications: register one, see them, delete one (which ends its access). */
export function OAuthClientsPage() {
  const { user } = useSignedIn();
  const [registering, setRegistering] = useState(false);
  if (!can(user.role, 'admin')) {
    return (
      <Page title="OAuth applications" description={DESCRIPTION}>
        <Forbidden what="OAuth applications" />
      </Page>
    );
  }
  return (
    <Page
      title="OAuth applications"
      description={DESCRIPTION}
      actions={
        <button type="button" className="btn primary" onClick={() => setRegistering(true)}>
          Register an application
        </button>
      }
    >
      <ClientList onRegister={() => setRegistering(true)} />
      <RegisterClientDialog open={registering} onClose={() => setRegistering(false)} />
    </Page>
  );
}

function ClientList({ onRegister }: { onRegister: () => void }) {
  const [offset, setOffset] = useState(0);
  const [deleting, setDeleting] = useState<OAuthClient | undefined>();
  const clients = $api.useQuery('get', '/api/v1/oauth-clients', { params: { query: { limit: PAGE_SIZE, offset } } });
  return (
    <section className="section" aria-label="Registered applications">
      <QueryView query={clients} label="Loading applications…">
        {(page) =>
          page.total === 0 ? (
            <Empty title="No applications registered">
              <p>Register a command-line tool, a desktop app or a web service to let people use the service through it, as themselves.</p>
              <button type="button" className="btn" onClick={onRegister}>
                Register an application
              </button>
            </Empty>
          ) : (
            <>
              <TableWrap label="OAuth applications">
                <table className="table">
                  <caption className="visually-hidden">OAuth applications</caption>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Client ID</th>
                      <th scope="col">Type</th>
                      <th scope="col">Scopes</th>
                      <th scope="col">Redirect URIs</th>
                      <th scope="col">Registered</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.clients.map((client) => (
                      <tr key={client.id}>
                        <td>{client.name}</td>
                        <td>
                          <code>{client.client_id}</code>
                        </td>
                        <td>
                          <Badge tone={client.type === 'confidential' ? 'info' : 'neutral'}>{client.type}</Badge>
                        </td>
                        <td>
                          <span className="badges">
                            {client.scopes.map((scope) => (
                              <Badge key={scope}>{scope}</Badge>
                            ))}
                          </span>
                        </td>
                        <td>
                          <ul className="uri-list">
                            {client.redirect_uris.map((uri) => (
                              <li key={uri}>
                                <code>{uri}</code>
                              </li>
                            ))}
                          </ul>
                        </td>
                        <td>
                          <Time value={client.created_at} />
                        </td>
                        <td>
                          <button type="button" className="btn small danger" aria-label={`Delete ${client.name}`} onClick={() => setDeleting(client)}>
                            Delete
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
              <Pager offset={offset} limit={PAGE_SIZE} total={page.total} onChange={setOffset} />
            </>
          )
        }
      </QueryView>
      <DeleteClientDialog client={deleting} onClose={() => setDeleting(undefined)} />
    </section>
  );
}

function DeleteClientDialog({ client, onClose }: { client: OAuthClient | undefined; onClose: () => void }) {
  const queries = useQueryClient();
  const notice = useNotice();
  const remove = $api.useMutation('delete', '/api/v1/oauth-clients/{id}', {
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: LIST_KEY });
      notice('Application deleted.');
      onClose();
    },
  });
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      title={client ? `Delete ${client.name}?` : 'Delete'}
      open={client !== undefined}
      confirmLabel="Delete"
      busy={remove.isPending}
      onClose={close}
      onConfirm={() => client && remove.mutate({ params: { path: { id: client.id } } })}
    >
      <p>
        Every token it holds stops working at once, for everyone who allowed it, and it can no longer sign anyone in. Registering it again gives it a new client
        ID.
      </p>
      <ErrorNote error={remove.error} />
    </ConfirmDialog>
  );
}
