import { afterEach, describe, expect, it } from 'vitest';
import { crawlWebsite } from '#src/modules/ingestion/crawler/crawl-website.js';
import type { CrawledPage, CrawlFailure, CrawlOptions } from '#src/modules/ingestion/crawler/crawled-page.js';
import { FixtureSite } from '#test/utils/fixture-site.js';
import { serveHostileSite } from '#test/utils/hostile-sites.js';

const LIMITS = { timeoutMs: 2_000, maxPageBytes: 1024 * 1024 };
/** What the sitemap reader reads per crawl, index files included (crawler/sitemap.ts). */
const MAX_SITEMAP_FILES = 20;
const MIB = 1024 * 1024;

let site: FixtureSite | undefined;

afterEach(async () => {
  await site?.close();
  site = undefined;
});

async function crawl(startUrl: string): Promise<(CrawledPage | CrawlFailure)[]> {
  const options: CrawlOptions = { startUrl, maxPages: 40, concurrency: 4, delayMs: 0, allowPrivateTargets: true, userAgent: 'AqsTestBot/1.0', ...LIMITS };
  const items: (CrawledPage | CrawlFailure)[] = [];
  for await (const item of crawlWebsite(options)) {
    items.push(item);
  }
  return items;
}

function relative(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

describe('crawling a hostile website', () => {
  it('should end within its limits with a clear error for each trap and the normal pages read', async () => {
    site = await FixtureSite.start();
    const hostile = serveHostileSite(site, LIMITS);
    const rssBefore = process.memoryUsage.rss();

    const items = await crawl(hostile.startUrl);

    const pages = items.filter((item) => item.kind === 'html').map((item) => relative(item.url));
    expect(pages).toEqual(expect.arrayContaining(hostile.goodPages));
    const failures = Object.fromEntries(items.flatMap((item) => (item.kind === 'failure' ? [[relative(item.url), item.error]] : [])));
    expect(Object.keys(failures).sort()).toEqual(Object.keys(hostile.failures).sort());
    for (const [path, error] of Object.entries(hostile.failures)) {
      expect(failures[path], path).toMatch(error);
    }
    // The sitemap index points at a new index forever; the gzip-bombed sitemap stops at the 50 MB sitemap limit.
    expect(hostile.sitemapRequests()).toBe(MAX_SITEMAP_FILES);
    expect(pages.filter((path) => path.startsWith('/docs/listed?')).length).toBeGreaterThan(1);
    // The slowloris page was cut by the whole-response deadline: an idle timeout never fires on a byte every 100 ms.
    expect(hostile.slowloris.closedAfterMs).toBeDefined();
    expect(hostile.slowloris.bytesSent).toBeLessThan(100);
    // The bombs were read up to the page and sitemap limits, not inflated to their gigabyte.
    expect(process.memoryUsage.rss() - rssBefore).toBeLessThan(256 * MIB);
  });

  it('should give up on a site whose robots.txt trickles, with the reason', async () => {
    site = await FixtureSite.start();
    site.route('/robots.txt', { body: 'User-agent: *\nAllow: /\n'.repeat(100), trickle: { bytes: 1, intervalMs: 100 } }).html('/docs/', '<title>Home</title>');

    const items = await crawl(site.url('/docs/'));

    expect(items).toEqual([{ kind: 'failure', url: site.url('/docs/'), error: `robots.txt timed out after ${LIMITS.timeoutMs} ms`, transient: true }]);
  });
});
