import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { $api } from '@/api/client';
import { can } from '@/app/permissions';
import { useSignedIn } from '@/app/session';
import { ConfirmMutationDialog } from '@/ui/ConfirmMutationDialog';
import { Page, Section } from '@/ui/Page';
import { ErrorNote, ErrorState, Loading } from '@/ui/states';
import { Time } from '@/ui/Time';
import { formatNumber } from '@/ui/format';
import { useNotice } from '@/ui/notice';
import { AgentForm } from '@/pages/agents/AgentForm';
import { AgentStatusBadge } from '@/pages/agents/AgentStatusBadge';
import { agentFormFrom, RAG_STRATEGY_LABELS, updateAgentBody, type Agent, type AgentFormValues } from '@/pages/agents/agent-form';
import { SourceStatusBadge } from '@/pages/data-sources/SourceStatusBadge';

/** After a change: the list and every agent's own query (a path with an id is a key of its own). */
const AGENT_QUERIES = [
  ['get', '/api/v1/agents'],
  ['get', '/api/v1/agents/{id}'],
] as const;

const backToList = <Link to="/agents">All agents</Link>;

function useAgentChanged() {
  const queries = useQueryClient();
  return () => Promise.all(AGENT_QUERIES.map((queryKey) => queries.invalidateQueries({ queryKey })));
}

function AgentDetails({ agent }: { agent: Agent }) {
  return (
    <dl className="properties">
      <dt>Status</dt>
      <dd>
        <AgentStatusBadge status={agent.status} />
      </dd>
      <dt>Id</dt>
      <dd>
        <code>{agent.id}</code>
      </dd>
      <dt>Model</dt>
      <dd>
        <code>{agent.model}</code>
      </dd>
      <dt>Retrieval</dt>
      <dd>{RAG_STRATEGY_LABELS[agent.rag_strategy]}</dd>
      <dt>Temperature</dt>
      <dd>{formatNumber(agent.temperature)}</dd>
      <dt>Answer length</dt>
      <dd>{formatNumber(agent.max_tokens)} tokens</dd>
      <dt>Instructions</dt>
      <dd>{agent.system_prompt ? <pre>{agent.system_prompt}</pre> : <span className="muted">None</span>}</dd>
      <dt>Created</dt>
      <dd>
        <Time value={agent.created_at} />
      </dd>
      <dt>Updated</dt>
      <dd>
        <Time value={agent.updated_at} />
      </dd>
    </dl>
  );
}

function AttachedSources({ ids }: { ids: string[] }) {
  const sources = $api.useQuery('get', '/api/v1/data-sources', { params: { query: { limit: 200 } } });
  if (ids.length === 0) {
    return <p className="muted">No data sources attached: the agent can only answer from the published knowledge base.</p>;
  }
  if (sources.isPending) {
    return <Loading label="Loading data sources…" />;
  }
  if (sources.error) {
    return <ErrorNote error={sources.error} />;
  }
  const byId = new Map(sources.data.data_sources.map((source) => [source.id, source]));
  return (
    <ul className="plain-list">
      {ids.map((id) => {
        const source = byId.get(id);
        return (
          <li key={id}>
            <Link to={`/data-sources/${id}`}>{source?.name ?? id}</Link> {source ? <SourceStatusBadge status={source.status} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

function EditAgent({ agent, withProviderKey }: { agent: Agent; withProviderKey: boolean }) {
  const update = $api.useMutation('put', '/api/v1/agents/{id}');
  const changed = useAgentChanged();
  const notify = useNotice();
  const save = (values: AgentFormValues) => {
    update.mutate(
      { params: { path: { id: agent.id } }, body: updateAgentBody(values) },
      {
        onSuccess: () => {
          void changed();
          notify('Agent saved.');
        },
      },
    );
  };
  return (
    <AgentForm
      key={agent.updated_at}
      initial={agentFormFrom(agent, withProviderKey)}
      submitLabel="Save changes"
      busy={update.isPending}
      error={update.error}
      onSubmit={save}
    />
  );
}

function AgentActions({ agent }: { agent: Agent }) {
  const navigate = useNavigate();
  const notify = useNotice();
  const changed = useAgentChanged();
  const [confirming, setConfirming] = useState(false);
  const update = $api.useMutation('put', '/api/v1/agents/{id}');
  const remove = $api.useMutation('delete', '/api/v1/agents/{id}');
  const next = agent.status === 'active' ? 'disabled' : 'active';

  const toggle = () =>
    update.mutate(
      { params: { path: { id: agent.id } }, body: { status: next } },
      {
        onSuccess: () => {
          void changed();
          notify(next === 'active' ? 'Agent enabled.' : 'Agent disabled.');
        },
      },
    );

  return (
    <>
      <button type="button" className="btn" onClick={toggle} disabled={update.isPending}>
        {next === 'active' ? 'Enable' : 'Disable'}
      </button>
      <button type="button" className="btn danger" onClick={() => setConfirming(true)}>
        Delete
      </button>
      <ErrorNote error={update.error} />
      <ConfirmMutationDialog
        mutation={remove}
        variables={confirming ? { params: { path: { id: agent.id } } } : undefined}
        forgets={[['get', '/api/v1/agents/{id}', { params: { path: { id: agent.id } } }]]}
        invalidates={[['get', '/api/v1/agents']]}
        notice={`Agent “${agent.name}” deleted.`}
        onClose={() => setConfirming(false)}
        onDone={() => void navigate('/agents')}
        title={`Delete agent “${agent.name}”?`}
        confirmLabel="Delete agent"
      >
        <p>The agent and its settings are removed for good. Applications that ask it by its id will get “not found”. Its data sources are kept.</p>
      </ConfirmMutationDialog>
    </>
  );
}

export function AgentPage() {
  const { id = '' } = useParams();
  const { user } = useSignedIn();
  const writer = can(user.role, 'write');
  const agent = $api.useQuery('get', '/api/v1/agents/{id}', { params: { path: { id } } });

  if (agent.error || agent.isPending) {
    return (
      <Page title="Agent" description={backToList}>
        {agent.error ? <ErrorState error={agent.error} retry={() => void agent.refetch()} /> : <Loading label="Loading the agent…" />}
      </Page>
    );
  }
  const data = agent.data;
  const actions = (
    <>
      {can(user.role, 'ask') ? (
        <Link className="btn" to={`/playground?agent=${encodeURIComponent(data.id)}`}>
          Ask in the playground
        </Link>
      ) : null}
      {writer ? <AgentActions agent={data} /> : null}
    </>
  );

  return (
    <Page title={data.name} description={backToList} actions={actions}>
      <Section title="Details">
        <AgentDetails agent={data} />
      </Section>
      <Section title="Data sources">
        <AttachedSources ids={data.data_source_ids} />
      </Section>
      {writer ? (
        <Section title="Edit">
          <EditAgent agent={data} withProviderKey={can(user.role, 'admin')} />
        </Section>
      ) : null}
    </Page>
  );
}
