/** Ties between equal scores are broken by id, in code-unit order, so that every ranking is deterministic. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
