import { useState, type FormEvent } from 'react';
import { fieldErrors } from '@/api/errors';
import { EVENT_OPTIONS, type EventType } from '@/pages/webhooks/events';
import { CheckboxGroup, TextField } from '@/ui/fields';
import { FieldError, FormActions, FormError } from '@/ui/form';

export interface WebhookValues {
  url: string;
  description: string;
  events: EventType[];
}

/** The fields of a webhook, for adding one and for editing it. */
export function WebhookForm({
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  initial?: WebhookValues;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (values: WebhookValues) => void;
  onCancel: () => void;
}) {
  const [url, setUrl] = useState(initial?.url ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [events, setEvents] = useState<EventType[]>(initial?.events ?? []);
  const [noEvent, setNoEvent] = useState(false);
  const errors = fieldErrors(error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNoEvent(events.length === 0);
    if (events.length > 0) {
      onSubmit({ url: url.trim(), description: description.trim(), events });
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        label="Endpoint URL"
        type="url"
        inputMode="url"
        required
        placeholder="https://"
        hint="HTTPS, with a valid certificate, on a public address."
        value={url}
        error={errors.url}
        onChange={(event) => setUrl(event.target.value)}
      />
      <TextField label="Description" value={description} error={errors.description} onChange={(event) => setDescription(event.target.value)} />
      <CheckboxGroup legend="Events" hint="The events sent to this endpoint." options={EVENT_OPTIONS} value={events} onChange={setEvents} />
      <FieldError message={errors.events ?? (noEvent ? 'Choose at least one event.' : undefined)} />
      <FormError error={error} />
      <FormActions submitLabel={submitLabel} busyLabel="Saving…" busy={pending} onCancel={onCancel} />
    </form>
  );
}
