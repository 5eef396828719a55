import { type AnyNode, type Element, isTag, isText } from 'domhandler';
import type { Block } from '#src/modules/ingestion/parsed-document.js';
import { loadTree } from '#src/modules/ingestion/parsers/html-tree.js';
import { cleanInline, cleanLines, cleanPreformatted } from '#src/modules/ingestion/parsers/text-normalize.js';

/** Attribute that carries a heading's original level through Readability, which turns every h1 into an h2. */
export const HEADING_LEVEL_ATTRIBUTE = 'data-aqs-level';

/** Elements whose content is no text of the page: scripts and styles, embedded media, form controls. */
export const NON_TEXT_ELEMENTS = [
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'canvas',
  'iframe',
  'object',
  'embed',
  'video',
  'audio',
  'picture',
  'map',
  'img',
  'button',
  'input',
  'select',
  'textarea',
];

const SKIPPED = new Set(['head', 'title', 'option', ...NON_TEXT_ELEMENTS]);

const BLOCK_LEVEL = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'center',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hgroup',
  'hr',
  'html',
  'legend',
  'li',
  'main',
  'nav',
  'p',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
]);

const LISTS = new Set(['ul', 'ol', 'menu']);

/**
 * Turns an HTML tree into blocks: headings with their level, paragraphs, lists (one block, an item a line),
 * tables (one block, a row a line) and preformatted code (a code block), in document order.
 */
export function extractBlocks(nodes: readonly AnyNode[]): Block[] {
  const collector = new BlockCollector();
  for (const node of nodes) {
    collector.visit(node);
  }
  collector.flush();
  return collector.blocks;
}

/** Blocks of an HTML fragment taken whole, without looking for a main content (converted documents). */
export function htmlFragmentBlocks(html: string): Block[] {
  return extractBlocks(loadTree(html).root().toArray());
}

/** The text of an element as one line, with the same rules as the blocks (skipped elements left out). */
export function inlineText(nodes: readonly AnyNode[]): string {
  return extractBlocks(nodes)
    .map((block) => cleanInline(block.text))
    .join(' ');
}

class BlockCollector {
  readonly blocks: Block[] = [];
  private inline: string[] = [];

  visit(node: AnyNode): void {
    if (isText(node)) {
      // Line breaks in the source are only spacing; a line break in the text comes from <br>.
      this.inline.push(node.data.replace(/\s+/g, ' '));
      return;
    }
    if (!isTag(node)) {
      for (const child of childrenOf(node)) {
        this.visit(child);
      }
      return;
    }
    const name = node.name.toLowerCase();
    if (SKIPPED.has(name)) {
      return;
    }
    const level = headingLevel(node, name);
    if (level !== undefined) {
      this.flush();
      this.blocks.push({ kind: 'heading', level, text: inlineText(node.children) });
    } else if (name === 'pre') {
      this.flush();
      this.blocks.push({ kind: 'code', text: cleanPreformatted(rawText(node)) });
    } else if (LISTS.has(name)) {
      this.flush();
      this.blocks.push({ kind: 'text', text: listLines(node, 0).join('\n') });
    } else if (name === 'table' && !isLayoutTable(node)) {
      this.flush();
      this.blocks.push({ kind: 'text', text: tableLines(node).join('\n') });
    } else if (name === 'tr' && !containsAny(node, LAYOUT_CONTENT)) {
      // A row outside a data table: in a layout table, or left in a <div> by Readability's rewriting.
      this.flush();
      this.blocks.push({ kind: 'text', text: plainRow(rowCells(node)) });
    } else if (name === 'br') {
      this.inline.push('\n');
    } else if (BLOCK_LEVEL.has(name)) {
      this.flush();
      node.children.forEach((child) => this.visit(child));
      this.flush();
    } else {
      node.children.forEach((child) => this.visit(child));
    }
  }

  flush(): void {
    const text = cleanLines(this.inline.join(''));
    this.inline = [];
    if (text !== '') {
      this.blocks.push({ kind: 'text', text });
    }
  }
}

function childrenOf(node: AnyNode): AnyNode[] {
  return 'children' in node ? node.children : [];
}

function headingLevel(element: Element, name: string): 1 | 2 | 3 | 4 | 5 | 6 | undefined {
  if (!/^h[1-6]$/.test(name)) {
    return undefined;
  }
  const level = Number(element.attribs[HEADING_LEVEL_ATTRIBUTE] ?? name[1]);
  return level >= 1 && level <= 6 ? (level as 1 | 2 | 3 | 4 | 5 | 6) : 2;
}

