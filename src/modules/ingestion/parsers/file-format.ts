import { MAX_ARCHIVE_ENTRIES } from '#src/modules/ingestion/parsers/archive-limits.js';
import { isZip, readZipDirectory } from '#src/modules/ingestion/parsers/zip-entries.js';

export type TextFormat = 'html' | 'markdown' | 'csv' | 'tsv' | 'json' | 'text';
export type FileFormat = 'pdf' | 'docx' | TextFormat;

const EXTENSIONS: Record<string, FileFormat> = {
  pdf: 'pdf',
  docx: 'docx',
  docm: 'docx',
  dotx: 'docx',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  shtml: 'html',
  md: 'markdown',
  markdown: 'markdown',
  mdown: 'markdown',
  mkd: 'markdown',
  mdx: 'markdown',
  csv: 'csv',
  tsv: 'tsv',
  tab: 'tsv',
  json: 'json',
  txt: 'text',
  text: 'text',
  log: 'text',
  rst: 'text',
  adoc: 'text',
};

const CONTENT_TYPES: Record<string, FileFormat> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/csv': 'csv',
  'text/tab-separated-values': 'tsv',
  'application/json': 'json',
  'text/json': 'json',
  'text/plain': 'text',
};

/** The format a file's name or declared content type claims, if it names one this service reads. */
export function declaredFormat(fileName: string, contentType: string | undefined): FileFormat | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const byExtension = extension ? EXTENSIONS[extension] : undefined;
  if (byExtension) {
    return byExtension;
  }
  const mediaType = contentType?.split(';', 1)[0]?.trim().toLowerCase();
  if (!mediaType) {
    return undefined;
  }
  return CONTENT_TYPES[mediaType] ?? (mediaType.endsWith('+json') ? 'json' : undefined);
}

export type BinarySniff = { format: 'pdf' | 'docx' } | { format: 'zip'; readable: boolean } | { format: 'ole' } | undefined;

const PDF_MAGIC = Buffer.from('%PDF-');
// The specification lets a PDF header sit anywhere in the first kilobyte.
const PDF_HEADER_WINDOW = 1024;
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** What the first bytes say: a PDF, a Word document (a ZIP holding word/document.xml), another ZIP, a legacy Office file. */
export function sniffBinary(bytes: Uint8Array): BinarySniff {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.subarray(0, PDF_HEADER_WINDOW).includes(PDF_MAGIC)) {
    return { format: 'pdf' };
  }
  if (isZip(data)) {
    const directory = readZipDirectory(data, MAX_ARCHIVE_ENTRIES);
    if (directory?.entries.some((entry) => entry.name === 'word/document.xml')) {
      return { format: 'docx' };
    }
    return { format: 'zip', readable: directory !== undefined };
  }
  if (data.subarray(0, OLE_MAGIC.length).equals(OLE_MAGIC)) {
    return { format: 'ole' };
  }
  return undefined;
}

/** A text whose content says what it is, whatever the name: an HTML page, or (when nothing else is declared) JSON. */
export function sniffText(text: string, declared: FileFormat | undefined): TextFormat | undefined {
  const head = text.slice(0, 2048).trimStart().toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html') || (head.startsWith('<?xml') && head.includes('<html'))) {
    return 'html';
  }
  if (declared === undefined && /^[[{]/.test(head) && isJson(text)) {
    return 'json';
  }
  return undefined;
}

export function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
