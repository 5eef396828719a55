import { useId } from 'react';
import { Link } from 'react-router';
import { $api } from '@/api/client';
import { fieldErrors } from '@/api/errors';
import { CheckboxGroup, SelectField, TextAreaField, TextField } from '@/ui/fields';
import { FieldError, FormActions, FormError } from '@/ui/form';
import { useFormValues, type SaveFormProps } from '@/ui/useFormValues';
import { ErrorNote, Loading } from '@/ui/states';
import { formatNumber } from '@/ui/format';
import { AGENT_DEFAULTS, MODEL_SUGGESTIONS, RAG_STRATEGY_OPTIONS, type AgentFormValues, type RagStrategy } from '@/pages/agents/agent-form';

/** The largest page the API lists at once: the data sources offered for attaching. */
const ALL = 200;
/** The fields that show the API's reasons beside themselves (the provider key's, where it is offered). */
const FIELDS = ['name', 'system_prompt', 'model', 'rag_strategy', 'temperature', 'max_tokens', 'data_source_ids'];

function DataSourceChoice({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const sources = $api.useQuery('get', '/api/v1/data-sources', { params: { query: { limit: ALL } } });
  if (sources.isPending) {
    return <Loading label="Loading data sources…" />;
  }
  if (sources.error) {
    return <ErrorNote error={sources.error} />;
  }
  const options = sources.data.data_sources.map((source) => ({
    value: source.id,
    label: `${source.name} (${source.type === 'file' ? 'files' : source.type})`,
  }));
  if (options.length === 0) {
    return (
      <p className="muted small">
        No data sources yet: <Link to="/data-sources">add one</Link>, then attach it here.
      </p>
    );
  }
  return <CheckboxGroup legend="Data sources" hint="The agent answers from the sources ticked here." options={options} value={value} onChange={onChange} />;
}

function ProviderKeyChoice({ value, onChange, error }: { value: string; onChange: (next: string) => void; error?: string }) {
  const keys = $api.useQuery('get', '/api/v1/provider-keys', { params: { query: { limit: ALL } } });
  if (keys.error) {
    return <ErrorNote error={keys.error} />;
  }
  const options = [
    { value: '', label: 'None: the service’s own account' },
    ...(keys.data?.provider_keys ?? []).map((key) => ({ value: key.id, label: `${key.name ?? key.provider} (…${key.last_four})` })),
  ];
  return (
    <SelectField
      label="Provider key"
      hint="A stored key whose provider account pays for this agent’s model."
      options={options}
      value={value}
      disabled={keys.isPending}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

/** Create and edit share this form. */
export function AgentForm({ initial, submitLabel, busy, error, onSubmit, onCancel }: SaveFormProps<AgentFormValues>) {
  const { values, set, submit } = useFormValues(initial, onSubmit);
  const modelsId = useId();
  const errors = fieldErrors(error);

  return (
    <form className="form" onSubmit={submit}>
      <TextField label="Name" required maxLength={200} value={values.name} onChange={(event) => set('name', event.target.value)} error={errors.name} />
      <TextAreaField
        label="Instructions"
        hint="The system prompt: how the agent should answer (tone, scope, what to refuse)."
        maxLength={20000}
        value={values.systemPrompt}
        onChange={(event) => set('systemPrompt', event.target.value)}
        error={errors.system_prompt}
      />
      <TextField
        label="Model"
        required
        list={modelsId}
        hint="extractive answers from the retrieved text without an outside model; custom:<name> uses your own compatible endpoint."
        value={values.model}
        onChange={(event) => set('model', event.target.value)}
        error={errors.model}
      />
      <datalist id={modelsId}>
        {MODEL_SUGGESTIONS.map((model) => (
          <option key={model} value={model} />
        ))}
      </datalist>
      <SelectField
        label="Retrieval strategy"
        options={RAG_STRATEGY_OPTIONS}
        value={values.ragStrategy}
        onChange={(event) => set('ragStrategy', event.target.value as RagStrategy)}
        error={errors.rag_strategy}
      />
      <div className="row">
        <TextField
          label="Temperature"
          type="number"
          inputMode="decimal"
          min={0}
          max={2}
          step={0.1}
          hint={`0 to 2; empty means the default, ${formatNumber(AGENT_DEFAULTS.temperature)}.`}
          value={values.temperature}
          onChange={(event) => set('temperature', event.target.value)}
          error={errors.temperature}
        />
        <TextField
          label="Answer length (tokens)"
          type="number"
          inputMode="numeric"
          min={1}
          max={32768}
          step={1}
          hint={`Up to 32,768; empty means the default, ${formatNumber(AGENT_DEFAULTS.maxTokens)}.`}
          value={values.maxTokens}
          onChange={(event) => set('maxTokens', event.target.value)}
          error={errors.max_tokens}
        />
      </div>
      <DataSourceChoice value={values.dataSourceIds} onChange={(next) => set('dataSourceIds', next)} />
      <FieldError message={errors.data_source_ids} />
      {values.providerKeyId !== undefined ? (
        <ProviderKeyChoice value={values.providerKeyId} onChange={(next) => set('providerKeyId', next)} error={errors.provider_key_id} />
      ) : null}
      <FormError error={error} besideFields={values.providerKeyId === undefined ? FIELDS : [...FIELDS, 'provider_key_id']} />
      <FormActions submitLabel={submitLabel} busyLabel="Saving…" busy={busy} onCancel={onCancel} />
    </form>
  );
}