function rawText(node: AnyNode): string {
  if (isText(node)) {
    return node.data;
  }
  if (isTag(node)) {
    if (node.name === 'br') {
      return '\n';
    }
    if (SKIPPED.has(node.name)) {
      return '';
    }
  }
  return childrenOf(node).map(rawText).join('');
}

function elementChildren(node: Element, names: ReadonlySet<string>): Element[] {
  return node.children.filter((child): child is Element => isTag(child) && names.has(child.name.toLowerCase()));
}

function listLines(list: Element, depth: number): string[] {
  const ordered = list.name.toLowerCase() === 'ol';
  let number = Number.parseInt(list.attribs.start ?? '1', 10) || 1;
  const lines: string[] = [];
  const indent = '  '.repeat(depth);
  for (const item of elementChildren(list, new Set(['li']))) {
    const nested = elementChildren(item, LISTS);
    const own = item.children.filter((child) => !nested.includes(child as Element));
    const text = inlineText(own);
    const marker = ordered ? `${number}.` : '-';
    number += 1;
    if (text !== '') {
      lines.push(`${indent}${marker} ${text}`);
    }
    for (const sublist of nested) {
      lines.push(...listLines(sublist, depth + 1));
    }
  }
  return lines;
}

const CELLS = new Set(['td', 'th']);

// A table whose cells hold headings, lists, code or other tables lays out a page; it is read cell by cell.
const LAYOUT_CONTENT = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'pre', 'table', 'blockquote', 'dl']);

function isLayoutTable(table: Element): boolean {
  return tableRows(table).some((row) => elementChildren(row, CELLS).some((cell) => containsAny(cell, LAYOUT_CONTENT)));
}

function containsAny(node: Element, names: ReadonlySet<string>): boolean {
  return node.children.some((child) => isTag(child) && (names.has(child.name.toLowerCase()) || containsAny(child, names)));
}

function tableRows(table: Element): Element[] {
  const rows: Element[] = [];
  for (const child of table.children) {
    if (!isTag(child)) {
      continue;
    }
    const name = child.name.toLowerCase();
    if (name === 'tr') {
      rows.push(child);
    } else if (name === 'thead' || name === 'tbody' || name === 'tfoot') {
      rows.push(...elementChildren(child, new Set(['tr'])));
    }
  }
  return rows;
}

/** A table as lines: under a header row each row reads "header: value; header: value", so a row stands alone. */
function tableLines(table: Element): string[] {
  const lines: string[] = [];
  const caption = elementChildren(table, new Set(['caption']))[0];
  if (caption) {
    lines.push(inlineText(caption.children));
  }
  const rows = tableRows(table).map(rowCells);
  const first = rows[0];
  const headers = first && rows.length > 1 && first.every((cell) => cell.header) ? first.map((cell) => cell.text) : undefined;
  for (const row of headers ? rows.slice(1) : rows) {
    const line = headers
      ? pairs(
          headers,
          row.map((cell) => cell.text),
        )
      : plainRow(row);
    if (line !== '') {
      lines.push(line);
    }
  }
  if (headers && lines.length === (caption ? 1 : 0)) {
    lines.push(headers.join(' | '));
  }
  return lines.filter((line) => line !== '');
}

function rowCells(row: Element): { header: boolean; text: string }[] {
  return elementChildren(row, CELLS).map((cell) => ({ header: cell.name.toLowerCase() === 'th', text: inlineText(cell.children) }));
}

function pairs(headers: readonly string[], values: readonly string[]): string {
  return values
    .map((value, index) => {
      const header = headers[index] ?? '';
      if (value === '') {
        return '';
      }
      return header === '' ? value : `${header}${header.endsWith(':') ? '' : ':'} ${value}`;
    })
    .filter((part) => part !== '')
    .join('; ');
}

function plainRow(row: readonly { header: boolean; text: string }[]): string {
  const cells = row.filter((cell) => cell.text !== '');
  const [label, value] = cells;
  if (cells.length === 2 && label?.header && value && !value.header) {
    return `${label.text}${label.text.endsWith(':') ? '' : ':'} ${value.text}`;
  }
  return cells.map((cell) => cell.text).join(' | ');
}
