import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { HostResolver } from '#src/common/net/ssrf-guard.js';
import { crawlWebsite, type CrawlDependencies } from '#src/modules/ingestion/crawler/crawl-website.js';
import type { CrawledPage, CrawlFailure, CrawlOptions } from '#src/modules/ingestion/crawler/crawled-page.js';
import { FixtureSite } from '#test/utils/fixture-site.js';

type CrawlItem = CrawledPage | CrawlFailure;

const USER_AGENT = 'AqsTestBot/1.0 (+https://example.test/bot)';
/**
 * How much later than its start a request may reach the fixture site (a busy event loop on a loaded machine,
 * a new connection), timers firing a little early included.
 */
const ARRIVAL_JITTER_MS = 75;

let site: FixtureSite;

afterEach(async () => {
  await site?.close();
});

async function crawl(options: Partial<CrawlOptions> & { startUrl: string }, dependencies?: CrawlDependencies): Promise<CrawlItem[]> {
  const items: CrawlItem[] = [];
  for await (const item of crawlWebsite(
    { maxPages: 50, concurrency: 4, delayMs: 0, timeoutMs: 2_000, maxPageBytes: 1024 * 1024, allowPrivateTargets: true, userAgent: USER_AGENT, ...options },
    dependencies,
  )) {
    items.push(item);
  }
  return items;
}

/** `html /docs/a`, `pdf /docs/m.pdf`, `failure /docs/x: HTTP 404`: what a crawl yielded, relative to the site. */
function summary(items: CrawlItem[]): string[] {
  return items.map((item) => {
    const url = new URL(item.url);
    const where = url.origin === site.origin ? `${url.pathname}${url.search}` : url.href;
    return item.kind === 'failure' ? `failure ${where}: ${item.error}` : `${item.kind} ${where}`;
  });
}

function page(title: string, links: string[] = [], head = ''): string {
  return `<!doctype html><html><head><title>${title}</title>${head}</head><body><h1>${title}</h1>${links.map((href) => `<a href="${href}">${href}</a>`).join('\n')}</body></html>`;
}

function html(item: CrawlItem | undefined): string {
  if (item?.kind !== 'html') {
    throw new Error(`expected an HTML page, got ${JSON.stringify(item)}`);
  }
  return item.html;
}

/** Paths of page requests, without robots.txt and sitemaps. */
function pageRequests(): { path: string; at: number }[] {
  return site.requests.filter((request) => request.path !== '/robots.txt' && !request.path.includes('sitemap'));
}

/**
 * The crawler spaces the starts of requests by `delayMs`; the site sees their arrivals, each up to the
 * jitter late. So each gap between arrivals is at least delayMs minus the jitter, and the span of n
 * arrivals at least (n - 1) delayMs minus the jitter, the tight check: a late arrival shortens one gap
 * and lengthens the next.
 */
function expectSpaced(times: number[], delayMs: number, count: number): void {
  expect(times).toHaveLength(count);
  times.slice(1).forEach((time, index) => expect(time - times[index]).toBeGreaterThanOrEqual(delayMs - ARRIVAL_JITTER_MS));
  expect(times[count - 1] - times[0]).toBeGreaterThanOrEqual((count - 1) * delayMs - ARRIVAL_JITTER_MS);
}

