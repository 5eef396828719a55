import { gunzipSync } from 'node:zlib';
import { Parser } from 'htmlparser2';
import { fetchFollowingRedirects, type HttpContext } from '#src/modules/ingestion/crawler/http-fetch.js';
import { normalizeUrl } from '#src/modules/ingestion/crawler/url-scope.js';

/** The sitemap protocol's own limit for one file (uncompressed). */
const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;
/** Sitemap files read per crawl, index files included. */
const MAX_SITEMAP_FILES = 20;

export interface SitemapOptions {
  /** Page URLs taken, at most. */
  maxUrls: number;
  /** Which sitemap files may be read (same origin as the crawl). */
  readable: (url: URL) => boolean;
  /** Which page URLs are taken (in scope, allowed by robots.txt). */
  wanted: (url: URL) => boolean;
}

/**
 * Page URLs listed by the given sitemaps (following sitemap index files), in document order, capped. A sitemap that
 * cannot be fetched or parsed contributes nothing: sitemaps only help discovery.
 */
export async function readSitemaps(sitemaps: URL[], http: HttpContext, options: SitemapOptions): Promise<URL[]> {
  const pending = sitemaps.filter(options.readable);
  const visited = new Set<string>();
  const urls: URL[] = [];
  const taken = new Set<string>();
  while (pending.length > 0 && visited.size < MAX_SITEMAP_FILES && urls.length < options.maxUrls) {
    const sitemap = pending.shift()!;
    if (visited.has(sitemap.href)) {
      continue;
    }
    visited.add(sitemap.href);
    const xml = await fetchSitemap(sitemap, http);
    if (xml === undefined) {
      continue;
    }
    const listed = readLocations(xml);
    for (const loc of listed.sitemaps.slice(0, MAX_SITEMAP_FILES)) {
      const child = normalizeUrl(loc, sitemap);
      if (child && options.readable(child)) {
        pending.push(child);
      }
    }
    for (const loc of listed.pages) {
      const page = normalizeUrl(loc, sitemap);
      if (page && !taken.has(page.href) && options.wanted(page)) {
        taken.add(page.href);
        urls.push(page);
        if (urls.length >= options.maxUrls) {
          break;
        }
      }
    }
  }
  return urls;
}

/**
 * The <loc> of each `sitemapindex > sitemap` and `urlset > url`, read as a stream of tags: a sitemap may be
 * 50 MB, and a document tree of it would take ten times that.
 */
function readLocations(xml: string): { sitemaps: string[]; pages: string[] } {
  const listed = { sitemaps: [] as string[], pages: [] as string[] };
  const path: string[] = [];
  let text: string[] | undefined;
  const parser = new Parser(
    {
      onopentag(name) {
        path.push(name);
        if (name === 'loc') {
          text = [];
        }
      },
      ontext(data) {
        text?.push(data);
      },
      onclosetag(name) {
        if (name === 'loc' && text) {
          const parents = path.slice(-3, -1).join(' > ');
          const target = parents === 'sitemapindex > sitemap' ? listed.sitemaps : parents === 'urlset > url' ? listed.pages : undefined;
          target?.push(text.join('').trim());
          text = undefined;
        }
        path.pop();
      },
    },
    { xmlMode: true },
  );
  parser.end(xml);
  return listed;
}

async function fetchSitemap(url: URL, http: HttpContext): Promise<string | undefined> {
  try {
    const response = await fetchFollowingRedirects(url, http, {
      maxBytes: SITEMAP_MAX_BYTES,
      oversize: 'fail',
      wantBody: (status) => status >= 200 && status < 300,
    });
    if (!response.body) {
      return undefined;
    }
    // A .xml.gz file served as application/gzip (not as Content-Encoding) arrives still compressed.
    const isGzip = response.body[0] === 0x1f && response.body[1] === 0x8b;
    return (isGzip ? gunzipSync(response.body, { maxOutputLength: SITEMAP_MAX_BYTES }) : response.body).toString('utf8');
  } catch (error) {
    if (http.signal.aborted) {
      throw error;
    }
    return undefined;
  }
}
