import { load } from 'cheerio';
import { normalizeUrl } from '#src/modules/data-sources/ingestion/crawler/url-scope.js';

export interface HtmlLinks {
  /** Targets of <a href>, resolved and normalised, in document order without repeats; scope is not applied here. */
  links: URL[];
  canonical: URL | undefined;
  /** A robots meta tag (for all robots or for `robotToken`) says nofollow or none. */
  nofollow: boolean;
}

/** Reads what the crawler needs from a page: where it links to, its canonical URL, and whether links may be followed. */
export function readHtmlLinks(html: string, pageUrl: URL, robotToken: string): HtmlLinks {
  const $ = load(html);
  const baseHref = $('base[href]').first().attr('href');
  const base = (baseHref && normalizeUrl(baseHref, pageUrl)) || pageUrl;

  const nofollow = $('meta[name][content]')
    .toArray()
    .some((meta) => {
      const name = $(meta).attr('name')?.trim().toLowerCase();
      return (name === 'robots' || name === robotToken) && hasNofollow($(meta).attr('content'));
    });

  const canonicalHref = $('link[rel][href]')
    .toArray()
    .find((link) => relTokens($(link).attr('rel')).includes('canonical'));
  const canonical = canonicalHref ? normalizeUrl($(canonicalHref).attr('href') ?? '', base) : undefined;

  const seen = new Set<string>();
  const links: URL[] = [];
  for (const anchor of $('a[href]').toArray()) {
    if (relTokens($(anchor).attr('rel')).includes('nofollow')) {
      continue;
    }
    const url = normalizeUrl($(anchor).attr('href') ?? '', base);
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
