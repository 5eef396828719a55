import type { ReadableStreamDefaultReader } from 'node:stream/web';
import { fetch, type Dispatcher, type Response } from 'undici';
import { findBlockedAddressError } from '#src/common/net/ssrf-guard.js';
import type { HostThrottle } from '#src/modules/ingestion/crawler/host-throttle.js';
import { normalizeUrl } from '#src/modules/ingestion/crawler/url-scope.js';

/**
 * Why one URL could not be fetched; the message becomes the CrawlFailure's `error`. `transient`: the server may
 * answer next time (a timeout, a connection reset or refused); a refused address or an oversized page will not.
 */
export class FetchFailure extends Error {
  override name = 'FetchFailure';

  constructor(
    message: string,
    readonly transient = false,
  ) {
    super(message);
  }
}

/** What every request of one crawl shares. */
export interface HttpContext {
  dispatcher: Dispatcher;
  userAgent: string;
  timeoutMs: number;
  signal: AbortSignal;
  throttle: HostThrottle;
}

export interface HopResponse {
  url: URL;
  status: number;
  /** Lower-cased media type without parameters; '' when absent. */
  mime: string;
  contentType: string | null;
  headers: Headers;
  /** Undefined when the caller did not want this response's body, or its first bytes were not what it wanted. */
  body: Buffer | undefined;
}

/** Decides from a body's first bytes whether the rest is wanted, so an unlabelled binary is not downloaded to be thrown away. */
export interface HeadCheck {
  bytes: number;
  keep: (head: Buffer, contentType: string | null) => boolean;
}

export interface HopOptions {
  maxBytes: number;
  /** 'truncate' keeps the first maxBytes (robots.txt); 'fail' refuses the whole response (pages). */
  oversize: 'fail' | 'truncate';
  wantBody: (status: number, mime: string) => boolean | HeadCheck;
}

export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** One GET, redirects not followed, within the politeness delay and the per-request timeout (which covers the body). */
export async function fetchHop(url: URL, http: HttpContext, options: HopOptions): Promise<HopResponse> {
  await http.throttle.wait(url.host, http.signal);
  const timeout = AbortSignal.timeout(http.timeoutMs);
  const signal = AbortSignal.any([http.signal, timeout]);
  try {
    const response = await fetch(url, {
      dispatcher: http.dispatcher,
      redirect: 'manual',
      signal,
      headers: { 'user-agent': http.userAgent, accept: 'text/html,application/xhtml+xml,application/pdf;q=0.9,*/*;q=0.5' },
    });
    const contentType = response.headers.get('content-type');
    const mime = (contentType?.split(';')[0] ?? '').trim().toLowerCase();
    const wanted = options.wantBody(response.status, mime);
    let body: Buffer | undefined;
    if (wanted) {
      body = await readBody(response, options, wanted === true ? undefined : wanted);
    } else {
      await response.body?.cancel().catch(() => undefined);
    }
    return { url, status: response.status, mime, contentType, headers: response.headers, body };
  } catch (error) {
    if (http.signal.aborted) {
      throw http.signal.reason;
    }
    if (timeout.aborted) {
      throw new FetchFailure(`timed out after ${http.timeoutMs} ms`, true);
    }
    throw error instanceof FetchFailure ? error : networkFailure(error);
  }
}

async function readBody(response: Response, options: HopOptions, headCheck: HeadCheck | undefined): Promise<Buffer | undefined> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  const declaredTooLarge = options.oversize === 'fail' && !response.headers.has('content-encoding') && declared > options.maxBytes;
  if (declaredTooLarge && !headCheck) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(options.maxBytes);
  }
  const contentType = response.headers.get('content-type');
  const chunks: Buffer[] = [];
  let size = 0;
  let pendingCheck = headCheck;
  const passesHeadCheck = (check: HeadCheck): boolean => check.keep(Buffer.concat(chunks).subarray(0, check.bytes), contentType);
  if (response.body) {
    const reader = response.body.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        break;
      }
      chunks.push(Buffer.from(value));
      size += value.byteLength;
      if (pendingCheck && size >= pendingCheck.bytes) {
        if (!passesHeadCheck(pendingCheck)) {
          await reader.cancel().catch(() => undefined);
          return undefined;
        }
        pendingCheck = undefined;
        if (declaredTooLarge) {
          await reader.cancel().catch(() => undefined);
          throw tooLarge(options.maxBytes);
        }
      }
      if (size > options.maxBytes) {
        await reader.cancel().catch(() => undefined);
        if (options.oversize === 'fail') {
          throw tooLarge(options.maxBytes);
        }
        return Buffer.concat(chunks).subarray(0, options.maxBytes);
      }
    }
  }
  if (pendingCheck && !passesHeadCheck(pendingCheck)) {
    return undefined;
  }
  return Buffer.concat(chunks);
}

function tooLarge(maxBytes: number): FetchFailure {
  return new FetchFailure(`larger than the ${maxBytes}-byte page limit`);
}

/** A refused address is for good; any other network error (reset, refused, unreachable, DNS) may pass. */
function networkFailure(error: unknown): FetchFailure {
  const blocked = findBlockedAddressError(error);
  if (blocked) {
    return new FetchFailure(`refused: ${blocked.message}`);
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof Error) {
    const code = (cause as NodeJS.ErrnoException).code;
    return new FetchFailure(`request failed: ${cause.message}${code && !cause.message.includes(code) ? ` (${code})` : ''}`, true);
  }
  return new FetchFailure(`request failed: ${String(cause)}`, true);
}

/** Follows up to `maxRedirects` redirects without scope rules, for robots.txt and sitemaps. */
export async function fetchFollowingRedirects(url: URL, http: HttpContext, options: HopOptions, maxRedirects = 5): Promise<HopResponse> {
  let current = url;
  for (let redirects = 0; ; redirects++) {
    const hop = await fetchHop(current, http, options);
    const location = hop.headers.get('location');
    if (!REDIRECT_STATUSES.has(hop.status) || location === null) {
      return hop;
    }
    if (redirects === maxRedirects) {
      throw new FetchFailure(`more than ${maxRedirects} redirects`);
    }
    const next = normalizeUrl(location, current);
    if (!next) {
      throw new FetchFailure(`redirected to an unsupported URL: ${location}`);
    }
    current = next;
  }
}
