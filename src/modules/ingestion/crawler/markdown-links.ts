import { normalizeUrl } from '#src/modules/ingestion/crawler/url-scope.js';

// Each pattern reads one link without backtracking over its neighbours: link targets hold no spaces,
// brackets or angle brackets, so a scan stays linear in the page, however hostile.
/** An inline link or image: `[text](target "title")`, `[text](<target, spaces allowed>)`. */
const INLINE = /\]\(\s*(?:<([^<>\n]+)>|([^\s()<>[\]]+)(?=[\s)]))/g;
/** A reference definition: `[label]: target "title"`. */
const REFERENCE = /^ {0,3}\[[^\]\n]{1,999}\]:[ \t]*<?([^\s<>]+)/gm;
/** An autolink, `<https://…>`, or an HTML anchor's href. */
const AUTOLINK = /<((?:https?:)?\/\/[^\s<>]+)>/gi;
const HTML_HREF = /<a\s[^<>]*?\bhref\s*=\s*["']?([^"'\s<>]+)/gi;

/**
 * The links of a Markdown page, resolved against its URL and normalised, in order without repeats (scope is
 * not applied here). Read with a few linear scans rather than by rendering the page: a Markdown renderer
 * spends time that grows with the square of some runs of text, and the crawler must not.
 */
export function readMarkdownLinks(text: string, pageUrl: URL): URL[] {
  const found: Array<{ at: number; href: string }> = [];
  for (const pattern of [INLINE, REFERENCE, AUTOLINK, HTML_HREF]) {
    for (const match of text.matchAll(pattern)) {
      found.push({ at: match.index, href: match[1] ?? match[2] });
    }
  }
  const seen = new Set<string>();
  const links: URL[] = [];
  for (const { href } of found.sort((a, b) => a.at - b.at)) {
    const url = normalizeUrl(href, pageUrl);
    if (url && !seen.has(url.href)) {
      seen.add(url.href);
      links.push(url);
    }
  }
  return links;
}
