import { type Block, DocumentParseError, type ParsedDocument } from '#src/modules/ingestion/parsed-document.js';
import { buildDocument } from '#src/modules/ingestion/parsers/build-document.js';
import { cleanInline } from '#src/modules/ingestion/parsers/text-normalize.js';

const PLAIN_KEY = /^[\p{L}_$][\p{L}\p{N}_$-]*$/u;

/**
 * JSON flattened into "path.to.key: value" lines (array items indexed: "items[0].name"), one text block per
 * top-level key or item. The title is a top-level "title" or "name" string, else the one given.
 */
export function parseJson(text: string, title?: string): ParsedDocument {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new DocumentParseError('corrupt', `The JSON file cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  const blocks: Block[] = [];
  try {
    if (isRecord(value)) {
      for (const [key, child] of Object.entries(value)) {
        blocks.push(linesBlock(child, appendKey('', key)));
      }
    } else if (Array.isArray(value)) {
      value.forEach((child, index) => blocks.push(linesBlock(child, `[${index}]`)));
    } else {
      blocks.push(linesBlock(value, ''));
    }
  } catch (error) {
    if (error instanceof RangeError) {
      throw new DocumentParseError('corrupt', 'The JSON file is nested too deeply');
    }
    throw error;
  }
  return buildDocument(ownTitle(value) ?? title, blocks, 'JSON file');
}

function linesBlock(value: unknown, path: string): Block {
  const lines: string[] = [];
  flatten(value, path, lines);
  return { kind: 'text', text: lines.join('\n') };
}

function flatten(value: unknown, path: string, lines: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((child, index) => flatten(child, `${path}[${index}]`, lines));
  } else if (isRecord(value)) {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, appendKey(path, key), lines);
    }
  } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) {
    const text = value === null ? 'null' : cleanInline(String(value));
    if (text !== '') {
      lines.push(path === '' ? text : `${path}: ${text}`);
    }
  }
}

function appendKey(path: string, key: string): string {
  if (PLAIN_KEY.test(key)) {
    return path === '' ? key : `${path}.${key}`;
  }
  return `${path}[${JSON.stringify(key)}]`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function ownTitle(value: unknown): string | undefined {
  if (!isRecord(value)) {
    return undefined;
  }
  const candidate = value.title ?? value.name;
  return typeof candidate === 'string' && cleanInline(candidate) !== '' ? candidate : undefined;
}
