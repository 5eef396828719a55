import { useId } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { $api } from '@/api/client';
import type { components } from '@/api/schema';
import { AgentSelect, useAgentNames } from '@/pages/interactions/AgentSelect';
import { AnswerStatusBadge } from '@/pages/interactions/AnswerStatusBadge';
import { FeedbackBadge } from '@/pages/interactions/FeedbackBadge';
import {
  FEEDBACK_FILTERS,
  filterProblems,
  hasFilters,
  readFilters,
  toQuery,
  utcDaysHint,
  withFilter,
  writeFilters,
  type InteractionFilters,
} from '@/pages/interactions/filters';
import { SelectField, TextField } from '@/ui/fields';
import { formatMs, formatNumber } from '@/ui/format';
import { Page } from '@/ui/Page';
import { PagedList } from '@/ui/Pager';
import { Empty, QueryView } from '@/ui/states';
import { Time } from '@/ui/Time';
import { usePaging } from '@/ui/usePaging';
import '@/pages/interactions/interactions.css';

type Interaction = components['schemas']['InteractionResponseDto'];

const PAGE_SIZE = 25;

function Filters({ filters, onChange, names }: { filters: InteractionFilters; onChange: (next: InteractionFilters) => void; names: Map<string, string> }) {
  const problems = filterProblems(filters);
  const set = (key: keyof InteractionFilters) => (value: string) => onChange(withFilter(filters, key, value));
  const hintId = useId();
  return (
    <form className="filters" role="search" aria-label="Filter interactions" onSubmit={(event) => event.preventDefault()}>
      <AgentSelect value={filters.agent_id ?? ''} onChange={set('agent_id')} names={names} />
      <TextField
        label="From (UTC day)"
        type="date"
        value={filters.start_date ?? ''}
        max={filters.end_date}
        aria-describedby={hintId}
        onChange={(event) => set('start_date')(event.target.value)}
      />
      <TextField
        label="To (UTC day)"
        type="date"
        value={filters.end_date ?? ''}
        min={filters.start_date}
        error={problems.end_date}
        {...(problems.end_date ? {} : { 'aria-describedby': hintId })}
        onChange={(event) => set('end_date')(event.target.value)}
      />
      <SelectField label="Feedback" value={filters.feedback ?? ''} options={FEEDBACK_FILTERS} onChange={(event) => set('feedback')(event.target.value)} />
      <div className="filters-actions">
        <button type="button" className="btn" disabled={!hasFilters(filters)} onClick={() => onChange({})}>
          Clear filters
        </button>
      </div>
      <p id={hintId} className="hint filters-hint">
        {utcDaysHint(-new Date().getTimezoneOffset())}
      </p>
    </form>
  );
}

function InteractionsTable({ interactions, names }: { interactions: Interaction[]; names: Map<string, string> }) {
  // The detail page links back to the list as it was filtered.
  const { search } = useLocation();
  // The frame is focusable, so a table wider than the screen scrolls by keyboard too.
  return (
    <div className="table-wrap contained" tabIndex={0} role="region" aria-label="Interactions table">
      <table className="table">
        <caption className="visually-hidden">Interactions, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Question</th>
            <th scope="col">Agent</th>
            <th scope="col">Feedback</th>
            <th scope="col" className="number">
              Latency
            </th>
            <th scope="col">Asked</th>
          </tr>
        </thead>
        <tbody>
          {interactions.map((interaction) => (
            <tr key={interaction.id}>
              <td className="question-cell">
                <Link to={`/interactions/${interaction.id}`} state={{ back: search }}>
                  {interaction.query}
                </Link>{' '}
                <AnswerStatusBadge status={interaction.status} />
              </td>
              <td>{names.get(interaction.agent_id) ?? <code>{interaction.agent_id}</code>}</td>
              <td>
                <FeedbackBadge feedback={interaction.feedback} />
              </td>
              <td className="number">{formatMs(interaction.latency_ms)}</td>
              <td>
                <Time value={interaction.created_at} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function InteractionsPage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const paging = usePaging(PAGE_SIZE);
  const invalid = Object.keys(filterProblems(filters)).length > 0;
  const names = useAgentNames();
  const query = $api.useQuery(
    'get',
    '/api/v1/interactions',
    { params: { query: toQuery(filters, PAGE_SIZE, paging.offset) } },
    { enabled: !invalid, placeholderData: keepPreviousData },
  );
  const update = (next: InteractionFilters) => setParams(writeFilters(next));

  return (
    <Page title="Interactions" description="The questions asked to your agents, with their answers, sources and feedback.">
      <Filters filters={filters} onChange={update} names={names} />
      {invalid ? null : (
        <QueryView query={query} label="Loading interactions…">
          {({ interactions, total }) => (
            <>
              <p className="results-summary muted" role="status">
                {total === 1 ? '1 interaction' : `${formatNumber(total)} interactions`}
                {hasFilters(filters) ? (total === 1 ? ' matches these filters' : ' match these filters') : ''}
              </p>
              <PagedList
                paging={paging}
                total={total}
                shown={interactions.length}
                empty={
                  hasFilters(filters) ? (
                    <Empty title="No interactions match these filters">
                      <button type="button" className="btn" onClick={() => update({})}>
                        Clear filters
                      </button>
                    </Empty>
                  ) : (
                    <Empty title="No interactions yet">
                      <p>Questions asked in the playground or through the API appear here.</p>
                    </Empty>
                  )
                }
              >
                <InteractionsTable interactions={interactions} names={names} />
              </PagedList>
            </>
          )}
        </QueryView>
      )}
    </Page>
  );
}
