/** The part of a site a crawl may visit: one scheme and host, and the paths under the start URL's directory. */
export interface CrawlScope {
  protocol: string;
  host: string;
  /** Without a trailing slash; '' for the whole site. */
  basePath: string;
}

/**
 * Resolves `href` against `base` into the form the crawler compares: http(s) only, no credentials, no fragment.
 * WHATWG URL parsing already lower-cases the scheme and host, drops default ports and removes `.` and `..` segments.
 */
export function normalizeUrl(href: string, base?: URL): URL | undefined {
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '') {
    return undefined;
  }
  url.hash = '';
  return url;
}

/** `https://x/docs/guide/intro.html` covers `/docs/guide/…`; `https://x/docs` and `https://x/docs/` cover `/docs/…`. */
export function scopeOf(start: URL): CrawlScope {
  const segments = start.pathname.split('/');
  const last = segments.at(-1) ?? '';
  const directory = last.includes('.') ? segments.slice(0, -1).join('/') : start.pathname;
  return { protocol: start.protocol, host: start.host, basePath: stripTrailingSlashes(directory) };
}

export function isInScope(url: URL, scope: CrawlScope): boolean {
  if (url.protocol !== scope.protocol || url.host !== scope.host) {
    return false;
  }
  const path = url.pathname;
  return scope.basePath === '' || path === scope.basePath || path.startsWith(`${scope.basePath}/`);
}

/** Identity of a page for de-duplication: `/a/` and `/a` are one page; the query string is kept. */
export function pageKey(url: URL): string {
  return `${url.protocol}//${url.host}${stripTrailingSlashes(url.pathname) || '/'}${url.search}`;
}

function stripTrailingSlashes(path: string): string {
  return path.replace(/\/+$/, '');
}
