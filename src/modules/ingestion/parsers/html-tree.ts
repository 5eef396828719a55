import { type CheerioAPI, load } from 'cheerio/slim';
import { DomHandler, Element } from 'domhandler';
import { Parser } from 'htmlparser2';
import { DocumentParseError } from '#src/modules/ingestion/parsed-document.js';

/** A real page has a handful of top-level nodes (doctype, html, comments); a fragment can have one per paragraph. */
const MAX_TOP_LEVEL_NODES = 100;
/**
 * Browsers stop nesting at 512 elements (Blink's HTML parser), so no page that displays needs more. Deeper trees
 * cost their parser and readers (htmlparser2's open-element list, Readability, the serializer) time that grows
 * with the square of the depth, then their stack.
 */
export const MAX_HTML_DEPTH = 512;

/**
 * cheerio's `load`, refusing trees nested deeper than MAX_HTML_DEPTH as soon as the parser reaches that depth,
 * with the top-level nodes of a long fragment gathered under one `div`: every `$(selector)` first checks its
 * context, the document's top-level nodes, pairwise for nesting, and on a converted Word document or an HTML
 * fragment of 100,000 paragraphs that check alone took minutes. A `div` is a plain block container to every
 * reader of the tree, so the text and its blocks are unchanged.
 */
export function loadTree(html: string): CheerioAPI {
  const handler = new DepthLimitedHandler();
  new Parser(handler).end(html);
  const root = handler.root;
  if (root.children.length > MAX_TOP_LEVEL_NODES) {
    const group = new Element('div', {}, root.children);
    for (const child of group.children) {
      child.parent = group;
    }
    group.parent = root;
    root.children = [group];
  }
  return load(root);
}

/** Throws from inside the parser, so a hostile tree is refused after MAX_HTML_DEPTH levels, not after all of them. */
class DepthLimitedHandler extends DomHandler {
  private depth = 0;

  override onopentag(name: string, attributes: Record<string, string>): void {
    this.depth++;
    if (this.depth > MAX_HTML_DEPTH) {
      throw nestedTooDeeply();
    }
    super.onopentag(name, attributes);
  }

  override onclosetag(): void {
    this.depth--;
    super.onclosetag();
  }
}

export function nestedTooDeeply(): DocumentParseError {
  return new DocumentParseError('unsupported', `The document nests its elements more than ${MAX_HTML_DEPTH} deep, which no browser displays; it is refused`);
}
