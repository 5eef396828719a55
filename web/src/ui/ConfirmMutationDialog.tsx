import type { ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { ConfirmDialog } from '@/ui/Dialog';
import { ErrorNote } from '@/ui/states';
import { useDialogMutation, type DialogMutationOptions } from '@/ui/useDialogMutation';

/**
 * A destructive change (revoke, delete, sign out) confirmed in a dialog that names its consequence. The
 * dialog stays open on failure and shows the API's reason.
 */
export function ConfirmMutationDialog<Data, Failure, Variables, Context>({
  mutation,
  variables,
  title,
  confirmLabel,
  explainError,
  children,
  ...options
}: DialogMutationOptions<Data> & {
  mutation: UseMutationResult<Data, Failure, Variables, Context>;
  /** What the confirm button sends; the dialog is open while there is something to send. */
  variables: Variables | undefined;
  title: string;
  confirmLabel: string;
  /** What to do about a failure, below the API's message. */
  explainError?: (error: Failure) => ReactNode;
  children: ReactNode;
}) {
  const { run, close } = useDialogMutation(mutation, options);
  const confirm = () => {
    if (variables !== undefined) {
      run(variables);
    }
  };
  return (
    <ConfirmDialog title={title} open={variables !== undefined} confirmLabel={confirmLabel} busy={mutation.isPending} onClose={close} onConfirm={confirm}>
      {children}
      <ErrorNote error={mutation.error} />
      {mutation.error && explainError ? explainError(mutation.error) : null}
    </ConfirmDialog>
  );
}
