import { Fragment } from 'react';
import { CheckboxField, TextAreaField, TextField } from '@/ui/fields';
import { FieldError } from '@/ui/form';
import { CONNECTOR_FIELDS, type ConnectorDraft } from '@/pages/data-sources/connector-config';
import type { ConnectorType } from '@/pages/data-sources/source-status';

/** A connector's settings; the API's reasons for them come back keyed `config.<key>`. */
export function ConnectorFields({
  type,
  draft,
  errors,
  onChange,
}: {
  type: ConnectorType;
  draft: ConnectorDraft;
  errors: Record<string, string>;
  onChange: (key: string, value: string | boolean) => void;
}) {
  return (
    <>
      {CONNECTOR_FIELDS[type].map((field) => {
        const value = draft[field.key];
        const error = errors[`config.${field.key}`];
        switch (field.kind) {
          case 'boolean':
            return (
              <Fragment key={field.key}>
                <CheckboxField label={field.label} hint={field.hint} checked={value === true} onChange={(event) => onChange(field.key, event.target.checked)} />
                <FieldError message={error} />
              </Fragment>
            );
          case 'list':
            return (
              <TextAreaField
                key={field.key}
                label={field.label}
                rows={2}
                spellCheck={false}
                placeholder={field.placeholder}
                hint={field.hint}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => onChange(field.key, event.target.value)}
                error={error}
              />
            );
          case 'url':
            return (
              <TextField
                key={field.key}
                label={field.label}
                type="url"
                required
                placeholder={field.placeholder}
                hint={field.hint}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => onChange(field.key, event.target.value)}
                error={error ?? errors.config}
              />
            );
        }
      })}
    </>
  );
}
