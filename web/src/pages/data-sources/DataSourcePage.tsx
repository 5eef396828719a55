import { Fragment, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { $api } from '@/api/client';
import { can } from '@/app/permissions';
import { useSignedIn } from '@/app/session';
import { ConfirmMutationDialog } from '@/ui/ConfirmMutationDialog';
import { formatNumber } from '@/ui/format';
import { Page, Section } from '@/ui/Page';
import { ErrorNote, ErrorState, Loading } from '@/ui/states';
import { Time } from '@/ui/Time';
import { useNotice } from '@/ui/notice';
import '@/pages/data-sources/data-sources.css';
import { ConnectionSection } from '@/pages/data-sources/ConnectionSection';
import { canSync, connectionOf, sourceSyncing } from '@/pages/data-sources/connection';
import { connectorSummary } from '@/pages/data-sources/connector-config';
import { DocumentsList } from '@/pages/data-sources/DocumentsList';
import { FileUpload } from '@/pages/data-sources/FileUpload';
import { SourceForm } from '@/pages/data-sources/SourceForm';
import { SourceStatusBadge } from '@/pages/data-sources/SourceStatusBadge';
import { SyncProgress } from '@/pages/data-sources/SyncProgress';
import { webLink } from '@/ui/links';
import { sourceFormFrom, updateSourceBody, type SourceFormValues } from '@/pages/data-sources/source-form';
import { FREQUENCY_LABELS, isConnector, TYPE_LABELS, type DataSource, type SourceType } from '@/pages/data-sources/source-status';
import { useSourceStatus, useSyncStarted } from '@/pages/data-sources/useSourceStatus';

const backToList = <Link to="/data-sources">All data sources</Link>;

function SyncSection({ status, type, connected }: { status: ReturnType<typeof useSourceStatus>; type: SourceType; connected: boolean }) {
  if (status.error) {
    return <ErrorNote error={status.error} />;
  }
  if (!status.data) {
    return <Loading label="Loading the sync status…" />;
  }
  const current = status.data;
  return (
    <>
      {connected ? <SyncProgress status={current} label="Sync progress" at={status.dataUpdatedAt} /> : null}
      <dl className="properties">
        <dt>Status</dt>
        <dd>
          <SourceStatusBadge status={current.status} type={type} />
        </dd>
        <dt>Chunks indexed</dt>
        <dd>{formatNumber(current.chunks_indexed)}</dd>
        <dt>Last synced</dt>
        <dd>
          <Time value={current.last_synced_at} />
        </dd>
        {current.error ? (
          <>
            <dt>Last error</dt>
            <dd className="error-text">{current.error}</dd>
          </>
        ) : null}
      </dl>
    </>
  );
}

function SourceDetails({ source }: { source: DataSource }) {
  const url = typeof source.config.url === 'string' ? source.config.url : undefined;
  const href = webLink(url);
  return (
    <dl className="properties">
      <dt>Type</dt>
      <dd>{TYPE_LABELS[source.type]}</dd>
      <dt>Id</dt>
      <dd>
        <code>{source.id}</code>
      </dd>
      {url ? (
        <>
          <dt>Start address</dt>
          <dd>
            {href ? (
              <a href={href} target="_blank" rel="noreferrer">
                {url}
              </a>
            ) : (
              url
            )}
          </dd>
        </>
      ) : null}
      {typeof source.config.max_pages === 'number' ? (
        <>
          <dt>Maximum pages</dt>
          <dd>{formatNumber(source.config.max_pages)}</dd>
        </>
      ) : null}
      {isConnector(source.type)
        ? connectorSummary(source.type, source.config).map(({ label, value }) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))
        : null}
      <dt>Sync schedule</dt>
      <dd>{FREQUENCY_LABELS[source.sync_frequency]}</dd>
      <dt>Created</dt>
      <dd>
        <Time value={source.created_at} />
      </dd>
    </dl>
  );
}

function SourceSettings({ source }: { source: DataSource }) {
  const update = $api.useMutation('put', '/api/v1/data-sources/{id}');
  const syncStarted = useSyncStarted();
  const notify = useNotice();
  const save = (values: SourceFormValues) =>
    update.mutate(
      { params: { path: { id: source.id } }, body: updateSourceBody(values) },
      {
        onSuccess: () => {
          void syncStarted();
          notify('Data source saved.');
        },
      },
    );
  return (
    <SourceForm
      key={source.updated_at}
      initial={sourceFormFrom(source)}
      typeFixed
      submitLabel="Save changes"
      busy={update.isPending}
      error={update.error}
      onSubmit={save}
    />
  );
}

