import { fetch as undiciFetch, type Dispatcher } from 'undici';

/** The fetch signature SDKs take, and the service's own outbound calls. */
export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * A fetch whose connections go through `dispatcher` (the SSRF guard's): the address check runs on the
 * address actually connected to, for every attempt, retry and redirect.
 */
export function fetchThrough(dispatcher: Dispatcher): FetchFunction {
  // undici's own Request type stands for the global one the SDKs pass.
  return (input, init) => undiciFetch(input as Parameters<typeof undiciFetch>[0], { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher });
}
