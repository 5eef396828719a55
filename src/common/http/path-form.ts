export type PathForm = 'versioned' | 'legacy';

/** `/api/v1/...` is the versioned form; other `/api/...` paths are legacy. Everything else uses the versioned envelope. */
export function pathForm(url: string): PathForm {
  return /^\/api(?:\/|\?|$)/.test(url) && !/^\/api\/v1(?:\/|\?|$)/.test(url) ? 'legacy' : 'versioned';
}
