import { useQueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import { useNotice } from '@/ui/notice';

export interface DialogMutationOptions<Data> {
  /** The queries that show the change (a list, an item's page): fetched again once it is made. */
  invalidates?: readonly QueryKey[];
  /**
   * The queries of what was deleted (its page, its status, a list whose rows would ask for it): dropped rather
   * than fetched again, since asking for it would only be answered "not found". A page showing it leaves in
   * `onDone`.
   */
  forgets?: readonly QueryKey[];
  /** Read out once the change is made, e.g. "Key revoked.". */
  notice?: string | ((data: Data) => string);
  /** Closes the dialog: after a success, on Cancel and on Escape. */
  onClose: () => void;
  /** What comes after the dialog: show what was made, or leave the page of what was deleted. */
  onDone?: (data: Data) => void;
}

/**
 * A change made from a dialog. Once it is made, the queries of what it deleted are dropped, those that show
 * it are fetched again, a notice says so, and the dialog closes. Closing it any other way forgets a failed
 * attempt, so it opens clean next time.
 */
export function useDialogMutation<Data, Failure, Variables, Context>(
  mutation: UseMutationResult<Data, Failure, Variables, Context>,
  { invalidates = [], forgets = [], notice, onClose, onDone }: DialogMutationOptions<Data>,
): { run: (variables: Variables) => void; close: () => void } {
  const queries = useQueryClient();
  const notify = useNotice();
  const close = () => {
    mutation.reset();
    onClose();
  };
  const run = (variables: Variables) =>
    mutation.mutate(variables, {
      onSuccess: (data) => {
        for (const queryKey of forgets) {
          queries.removeQueries({ queryKey });
        }
        for (const queryKey of invalidates) {
          void queries.invalidateQueries({ queryKey });
        }
        if (notice) {
          notify(typeof notice === 'string' ? notice : notice(data));
        }
        close();
        onDone?.(data);
      },
    });
  return { run, close };
}
