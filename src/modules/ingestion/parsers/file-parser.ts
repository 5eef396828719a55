import { basename, extname } from 'node:path';
import { DocumentParseError, type ParsedDocument } from '#src/modules/ingestion/parsed-document.js';
import { parseCsv } from '#src/modules/ingestion/parsers/csv-parser.js';
import { parseDocx } from '#src/modules/ingestion/parsers/docx-parser.js';
import { declaredFormat, type FileFormat, sniffBinary, sniffText, type TextFormat } from '#src/modules/ingestion/parsers/file-format.js';
import { parseHtml } from '#src/modules/ingestion/parsers/html-parser.js';
import { parseJson } from '#src/modules/ingestion/parsers/json-parser.js';
import { parseMarkdown } from '#src/modules/ingestion/parsers/markdown-parser.js';
import { parsePdf } from '#src/modules/ingestion/parsers/pdf-parser.js';
import { decodeText } from '#src/modules/ingestion/parsers/text-decoding.js';
import { parsePlainText } from '#src/modules/ingestion/parsers/text-parser.js';

/**
 * Parses an uploaded file. The content decides first (PDF and ZIP signatures, byte order marks, an HTML
 * page), so a file with a wrong extension is still read as what it is; the extension, then the declared
 * content type, choose between the text formats. A document without a title of its own is named after the file.
 */
export async function parseFile(fileName: string, bytes: Buffer, declaredContentType?: string): Promise<ParsedDocument> {
  const declared = declaredFormat(fileName, declaredContentType);
  const document = await parseByContent(fileName, bytes, declared);
  return document.title === '' ? { ...document, title: fileTitle(fileName) } : document;
}

async function parseByContent(fileName: string, bytes: Buffer, declared: FileFormat | undefined): Promise<ParsedDocument> {
  const sniffed = sniffBinary(bytes);
  switch (sniffed?.format) {
    case 'pdf':
      return parsePdf(bytes);
    case 'docx':
      return parseDocx(bytes);
    case 'zip':
      if (declared === 'docx') {
        return parseDocx(bytes);
      }
      throw new DocumentParseError('unsupported', `${fileName} is a ZIP archive${sniffed.readable ? '' : ' (damaged)'}, not a Word document`);
    case 'ole':
      throw new DocumentParseError('unsupported', `${fileName} is a legacy Office file (.doc, .xls or .ppt); save it as .docx or PDF`);
    case undefined:
      break;
  }
  const text = decodeText(bytes);
  if (text === undefined) {
    throw new DocumentParseError('unsupported', `${fileName} is binary data of an unsupported format`);
  }
  const textDeclared = declared === 'pdf' || declared === 'docx' ? undefined : declared;
  return parseText(sniffText(text, textDeclared) ?? textDeclared ?? 'text', text, fileTitle(fileName));
}

function parseText(format: TextFormat, text: string, fileTitle: string): ParsedDocument {
  switch (format) {
    case 'html':
      return parseHtml(text);
    case 'markdown':
      return parseMarkdown(text);
    case 'csv':
      return parseCsv(text, { title: fileTitle });
    case 'tsv':
      return parseCsv(text, { title: fileTitle, delimiter: '\t' });
    case 'json':
      return parseJson(text, fileTitle);
    case 'text':
      return parsePlainText(text);
  }
}

function fileTitle(fileName: string): string {
  const name = basename(fileName.replaceAll('\\', '/'));
  return name.slice(0, name.length - extname(name).length) || name;
}
