import { createGuardedDispatcher, type HostResolver } from '#src/common/net/ssrf-guard.js';
import type { CrawledPage, CrawlFailure, CrawlOptions } from '#src/modules/ingestion/crawler/crawled-page.js';
import { HostThrottle } from '#src/modules/ingestion/crawler/host-throttle.js';
import { FetchFailure, type HttpContext } from '#src/modules/ingestion/crawler/http-fetch.js';
import { fetchPage, type PageFetchContext, type PageOutcome } from '#src/modules/ingestion/crawler/page-fetcher.js';
import { loadRobots, robotTokenOf } from '#src/modules/ingestion/crawler/robots.js';
import { readSitemaps } from '#src/modules/ingestion/crawler/sitemap.js';
import { isInScope, normalizeUrl, pageKey, scopeOf } from '#src/modules/ingestion/crawler/url-scope.js';

/**
 * Bounds the URLs fetched when many are skipped (other content types, redirects to pages already crawled,
 * duplicates by canonical URL), which yield nothing: 3 × maxPages + 20.
 */
const fetchBudget = (maxPages: number): number => maxPages * 3 + 20;

export interface CrawlDependencies {
  /** Name resolution for the SSRF guard; tests map host names to loopback without a DNS server. */
  resolve?: HostResolver;
}

interface Task {
  url: URL;
  outcome: PageOutcome | undefined;
  settled: Promise<void>;
}

/**
 * Crawls the website under `options.startUrl`: robots.txt, the sitemap, then links breadth first, within the start
 * URL's scheme, host and directory. Yields at most `maxPages` items in all: pages, and a CrawlFailure for each in-scope
 * URL that could not be fetched (each becomes a document of the source). Results are committed in the order URLs were queued, whatever order responses arrive in, so a
 * crawl of an unchanged site yields the same pages in the same order. When the start URL itself cannot be crawled,
 * the only thing yielded is its failure. Aborting `options.signal` stops every request and rejects with its reason.
 */
export async function* crawlWebsite(options: CrawlOptions, dependencies: CrawlDependencies = {}): AsyncGenerator<CrawledPage | CrawlFailure> {
  const start = normalizeUrl(options.startUrl);
  if (!start) {
    yield { kind: 'failure', url: options.startUrl, error: 'not an http or https URL' };
    return;
  }
  options.signal?.throwIfAborted();
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const dispatcher = createGuardedDispatcher({
    allowPrivateTargets: options.allowPrivateTargets,
    connectTimeoutMs: options.timeoutMs,
    resolve: dependencies.resolve,
  });
  const http: HttpContext = { dispatcher, userAgent: options.userAgent, timeoutMs: options.timeoutMs, signal, throttle: new HostThrottle(options.delayMs) };
  try {
    yield* crawl(start, options, http);
  } finally {
    stop.abort();
    await dispatcher.destroy().catch(() => undefined);
  }
}

async function* crawl(start: URL, options: CrawlOptions, http: HttpContext): AsyncGenerator<CrawledPage | CrawlFailure> {
  const scope = scopeOf(start);
  const robotToken = robotTokenOf(options.userAgent);
  const robots = await loadOrFail(() => loadRobots(start, http, robotToken), options);
  if (robots instanceof FetchFailure) {
    yield { kind: 'failure', url: start.href, error: robots.message, ...(robots.transient ? { transient: true } : {}) };
    return;
  }
  if (robots.crawlDelayMs !== undefined) {
    http.throttle.raiseDelay(robots.crawlDelayMs);
  }

  const wanted = (url: URL): boolean => isInScope(url, scope) && robots.isAllowed(url);
  const sitemapUrls = await readSitemaps(robots.sitemaps.length > 0 ? robots.sitemaps : [new URL('/sitemap.xml', start)], http, {
    maxUrls: fetchBudget(options.maxPages),
    readable: (url) => url.origin === start.origin,
    wanted,
  });

  const queue: URL[] = [];
  const known = new Set<string>();
  const enqueue = (url: URL): void => {
    const key = pageKey(url);
    if (!known.has(key) && wanted(url)) {
      known.add(key);
      queue.push(url);
    }
  };
  known.add(pageKey(start));
  queue.push(start);
  sitemapUrls.forEach(enqueue);

  const yielded = new Set<string>();
  const context: PageFetchContext = { http, scope, robots, robotToken, maxPageBytes: options.maxPageBytes, isYielded: (key) => yielded.has(key) };
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const pending: Task[] = [];
  let next = 0;
  let yieldedCount = 0;
  const aborted = new Promise<void>((resolve) => http.signal.addEventListener('abort', () => resolve(), { once: true }));

  for (;;) {
    const running = pending.filter((task) => task.outcome === undefined).length;
    // Counting every uncommitted task against maxPages means nothing is fetched that could not be yielded.
    for (
      let free = concurrency - running;
      free > 0 && yieldedCount + pending.length < options.maxPages && next < queue.length && next < fetchBudget(options.maxPages);
      free--
    ) {
      pending.push(startTask(queue[next++], context));
    }
    const head = pending[0];
    if (!head) {
      return;
    }
    if (head.outcome === undefined) {
      await Promise.race([...pending.filter((task) => task.outcome === undefined).map((task) => task.settled), aborted]);
      throwIfAborted(options);
      continue;
    }
    throwIfAborted(options);
    pending.shift();
    const outcome = head.outcome;
    const isStart = head.url === start;
    if (outcome.kind === 'page') {
      outcome.links.forEach(enqueue);
      if (outcome.keys.some((key) => yielded.has(key))) {
        continue;
      }
      outcome.keys.forEach((key) => {
        yielded.add(key);
        known.add(key);
      });
      yieldedCount++;
      yield outcome.page;
    } else if (outcome.kind === 'failure' || isStart) {
      yieldedCount++;
      const error = outcome.kind === 'failure' ? outcome.error : outcome.reason;
      yield { kind: 'failure', url: head.url.href, error, ...(outcome.transient ? { transient: true } : {}) };
      if (isStart) {
        return;
      }
    }
    if (yieldedCount >= options.maxPages) {
      return;
    }
  }
}

function startTask(url: URL, context: PageFetchContext): Task {
  const task: Task = { url, outcome: undefined, settled: Promise.resolve() };
  task.settled = fetchPage(url, context).then(
    (outcome) => {
      task.outcome = outcome;
    },
    (error: unknown) => {
      task.outcome = {
        kind: 'failure',
        error: error instanceof Error ? error.message : String(error),
        transient: error instanceof FetchFailure && error.transient,
      };
    },
  );
  return task;
}

async function loadOrFail<T>(load: () => Promise<T>, options: CrawlOptions): Promise<T | FetchFailure> {
  try {
    return await load();
  } catch (error) {
    throwIfAborted(options);
    if (error instanceof FetchFailure) {
      return error;
    }
    throw error;
  }
}

function throwIfAborted(options: CrawlOptions): void {
  options.signal?.throwIfAborted();
}
