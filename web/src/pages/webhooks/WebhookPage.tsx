import { useState } from 'react';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { $api } from '@/api/client';
import type { components } from '@/api/schema';
import { can } from '@/app/permissions';
import { useSignedIn } from '@/app/session';
import { DELIVERY_STATUS, WEBHOOK_STATUS, type DeliveryStatus, type EventType } from '@/pages/webhooks/events';
import { WebhookForm, type WebhookValues } from '@/pages/webhooks/WebhookForm';
import { ActionsHeader } from '@/ui/ActionsHeader';
import { Badge } from '@/ui/Badge';
import { ConfirmMutationDialog } from '@/ui/ConfirmMutationDialog';
import { Dialog } from '@/ui/Dialog';
import { SelectField } from '@/ui/fields';
import { formatMs, formatNumber } from '@/ui/format';
import { useNotice } from '@/ui/notice';
import { Page, Section } from '@/ui/Page';
import { PagedList } from '@/ui/Pager';
import { Empty, ErrorNote, Forbidden, QueryView } from '@/ui/states';
import { Time } from '@/ui/Time';
import { TableWrap } from '@/ui/TableWrap';
import { useDialogMutation } from '@/ui/useDialogMutation';
import { useAddressFilter, usePaging } from '@/ui/usePaging';
import '@/pages/webhooks/webhooks.css';

type Webhook = components['schemas']['WebhookResponseDto'];
type Delivery = components['schemas']['DeliveryResponseDto'];
type Attempt = components['schemas']['TestDeliveryResponseDto'];

const PAGE_SIZE = 25;
/** While a delivery is pending or being retried, the list refreshes itself this often. */
const POLL_MS = 3000;

const STATUSES = Object.keys(DELIVERY_STATUS) as DeliveryStatus[];
const STATUS_FILTERS: ReadonlyArray<{ value: DeliveryStatus | ''; label: string }> = [
  { value: '', label: 'All' },
  ...STATUSES.map((status) => ({ value: status, label: DELIVERY_STATUS[status].label })),
];

function useRefreshWebhook(id: string): () => void {
  const queries = useQueryClient();
  return () => {
    void queries.invalidateQueries({ queryKey: ['get', '/api/v1/webhooks/{id}'] });
    void queries.invalidateQueries({ queryKey: ['get', '/api/v1/webhooks/{id}/deliveries', { params: { path: { id } } }] });
    void queries.invalidateQueries({ queryKey: ['get', '/api/v1/webhooks'] });
  };
}

function attemptSentence(what: string, attempt: Attempt): string {
  const answer = attempt.status_code === null ? 'no answer' : `HTTP ${attempt.status_code}`;
  return attempt.success
    ? `${what} delivered: ${answer} in ${formatMs(attempt.duration_ms)}.`
    : `${what} failed: ${attempt.error ?? answer} (after ${formatMs(attempt.duration_ms)}).`;
}

function EditDialog({ webhook, open, onClose }: { webhook: Webhook; open: boolean; onClose: () => void }) {
  const mutation = $api.useMutation('put', '/api/v1/webhooks/{id}');
  const refresh = useRefreshWebhook(webhook.id);
  const { run, close } = useDialogMutation(mutation, { notice: 'Webhook saved.', onClose, onDone: refresh });
  const submit = ({ url, description, events }: WebhookValues) =>
    run({ params: { path: { id: webhook.id } }, body: { url, events, description: description || null } });
  return (
    <Dialog title="Edit the webhook" open={open} onClose={close}>
      <WebhookForm
        initial={{ url: webhook.url, description: webhook.description ?? '', events: webhook.events as EventType[] }}
        submitLabel="Save"
        pending={mutation.isPending}
        error={mutation.error}
        onSubmit={submit}
        onCancel={close}
      />
    </Dialog>
  );
}

