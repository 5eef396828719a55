import { fetch, type Dispatcher } from 'undici';
import { readBodyWithin } from '#src/common/net/bounded-body.js';
import { createGuardedDispatcher, validateTargetUrl } from '#src/common/net/ssrf-guard.js';

const TIMEOUT_MS = 10_000;
const MAX_DOCUMENT_BYTES = 1024 * 1024;

/**
 * Requests to an identity provider (metadata, discovery, keys, tokens) go through the SSRF guard: public
 * addresses only, unless the deployment allows private targets or the operator accepted a private
 * identity provider for this connection (an on-premises Keycloak or ADFS).
 */
export function identityProviderDispatcher(allowPrivateTargets: boolean): Dispatcher {
  return createGuardedDispatcher({ allowPrivateTargets, connectTimeoutMs: TIMEOUT_MS });
}

/** A metadata document, at most 1 MiB (read no further), over http(s) through the guard; its connection is closed afterwards. */
export async function fetchDocument(url: string, allowPrivateTargets: boolean): Promise<string> {
  const target = await validateTargetUrl(url, { allowPrivateTargets });
  const dispatcher = identityProviderDispatcher(allowPrivateTargets);
  try {
    const response = await fetch(target, { dispatcher, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
    if (!response.ok) {
      throw new Error(`${url} answered ${response.status}`);
    }
    const body = await readBodyWithin(
      response.body as AsyncIterable<Uint8Array> | null,
      MAX_DOCUMENT_BYTES,
      () => new Error(`${url} answered more than 1 MiB`),
    );
    return body.toString('utf8');
  } finally {
    await dispatcher.destroy().catch(() => undefined);
  }
}
