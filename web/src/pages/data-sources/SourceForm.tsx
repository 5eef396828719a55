import { fieldErrors } from '@/api/errors';
import { SelectField, TextField } from '@/ui/fields';
import { FormActions, FormError } from '@/ui/form';
import { useFormValues, type SaveFormProps } from '@/ui/useFormValues';
import { ConnectorFields } from '@/pages/data-sources/ConnectorFields';
import { CREATABLE_TYPES, fieldsBesideInputs, type SourceFormValues } from '@/pages/data-sources/source-form';
import { FREQUENCY_OPTIONS, isConnector, TYPE_LABELS, type SourceType, type SyncFrequency } from '@/pages/data-sources/source-status';

/** New source (type chosen here) and settings of an existing one (type fixed) share these fields. */
export function SourceForm({ initial, typeFixed, submitLabel, busy, error, onSubmit, onCancel }: SaveFormProps<SourceFormValues> & { typeFixed?: boolean }) {
  const { values, set, submit } = useFormValues(initial, onSubmit);
  const errors = fieldErrors(error);
  const { type } = values;
  const connector = isConnector(type);

  const schedule = (hint: string) => (
    <SelectField
      label="Sync schedule"
      hint={hint}
      options={FREQUENCY_OPTIONS}
      value={values.syncFrequency}
      onChange={(event) => set('syncFrequency', event.target.value as SyncFrequency)}
      error={errors.sync_frequency}
    />
  );

  return (
    <form className="form" onSubmit={submit}>
      {typeFixed ? null : (
        <SelectField
          label="Type"
          options={CREATABLE_TYPES}
          value={type}
          onChange={(event) => set('type', event.target.value as SourceType)}
          error={errors.type}
        />
      )}
      <TextField label="Name" required maxLength={200} value={values.name} onChange={(event) => set('name', event.target.value)} error={errors.name} />
      {type === 'website' ? (
        <>
          <TextField
            label="Start address"
            type="url"
            required
            placeholder="https://docs.example.com/guide/"
            hint="The crawl follows links on this host, under this path."
            value={values.url}
            onChange={(event) => set('url', event.target.value)}
            error={errors['config.url'] ?? errors.config}
          />
          <TextField
            label="Maximum pages"
            type="number"
            inputMode="numeric"
            min={1}
            max={10000}
            step={1}
            hint="1 to 10,000; empty keeps the default."
            value={values.maxPages}
            onChange={(event) => set('maxPages', event.target.value)}
            error={errors['config.max_pages']}
          />
          {schedule('Pages are fetched again on this schedule; unchanged ones are skipped.')}
        </>
      ) : null}
      {connector ? (
        <>
          <ConnectorFields
            type={type}
            draft={values.connector}
            errors={errors}
            onChange={(key, value) => set('connector', { ...values.connector, [key]: value })}
          />
          {schedule('Once connected, changes are read again on this schedule; unchanged items are skipped.')}
          {typeFixed ? null : <p className="hint">After creating the source, connect it to {TYPE_LABELS[type]} on the next page.</p>}
        </>
      ) : null}
      {type === 'file' && !typeFixed ? <p className="hint">After creating the source, upload its files on the next page.</p> : null}
      <FormError error={error} besideFields={fieldsBesideInputs(type, typeFixed ?? false)} />
      <FormActions submitLabel={submitLabel} busyLabel="Saving…" busy={busy} onCancel={onCancel} />
    </form>
  );
}
