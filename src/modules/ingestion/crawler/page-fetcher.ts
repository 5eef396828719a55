import { decodeHtml, decodeText } from '#src/modules/ingestion/crawler/charset.js';
import type { CrawledPage } from '#src/modules/ingestion/crawler/crawled-page.js';
import { hasNofollow, readHtmlLinks } from '#src/modules/ingestion/crawler/html-links.js';
import { readMarkdownLinks } from '#src/modules/ingestion/crawler/markdown-links.js';
import { fetchHop, REDIRECT_STATUSES, type HeadCheck, type HttpContext } from '#src/modules/ingestion/crawler/http-fetch.js';
import type { RobotsPolicy } from '#src/modules/ingestion/crawler/robots.js';
import { isInScope, normalizeUrl, pageKey, type CrawlScope } from '#src/modules/ingestion/crawler/url-scope.js';

export const MAX_REDIRECTS = 5;
/** Answers that say the server may answer next time (RFC 9110 408, RFC 6585 429; and every 5xx). */
const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([408, 425, 429]);

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const PDF_TYPE = 'application/pdf';
const MARKDOWN_TYPES = new Set(['text/markdown', 'text/x-markdown']);
/**
 * Servers label files they have no type for generically: a PDF (kept only if it really starts like one),
 * Markdown (by its extension; also when served as plain text), and pages (no extension, or a page's
 * extension, possibly followed by a language as content-negotiated manuals store them: `index.html.en`),
 * which are kept only if they start like HTML.
 */
const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/x-download', 'application/force-download']);
const PLAIN_TEXT = 'text/plain';
const MARKDOWN_PATH = /\.(?:md|markdown)$/i;
const PDF_PATH = /\.pdf$/i;
/** A last path segment without an extension, or with a page's extension, possibly followed by a language (`.html.en`, `.htm.pt-br`). */
const PAGE_PATH = /(?:^|\/)(?:[^/.]*|[^/]*\.(?:html?|xhtml|shtml)(?:\.[a-z]{2,3}(?:[-_][a-z0-9]{2,8})?)?)$/i;
/**
 * The leading tags by which a browser recognises an unlabelled body as HTML (WHATWG MIME Sniffing, "HTML"
 * patterns), after an XML declaration for XHTML (`<?xml …?><!DOCTYPE html …`).
 */
const HTML_SIGNATURE =
  /^[\t\n\f\r ]*(?:<\?xml[^>]*\?>[\t\n\f\r ]*)?<(?:!doctype html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|!--)[ >]/i;

/** What the crawler expects a 2xx response to be, from its type and path; undefined when it is not crawled. */
type Expected = 'html' | 'markdown' | 'pdf' | 'html-if-it-looks-like-it';

function expectedFormat(mime: string, url: URL): Expected | undefined {
  if (HTML_TYPES.has(mime)) {
    return 'html';
  }
  if (mime === PDF_TYPE) {
    return 'pdf';
  }
  if (MARKDOWN_TYPES.has(mime) || ((GENERIC_TYPES.has(mime) || mime === PLAIN_TEXT) && MARKDOWN_PATH.test(url.pathname))) {
    return 'markdown';
  }
  if (GENERIC_TYPES.has(mime)) {
    return PDF_PATH.test(url.pathname) ? 'pdf' : PAGE_PATH.test(url.pathname) ? 'html-if-it-looks-like-it' : undefined;
  }
  return undefined;
}

/** Bytes of an unlabelled body read for its leading tag (WHATWG MIME Sniffing reads up to 1,445). */
const SNIFF_BYTES = 1_445;

const LOOKS_LIKE_A_PDF: HeadCheck = { bytes: SNIFF_BYTES, keep: isPdf };
const LOOKS_LIKE_A_PAGE: HeadCheck = { bytes: SNIFF_BYTES, keep: (head, contentType) => isPdf(head) || HTML_SIGNATURE.test(decodeHtml(head, contentType)) };

/** An unlabelled body is read past its first bytes only if they look like what its path promised. */
function bodyWanted(expected: Expected | undefined, mime: string): boolean | HeadCheck {
  if (expected === 'html-if-it-looks-like-it') {
    return LOOKS_LIKE_A_PAGE;
  }
  if (expected === 'pdf' && mime !== PDF_TYPE) {
    return LOOKS_LIKE_A_PDF;
  }
  return expected !== undefined;
}

export interface PageFetchContext {
  http: HttpContext;
  scope: CrawlScope;
  robots: RobotsPolicy;
  robotToken: string;
  maxPageBytes: number;
  /** Whether a page with this key was already yielded, so a redirect to it need not be followed. */
  isYielded: (key: string) => boolean;
}

export type PageOutcome =
  | {
      kind: 'page';
      page: CrawledPage;
      /** Keys this page is known by (after redirects, and its canonical URL); only the first claim is yielded. */
      keys: string[];
      /** In-scope links to follow, in document order. */
      links: URL[];
    }
  | { kind: 'failure'; error: string; transient?: boolean }
  /**
   * Nothing to keep and nothing wrong: another content type, a robots.txt refusal, a redirect to a page already seen.
   * `transient`: robots.txt could not be read for now (a 5xx, 429 or timeout), so nothing was fetched.
   */
  | { kind: 'skipped'; reason: string; transient?: boolean };

