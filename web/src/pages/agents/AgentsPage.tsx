import { useState } from 'react';
import { Link } from 'react-router';
import { $api } from '@/api/client';
import { can } from '@/app/permissions';
import { useSignedIn } from '@/app/session';
import { Dialog } from '@/ui/Dialog';
import { Page } from '@/ui/Page';
import { PagedList } from '@/ui/Pager';
import { TableWrap } from '@/ui/TableWrap';
import { Empty, QueryView } from '@/ui/states';
import { Time } from '@/ui/Time';
import { formatNumber } from '@/ui/format';
import { useDialogMutation } from '@/ui/useDialogMutation';
import { usePaging } from '@/ui/usePaging';
import { AgentForm } from '@/pages/agents/AgentForm';
import { AgentStatusBadge } from '@/pages/agents/AgentStatusBadge';
import { createAgentBody, newAgentForm, RAG_STRATEGY_LABELS, type Agent, type AgentFormValues } from '@/pages/agents/agent-form';

const PAGE_SIZE = 25;

function AgentsTable({ agents }: { agents: Agent[] }) {
  return (
    <TableWrap label="Agent list">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Status</th>
            <th scope="col">Model</th>
            <th scope="col">Retrieval</th>
            <th scope="col" className="number">
              Data sources
            </th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {agents.map((agent) => (
            <tr key={agent.id}>
              <td>
                <Link to={`/agents/${agent.id}`}>{agent.name}</Link>
              </td>
              <td>
                <AgentStatusBadge status={agent.status} />
              </td>
              <td>
                <code>{agent.model}</code>
              </td>
              <td>{RAG_STRATEGY_LABELS[agent.rag_strategy]}</td>
              <td className="number">{formatNumber(agent.data_source_ids.length)}</td>
              <td>
                <Time value={agent.created_at} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function CreateAgentDialog({ open, onClose, withProviderKey }: { open: boolean; onClose: () => void; withProviderKey: boolean }) {
  const create = $api.useMutation('post', '/api/v1/agents');
  const { run, close } = useDialogMutation(create, {
    invalidates: [['get', '/api/v1/agents']],
    notice: (agent) => `Agent “${agent.name}” created.`,
    onClose,
  });
  const submit = (values: AgentFormValues) => run({ body: createAgentBody(values) });
  return (
    <Dialog title="New agent" open={open} onClose={close}>
      <AgentForm
        initial={newAgentForm(withProviderKey)}
        submitLabel="Create agent"
        busy={create.isPending}
        error={create.error}
        onSubmit={submit}
        onCancel={close}
      />
    </Dialog>
  );
}

export function AgentsPage() {
  const { user } = useSignedIn();
  const writer = can(user.role, 'write');
  const paging = usePaging(PAGE_SIZE);
  const [creating, setCreating] = useState(false);
  const agents = $api.useQuery('get', '/api/v1/agents', { params: { query: { limit: PAGE_SIZE, offset: paging.offset } } });

  const newAgentButton = writer ? (
    <button type="button" className="btn primary" onClick={() => setCreating(true)}>
      New agent
    </button>
  ) : null;

  return (
    <Page title="Agents" description="Question-answering agents and the data sources they answer from." actions={newAgentButton}>
      <QueryView query={agents} label="Loading agents…">
        {(data) => (
          <PagedList
            paging={paging}
            total={data.total}
            shown={data.agents.length}
            empty={
              <Empty title="No agents yet">
                <p>
                  {writer
                    ? 'Create an agent, attach data sources to it, and ask it questions in the playground.'
                    : 'Someone who can configure agents has not created any yet.'}
                </p>
              </Empty>
            }
          >
            <AgentsTable agents={data.agents} />
          </PagedList>
        )}
      </QueryView>
      {writer ? <CreateAgentDialog open={creating} onClose={() => setCreating(false)} withProviderKey={can(user.role, 'admin')} /> : null}
    </Page>
  );
}
