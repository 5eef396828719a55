/**
 * A list's page and filters as they live in the page address (`?offset=50`, `?status=failed`), so that a
 * reload or a shared link shows the same view. What a hand-edited link holds that the API would refuse is
 * ignored rather than sent.
 */

/** The first row of the page shown: a whole number from `?offset=`, 0 for anything else. */
export function offsetFrom(params: URLSearchParams): number {
  const offset = Number(params.get('offset') ?? '0');
  return Number.isSafeInteger(offset) && offset > 0 ? offset : 0;
}

/** The address of another page of the list: its filters kept, no offset on the first page. */
export function withOffset(params: URLSearchParams, offset: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (offset > 0) {
    next.set('offset', String(offset));
  } else {
    next.delete('offset');
  }
  return next;
}

/** A filter of the address, when it is one of the values the list offers. */
export function filterFrom<Value extends string>(params: URLSearchParams, name: string, values: readonly Value[]): Value | undefined {
  const value = params.get(name);
  return values.find((known) => known === value);
}

/** The address with a filter changed (or cleared, with undefined): the list starts again from its first page. */
export function withFilter(params: URLSearchParams, name: string, value: string | undefined): URLSearchParams {
  const next = withOffset(params, 0);
  if (value) {
    next.set(name, value);
  } else {
    next.delete(name);
  }
  return next;
}
