import { type AnyNode, type Element, isCDATA, isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';

const CODE_MACROS = new Set(['code', 'noformat']);
const VOID_ELEMENTS = new Set(['br', 'hr']);
/** Markup that carries no text worth indexing (images, emoticons, macro parameters, task ids, resource identifiers). */
const DROPPED = new Set([
  'ac:image',
  'ac:emoticon',
  'ac:placeholder',
  'ac:parameter',
  'ac:task-id',
  'ac:task-uuid',
  'ac:task-status',
  'img',
  'script',
  'style',
]);

/**
 * A page's storage format (XHTML with Confluence's `ac:` and `ri:` elements) as plain HTML the html parser
 * reads: headings and lists kept, code macros as `<pre>` blocks, macros with a rich body as their body, links as
 * their text, and everything without text (images, parameters, macros such as a table of contents) left out.
 */
export function storageToHtml(title: string, storage: string): string {
  const document = parseDocument(storage, { recognizeCDATA: true, recognizeSelfClosing: true });
  return `<!DOCTYPE html><html><head><title>${escapeHtml(title)}</title></head><body><article>${renderAll(document.children)}</article></body></html>`;
}

function renderAll(nodes: readonly AnyNode[]): string {
  return nodes.map(render).join('');
}

function render(node: AnyNode): string {
  if (isText(node)) {
    return escapeHtml(node.data);
  }
  if (isCDATA(node)) {
    return escapeHtml(textOf(node.children));
  }
  if (!isTag(node)) {
    return '';
  }
  const name = node.name.toLowerCase();
  if (DROPPED.has(name) || name.startsWith('ri:')) {
    return '';
  }
  switch (name) {
    case 'ac:structured-macro':
    case 'ac:macro':
      return renderMacro(node);
    case 'ac:link':
      return escapeHtml(linkText(node));
    case 'ac:task-list':
      return `<ul>${renderAll(node.children)}</ul>`;
    case 'ac:task':
      return `<li>${renderAll(childrenNamed(node, 'ac:task-body').flatMap((body) => body.children))}</li>`;
    case 'ac:adf-extension':
      return renderAll(childrenNamed(node, 'ac:adf-fallback').flatMap((fallback) => fallback.children));
    case 'time':
      return escapeHtml(node.attribs.datetime ?? textOf(node.children));
    default:
      break;
  }
  if (!/^[a-z][a-z0-9]*$/.test(name)) {
    return renderAll(node.children);
  }
  return VOID_ELEMENTS.has(name) ? `<${name}>` : `<${name}>${renderAll(node.children)}</${name}>`;
}

function renderMacro(macro: Element): string {
  const name = macro.attribs['ac:name'] ?? '';
  if (CODE_MACROS.has(name)) {
    const body = childrenNamed(macro, 'ac:plain-text-body')[0];
    return body ? `<pre>${escapeHtml(textOf(body.children))}</pre>` : '';
  }
  const richBodies = childrenNamed(macro, 'ac:rich-text-body');
  if (richBodies.length === 0) {
    return '';
  }
  const title = childrenNamed(macro, 'ac:parameter').find((parameter) => parameter.attribs['ac:name'] === 'title');
  const heading = title ? `<p>${escapeHtml(textOf(title.children))}</p>` : '';
  return `<div>${heading}${renderAll(richBodies.flatMap((body) => body.children))}</div>`;
}

/** What a reader sees of a link: its body, else the title or file name of what it points at. */
function linkText(link: Element): string {
  const plain = childrenNamed(link, 'ac:plain-text-link-body')[0] ?? childrenNamed(link, 'ac:link-body')[0];
  if (plain) {
    return textOf(plain.children);
  }
  for (const target of link.children.filter(isTag)) {
    const label = target.attribs['ri:content-title'] ?? target.attribs['ri:filename'] ?? target.attribs['ri:value'];
    if (label) {
      return label;
    }
  }
  return '';
}

function childrenNamed(element: Element, name: string): Element[] {
  return element.children.filter((child): child is Element => isTag(child) && child.name.toLowerCase() === name);
}

function textOf(nodes: readonly AnyNode[]): string {
  return nodes
    .map((node) => {
      if (isText(node)) {
        return node.data;
      }
      return isTag(node) || isCDATA(node) ? textOf(node.children) : '';
    })
    .join('');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
