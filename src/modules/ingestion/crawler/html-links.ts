import { Parser } from 'htmlparser2';
import { normalizeUrl } from '#src/modules/ingestion/crawler/url-scope.js';
import { MAX_HTML_DEPTH } from '#src/modules/ingestion/parsers/html-tree.js';

export interface HtmlLinks {
  /** Targets of <a href>, resolved and normalised, in document order without repeats; scope is not applied here. */
  links: URL[];
  canonical: URL | undefined;
  /** A robots meta tag (for all robots or for `robotToken`) says nofollow or none. */
  nofollow: boolean;
}

/**
 * Reads what the crawler needs from a page: where it links to, its canonical URL, and whether links may be
 * followed. The page is read as a stream of tags, without building a document tree: the crawler does this
 * for every page, and only a handful of tags matter. A page nested deeper than browsers display is refused as
 * soon as the parser gets there (throws), since the parser's work grows with the square of the depth.
 */
export function readHtmlLinks(html: string, pageUrl: URL, robotToken: string): HtmlLinks {
  let baseHref: string | undefined;
  let canonicalHref: string | undefined;
  let nofollow = false;
  let depth = 0;
  const hrefs: string[] = [];
  const parser = new Parser({
    onclosetag() {
      depth--;
    },
    onopentag(name, attributes) {
      if (++depth > MAX_HTML_DEPTH) {
        throw new Error(`the page nests its elements more than ${MAX_HTML_DEPTH} deep`);
      }
      switch (name) {
        case 'a':
          if (attributes.href !== undefined && !relTokens(attributes.rel).includes('nofollow')) {
            hrefs.push(attributes.href);
          }
          break;
        case 'base':
          baseHref ??= attributes.href;
          break;
        case 'link':
          if (canonicalHref === undefined && attributes.href !== undefined && relTokens(attributes.rel).includes('canonical')) {
            canonicalHref = attributes.href;
          }
          break;
        case 'meta': {
          const metaName = attributes.name?.trim().toLowerCase();
          if ((metaName === 'robots' || metaName === robotToken) && attributes.content !== undefined && hasNofollow(attributes.content)) {
            nofollow = true;
          }
          break;
        }
      }
    },
  });
  parser.end(html);

  const base = (baseHref && normalizeUrl(baseHref, pageUrl)) || pageUrl;
  const canonical = canonicalHref !== undefined ? normalizeUrl(canonicalHref, base) : undefined;
  const seen = new Set<string>();
  const links: URL[] = [];
  for (const href of hrefs) {
    const url = normalizeUrl(href, base);
    if (url && !seen.has(url.href)) {
      seen.add(url.href);
      links.push(url);
    }
  }
  return { links, canonical, nofollow };
}

/** True when a robots directive list (meta content or X-Robots-Tag) forbids following links. */
export function hasNofollow(directives: string | null | undefined): boolean {
  return (directives ?? '')
    .toLowerCase()
    .split(/[\s,]+/)
    .some((directive) => directive === 'nofollow' || directive === 'none');
}

function relTokens(rel: string | undefined): string[] {
  return (rel ?? '').toLowerCase().split(/\s+/);
}
