/**
 * A website that fights its crawler, served by a FixtureSite under /docs/: a redirect loop, an endless chain of
 * redirects, a sitemap index that points at a new generated index forever, a sitemap that decompresses to a
 * gigabyte, a page that trickles a byte every 100 ms (slowloris), a page that decompresses to a gigabyte, and a
 * page nested 50,000 elements deep, beside a few normal pages.
 */
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FixtureSite } from '#test/utils/fixture-site.js';
import { makeGzipBomb } from '#test/utils/hostile-files.js';

export interface HostileSite {
  startUrl: string;
  /** Pages a crawl must still read, by path and query. */
  goodPages: string[];
  /** For each hostile page, by path and query, what its failure must say. */
  failures: Record<string, RegExp>;
  /** The slowloris page: bytes it managed to send, and how long after the request the crawler hung up. */
  slowloris: { bytesSent: number; closedAfterMs: number | undefined };
  /** Sitemap files the crawler asked for. */
  sitemapRequests: () => number;
}

const SLOW_BODY_BYTES = 10_000;
const SLOW_INTERVAL_MS = 100;

function page(title: string, body: string, links: readonly string[] = []): string {
  const anchors = links.map((href) => `<li><a href="${href}">${href}</a></li>`).join('');
  return `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${body}</p><ul>${anchors}</ul></main></body></html>`;
}

const sitemapIndex = (locations: readonly string[]): string =>
  `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locations.map((loc) => `<sitemap><loc>${loc}</loc></sitemap>`).join('')}</sitemapindex>`;
const urlset = (locations: readonly string[]): string =>
  `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locations.map((loc) => `<url><loc>${loc}</loc></url>`).join('')}</urlset>`;

function numberIn(path: string | undefined): number {
  return Number(new URL(path ?? '/', 'http://site.test').searchParams.get('n') ?? '1');
}

/** Serves the hostile site on `site`; `limits` are the crawl's, so the expected failures can name them. */
export function serveHostileSite(site: FixtureSite, limits: { timeoutMs: number; maxPageBytes: number }): HostileSite {
  const slowloris: HostileSite['slowloris'] = { bytesSent: 0, closedAfterMs: undefined };
  const bomb = makeGzipBomb(1024);
  site
    .route('/robots.txt', {
      body: `User-agent: *\nAllow: /\nSitemap: ${site.url('/docs/sitemaps/index?n=1')}\nSitemap: ${site.url('/docs/sitemaps/huge.xml')}\n`,
    })
    .html('/docs/', page('Handbook', 'Everything about the widget lives in these pages.', ['a', 'b', 'loop', 'redirect?n=1', 'slow', 'gzip-bomb', 'deep']))
    .html('/docs/a', page('Installing the widget', 'Unpack the widget and plug it into a grounded socket.'))
    .html('/docs/b', page('Cleaning the widget', 'Wipe the widget with a dry cloth once a week.'))
    .html('/docs/listed', page('Listed in a sitemap', 'This page is only reachable from a sitemap.'))
    .redirect('/docs/loop', '/docs/loop', 302)
    .route('/docs/redirect', (request, response) => {
      response.writeHead(302, { location: `/docs/redirect?n=${numberIn(request.url) + 1}` }).end();
    })
    .route('/docs/slow', (_request, response) => trickle(response, slowloris))
    .route('/docs/gzip-bomb', { headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' }, body: bomb })
    .html('/docs/deep', `<!doctype html><html><body>${'<div>'.repeat(50_000)}deep${'</div>'.repeat(50_000)}</body></html>`)
    .route('/docs/sitemaps/index', (request, response) => {
      const n = numberIn(request.url);
      response
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(sitemapIndex([site.url(`/docs/sitemaps/index?n=${n + 1}`), site.url(`/docs/sitemaps/pages?n=${n}`)]));
    })
    .route('/docs/sitemaps/pages', (request, response) => {
      response.writeHead(200, { 'content-type': 'application/xml' }).end(urlset([site.url(`/docs/listed?n=${numberIn(request.url)}`)]));
    })
    .route('/docs/sitemaps/huge.xml', { headers: { 'content-type': 'application/xml', 'content-encoding': 'gzip' }, body: bomb });
  return {
    startUrl: site.url('/docs/'),
    goodPages: ['/docs/', '/docs/a', '/docs/b', '/docs/listed?n=1'],
    failures: {
      '/docs/loop': /^redirect loop: /,
      '/docs/redirect?n=1': /^more than 5 redirects$/,
      '/docs/slow': new RegExp(`^timed out after ${limits.timeoutMs} ms$`),
      '/docs/gzip-bomb': new RegExp(`^larger than the ${limits.maxPageBytes}-byte page limit$`),
      '/docs/deep': /^the page nests its elements more than 512 deep$/,
    },
    slowloris,
    sitemapRequests: () => site.requests.filter((request) => request.path.startsWith('/docs/sitemaps/')).length,
  };
}

/** A page whose bytes come one every SLOW_INTERVAL_MS: never idle long enough for an idle timeout to fire. */
async function trickle(response: ServerResponse, record: HostileSite['slowloris']): Promise<void> {
  const started = performance.now();
  response.once('close', () => {
    record.closedAfterMs = performance.now() - started;
  });
  response.writeHead(200, { 'content-type': 'text/html' });
  const body = Buffer.from(page('Slow page', 'x'.repeat(SLOW_BODY_BYTES)));
  for (let offset = 0; offset < body.length && !response.destroyed; offset++) {
    response.write(body.subarray(offset, offset + 1));
    record.bytesSent++;
    await sleep(SLOW_INTERVAL_MS);
  }
  response.end();
}