/** The agents that answered from a deleted source stop referring to it. */
const CHANGED_BY_DELETE = [
  ['get', '/api/v1/agents'],
  ['get', '/api/v1/agents/{id}'],
] as const;

/**
 * What showed a deleted source: its page, status and documents, and the list, whose row of a source that was
 * syncing when last listed would ask for its status again.
 */
function queriesOfDeleted(id: string) {
  const byId = { params: { path: { id } } };
  return [
    ['get', '/api/v1/data-sources/{id}', byId],
    ['get', '/api/v1/data-sources/{id}/status', byId],
    ['get', '/api/v1/data-sources/{id}/documents', byId],
    ['get', '/api/v1/data-sources'],
  ] as const;
}

function SourceActions({ source, syncing, syncable }: { source: DataSource; syncing: boolean; syncable: boolean }) {
  const navigate = useNavigate();
  const notify = useNotice();
  const syncStarted = useSyncStarted();
  const [confirming, setConfirming] = useState(false);
  const sync = $api.useMutation('post', '/api/v1/data-sources/{id}/sync');
  const remove = $api.useMutation('delete', '/api/v1/data-sources/{id}');

  const syncNow = () =>
    sync.mutate(
      { params: { path: { id: source.id } } },
      {
        onSuccess: () => {
          void syncStarted();
          notify('Sync queued.');
        },
      },
    );

  return (
    <>
      {syncable ? (
        <button type="button" className="btn" onClick={syncNow} disabled={sync.isPending || syncing}>
          {syncing ? 'Syncing…' : 'Sync now'}
        </button>
      ) : null}
      <button type="button" className="btn danger" onClick={() => setConfirming(true)}>
        Delete
      </button>
      <ErrorNote error={sync.error} />
      <ConfirmMutationDialog
        mutation={remove}
        variables={confirming ? { params: { path: { id: source.id } } } : undefined}
        forgets={queriesOfDeleted(source.id)}
        invalidates={CHANGED_BY_DELETE}
        notice={`Data source “${source.name}” deleted.`}
        onClose={() => setConfirming(false)}
        onDone={() => void navigate('/data-sources')}
        title={`Delete data source “${source.name}”?`}
        confirmLabel="Delete data source"
      >
        <p>
          Its documents, their indexed chunks{source.type === 'file' ? ' and the uploaded files' : ''} are deleted for good, and agents stop answering from it.
        </p>
      </ConfirmMutationDialog>
    </>
  );
}

export function DataSourcePage() {
  const { id = '' } = useParams();
  const { user } = useSignedIn();
  const writer = can(user.role, 'write');
  const source = $api.useQuery('get', '/api/v1/data-sources/{id}', { params: { path: { id } } });
  const syncStarted = useSyncStarted();
  // The status endpoint is the live one; the source record catches up when a sync ends.
  const status = useSourceStatus(id, source.data?.type, source.data?.status);

  if (source.error || source.isPending) {
    return (
      <Page title="Data source" description={backToList}>
        {source.error ? <ErrorState error={source.error} retry={() => void source.refetch()} /> : <Loading label="Loading the data source…" />}
      </Page>
    );
  }
  const data = source.data;
  const current = status.data?.status ?? data.status;
  const syncing = sourceSyncing(data.type, current);
  const connection = connectionOf(data.type, current);
  const syncable = canSync(data.type, current);

  return (
    <Page title={data.name} description={backToList} actions={writer ? <SourceActions source={data} syncing={syncing} syncable={syncable} /> : null}>
      {isConnector(data.type) && connection ? <ConnectionSection source={data} type={data.type} connection={connection} writer={writer} /> : null}
      <Section title="Sync">
        <SyncSection status={status} type={data.type} connected={syncable} />
      </Section>
      {data.type === 'file' && writer ? (
        <Section title="Upload files">
          <FileUpload sourceId={data.id} onUploaded={() => void syncStarted()} />
        </Section>
      ) : null}
      <Section title="Documents">
        <DocumentsList sourceId={data.id} syncing={syncing} />
      </Section>
      <Section title="Details">
        <SourceDetails source={data} />
      </Section>
      {writer ? (
        <Section title="Settings">
          <SourceSettings source={data} />
        </Section>
      ) : null}
    </Page>
  );
}
