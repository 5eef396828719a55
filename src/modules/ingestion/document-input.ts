import type { ParsedDocument } from '#src/modules/ingestion/parsed-document.js';
import { parseFile } from '#src/modules/ingestion/parsers/file-parser.js';
import { parseHtml } from '#src/modules/ingestion/parsers/html-parser.js';
import { parseMarkdown } from '#src/modules/ingestion/parsers/markdown-parser.js';
import { parsePdf } from '#src/modules/ingestion/parsers/pdf-parser.js';

/** A document as a source provides it, before parsing: plain data, so it can be handed to a worker thread. */
export type DocumentInput =
  | { format: 'html'; html: string; url: string }
  | { format: 'pdf'; bytes: Uint8Array }
  /** Markdown held as text (a knowledge base article, a page a site serves as Markdown), with the title it has outside its text if any. */
  | { format: 'markdown'; text: string; title?: string }
  | { format: 'file'; name: string; bytes: Uint8Array; contentType: string | undefined };

/** Reads a document's input with the parser its format needs; throws DocumentParseError when it cannot. */
export async function parseInput(input: DocumentInput): Promise<ParsedDocument> {
  switch (input.format) {
    case 'html':
      return parseHtml(input.html, input.url);
    case 'pdf':
      return parsePdf(input.bytes);
    case 'markdown':
      return withTitle(parseMarkdown(input.text), input.title);
    case 'file':
      return parseFile(input.name, Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength), input.contentType);
  }
}

function withTitle(document: ParsedDocument, title: string | undefined): ParsedDocument {
  return title === undefined ? document : { ...document, title };
}
