/** U+0000: PostgreSQL text and jsonb cannot hold it, and the embedded store refuses it the same way. */
const NUL = '\u0000';

/** Whether a string, or any string or key within an array or object, holds U+0000. */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') {
    return value.includes(NUL);
  }
  if (Array.isArray(value)) {
    return value.some(holdsNul);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([key, child]) => key.includes(NUL) || holdsNul(child));
  }
  return false;
}
