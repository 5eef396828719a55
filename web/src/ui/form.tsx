import { shownBesideFields } from '@/ui/form-error';
import { ErrorNote } from '@/ui/states';

/** The end of a form: its submit button, which says while it is busy, and Cancel where the form can be left. */
export function FormActions({
  submitLabel,
  busyLabel,
  busy,
  disabled,
  onCancel,
}: {
  submitLabel: string;
  /** The button's text while the form is sent, e.g. "Saving…". */
  busyLabel?: string;
  busy: boolean;
  /** Nothing to send yet: no change made, no choice taken. */
  disabled?: boolean;
  onCancel?: () => void;
}) {
  return (
    <div className="form-actions">
      <button type="submit" className="btn primary" disabled={busy || disabled}>
        {busy && busyLabel ? busyLabel : submitLabel}
      </button>
      {onCancel ? (
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}

/**
 * A refused form's reason, unless the fields already show it beside themselves: a 400 with a reason per
 * field needs no second message. `besideFields` names the fields that show theirs; by default, all do.
 */
export function FormError({ error, besideFields }: { error: unknown; besideFields?: readonly string[] }) {
  return <ErrorNote error={shownBesideFields(error, besideFields) ? undefined : error} />;
}

/** A reason for a group of choices (checkboxes), which has no error of its own, shown under it. */
export function FieldError({ message }: { message: string | undefined }) {
  if (!message) {
    return null;
  }
  return (
    <p className="field-error" role="alert">
      {message}
    </p>
  );
}
