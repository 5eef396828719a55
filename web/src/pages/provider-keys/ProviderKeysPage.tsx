import { useState } from 'react';
import { Link } from 'react-router';
import { $api } from '@/api/client';
import type { ApiErrorBody } from '@/api/errors';
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
import { AddProviderKeyDialog, LIST_KEY, PROVIDER_LABELS } from '@/pages/provider-keys/AddProviderKeyDialog';
import '@/pages/provider-keys/provider-keys.css';

type ProviderKey = components['schemas']['ProviderKeyResponseDto'];

const PAGE_SIZE = 50;

/** The organization's own model provider keys: agents answer with them, billed by that provider. */
export function ProviderKeysPage() {
  return (
    <AdminListPage
      title="Provider keys"
      description="Keys of model providers that agents answer with, billed to your account with that provider. A key is stored encrypted and never shown again."
      what="provider keys"
      createLabel="Add a provider key"
    >
      {(adding, setAdding) => (
        <>
          <ProviderKeyList onAdd={() => setAdding(true)} />
          <AddProviderKeyDialog open={adding} onClose={() => setAdding(false)} />
        </>
      )}
    </AdminListPage>
  );
}

function ProviderKeyList({ onAdd }: { onAdd: () => void }) {
  const paging = usePaging(PAGE_SIZE);
  const [deleting, setDeleting] = useState<ProviderKey | undefined>();
  const keys = $api.useQuery('get', '/api/v1/provider-keys', { params: { query: { limit: PAGE_SIZE, offset: paging.offset } } });
  return (
    <section className="section" aria-label="Stored provider keys">
      <QueryView query={keys} label="Loading provider keys…">
        {(page) => (
          <PagedList
            paging={paging}
            total={page.total}
            shown={page.provider_keys.length}
            empty={
              <Empty title="No provider keys yet">
                <p>Without one, agents use the service's own model setup. Add a key to have agents answer with your provider account.</p>
                <button type="button" className="btn" onClick={onAdd}>
                  Add a provider key
                </button>
              </Empty>
            }
          >
            <TableWrap label="Provider keys">
              <table className="table">
                <caption className="visually-hidden">Provider keys</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Provider</th>
                    <th scope="col">Key</th>
                    <th scope="col">Endpoint</th>
                    <th scope="col">Added</th>
                    <ActionsHeader />
                  </tr>
                </thead>
                <tbody>
                  {page.provider_keys.map((key) => (
                    <tr key={key.id}>
                      <td>{key.name ?? <span className="muted">Unnamed</span>}</td>
                      <td>
                        <Badge>{PROVIDER_LABELS[key.provider]}</Badge>
                      </td>
                      <td>
                        <code aria-label={`Ends in ${key.last_four}`}>…{key.last_four}</code>
                      </td>
                      <td className="endpoint">{key.base_url ?? <span className="muted">Provider default</span>}</td>
                      <td>
                        <Time value={key.created_at} />
                      </td>
                      <td>
                        <button type="button" className="btn small danger" aria-label={`Delete ${nameOf(key)}`} onClick={() => setDeleting(key)}>
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
      <DeleteProviderKeyDialog providerKey={deleting} onClose={() => setDeleting(undefined)} />
    </section>
  );
}

function nameOf(key: ProviderKey): string {
  return key.name ?? `${PROVIDER_LABELS[key.provider]} key …${key.last_four}`;
}

function DeleteProviderKeyDialog({ providerKey, onClose }: { providerKey: ProviderKey | undefined; onClose: () => void }) {
  const remove = $api.useMutation('delete', '/api/v1/provider-keys/{id}');
  return (
    <ConfirmMutationDialog
      mutation={remove}
      variables={providerKey && { params: { path: { id: providerKey.id } } }}
      invalidates={[LIST_KEY]}
      notice="Provider key deleted."
      onClose={onClose}
      title={providerKey ? `Delete ${nameOf(providerKey)}?` : 'Delete'}
      confirmLabel="Delete"
      explainError={(error) => <AgentsUsingKey ids={agentIdsOf(error)} />}
    >
      <p>The key is erased from the service: no agent can answer with it any more. The key itself stays valid at the provider until you revoke it there.</p>
    </ConfirmMutationDialog>
  );
}

function AgentsUsingKey({ ids }: { ids: string[] }) {
  if (ids.length === 0) {
    return null;
  }
  return (
    <>
      <p>Give these agents another key, or none, then delete it:</p>
      <ul>
        {ids.map((id) => (
          <li key={id}>
            <Link to={`/agents/${id}`}>{id}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The agents a 409 says still use the key (`details.agent_ids`). */
function agentIdsOf(error: unknown): string[] {
  const ids = ((error as ApiErrorBody | null | undefined)?.error?.details as { agent_ids?: unknown } | undefined)?.agent_ids;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}