function DeleteDialog({ webhook, open, onClose }: { webhook: Webhook; open: boolean; onClose: () => void }) {
  const mutation = $api.useMutation('delete', '/api/v1/webhooks/{id}');
  const navigate = useNavigate();
  const byId = { params: { path: { id: webhook.id } } };
  return (
    <ConfirmMutationDialog
      mutation={mutation}
      variables={open ? byId : undefined}
      forgets={[
        ['get', '/api/v1/webhooks/{id}', byId],
        ['get', '/api/v1/webhooks/{id}/deliveries', byId],
      ]}
      invalidates={[['get', '/api/v1/webhooks']]}
      notice="Webhook deleted."
      onClose={onClose}
      onDone={() => void navigate('/settings/webhooks')}
      title="Delete this webhook?"
      confirmLabel="Delete webhook"
    >
      <p>
        Nothing more is sent to <strong className="endpoint">{webhook.url}</strong>, events waiting to be sent are dropped, and its delivery history is deleted.
        This cannot be undone.
      </p>
    </ConfirmMutationDialog>
  );
}

function WebhookActions({ webhook, onTested }: { webhook: Webhook; onTested: (sentence: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const test = $api.useMutation('post', '/api/v1/webhooks/{id}/test');
  const status = $api.useMutation('put', '/api/v1/webhooks/{id}');
  const refresh = useRefreshWebhook(webhook.id);
  const notify = useNotice();
  const enable = webhook.status !== 'active';

  return (
    <>
      <div className="row">
        <button
          type="button"
          className="btn primary"
          disabled={test.isPending}
          onClick={() =>
            test.mutate(
              { params: { path: { id: webhook.id } } },
              {
                onSuccess: (attempt) => {
                  onTested(attemptSentence('Test event', attempt));
                  refresh();
                },
              },
            )
          }
        >
          {test.isPending ? 'Sending…' : 'Send test event'}
        </button>
        <button type="button" className="btn" onClick={() => setEditing(true)}>
          Edit
        </button>
        <button
          type="button"
          className="btn"
          disabled={status.isPending}
          onClick={() =>
            status.mutate(
              { params: { path: { id: webhook.id } }, body: { status: enable ? 'active' : 'disabled' } },
              {
                onSuccess: () => {
                  refresh();
                  notify(enable ? 'Webhook enabled.' : 'Webhook disabled.');
                },
              },
            )
          }
        >
          {enable ? 'Enable' : 'Disable'}
        </button>
        <button type="button" className="btn danger" onClick={() => setDeleting(true)}>
          Delete
        </button>
      </div>
      <ErrorNote error={test.error ?? status.error} />
      <EditDialog webhook={webhook} open={editing} onClose={() => setEditing(false)} />
      <DeleteDialog webhook={webhook} open={deleting} onClose={() => setDeleting(false)} />
    </>
  );
}

function WebhookSettings({ webhook }: { webhook: Webhook }) {
  return (
    <dl className="properties">
      <dt>Endpoint</dt>
      <dd className="endpoint">
        <code>{webhook.url}</code>
      </dd>
      <dt>Description</dt>
      <dd>{webhook.description || '–'}</dd>
      <dt>Status</dt>
      <dd>
        <Badge tone={WEBHOOK_STATUS[webhook.status].tone}>{WEBHOOK_STATUS[webhook.status].label}</Badge>
        {webhook.status === 'disabled' ? <span className="muted small"> New events are held and sent when it is enabled again.</span> : null}
        {webhook.status === 'failed' ? (
          <span className="muted small"> A delivery failed every attempt; new events are held. A successful retry, or enabling it, sends them.</span>
        ) : null}
      </dd>
      <dt>Events</dt>
      <dd className="events">{webhook.events.join(', ')}</dd>
      <dt>Created</dt>
      <dd>
        <Time value={webhook.created_at} />
      </dd>
      <dt>Updated</dt>
      <dd>
        <Time value={webhook.updated_at} />
      </dd>
    </dl>
  );
}

function RetryButton({ delivery, onRetried }: { delivery: Delivery; onRetried: (sentence: string) => void }) {
  const mutation = $api.useMutation('post', '/api/v1/webhooks/{id}/deliveries/{delivery_id}/retry');
  const refresh = useRefreshWebhook(delivery.webhook_id);
  return (
    <>
      <button
        type="button"
        className="btn small"
        disabled={mutation.isPending}
        onClick={() =>
          mutation.mutate(
            { params: { path: { id: delivery.webhook_id, delivery_id: delivery.id } } },
            {
              onSuccess: (attempt) => {
                onRetried(attemptSentence('Retry', attempt));
                refresh();
              },
            },
          )
        }
      >
        {mutation.isPending ? 'Retrying…' : 'Retry'}
        <span className="visually-hidden"> {delivery.event_type} delivery</span>
      </button>
      <ErrorNote error={mutation.error} />
    </>
  );
}

function DeliveriesTable({ deliveries, onRetried }: { deliveries: Delivery[]; onRetried: (sentence: string) => void }) {
  // The frame is focusable, so a table wider than the screen scrolls by keyboard too.
  return (
    <TableWrap label="Deliveries table">
      <table className="table">
        <caption className="visually-hidden">Deliveries, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col" className="number">
              Attempts
            </th>
            <th scope="col" className="number">
              Response
            </th>
            <th scope="col" className="number">
              Duration
            </th>
            <th scope="col">Created</th>
            <th scope="col">Last attempt</th>
            <th scope="col">Next attempt</th>
            <ActionsHeader />
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => (
            <tr key={delivery.id}>
              <td>
                {delivery.event_type}
                <div className="small muted">
                  <code>{delivery.event_id}</code>
                </div>
              </td>
              <td>
                <Badge tone={DELIVERY_STATUS[delivery.status].tone}>{DELIVERY_STATUS[delivery.status].label}</Badge>
                {delivery.last_error ? <div className="small muted events">{delivery.last_error}</div> : null}
              </td>
              <td className="number">{formatNumber(delivery.attempts)}</td>
              <td className="number">{delivery.last_status_code ?? '–'}</td>
              <td className="number">{formatMs(delivery.last_duration_ms)}</td>
              <td>
                <Time value={delivery.created_at} />
              </td>
              <td>
                <Time value={delivery.last_attempt_at} />
              </td>
              <td>
                <Time value={delivery.next_attempt_at} />
              </td>
              <td>{delivery.status === 'failed' ? <RetryButton delivery={delivery} onRetried={onRetried} /> : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function Deliveries({ webhookId, onRetried }: { webhookId: string; onRetried: (sentence: string) => void }) {
  const paging = usePaging(PAGE_SIZE);
  const [status, setStatus] = useAddressFilter('status', STATUSES);
  const query = $api.useQuery(
    'get',
    '/api/v1/webhooks/{id}/deliveries',
    { params: { path: { id: webhookId }, query: { limit: PAGE_SIZE, offset: paging.offset, ...(status ? { status } : {}) } } },
    {
      placeholderData: keepPreviousData,
      refetchInterval: (current) => (current.state.data?.deliveries.some((delivery) => delivery.status === 'pending') ? POLL_MS : false),
    },
  );
  return (
    <Section
      title="Deliveries"
      actions={
        <button type="button" className="btn small" onClick={() => void query.refetch()}>
          Refresh
        </button>
      }
    >
      <div className="deliveries-filter">
        <SelectField label="Status" value={status ?? ''} options={STATUS_FILTERS} onChange={(event) => setStatus(event.target.value)} />
      </div>
      <QueryView query={query} label="Loading deliveries…">
        {({ deliveries, total }) => (
          <PagedList
            paging={paging}
            total={total}
            shown={deliveries.length}
            empty={
              <Empty title={status ? 'No deliveries with this status' : 'No deliveries yet'}>
                {status ? null : <p>Events this webhook subscribes to, and test events, appear here as they are sent.</p>}
              </Empty>
            }
          >
            <DeliveriesTable deliveries={deliveries} onRetried={onRetried} />
          </PagedList>
        )}
      </QueryView>
    </Section>
  );
}

function WebhookView({ id }: { id: string }) {
  const query = $api.useQuery('get', '/api/v1/webhooks/{id}', { params: { path: { id } } });
  const [outcome, setOutcome] = useState('');
  return (
    <QueryView query={query} label="Loading the webhook…">
      {(webhook) => (
        <>
          <Section title="Settings" actions={<WebhookActions webhook={webhook} onTested={setOutcome} />}>
            <WebhookSettings webhook={webhook} />
          </Section>
          <p className="test-result" role="status">
            {outcome}
          </p>
          <Deliveries webhookId={webhook.id} onRetried={setOutcome} />
        </>
      )}
    </QueryView>
  );
}

export function WebhookPage() {
  const { id = '' } = useParams();
  const { user } = useSignedIn();
  return (
    <Page
      title="Webhook"
      actions={
        <Link to="/settings/webhooks" className="btn">
          All webhooks
        </Link>
      }
    >
      {can(user.role, 'admin') ? <WebhookView id={id} /> : <Forbidden what="webhooks" />}
    </Page>
  );
}
