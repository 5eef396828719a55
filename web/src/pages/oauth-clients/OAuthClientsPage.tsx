import { useState } from 'react';
import { $api } from '@/api/client';
import type { components } from '@/api/schema';
import { ActionsHeader } from '@/ui/ActionsHeader';
import { AdminListPage } from '@/ui/AdminListPage';
import { Badge } from '@/ui/Badge';
import { ConfirmMutationDialog } from '@/ui/ConfirmMutationDialog';
import { PagedList } from '@/ui/Pager';
import { Empty, QueryView } from '@/ui/states';
import { TableWrap } from '@/ui/TableWrap';
import { Time } from '@/ui/Time';
import { usePaging } from '@/ui/usePaging';
import { LIST_KEY } from '@/pages/oauth-clients/clients';
import { RegisterClientDialog } from '@/pages/oauth-clients/RegisterClientDialog';
import '@/pages/oauth-clients/oauth-clients.css';

type OAuthClient = components['schemas']['OAuthClientResponseDto'];

const PAGE_SIZE = 50;

/** The organization's OAuth applications: register one, see them, delete one (which ends its access). */
export function OAuthClientsPage() {
  return (
    <AdminListPage
      title="OAuth applications"
      description="Applications that people of your organization can allow to use the service as them (OAuth 2.0, authorization code with PKCE)."
      what="OAuth applications"
      createLabel="Register an application"
    >
      {(registering, setRegistering) => (
        <>
          <ClientList onRegister={() => setRegistering(true)} />
          <RegisterClientDialog open={registering} onClose={() => setRegistering(false)} />
        </>
      )}
    </AdminListPage>
  );
}

function ClientList({ onRegister }: { onRegister: () => void }) {
  const paging = usePaging(PAGE_SIZE);
  const [deleting, setDeleting] = useState<OAuthClient | undefined>();
  const clients = $api.useQuery('get', '/api/v1/oauth-clients', { params: { query: { limit: PAGE_SIZE, offset: paging.offset } } });
  return (
    <section className="section" aria-label="Registered applications">
      <QueryView query={clients} label="Loading applications…">
        {(page) => (
          <PagedList
            paging={paging}
            total={page.total}
            shown={page.clients.length}
            empty={
              <Empty title="No applications registered">
                <p>Register a command-line tool, a desktop app or a web service to let people use the service through it, as themselves.</p>
                <button type="button" className="btn" onClick={onRegister}>
                  Register an application
                </button>
              </Empty>
            }
          >
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
                    <ActionsHeader />
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
          </PagedList>
        )}
      </QueryView>
      <DeleteClientDialog client={deleting} onClose={() => setDeleting(undefined)} />
    </section>
  );
}

function DeleteClientDialog({ client, onClose }: { client: OAuthClient | undefined; onClose: () => void }) {
  const remove = $api.useMutation('delete', '/api/v1/oauth-clients/{id}');
  return (
    <ConfirmMutationDialog
      mutation={remove}
      variables={client && { params: { path: { id: client.id } } }}
      invalidates={[LIST_KEY]}
      notice="Application deleted."
      onClose={onClose}
      title={client ? `Delete ${client.name}?` : 'Delete'}
      confirmLabel="Delete"
    >
      <p>
        Every token it holds stops working at once, for everyone who allowed it, and it can no longer sign anyone in. Registering it again gives it a new client
        ID.
      </p>
    </ConfirmMutationDialog>
  );
}
