import robotsParserModule from 'robots-parser';
import { fetchFollowingRedirects, FetchFailure, type HttpContext } from '#src/modules/ingestion/crawler/http-fetch.js';
import { normalizeUrl } from '#src/modules/ingestion/crawler/url-scope.js';

// robots-parser is CommonJS (`module.exports = fn`) but its typings declare an ES default export.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

/** RFC 9309: crawlers must read at least 500 KiB of robots.txt; the rest may be ignored. */
const ROBOTS_MAX_BYTES = 500 * 1024;
/** A larger Crawl-delay is honoured only up to this, so one line cannot stall a sync for hours per page. */
const MAX_CRAWL_DELAY_MS = 60_000;

export interface RobotsPolicy {
  isAllowed(url: URL): boolean;
  /** Why everything is disallowed when robots.txt could not be read; undefined otherwise. */
  unavailable: string | undefined;
  crawlDelayMs: number | undefined;
  sitemaps: URL[];
}

/**
 * Reads robots.txt as RFC 9309 says: a 4xx (a missing file) allows everything; a 5xx, 429 or timeout disallows
 * everything, since the site may be overloaded. A connection that cannot be made at all rethrows FetchFailure,
 * because the pages of that host will fail the same way and the caller reports it once.
 */
export async function loadRobots(origin: URL, http: HttpContext, robotToken: string): Promise<RobotsPolicy> {
  const robotsUrl = new URL('/robots.txt', origin);
  let status: number;
  let text: string;
  try {
    const response = await fetchFollowingRedirects(robotsUrl, http, {
      maxBytes: ROBOTS_MAX_BYTES,
      oversize: 'truncate',
      wantBody: (code) => code >= 200 && code < 300,
    });
    status = response.status;
    text = response.body?.toString('utf8') ?? '';
  } catch (error) {
    if (error instanceof FetchFailure && error.message.startsWith('timed out')) {
      return disallowAll(`robots.txt ${error.message}`);
    }
    throw error;
  }
  if (status === 429 || status >= 500) {
    return disallowAll(`robots.txt answered HTTP ${status}`);
  }
  if (status < 200 || status >= 300) {
    return { isAllowed: () => true, unavailable: undefined, crawlDelayMs: undefined, sitemaps: [] };
  }
  const robots = robotsParser(robotsUrl.href, text);
  const delaySeconds = robots.getCrawlDelay(robotToken);
  return {
    isAllowed: (url) => robots.isAllowed(url.href, robotToken) !== false,
    unavailable: undefined,
    crawlDelayMs:
      delaySeconds !== undefined && Number.isFinite(delaySeconds) && delaySeconds > 0 ? Math.min(delaySeconds * 1000, MAX_CRAWL_DELAY_MS) : undefined,
    sitemaps: robots.getSitemaps().flatMap((href) => normalizeUrl(href) ?? []),
  };
}

function disallowAll(reason: string): RobotsPolicy {
  return { isAllowed: () => false, unavailable: reason, crawlDelayMs: undefined, sitemaps: [] };
}

/** The token robots.txt groups are matched against: `AqsBot/1.0 (+https://…)` → `aqsbot`. */
export function robotTokenOf(userAgent: string): string {
  return (userAgent.trim().split(/[\s/]/)[0] ?? '').toLowerCase() || '*';
}
