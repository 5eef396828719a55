import { useEffect, useId, useRef, type ReactNode } from 'react';

/** The fields a person fills in, of which the first takes the focus when a dialog opens. */
const FIELD = '.dialog-body :is(input, select, textarea):not([disabled], [type="hidden"])';

/**
 * A modal dialog on the native <dialog> element: focus moves into it (to its first field, else to Close) and
 * is trapped by the browser, Escape closes it, and the page behind is inert.
 */
export function Dialog({ title, open, onClose, children }: { title: string; open: boolean; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) {
      return;
    }
    if (open && !dialog.open) {
      dialog.showModal();
      // The browser focuses Close, the first control: typing there would press it.
      dialog.querySelector<HTMLElement>(FIELD)?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      {open ? (
        <>
          <header className="dialog-header">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="btn ghost icon" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </header>
          <div className="dialog-body">{children}</div>
        </>
      ) : null}
    </dialog>
  );
}

/** "Are you sure?" for destructive actions, with the consequence spelled out. */
export function ConfirmDialog({
  title,
  open,
  confirmLabel,
  onConfirm,
  onClose,
  busy,
  children,
}: {
  title: string;
  open: boolean;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog title={title} open={open} onClose={onClose}>
      {children}
      <div className="form-actions">
        <button type="button" className="btn danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
