import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router';
import { $api } from '@/api/client';
import type { components } from '@/api/schema';
import { WEBHOOK_STATUS } from '@/pages/webhooks/events';
import { SecretDialog } from '@/pages/webhooks/SecretDialog';
import { WebhookForm, type WebhookValues } from '@/pages/webhooks/WebhookForm';
import { AdminListPage } from '@/ui/AdminListPage';
import { Badge } from '@/ui/Badge';
import { Dialog } from '@/ui/Dialog';
import { PagedList } from '@/ui/Pager';
import { Empty, QueryView } from '@/ui/states';
import { Time } from '@/ui/Time';
import { useDialogMutation } from '@/ui/useDialogMutation';
import { usePaging } from '@/ui/usePaging';
import '@/pages/webhooks/webhooks.css';
import { TableWrap } from '@/ui/TableWrap';

type Webhook = components['schemas']['WebhookResponseDto'];
type CreatedWebhook = components['schemas']['CreatedWebhookResponseDto'];

const PAGE_SIZE = 50;

function CreateWebhook({ onClose, onCreated }: { onClose: () => void; onCreated: (webhook: CreatedWebhook) => void }) {
  const mutation = $api.useMutation('post', '/api/v1/webhooks');
  const { run, close } = useDialogMutation(mutation, { invalidates: [['get', '/api/v1/webhooks']], onClose, onDone: onCreated });
  const submit = ({ url, description, events }: WebhookValues) => run({ body: { url, events, description: description || null } });
  return <WebhookForm submitLabel="Add webhook" pending={mutation.isPending} error={mutation.error} onSubmit={submit} onCancel={close} />;
}

function WebhooksTable({ webhooks }: { webhooks: Webhook[] }) {
  // The frame is focusable, so a table wider than the screen scrolls by keyboard too.
  return (
    <TableWrap label="Webhooks table">
      <table className="table">
        <caption className="visually-hidden">Webhooks, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Endpoint</th>
            <th scope="col">Description</th>
            <th scope="col">Events</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {webhooks.map((webhook) => (
            <tr key={webhook.id}>
              <td className="endpoint">
                <Link to={`/settings/webhooks/${webhook.id}`}>{webhook.url}</Link>
              </td>
              <td>{webhook.description || <span className="muted">–</span>}</td>
              <td className="events">{webhook.events.join(', ')}</td>
              <td>
                <Badge tone={WEBHOOK_STATUS[webhook.status].tone}>{WEBHOOK_STATUS[webhook.status].label}</Badge>
              </td>
              <td>
                <Time value={webhook.created_at} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function WebhooksView({ adding, onAddingChange }: { adding: boolean; onAddingChange: (open: boolean) => void }) {
  const paging = usePaging(PAGE_SIZE);
  const [created, setCreated] = useState<CreatedWebhook | undefined>();
  const query = $api.useQuery(
    'get',
    '/api/v1/webhooks',
    { params: { query: { limit: PAGE_SIZE, offset: paging.offset } } },
    { placeholderData: keepPreviousData },
  );
  return (
    <>
      <QueryView query={query} label="Loading webhooks…">
        {({ webhooks, total }) => (
          <PagedList
            paging={paging}
            total={total}
            shown={webhooks.length}
            empty={
              <Empty title="No webhooks yet">
                <p>Add one to receive signed notifications of events as they happen.</p>
              </Empty>
            }
          >
            <WebhooksTable webhooks={webhooks} />
          </PagedList>
        )}
      </QueryView>
      <Dialog title="Add a webhook" open={adding} onClose={() => onAddingChange(false)}>
        <CreateWebhook onClose={() => onAddingChange(false)} onCreated={setCreated} />
      </Dialog>
      <SecretDialog webhook={created} onClose={() => setCreated(undefined)} />
    </>
  );
}

export function WebhooksPage() {
  return (
    <AdminListPage title="Webhooks" description="Signed HTTPS notifications of events, sent to your endpoints." what="webhooks" createLabel="Add webhook">
      {(adding, setAdding) => <WebhooksView adding={adding} onAddingChange={setAdding} />}
    </AdminListPage>
  );
}
