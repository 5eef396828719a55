import { Readability } from '@mozilla/readability';
import type { CheerioAPI } from 'cheerio/slim';
import type { AnyNode } from 'domhandler';
import { parseHTML } from 'linkedom';
import type { Block, ParsedDocument } from '#src/modules/ingestion/parsed-document.js';
import { buildDocument, settleEmptyHeadings } from '#src/modules/ingestion/parsers/build-document.js';
import { removeBoilerplate } from '#src/modules/ingestion/parsers/html-boilerplate.js';
import { extractBlocks, htmlFragmentBlocks } from '#src/modules/ingestion/parsers/html-blocks.js';
import { loadTree } from '#src/modules/ingestion/parsers/html-tree.js';
import { cleanInline } from '#src/modules/ingestion/parsers/text-normalize.js';

// Readability's own threshold for an article long enough to trust.
const SHORT_ARTICLE_CHARS = 500;

/**
 * The main content of a web page as blocks. Site furniture is removed first, then Readability picks the
 * article; when it finds nothing, or next to nothing on a page that has more (a hub page made of link
 * lists), the page's main, article or body element is read instead.
 */
export function parseHtml(html: string, url?: string): ParsedDocument {
  const $ = loadTree(html);
  const title = pageTitle($);
  removeBoilerplate($);
  // Links are not kept. Pointing them all at "#" spares Readability resolving each one against a base URL,
  // while it still tells in-page links ("#…", weighted lower in its link density) from the others.
  $('a[href]').each((_, link) => {
    if (!link.attribs.href?.startsWith('#')) {
      link.attribs.href = '#';
    }
  });
  let blocks = readableBlocks(asDocument($));
  const readableLength = textLength(blocks);
  if (readableLength < SHORT_ARTICLE_CHARS) {
    const whole = extractBlocks(contentRoot($));
    if (textLength(whole) > 2 * readableLength) {
      blocks = whole;
    }
  }
  return buildDocument(title || titleFromUrl(url), settleEmptyHeadings(blocks, 'drop'), 'page');
}

function textLength(blocks: readonly Block[]): number {
  return blocks.reduce((length, block) => length + (block.kind === 'heading' ? 0 : block.text.length), 0);
}

/** linkedom makes a fragment's first element the document element, above the body Readability climbs to: give it a whole document. */
function asDocument($: CheerioAPI): string {
  return $('body').length > 0 ? $.html() : `<!DOCTYPE html><html><head></head><body>${$.html()}</body></html>`;
}

function readableBlocks(html: string): Block[] {
  // Both libraries type their documents with the DOM lib, which this Node project does not load; linkedom's
  // document is the shape Readability reads.
  const { document } = parseHTML(html) as unknown as { document: never };
  // Classes are dropped with the markup anyway: keeping them spares Readability a pass over every element.
  const article = new Readability(document, { disableJSONLD: true, keepClasses: true }).parse();
  return article?.content ? htmlFragmentBlocks(article.content) : [];
}

function contentRoot($: CheerioAPI): AnyNode[] {
  for (const selector of ['main', '[role="main"]', 'article', 'body']) {
    const found = $(selector);
    if (found.length > 0 && cleanInline(found.text()) !== '') {
      return found.toArray();
    }
  }
  return $.root().toArray();
}

function pageTitle($: CheerioAPI): string {
  const candidates = [$('meta[property="og:title"]').attr('content'), $('title').first().text(), $('h1').first().text()];
  return candidates.map((candidate) => cleanInline(candidate ?? '')).find((candidate) => candidate !== '') ?? '';
}

function titleFromUrl(url: string | undefined): string {
  if (!url) {
    return '';
  }
  try {
    const { hostname, pathname } = new URL(url);
    const last = pathname.split('/').filter(Boolean).at(-1);
    return last
      ? decodeURIComponent(last)
          .replace(/\.[a-z0-9]+$/i, '')
          .replace(/[-_]+/g, ' ')
      : hostname;
  } catch {
    return '';
  }
}
