import type { CheerioAPI } from 'cheerio/slim';
import { type Element, isTag } from 'domhandler';
import { HEADING_LEVEL_ATTRIBUTE, NON_TEXT_ELEMENTS } from '#src/modules/ingestion/parsers/html-blocks.js';
import { cleanInline } from '#src/modules/ingestion/parsers/text-normalize.js';

const NEVER_CONTENT = [
  ...NON_TEXT_ELEMENTS,
  'nav',
  'dialog',
  '[hidden]',
  '[aria-hidden="true"]',
  '[role="navigation"]',
  '[role="banner"]',
  '[role="contentinfo"]',
  '[role="search"]',
  '[role="complementary"]',
  '[role="menu"]',
  '[role="menubar"]',
  '[role="dialog"]',
  '[role="alertdialog"]',
].join(', ');

// Whole class names and ids of site furniture (menus, language switchers, comment threads, share bars…).
const FURNITURE =
  /^(?:nav|navbar|navigation|nav-?menu|main-?menu|menu|menubar|site-?nav|breadcrumbs?|crumbs|sidebar|side-?bar|toc|table-?of-?contents|page-?header|site-?header|masthead|footer|page-?footer|site-?footer|cookies?|cookie-?(?:banner|notice|consent|bar)|consent|gdpr|share|sharing|share-?(?:buttons|bar|links)|social|social-?(?:links|share)|skip-?(?:link|links|to-?content|nav)|toplang|bottomlang|lang(?:uage)?-?(?:switcher|selector|chooser|menu|links|list)|comments?|comments?-?(?:section|area|list|thread)|disqus_thread|see-?also|seealso|related|related-?(?:posts|articles|links|content)|pagination|pager|advert|advertisement|ads|ad-?(?:banner|container|slot)|popup|modal|newsletter|subscribe)$/i;

const COMMENTS_HEADING = /^(?:\d+\s+)?(?:comments?|responses?)(?:\s*\(\d+\))?$|^(?:leave|post|add|write) a (?:comment|reply)$/i;

const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'em',
  'font',
  'i',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
]);
const CONTENT_ROOTS = 'main, article, [role="main"]';
const HEADINGS = 'h1, h2, h3, h4, h5, h6';

/**
 * Removes what is never the content of a page (scripts, styles, forms, navigation, page-level headers and
 * footers, menus, language switchers, comment threads) and records each heading's level, in place.
 */
export function removeBoilerplate($: CheerioAPI): void {
  $(NEVER_CONTENT).remove();
  $('[style]')
    .filter((_, element) => /display\s*:\s*none|visibility\s*:\s*hidden/i.test(element.attribs.style ?? ''))
    .remove();
  // Inside an article or main element, a header holds the article's own title and an aside a note.
  $('header, footer, aside')
    .filter((_, element) => $(element).closest(CONTENT_ROOTS).length === 0)
    .remove();
  // Some sites (ASP.NET Web Forms) wrap the whole page in a form: keep a form that holds the content.
  $('form')
    .filter((_, element) => $(element).find(`${CONTENT_ROOTS}, h1`).length === 0 && $(element).find('p').length < 3)
    .remove();
  $('[class], [id]')
    .filter((_, element) => isFurniture($, element))
    .remove();
  $(HEADINGS).each((_, heading) => {
    if (COMMENTS_HEADING.test(cleanInline($(heading).text()))) {
      removeSection($, heading);
    }
  });
  $(HEADINGS).each((_, heading) => {
    heading.attribs[HEADING_LEVEL_ATTRIBUTE] = heading.name.slice(1);
  });
}

function isFurniture($: CheerioAPI, element: Element): boolean {
  const name = element.name.toLowerCase();
  if (INLINE.has(name) || name === 'html' || name === 'body' || name === 'main' || name === 'article') {
    return false;
  }
  const tokens = [...(element.attribs.class ?? '').split(/\s+/), element.attribs.id ?? ''];
  if (!tokens.some((token) => token !== '' && FURNITURE.test(token))) {
    return false;
  }
  const $element = $(element);
  return $element.closest('pre, code').length === 0 && $element.find(CONTENT_ROOTS).length === 0;
}

/** Removes a heading and what belongs to it: its wrapper when it leads one, else its following siblings up to the next heading of its rank. */
function removeSection($: CheerioAPI, heading: Element): void {
  const parent = heading.parent;
  const firstElement = parent && 'children' in parent ? parent.children.find(isTag) : undefined;
  if (parent && isTag(parent) && firstElement === heading && ['div', 'section'].includes(parent.name)) {
    $(parent).remove();
    return;
  }
  const level = Number(heading.name.slice(1));
  const doomed: Element[] = [heading];
  for (let next = heading.nextSibling; next; next = next.nextSibling) {
    if (isTag(next) && /^h[1-6]$/.test(next.name) && Number(next.name.slice(1)) <= level) {
      break;
    }
    if (isTag(next)) {
      doomed.push(next);
    }
  }
  $(doomed).remove();
}
