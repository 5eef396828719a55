import { useEffect, useRef } from 'react';
import { fieldErrors } from '@/api/errors';
import { SelectField, TextAreaField, TextField } from '@/ui/fields';
import { FormActions, FormError } from '@/ui/form';
import { useFormValues, type SaveFormProps } from '@/ui/useFormValues';
import { CONTENT_MAX, STATUS_OPTIONS, TITLE_MAX, unchanged, type Article, type ArticleFormValues, type ArticleStatus } from '@/pages/knowledge-base/article';

/** Create and edit share this form. */
export function ArticleForm({
  initial,
  submitLabel,
  busy,
  error,
  onSubmit,
  onCancel,
  editing,
}: SaveFormProps<ArticleFormValues> & {
  /**
   * The article being edited, inside its page: focus moves to the title when the form appears (a dialog
   * focuses by itself), and saving waits for a change, since every save stores a new version.
   */
  editing?: Article;
}) {
  const { values, set, submit } = useFormValues(initial, onSubmit);
  const formRef = useRef<HTMLFormElement>(null);
  const errors = fieldErrors(error);
  const focusTitle = editing !== undefined;
  useEffect(() => {
    if (focusTitle) {
      formRef.current?.querySelector('input')?.focus();
    }
  }, [focusTitle]);

  return (
    <form ref={formRef} className="form article-form" onSubmit={submit}>
      <TextField
        label="Title"
        required
        maxLength={TITLE_MAX}
        value={values.title}
        onChange={(event) => set('title', event.target.value)}
        error={errors.title}
      />
      <TextAreaField
        label="Content"
        required
        rows={14}
        maxLength={CONTENT_MAX}
        hint="Plain text or Markdown: # headings, - or 1. lists, > quotes, **bold**, *italics*, `code`, fenced code blocks and [links](https://…) show as such; HTML shows as written."
        value={values.content}
        onChange={(event) => set('content', event.target.value)}
        error={errors.content}
      />
      <TextField
        label="Tags"
        hint="Optional, separated by commas: account, security."
        value={values.tags}
        onChange={(event) => set('tags', event.target.value)}
        error={errors.tags}
      />
      <SelectField
        label="Status"
        hint="Published articles are retrieved by every agent of the organization; drafts never are."
        options={STATUS_OPTIONS}
        value={values.status}
        onChange={(event) => set('status', event.target.value as ArticleStatus)}
        error={errors.status}
      />
      <FormError error={error} besideFields={['title', 'content', 'tags', 'status']} />
      <FormActions submitLabel={submitLabel} busyLabel="Saving…" busy={busy} disabled={editing ? unchanged(values, editing) : false} onCancel={onCancel} />
    </form>
  );
}
