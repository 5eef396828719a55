import { useSearchParams } from 'react-router';
import { filterFrom, offsetFrom, withFilter, withOffset } from '@/ui/paging';

/** A list's page, kept in the page address (`?offset=`): a reload or a shared link shows the same one. */
export interface Paging {
  /** The first row of the page shown. */
  offset: number;
  limit: number;
  /** Goes to another page; the list's filters stay as they are. */
  setOffset: (offset: number) => void;
}

export function usePaging(limit: number): Paging {
  const [params, setParams] = useSearchParams();
  return { offset: offsetFrom(params), limit, setOffset: (offset) => setParams((current) => withOffset(current, offset)) };
}

/**
 * A list's filter, kept in the page address (`?status=failed`) beside its page: undefined when none of
 * `values` is chosen. Choosing another (a value of a select, '' for all) starts the list again from its
 * first page.
 */
export function useAddressFilter<Value extends string>(name: string, values: readonly Value[]): [Value | undefined, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const choose = (value: string) => {
    const chosen = values.find((known) => known === value);
    setParams((current) => withFilter(current, name, chosen));
  };
  return [filterFrom(params, name, values), choose];
}
