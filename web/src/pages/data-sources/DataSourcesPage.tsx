import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { $api } from '@/api/client';
import { can } from '@/app/permissions';
import { useSignedIn } from '@/app/session';
import { Dialog } from '@/ui/Dialog';
import { SelectField } from '@/ui/fields';
import { Page } from '@/ui/Page';
import { PagedList } from '@/ui/Pager';
import { TableWrap } from '@/ui/TableWrap';
import { Empty, QueryView } from '@/ui/states';
import { Time } from '@/ui/Time';
import { useDialogMutation } from '@/ui/useDialogMutation';
import { useAddressFilter, usePaging } from '@/ui/usePaging';
import '@/pages/data-sources/data-sources.css';
import { SourceForm } from '@/pages/data-sources/SourceForm';
import { SourceStatusBadge } from '@/pages/data-sources/SourceStatusBadge';
import { SyncProgress } from '@/pages/data-sources/SyncProgress';
import { createSourceBody, newSourceForm, type SourceFormValues } from '@/pages/data-sources/source-form';
import { sourceSyncing } from '@/pages/data-sources/connection';
import { FREQUENCY_LABELS, TYPE_LABELS, type DataSource } from '@/pages/data-sources/source-status';
import { useSourceStatus } from '@/pages/data-sources/useSourceStatus';

const PAGE_SIZE = 25;

type StatusFilter = 'active' | 'processing' | 'pending' | 'failed';

const FILTERS: ReadonlyArray<{ value: '' | StatusFilter; label: string }> = [
  { value: '', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'processing', label: 'Syncing' },
  { value: 'pending', label: 'Pending' },
  { value: 'failed', label: 'Failed' },
];

const STATUSES = FILTERS.flatMap((filter) => (filter.value ? [filter.value] : []));

function LiveProgress({ source }: { source: DataSource }) {
  const status = useSourceStatus(source.id, source.type, source.status);
  if (!status.data) {
    return <span className="muted small">Checking…</span>;
  }
  return <SyncProgress status={status.data} label={`Sync progress of ${source.name}`} at={status.dataUpdatedAt} />;
}

function LastSync({ source }: { source: DataSource }) {
  if (sourceSyncing(source.type, source.status)) {
    return <LiveProgress source={source} />;
  }
  return (
    <>
      <Time value={source.last_synced_at} />
      {source.error ? <div className="small error-text">{source.error}</div> : null}
    </>
  );
}

function SourcesTable({ sources }: { sources: DataSource[] }) {
  return (
    <TableWrap label="Data source list">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Status</th>
            <th scope="col" className="progress-column">
              Last sync
            </th>
            <th scope="col">Schedule</th>
          </tr>
        </thead>
        <tbody>
          {sources.map((source) => (
            <tr key={source.id}>
              <td>
                <Link to={`/data-sources/${source.id}`}>{source.name}</Link>
              </td>
              <td>{TYPE_LABELS[source.type]}</td>
              <td>
                <SourceStatusBadge status={source.status} type={source.type} />
              </td>
              <td>
                <LastSync source={source} />
              </td>
              <td>{FREQUENCY_LABELS[source.sync_frequency]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function CreateSourceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const create = $api.useMutation('post', '/api/v1/data-sources');
  const { run, close } = useDialogMutation(create, {
    invalidates: [['get', '/api/v1/data-sources']],
    notice: (source) => `Data source “${source.name}” created.`,
    onClose,
    onDone: (source) => void navigate(`/data-sources/${source.id}`),
  });
  const submit = (values: SourceFormValues) => run({ body: createSourceBody(values) });
  return (
    <Dialog title="New data source" open={open} onClose={close}>
      <SourceForm initial={newSourceForm()} submitLabel="Create data source" busy={create.isPending} error={create.error} onSubmit={submit} onCancel={close} />
    </Dialog>
  );
}

export function DataSourcesPage() {
  const { user } = useSignedIn();
  const writer = can(user.role, 'write');
  const paging = usePaging(PAGE_SIZE);
  const [status, setStatus] = useAddressFilter('status', STATUSES);
  const [creating, setCreating] = useState(false);
  const sources = $api.useQuery('get', '/api/v1/data-sources', { params: { query: { limit: PAGE_SIZE, offset: paging.offset, status } } });

  return (
    <Page
      title="Data sources"
      description="Websites, files and connected apps the agents answer from, and how their syncing is going."
      actions={
        writer ? (
          <button type="button" className="btn primary" onClick={() => setCreating(true)}>
            New data source
          </button>
        ) : null
      }
    >
      <div className="filters">
        <SelectField label="Status" options={FILTERS} value={status ?? ''} onChange={(event) => setStatus(event.target.value)} />
      </div>
      <QueryView query={sources} label="Loading data sources…">
        {(data) => (
          <PagedList
            paging={paging}
            total={data.total}
            shown={data.data_sources.length}
            empty={
              <Empty title={status ? 'No data source has this status' : 'No data sources yet'}>
                {status ? null : (
                  <p>
                    {writer
                      ? 'Add a website to crawl, a set of files to upload, or connect Confluence, Slack, Google Drive or SharePoint; agents answer from them.'
                      : 'Someone who can configure data sources has not added any yet.'}
                  </p>
                )}
              </Empty>
            }
          >
            <SourcesTable sources={data.data_sources} />
          </PagedList>
        )}
      </QueryView>
      {writer ? <CreateSourceDialog open={creating} onClose={() => setCreating(false)} /> : null}
    </Page>
  );
}
