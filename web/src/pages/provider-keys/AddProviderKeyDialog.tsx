import { useState, type FormEvent } from 'react';
import { $api } from '@/api/client';
import { fieldErrors } from '@/api/errors';
import type { components } from '@/api/schema';
import { Dialog } from '@/ui/Dialog';
import { SelectField, TextField } from '@/ui/fields';
import { FormActions, FormError } from '@/ui/form';
import { useDialogMutation } from '@/ui/useDialogMutation';

type Provider = components['schemas']['CreateProviderKeyDto']['provider'];

export const LIST_KEY = ['get', '/api/v1/provider-keys'] as const;

export const PROVIDER_LABELS: Record<Provider, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  custom: 'OpenAI-compatible',
};

const PROVIDER_OPTIONS = (Object.keys(PROVIDER_LABELS) as Provider[]).map((value) => ({ value, label: PROVIDER_LABELS[value] }));

const EMPTY = { provider: 'openai' as Provider, name: '', apiKey: '', baseUrl: '' };

/** Stores a provider key. The value goes one way: the service keeps it encrypted and shows only its last four characters. */
export function AddProviderKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const create = $api.useMutation('post', '/api/v1/provider-keys');
  const { run, close } = useDialogMutation(create, {
    invalidates: [LIST_KEY],
    notice: 'Provider key added.',
    onClose: () => {
      setForm(EMPTY);
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run({
      body: {
        provider: form.provider,
        api_key: form.apiKey,
        ...(form.name.trim() ? { name: form.name.trim() } : {}),
        ...(form.baseUrl.trim() ? { base_url: form.baseUrl.trim() } : {}),
      },
    });
  };
  const fields = fieldErrors(create.error);
  const custom = form.provider === 'custom';
  return (
    <Dialog title="Add a provider key" open={open} onClose={close}>
      <form className="form" onSubmit={submit}>
        <SelectField
          label="Provider"
          options={PROVIDER_OPTIONS}
          value={form.provider}
          error={fields.provider}
          hint={custom ? 'Any endpoint that speaks the OpenAI chat completions API.' : undefined}
          onChange={(event) => setForm({ ...form, provider: event.target.value as Provider })}
        />
        <TextField
          label="Name"
          value={form.name}
          error={fields.name}
          hint="Optional: what the key is for, e.g. Production OpenAI key."
          onChange={(event) => setForm({ ...form, name: event.target.value })}
        />
        <TextField
          label="Key"
          type="password"
          autoComplete="off"
          required
          value={form.apiKey}
          error={fields.api_key}
          hint="Stored encrypted and never shown again: only its last four characters are."
          onChange={(event) => setForm({ ...form, apiKey: event.target.value })}
        />
        <TextField
          label={custom ? 'Base URL' : 'Base URL (optional)'}
          type="url"
          inputMode="url"
          required={custom}
          value={form.baseUrl}
          error={fields.base_url}
          placeholder={custom ? 'https://llm.example.com/v1' : undefined}
          hint={custom ? 'The API root, over HTTPS: requests go to {base URL}/chat/completions.' : "Leave empty for the provider's own address."}
          onChange={(event) => setForm({ ...form, baseUrl: event.target.value })}
        />
        <FormError error={create.error} />
        <FormActions submitLabel="Add key" busy={create.isPending} onCancel={close} />
      </form>
    </Dialog>
  );
}
