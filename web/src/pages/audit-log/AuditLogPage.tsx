import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { $api } from '@/api/client';
import type { components } from '@/api/schema';
import { can } from '@/app/permissions';
import { useSignedIn } from '@/app/session';
import { SelectField, TextField } from '@/ui/fields';
import { Page } from '@/ui/Page';
import { PagedList } from '@/ui/Pager';
import { Empty, Forbidden, QueryView } from '@/ui/states';
import { Time } from '@/ui/Time';
import { formatDateTime } from '@/ui/format';
import { usePaging } from '@/ui/usePaging';
import {
  ACTION_LABELS,
  ACTOR_LABELS,
  detailLines,
  filterProblems,
  filtersFromParams,
  paramsFromFilters,
  type AuditAction,
  type AuditFilters,
} from '@/pages/audit-log/audit';
import '@/pages/audit-log/audit-log.css';
import { TableWrap } from '@/ui/TableWrap';

type Entry = components['schemas']['AuditEntryDto'];

const PAGE_SIZE = 50;
const ACTION_OPTIONS = [
  { value: '', label: 'All actions' },
  ...(Object.entries(ACTION_LABELS) as Array<[AuditAction, string]>).map(([value, label]) => ({ value, label: `${label} (${value})` })),
];
const DESCRIPTION = 'Sign-ins, sessions, keys, users, settings and blocked addresses, newest first. Entries are never changed or removed.';

/** The organization's audit log, filtered by action and UTC days from the page address. */
export function AuditLogPage() {
  const { user } = useSignedIn();
  if (!can(user.role, 'admin')) {
    return (
      <Page title="Audit log" description={DESCRIPTION}>
        <Forbidden what="the audit log" />
      </Page>
    );
  }
  return <AuditLog />;
}

function AuditLog() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const paging = usePaging(PAGE_SIZE);
  const problems = filterProblems(filters);
  const invalid = Object.keys(problems).length > 0;
  const entries = $api.useQuery(
    'get',
    '/api/v1/audit-log',
    {
      params: {
        query: {
          limit: PAGE_SIZE,
          offset: paging.offset,
          ...(filters.action ? { action: filters.action } : {}),
          ...(filters.start ? { start_date: filters.start } : {}),
          ...(filters.end ? { end_date: filters.end } : {}),
        },
      },
    },
    { enabled: !invalid },
  );
  const apply = (next: AuditFilters) => setParams(paramsFromFilters(next));
  const filtered = Boolean(filters.action || filters.start || filters.end);
  return (
    <Page title="Audit log" description={DESCRIPTION}>
      <FilterForm key={params.toString()} filters={filters} endProblem={problems.end} onApply={apply} />
      {invalid ? null : (
        <section className="section" aria-label="Entries">
          <QueryView query={entries} label="Loading the audit log…">
            {(page) => (
              <PagedList
                paging={paging}
                total={page.total}
                shown={page.entries.length}
                empty={
                  <Empty title={filtered ? 'No entries match these filters' : 'No entries yet'}>
                    {filtered ? (
                      <button type="button" className="btn" onClick={() => apply({})}>
                        Clear the filters
                      </button>
                    ) : null}
                  </Empty>
                }
              >
                <EntryTable entries={page.entries} />
              </PagedList>
            )}
          </QueryView>
        </section>
      )}
    </Page>
  );
}

function FilterForm({ filters, endProblem, onApply }: { filters: AuditFilters; endProblem?: string; onApply: (filters: AuditFilters) => void }) {
  const [action, setAction] = useState<string>(filters.action ?? '');
  const [start, setStart] = useState(filters.start ?? '');
  const [end, setEnd] = useState(filters.end ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...(action ? { action: action as AuditAction } : {}), ...(start ? { start } : {}), ...(end ? { end } : {}) });
  };
  return (
    <form className="row audit-filters" onSubmit={submit} aria-label="Filter the audit log">
      <SelectField label="Action" options={ACTION_OPTIONS} value={action} onChange={(event) => setAction(event.target.value)} />
      <TextField label="From (UTC day)" type="date" value={start} max={end || undefined} onChange={(event) => setStart(event.target.value)} />
      <TextField label="To (UTC day)" type="date" value={end} min={start || undefined} error={endProblem} onChange={(event) => setEnd(event.target.value)} />
      <div className="form-actions">
        <button type="submit" className="btn primary">
          Filter
        </button>
        <button type="button" className="btn" onClick={() => onApply({})}>
          Clear
        </button>
      </div>
    </form>
  );
}

function EntryTable({ entries }: { entries: Entry[] }) {
  const { user } = useSignedIn();
  return (
    <TableWrap label="Audit log entries, newest first">
      <table className="table audit-table">
        <caption className="visually-hidden">Audit log entries, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Action</th>
            <th scope="col">Actor</th>
            <th scope="col">Address</th>
            <th scope="col">Target</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>
                <Time value={entry.created_at} />
              </td>
              <td>
                {ACTION_LABELS[entry.action] ?? entry.action}
                <br />
                <code className="small muted">{entry.action}</code>
              </td>
              <td>
                {ACTOR_LABELS[entry.actor.type]}
                {entry.actor.id === user.id ? ' (you)' : null}
                {entry.actor.id ? (
                  <>
                    <br />
                    <code className="small">{entry.actor.id}</code>
                  </>
                ) : null}
              </td>
              <td>{entry.ip ?? '–'}</td>
              <td>
                {entry.target ? (
                  <>
                    {entry.target.type}
                    <br />
                    <code className="small">{entry.target.id}</code>
                  </>
                ) : (
                  '–'
                )}
              </td>
              <td>
                <EntryDetails entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function EntryDetails({ entry }: { entry: Entry }) {
  const lines = detailLines(entry.details);
  return (
    <details className="audit-details">
      <summary>
        Show
        <span className="visually-hidden">
          {' '}
          the details of {ACTION_LABELS[entry.action] ?? entry.action}, {formatDateTime(entry.created_at)}
        </span>
      </summary>
      <dl className="properties">
        {lines.map(([key, value]) => (
          <div key={key} className="detail-line">
            <dt>{key}</dt>
            <dd>{value.includes('\n') ? <pre>{value}</pre> : value}</dd>
          </div>
        ))}
        <div className="detail-line">
          <dt>User agent</dt>
          <dd>{entry.user_agent ?? '–'}</dd>
        </div>
        <div className="detail-line">
          <dt>Entry</dt>
          <dd>
            <code>{entry.id}</code>
          </dd>
        </div>
      </dl>
    </details>
  );
}