describe('crawlWebsite', () => {
  it('should crawl in-scope links breadth first, each page once, ignoring fragments, trailing slashes and other sites', async () => {
    site = await FixtureSite.start();
    const otherHost = site.url('/docs/a', 'localhost');
    site
      .html(
        '/docs/',
        page('Home', [
          'a',
          './b/',
          '/docs/b',
          'a#section',
          'c?x=1',
          '../outside',
          '/docsmore',
          otherHost,
          'mailto:team@example.test',
          'javascript:void(0)',
          'a?page=2',
        ]),
      )
      .html('/docs/a', page('A', ['/docs/', 'b', '#top', './A/../b/']))
      .html('/docs/b/', page('B', ['../a', './d', 'd/']))
      .html('/docs/c', page('C', ['c?x=1']))
      .html('/docs/a?page=2', page('A2'))
      .html('/docs/b/d', page('D', ['/docs/b/d#x']))
      .html('/outside', page('Outside'))
      .html('/docsmore', page('Docsmore'));

    const items = await crawl({ startUrl: site.url('/docs/') });

    expect(summary(items)).toEqual(['html /docs/', 'html /docs/a', 'html /docs/b/', 'html /docs/c?x=1', 'html /docs/a?page=2', 'html /docs/b/d']);
    expect(html(items[1])).toContain('<h1>A</h1>');
    const paths = pageRequests().map((request) => request.path);
    expect(paths.sort()).toEqual(['/docs/', '/docs/a', '/docs/a?page=2', '/docs/b/', '/docs/b/d', '/docs/c?x=1']);
    expect(site.requests.every((request) => request.headers['user-agent'] === USER_AGENT)).toBe(true);
  });

  it('should scope a crawl to the start page’s directory, or to the path itself when it names no file', async () => {
    site = await FixtureSite.start();
    site
      .html('/docs/guide/intro.html', page('Intro', ['setup.html', '../api.html', '/docs/guide/', '/docs/guidebook']))
      .html('/docs/guide/setup.html', page('Setup'))
      .html('/docs/guide/', page('Guide index'))
      .html('/docs/api.html', page('API', ['guide/intro.html']))
      .html('/docs', page('Docs', ['/docs/api.html', '/docs/guide/setup.html', '/docsite', '/']));

    expect(summary(await crawl({ startUrl: site.url('/docs/guide/intro.html') }))).toEqual([
      'html /docs/guide/intro.html',
      'html /docs/guide/setup.html',
      'html /docs/guide/',
    ]);
    site.requests.length = 0;
    expect(summary(await crawl({ startUrl: site.url('/docs') }))).toEqual([
      'html /docs',
      'html /docs/api.html',
      'html /docs/guide/setup.html',
      'html /docs/guide/intro.html',
      'html /docs/guide/',
      'failure /docs/guidebook: HTTP 404',
    ]);
    expect(site.requestsTo('/docsite')).toHaveLength(0);
    expect(site.requestsTo('/')).toHaveLength(0);
  });

  it('should yield exactly maxPages pages and fetch no more than it yields', async () => {
    site = await FixtureSite.start();
    const links = Array.from({ length: 9 }, (_, index) => `/p${index + 1}`);
    site.html('/', page('Home', links));
    for (const link of links) {
      site.html(link, page(link, links));
    }

    const items = await crawl({ startUrl: site.url('/'), maxPages: 3, concurrency: 4 });

    expect(summary(items)).toEqual(['html /', 'html /p1', 'html /p2']);
    expect(pageRequests()).toHaveLength(3);
  });

  it('should count failures against maxPages with pages, and fetch no more than it yields', async () => {
    site = await FixtureSite.start();
    const missing = Array.from({ length: 12 }, (_, index) => `/missing-${index}`);
    site.html('/', page('Home', ['/gone', '/p1', ...missing, '/p2', '/p3', '/other.zip']));
    site.html('/p1', page('P1')).html('/p2', page('P2')).html('/p3', page('P3'));
    site.route('/other.zip', { headers: { 'content-type': 'application/zip' }, body: 'PK' });

    const items = await crawl({ startUrl: site.url('/'), maxPages: 3 });
    expect(summary(items)).toEqual(['html /', 'failure /gone: HTTP 404', 'html /p1']);
    expect(pageRequests()).toHaveLength(3);

    // Skipped URLs (another content type) yield nothing and do not count.
    site.html('/', page('Home', ['/other.zip', '/p1', '/p2']));
    expect(summary(await crawl({ startUrl: site.url('/'), maxPages: 3 }))).toEqual(['html /', 'html /p1', 'html /p2']);
  });

  it('should yield pages in the same order whatever order responses arrive in', async () => {
    const orders: string[][] = [];
    for (const slowFirst of [true, false]) {
      site = await FixtureSite.start();
      const links = ['/a', '/b', '/c', '/d', '/e'];
      site.html('/', page('Home', links));
      links.forEach((link, index) => {
        const delayMs = (slowFirst ? links.length - index : index) * 40;
        site.html(link, page(link, [`${link}/child`]), { delayMs });
        site.html(`${link}/child`, page(`${link} child`), { delayMs: 80 - delayMs / 4 });
      });
      orders.push(summary(await crawl({ startUrl: site.url('/'), concurrency: 4 })));
      await site.close();
    }
    expect(orders[0]).toEqual(orders[1]);
    expect(orders[0]).toEqual([
      'html /',
      ...['/a', '/b', '/c', '/d', '/e'].map((link) => `html ${link}`),
      ...['/a', '/b', '/c', '/d', '/e'].map((link) => `html ${link}/child`),
    ]);
  });

  describe('robots.txt', () => {
    it('should not fetch disallowed paths and should honour the group for its own user agent', async () => {
      site = await FixtureSite.start();
      site
        .route('/robots.txt', {
          headers: { 'content-type': 'text/plain' },
          body: [
            'User-agent: *',
            'Disallow: /private',
            '',
            'User-agent: aqstestbot',
            'Disallow: /private',
            'Disallow: /bots-keep-out',
            'Allow: /private/open',
          ].join('\n'),
        })
        .html('/', page('Home', ['/public', '/private/secret', '/private/open', '/bots-keep-out']))
        .html('/public', page('Public'))
        .html('/private/secret', page('Secret'))
        .html('/private/open', page('Open'))
        .html('/bots-keep-out', page('Keep out'));

      expect(summary(await crawl({ startUrl: site.url('/') }))).toEqual(['html /', 'html /public', 'html /private/open']);
      expect(site.requestsTo('/private/secret')).toHaveLength(0);
      expect(site.requestsTo('/bots-keep-out')).toHaveLength(0);
    });

    it('should space requests by the Crawl-delay when it is longer than the configured delay', async () => {
      site = await FixtureSite.start();
      site
        .route('/robots.txt', { body: 'User-agent: *\nCrawl-delay: 0.3\n' })
        .html('/', page('Home', ['/a', '/b', '/c']))
        .html('/a', page('A'))
        .html('/b', page('B'))
        .html('/c', page('C'));

      const items = await crawl({ startUrl: site.url('/'), concurrency: 4, delayMs: 50 });

      expect(items).toHaveLength(4);
      // Spaced by the Crawl-delay (300 ms), not by the configured 50 ms.
      expectSpaced(
        pageRequests().map((request) => request.at),
        300,
        4,
      );
    });

    it('should allow everything when robots.txt is missing', async () => {
      site = await FixtureSite.start();
      site.html('/', page('Home', ['/private'])).html('/private', page('Private'));

      expect(summary(await crawl({ startUrl: site.url('/') }))).toEqual(['html /', 'html /private']);
      expect(site.requestsTo('/robots.txt')).toHaveLength(1);
    });

    it('should fail the start URL when robots.txt disallows it', async () => {
      site = await FixtureSite.start();
      site.route('/robots.txt', { body: 'User-agent: *\nDisallow: /\n' }).html('/', page('Home'));

      expect(summary(await crawl({ startUrl: site.url('/') }))).toEqual(['failure /: disallowed by robots.txt']);
      expect(site.requestsTo('/')).toHaveLength(0);
    });

    it('should crawl nothing while robots.txt answers with a server error', async () => {
      site = await FixtureSite.start();
      site.route('/robots.txt', { status: 503 }).html('/', page('Home'));

      const items = await crawl({ startUrl: site.url('/') });
      expect(summary(items)).toEqual(['failure /: robots.txt answered HTTP 503']);
      expect(items[0]).toMatchObject({ transient: true });
      expect(site.requestsTo('/')).toHaveLength(0);
    });
  });

  describe('sitemaps', () => {
    const urlset = (urls: string[]): string =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((url) => `<url><loc>${url}</loc></url>`).join('')}</urlset>`;

    it('should read the sitemaps named in robots.txt, through a sitemap index, keeping only in-scope URLs', async () => {
      site = await FixtureSite.start();
      site
        .route('/robots.txt', { body: `User-agent: *\nDisallow: /docs/hidden\nSitemap: ${site.url('/sitemap-index.xml')}\n` })
        .route('/sitemap-index.xml', {
          headers: { 'content-type': 'application/xml' },
          body: `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${site.url('/sitemaps/docs.xml')}</loc></sitemap><sitemap><loc>http://localhost:${site.port}/sitemaps/other.xml</loc></sitemap></sitemapindex>`,
        })
        .route('/sitemaps/docs.xml', {
          headers: { 'content-type': 'application/xml' },
          body: urlset([
            site.url('/docs/orphan-1'),
            site.url('/blog/post'),
            site.url('/docs/hidden/page'),
            ` ${site.url('/docs/orphan-2')} `,
            site.url('/docs/'),
          ]),
        })
        .html('/docs/', page('Docs'))
        .html('/docs/orphan-1', page('Orphan 1'))
        .html('/docs/orphan-2', page('Orphan 2'))
        .html('/blog/post', page('Blog'))
        .html('/docs/hidden/page', page('Hidden'));

      expect(summary(await crawl({ startUrl: site.url('/docs/') }))).toEqual(['html /docs/', 'html /docs/orphan-1', 'html /docs/orphan-2']);
      expect(site.requestsTo('/sitemap.xml')).toHaveLength(0);
      expect(site.requestsTo('/sitemaps/other.xml')).toHaveLength(0);
      expect(site.requestsTo('/blog/post')).toHaveLength(0);
    });

    it('should read /sitemap.xml when robots.txt names no sitemap', async () => {
      site = await FixtureSite.start();
      site
        .route('/sitemap.xml', { headers: { 'content-type': 'text/xml' }, body: urlset([site.url('/orphan')]) })
        .html('/', page('Home'))
        .html('/orphan', page('Orphan'));

      expect(summary(await crawl({ startUrl: site.url('/') }))).toEqual(['html /', 'html /orphan']);
    });

    it('should take only as many sitemap URLs as the crawl can use', async () => {
      site = await FixtureSite.start();
      const urls = Array.from({ length: 200 }, (_, index) => site.url(`/p${index}`));
      site.route('/sitemap.xml', { body: urlset(urls) }).html('/', page('Home'));
      for (let index = 0; index < 200; index++) {
        site.route(`/p${index}`, { status: 404 });
      }

      const items = await crawl({ startUrl: site.url('/'), maxPages: 5 });

      // Every sitemap URL fails here; a failure counts against maxPages as a page does.
      expect(items.filter((item) => item.kind === 'failure')).toHaveLength(4);
      expect(pageRequests()).toHaveLength(5);
    });
  });

  describe('redirects', () => {
    it('should follow in-scope redirects, and fail out-of-scope ones, loops and chains over 5 hops', async () => {
      site = await FixtureSite.start();
      site
        .html('/docs/', page('Docs', ['old', 'away', 'elsewhere', 'loop-a', 'r1', 's1', 'new']))
        .redirect('/docs/old', '/docs/new')
        .html('/docs/new', page('New'))
        .redirect('/docs/away', '/blog/', 302)
        .redirect('/docs/elsewhere', site.url('/docs/x', 'localhost'), 307)
        .redirect('/docs/loop-a', 'loop-b')
        .redirect('/docs/loop-b', '/docs/loop-a', 308)
        .html('/blog/', page('Blog'));
      for (let hop = 1; hop <= 5; hop++) {
        site.redirect(`/docs/r${hop}`, hop === 5 ? '/docs/five-hops' : `/docs/r${hop + 1}`);
      }
      for (let hop = 1; hop <= 6; hop++) {
        site.redirect(`/docs/s${hop}`, hop === 6 ? '/docs/six-hops' : `/docs/s${hop + 1}`);
      }
      site.html('/docs/five-hops', page('Five hops')).html('/docs/six-hops', page('Six hops'));

      expect(summary(await crawl({ startUrl: site.url('/docs/') }))).toEqual([
        'html /docs/',
        'html /docs/new',
        `failure /docs/away: redirected out of scope to ${site.url('/blog/')}`,
        `failure /docs/elsewhere: redirected out of scope to ${site.url('/docs/x', 'localhost')}`,
        `failure /docs/loop-a: redirect loop: ${site.url('/docs/loop-a')} -> ${site.url('/docs/loop-b')} -> ${site.url('/docs/loop-a')}`,
        'html /docs/five-hops',
        'failure /docs/s1: more than 5 redirects',
      ]);
      expect(site.requestsTo('/blog/')).toHaveLength(0);
      expect(site.requestsTo('/docs/six-hops')).toHaveLength(0);
    });

    it('should follow a start URL’s redirect to its trailing-slash form', async () => {
      site = await FixtureSite.start();
      site
        .redirect('/docs', '/docs/')
        .html('/docs/', page('Docs', ['/docs/a']))
        .html('/docs/a', page('A'));

      expect(summary(await crawl({ startUrl: site.url('/docs') }))).toEqual(['html /docs/', 'html /docs/a']);
    });

    it('should fail the crawl when the start URL redirects out of scope', async () => {
      site = await FixtureSite.start();
      site.redirect('/docs/', '/login').html('/login', page('Login'));

      expect(summary(await crawl({ startUrl: site.url('/docs/') }))).toEqual([`failure /docs/: redirected out of scope to ${site.url('/login')}`]);
    });
  });

  describe('failures', () => {
    it('should record 404s and server errors and go on', async () => {
      site = await FixtureSite.start();
      site
        .html('/', page('Home', ['/missing', '/broken', '/ok']))
        .route('/broken', { status: 500 })
        .html('/ok', page('OK'));

      expect(summary(await crawl({ startUrl: site.url('/') }))).toEqual(['html /', 'failure /missing: HTTP 404', 'failure /broken: HTTP 500', 'html /ok']);
    });

    it('should yield only a failure when the start URL cannot be crawled', async () => {
      site = await FixtureSite.start();
      site.route('/notes.txt', { headers: { 'content-type': 'text/plain' }, body: 'plain' });

      expect(summary(await crawl({ startUrl: site.url('/docs/') }))).toEqual(['failure /docs/: HTTP 404']);
      expect(summary(await crawl({ startUrl: site.url('/notes.txt') }))).toEqual(['failure /notes.txt: content type text/plain is not crawled']);
      const closed = await FixtureSite.start();
      await closed.close();
      expect(await crawl({ startUrl: closed.url('/') })).toEqual([
        { kind: 'failure', url: closed.url('/'), error: expect.stringMatching(/^request failed: .*ECONNREFUSED/), transient: true },
      ]);
    });

    it('should mark failures that may pass transient (5xx, 429, timeouts, resets) and others not', async () => {
      site = await FixtureSite.start();
      site
        .html('/', page('Home', ['/e500', '/e503', '/e429', '/e404', '/e410', '/slow', '/reset', '/fake.pdf']))
        .route('/e500', { status: 500 })
        .route('/e503', { status: 503 })
        .route('/e429', { status: 429 })
        .route('/e410', { status: 410 })
        .html('/slow', page('Slow'), { delayMs: 2_000 })
        .route('/reset', (request) => void request.socket.destroy())
        .route('/fake.pdf', { headers: { 'content-type': 'application/pdf' }, body: 'not a pdf' });

      const failures = (await crawl({ startUrl: site.url('/'), timeoutMs: 500 })).filter((item) => item.kind === 'failure');
      const transient = Object.fromEntries(failures.map((failure) => [new URL(failure.url).pathname, failure.transient === true]));
      expect(transient).toEqual({
        '/e500': true,
        '/e503': true,
        '/e429': true,
        '/e404': false,
        '/e410': false,
        '/slow': true,
        '/reset': true,
        '/fake.pdf': false,
      });
    });

    it('should give up on a page whose headers or body are slower than the timeout', async () => {
      site = await FixtureSite.start();
      site
        .html('/', page('Home', ['/slow-headers', '/slow-body', '/fast']))
        .html('/slow-headers', page('Slow'), { delayMs: 5_000 })
        .html('/slow-body', page('Slow body').padEnd(5_000, ' '), { trickle: { bytes: 100, intervalMs: 200 } })
        .html('/fast', page('Fast'));

      const started = performance.now();
      const items = await crawl({ startUrl: site.url('/'), timeoutMs: 600 });

      expect(summary(items)).toEqual(['html /', 'failure /slow-headers: timed out after 600 ms', 'failure /slow-body: timed out after 600 ms', 'html /fast']);
      expect(performance.now() - started).toBeLessThan(3_000);
    });

    it('should stop reading a page over the size cap, with or without a Content-Length', async () => {
      site = await FixtureSite.start();
      const big = page('Big').padEnd(50_000, ' ');
      site
        .html('/', page('Home', ['/big', '/big-chunked', '/small']))
        .html('/big', big)
        .html('/big-chunked', big, { trickle: { bytes: 5_000, intervalMs: 5 } })
        .html('/small', page('Small').padEnd(9_000, ' '));

      expect(summary(await crawl({ startUrl: site.url('/'), maxPageBytes: 10_000 }))).toEqual([
        'html /',
        'failure /big: larger than the 10000-byte page limit',
        'failure /big-chunked: larger than the 10000-byte page limit',
        'html /small',
      ]);
    });
  });

  describe('content', () => {
    it('should decode pages by the charset of Content-Type, then of <meta>, else as UTF-8', async () => {
      site = await FixtureSite.start();
      const text = 'Café déjà vu, naïve façade, ½ × ©';
      site
        .html('/', page('Home', ['/latin1-header', '/latin1-meta', '/latin1-http-equiv', '/cp1252', '/utf8']))
        .route('/latin1-header', { headers: { 'content-type': 'text/html; charset=iso-8859-1' }, body: Buffer.from(page(text), 'latin1') })
        .route('/latin1-meta', { headers: { 'content-type': 'text/html' }, body: Buffer.from(page(text, [], '<meta charset="ISO-8859-1">'), 'latin1') })
        .route('/latin1-http-equiv', {
          headers: { 'content-type': 'text/html' },
          body: Buffer.from(page(text, [], '<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">'), 'latin1'),
        })
        .route('/cp1252', {
          headers: { 'content-type': 'text/html; charset=windows-1252' },
          body: Buffer.concat([
            Buffer.from('<p>Price: '),
            Buffer.from([0x80]),
            Buffer.from('5 '),
            Buffer.from([0x93]),
            Buffer.from('quoted'),
            Buffer.from([0x94]),
            Buffer.from('</p>'),
          ]),
        })
        .route('/utf8', { headers: { 'content-type': 'text/html' }, body: Buffer.from(page(text), 'utf8') });

      const items = await crawl({ startUrl: site.url('/') });

      expect(items.map((item) => item.url)).toEqual(
        ['/', '/latin1-header', '/latin1-meta', '/latin1-http-equiv', '/cp1252', '/utf8'].map((path) => site.url(path)),
      );
      for (const item of [items[1], items[2], items[3], items[5]]) {
        expect(html(item)).toContain(`<h1>${text}</h1>`);
      }
      expect(html(items[4])).toContain('Price: €5 “quoted”');
    });

    it('should decompress a gzip-encoded page and apply the size cap to what it decompresses to', async () => {
      site = await FixtureSite.start();
      site
        .html('/', page('Home', ['/compressed', '/bomb']))
        .route('/compressed', { headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' }, body: gzipSync(page('Compressed')) })
        .route('/bomb', { headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' }, body: gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x20)) });

      const items = await crawl({ startUrl: site.url('/'), maxPageBytes: 100_000 });

      expect(summary(items)).toEqual(['html /', 'html /compressed', 'failure /bomb: larger than the 100000-byte page limit']);
      expect(html(items[1])).toContain('<h1>Compressed</h1>');
    });

    it('should keep linked PDFs as raw bytes and skip other content types', async () => {
      site = await FixtureSite.start();
      const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3, 0x0a]), Buffer.from('1 0 obj\n<<>>\nendobj\n%%EOF\n')]);
      site
        .html('/docs/', page('Docs', ['manual.pdf', 'download/guide.pdf', 'logo.png', 'data.json', 'notes.txt', 'page.xhtml', 'fake.pdf']))
        .route('/docs/manual.pdf', { headers: { 'content-type': 'application/pdf' }, body: pdf })
        .route('/docs/download/guide.pdf', { headers: { 'content-type': 'application/octet-stream' }, body: pdf })
        .route('/docs/logo.png', { headers: { 'content-type': 'image/png' }, body: Buffer.from([0x89, 0x50, 0x4e, 0x47]) })
        .route('/docs/data.json', { headers: { 'content-type': 'application/json' }, body: '{}' })
        .route('/docs/notes.txt', { headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'notes' })
        .route('/docs/page.xhtml', {
          headers: { 'content-type': 'application/xhtml+xml' },
          body: '<html xmlns="http://www.w3.org/1999/xhtml"><body><a href="manual.pdf">m</a></body></html>',
        })
        .route('/docs/fake.pdf', { headers: { 'content-type': 'application/octet-stream' }, body: 'not a pdf' });

      const items = await crawl({ startUrl: site.url('/docs/') });

      expect(summary(items)).toEqual(['html /docs/', 'pdf /docs/manual.pdf', 'pdf /docs/download/guide.pdf', 'html /docs/page.xhtml']);
      const manual = items[1];
      expect(manual?.kind === 'pdf' && manual.bytes.equals(pdf)).toBe(true);
    });

    it('should read pages a server labels generically by their leading tag, and Markdown by its type or name', async () => {
      site = await FixtureSite.start();
      const generic = { 'content-type': 'application/octet-stream' };
      site
        .html('/docs/', page('Docs', ['install.html.en', 'guide', 'intro.md', 'faq.md', 'binary.html.en', 'tools.zip', 'report', 'closed.md']))
        .route('/docs/install.html.en', { headers: generic, body: `<?xml version="1.0" encoding="UTF-8"?>\n${page('Install', ['guide'])}` })
        .route('/docs/guide', { headers: {}, body: '\n  <html><body><p>Guide</p><a href="deep/next.md">next</a></body></html>' })
        .route('/docs/intro.md', {
          headers: { 'content-type': 'text/markdown; charset=utf-8' },
          body: '# Intro\n\nSee [the FAQ](faq.md) and [elsewhere](https://example.org/x.md).\n',
        })
        .route('/docs/faq.md', { headers: { 'content-type': 'text/plain; charset=utf-8' }, body: '# FAQ\n\nNothing yet.\n' })
        .route('/docs/deep/next.md', { headers: generic, body: '# Next\n\nText.\n' })
        .route('/docs/binary.html.en', { headers: generic, body: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]) })
        .route('/docs/tools.zip', { headers: generic, body: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]) })
        .route('/docs/report', { headers: generic, body: Buffer.from('%PDF-1.4\n%%EOF\n') })
        .route('/docs/closed.md', { headers: { 'content-type': 'text/markdown', 'x-robots-tag': 'nofollow' }, body: '# Closed\n\n[hidden](hidden.md)\n' })
        .route('/docs/hidden.md', { headers: { 'content-type': 'text/markdown' }, body: '# Hidden\n' });

      const items = await crawl({ startUrl: site.url('/docs/') });

      expect(summary(items)).toEqual([
        'html /docs/',
        'html /docs/install.html.en',
        'html /docs/guide',
        'markdown /docs/intro.md',
        'markdown /docs/faq.md',
        'pdf /docs/report',
        'markdown /docs/closed.md',
        'markdown /docs/deep/next.md',
      ]);
      // A Markdown page's X-Robots-Tag nofollow holds as an HTML page's does.
      expect(pageRequests().map((request) => request.path)).not.toContain('/docs/hidden.md');
      expect(html(items[1])).toContain('<h1>Install</h1>');
      const intro = items[3];
      expect(intro?.kind === 'markdown' && intro.text).toBe('# Intro\n\nSee [the FAQ](faq.md) and [elsewhere](https://example.org/x.md).\n');
    });

    it('should read an unlabelled binary no further than its first bytes, however large, and skip it', async () => {
      site = await FixtureSite.start();
      const generic = { 'content-type': 'application/octet-stream' };
      const archive = Buffer.alloc(4 * 1024 * 1024);
      archive.write('PK\x03\x04', 'latin1');
      site
        .html('/', page('Home', ['/download/latest', '/download/nightly', '/download/readme', '/download/manual']))
        .route('/download/latest', { headers: { ...generic, 'content-length': String(archive.length) }, body: archive })
        // Sent in pieces with no Content-Length: its first bytes decide, not a declared size.
        .route('/download/nightly', { headers: generic, body: archive, trickle: { bytes: 16_384, intervalMs: 10 } })
        .route('/download/readme', { headers: generic, body: page('Readme').padEnd(200_000, ' ') })
        .route('/download/manual', { headers: generic, body: page('Manual') });

      expect(summary(await crawl({ startUrl: site.url('/'), maxPageBytes: 100_000 }))).toEqual([
        'html /',
        'failure /download/readme: larger than the 100000-byte page limit',
        'html /download/manual',
      ]);
    });

    it('should use an in-scope canonical URL as the page’s identity', async () => {
      site = await FixtureSite.start();
      site
        .html('/docs/', page('Docs', ['article?utm_source=nav', 'article', 'print', 'mirror']))
        .html('/docs/article', page('Article', [], `<link rel="canonical" href="${site.url('/docs/article')}">`))
        .html('/docs/print', page('Print', [], '<link rel="canonical" href="/docs/article/">'))
        .html('/docs/mirror', page('Mirror', [], '<link rel="canonical" href="https://elsewhere.example.test/article">'));

      const items = await crawl({ startUrl: site.url('/docs/') });

      expect(summary(items)).toEqual(['html /docs/', 'html /docs/article', 'html /docs/mirror']);
      expect(site.requestsTo('/docs/article')).toHaveLength(1);
    });

    it('should not follow the links of a page whose robots meta tag or header says nofollow', async () => {
      site = await FixtureSite.start();
      site
        .html('/', page('Home', ['/meta-nofollow', '/bot-nofollow', '/header-nofollow', '/rel-nofollow']))
        .html('/meta-nofollow', page('Meta', ['/hidden-1'], '<meta name="robots" content="noarchive, NOFOLLOW">'))
        .html('/bot-nofollow', page('Bot', ['/hidden-2'], '<meta name="AqsTestBot" content="none">'))
        .html('/header-nofollow', page('Header', ['/hidden-3']), { headers: { 'x-robots-tag': 'nofollow' } })
        .html('/rel-nofollow', '<a href="/hidden-4" rel="ugc nofollow">x</a><a href="/shown">y</a>')
        .html('/shown', page('Shown'));
      for (let index = 1; index <= 4; index++) {
        site.html(`/hidden-${index}`, page('Hidden'));
      }

      const items = await crawl({ startUrl: site.url('/') });

      expect(summary(items)).toEqual(['html /', 'html /meta-nofollow', 'html /bot-nofollow', 'html /header-nofollow', 'html /rel-nofollow', 'html /shown']);
      expect(pageRequests().filter((request) => request.path.startsWith('/hidden'))).toHaveLength(0);
    });
  });

  describe('pace', () => {
    it('should keep at most `concurrency` requests in flight, and use them all', async () => {
      site = await FixtureSite.start();
      const links = Array.from({ length: 8 }, (_, index) => `/p${index}`);
      site.html('/', page('Home', links));
      links.forEach((link) => site.html(link, page(link), { delayMs: 150 }));

      const items = await crawl({ startUrl: site.url('/'), concurrency: 3, delayMs: 0 });

      expect(items).toHaveLength(9);
      expect(site.maxInFlight).toBe(3);
    });

    it('should space requests to the host by delayMs, whatever the concurrency', async () => {
      site = await FixtureSite.start();
      const links = ['/a', '/b', '/c', '/d', '/e'];
      site.html('/', page('Home', links));
      links.forEach((link) => site.html(link, page(link)));

      const items = await crawl({ startUrl: site.url('/'), concurrency: 4, delayMs: 120 });

      expect(items).toHaveLength(6);
      expectSpaced(
        site.requests.map((request) => request.at),
        120,
        site.requests.length,
      );
    });
  });

  describe('cancellation', () => {
    it('should stop promptly when the signal is aborted', async () => {
      site = await FixtureSite.start();
      site.html('/', page('Home', ['/slow'])).html('/slow', page('Slow'), { delayMs: 5_000 });
      const controller = new AbortController();
      const reason = new Error('sync cancelled');
      const seen: CrawlItem[] = [];

      const started = performance.now();
      const run = (async () => {
        for await (const item of crawlWebsite({
          startUrl: site.url('/'),
          maxPages: 10,
          concurrency: 2,
          delayMs: 0,
          timeoutMs: 10_000,
          maxPageBytes: 100_000,
          allowPrivateTargets: true,
          userAgent: USER_AGENT,
          signal: controller.signal,
        })) {
          seen.push(item);
          setTimeout(() => controller.abort(reason), 100);
        }
      })();

      await expect(run).rejects.toBe(reason);
      expect(summary(seen)).toEqual(['html /']);
      expect(performance.now() - started).toBeLessThan(2_000);
    });

    it('should stop fetching when the consumer stops early', async () => {
      site = await FixtureSite.start();
      const links = Array.from({ length: 6 }, (_, index) => `/p${index}`);
      site.html('/', page('Home', links));
      links.forEach((link) => site.html(link, page(link), { delayMs: 100 }));

      for await (const item of crawlWebsite({
        startUrl: site.url('/'),
        maxPages: 10,
        concurrency: 2,
        delayMs: 0,
        timeoutMs: 5_000,
        maxPageBytes: 100_000,
        allowPrivateTargets: true,
        userAgent: USER_AGENT,
      })) {
        expect(item.kind).toBe('html');
        break;
      }
      const requested = site.requests.length;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(site.requests.length).toBe(requested);
    });
  });

  describe('outbound address rules', () => {
    const resolve: HostResolver = async (hostname) => {
      const table: Record<string, string> = { 'docs.fixture.test': '127.0.0.1', 'intranet.fixture.test': '10.20.30.40' };
      const address = table[hostname];
      if (!address) {
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      }
      return [{ address, family: 4 }];
    };

    it.each([
      ['127.0.0.1', () => site.url('/'), 'refused: 127.0.0.1 is not a public address'],
      ['[::1]', () => `http://[::1]:${site.port}/`, 'refused: ::1 is not a public address'],
      ['169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/', 'refused: 169.254.169.254 is not a public address'],
      ['a name for 127.0.0.1', () => site.url('/', 'docs.fixture.test'), 'refused: docs.fixture.test resolves to an address that is not public'],
      [
        'a name for 10.20.30.40',
        () => `http://intranet.fixture.test:${site.port}/`,
        'refused: intranet.fixture.test resolves to an address that is not public',
      ],
    ])('should refuse a start URL on %s when private targets are not allowed', async (_target, startUrl, error) => {
      site = await FixtureSite.start();
      site.html('/', page('Home'));

      const items = await crawl({ startUrl: startUrl(), allowPrivateTargets: false }, { resolve });

      expect(items).toEqual([{ kind: 'failure', url: startUrl(), error }]);
      expect(site.requests).toHaveLength(0);
    });

    it('should crawl a loopback site when private targets are allowed', async () => {
      site = await FixtureSite.start();
      site.html('/', page('Home', ['/a'])).html('/a', page('A'));

      const items = await crawl({ startUrl: site.url('/', 'docs.fixture.test'), allowPrivateTargets: true }, { resolve });

      expect(items.map((item) => item.url)).toEqual([site.url('/', 'docs.fixture.test'), site.url('/a', 'docs.fixture.test')]);
      expect(site.requests.every((request) => request.headers.host === `docs.fixture.test:${site.port}`)).toBe(true);
    });
  });
});
