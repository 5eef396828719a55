import type { ReactNode } from 'react';
import { Dialog } from '@/ui/Dialog';

/**
 * What a creation hands over once (an API key, a signing secret, an invitation link): the service keeps only
 * a hash or an encrypted copy, so once this dialog is done nobody can read it again. `children` explains it
 * and shows it with `CopyValue once`.
 */
export function SecretOnceDialog<Shown>({
  title,
  shown,
  onClose,
  actions,
  children,
}: {
  title: string;
  /** What was just made; the dialog is open while there is one. */
  shown: Shown | undefined;
  onClose: () => void;
  /** Links beside Done, e.g. to the new item's page. */
  actions?: (shown: Shown) => ReactNode;
  children: (shown: Shown) => ReactNode;
}) {
  return (
    <Dialog title={title} open={shown !== undefined} onClose={onClose}>
      {shown !== undefined ? (
        <>
          {children(shown)}
          <div className="form-actions">
            {actions?.(shown)}
            <button type="button" className="btn primary" onClick={onClose}>
              Done
            </button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}