/** Fetches one in-scope URL, following redirects that stay in scope, and returns what the crawl keeps from it. */
export async function fetchPage(url: URL, ctx: PageFetchContext): Promise<PageOutcome> {
  if (!ctx.robots.isAllowed(url)) {
    return ctx.robots.unavailable
      ? { kind: 'skipped', reason: ctx.robots.unavailable, transient: true }
      : { kind: 'skipped', reason: 'disallowed by robots.txt' };
  }
  const chain = [url.href];
  let current = url;
  for (;;) {
    const hop = await fetchHop(current, ctx.http, {
      maxBytes: ctx.maxPageBytes,
      oversize: 'fail',
      wantBody: (status, mime) => status >= 200 && status < 300 && bodyWanted(expectedFormat(mime, current), mime),
    });
    if (!REDIRECT_STATUSES.has(hop.status)) {
      return keep(hop.url, hop.status, hop.mime, hop.contentType, hop.headers.get('x-robots-tag'), hop.body, ctx);
    }
    const location = hop.headers.get('location');
    const target = location === null ? undefined : normalizeUrl(location, current);
    if (!target) {
      return { kind: 'failure', error: `HTTP ${hop.status} redirect without a usable Location` };
    }
    if (!isInScope(target, ctx.scope)) {
      return { kind: 'failure', error: `redirected out of scope to ${target.href}` };
    }
    if (chain.includes(target.href)) {
      return { kind: 'failure', error: `redirect loop: ${[...chain, target.href].join(' -> ')}` };
    }
    if (chain.length > MAX_REDIRECTS) {
      return { kind: 'failure', error: `more than ${MAX_REDIRECTS} redirects` };
    }
    if (!ctx.robots.isAllowed(target)) {
      return { kind: 'skipped', reason: `redirected to ${target.href}, disallowed by robots.txt` };
    }
    if (ctx.isYielded(pageKey(target))) {
      return { kind: 'skipped', reason: `redirected to ${target.href}, already crawled` };
    }
    chain.push(target.href);
    current = target;
  }
}

function keep(
  url: URL,
  status: number,
  mime: string,
  contentType: string | null,
  robotsHeader: string | null,
  body: Buffer | undefined,
  ctx: PageFetchContext,
): PageOutcome {
  if (status < 200 || status >= 300) {
    return { kind: 'failure', error: `HTTP ${status}`, transient: TRANSIENT_STATUSES.has(status) || status >= 500 };
  }
  const expected = expectedFormat(mime, url);
  const notCrawled: PageOutcome = { kind: 'skipped', reason: `content type ${mime || '(none)'} is not crawled` };
  if (!body || expected === undefined) {
    return notCrawled;
  }
  const pdf: PageOutcome = { kind: 'page', page: { kind: 'pdf', url: url.href, bytes: body }, keys: [pageKey(url)], links: [] };
  switch (expected) {
    case 'html':
      return htmlPage(url, decodeHtml(body, contentType), robotsHeader, ctx);
    case 'markdown':
      return markdownPage(url, decodeText(body, contentType), robotsHeader, ctx);
    case 'pdf':
      return isPdf(body) ? pdf : mime === PDF_TYPE ? { kind: 'failure', error: 'served as application/pdf but is not a PDF' } : notCrawled;
    case 'html-if-it-looks-like-it':
      return isPdf(body) ? pdf : htmlPage(url, decodeHtml(body, contentType), robotsHeader, ctx);
  }
}

function markdownPage(url: URL, text: string, robotsHeader: string | null, ctx: PageFetchContext): PageOutcome {
  const nofollow = hasNofollow(robotsHeaderFor(robotsHeader, ctx.robotToken));
  return {
    kind: 'page',
    page: { kind: 'markdown', url: url.href, text },
    keys: [pageKey(url)],
    links: nofollow ? [] : readMarkdownLinks(text, url).filter((link) => isInScope(link, ctx.scope)),
  };
}

function htmlPage(url: URL, html: string, robotsHeader: string | null, ctx: PageFetchContext): PageOutcome {
  const found = readHtmlLinks(html, url, ctx.robotToken);
  const canonical = found.canonical && isInScope(found.canonical, ctx.scope) ? found.canonical : undefined;
  const pageUrl = canonical ?? url;
  const nofollow = found.nofollow || hasNofollow(robotsHeaderFor(robotsHeader, ctx.robotToken));
  return {
    kind: 'page',
    page: { kind: 'html', url: pageUrl.href, html },
    keys: [...new Set([pageKey(url), pageKey(pageUrl)])],
    links: nofollow ? [] : found.links.filter((link) => isInScope(link, ctx.scope)),
  };
}

function isPdf(body: Buffer): boolean {
  return body.subarray(0, 5).toString('latin1') === '%PDF-';
}

/** X-Robots-Tag directives that apply to every robot, or to ours (`bot: nofollow`). */
function robotsHeaderFor(header: string | null, robotToken: string): string {
  if (!header) {
    return '';
  }
  return header
    .split(',')
    .map((part) => part.trim())
    .map((part) => {
      const named = part.match(/^([\w-]+):\s*(.*)$/);
      if (!named) {
        return part;
      }
      return named[1].toLowerCase() === robotToken ? named[2] : '';
    })
    .join(',');
}
