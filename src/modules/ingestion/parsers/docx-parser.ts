import { load } from 'cheerio/slim';
import mammoth from 'mammoth';
import { DocumentParseError, type ParsedDocument } from '#src/modules/ingestion/parsed-document.js';
import { buildDocument } from '#src/modules/ingestion/parsers/build-document.js';
import { type CheckedArchive, openArchive } from '#src/modules/ingestion/parsers/archive-limits.js';
import { extractBlocks } from '#src/modules/ingestion/parsers/html-blocks.js';
import { loadTree } from '#src/modules/ingestion/parsers/html-tree.js';
import { cleanInline } from '#src/modules/ingestion/parsers/text-normalize.js';

const MAX_CORE_PROPERTIES_BYTES = 1024 * 1024;

/**
 * A Word document (.docx) through mammoth's HTML conversion, so headings, lists, tables, footnotes and text
 * boxes come out as they do from a web page. The title is the document's own (core properties), else its
 * first heading or line. The archive is checked against the unpacking limits first, and mammoth reads the checked copy.
 */
export async function parseDocx(bytes: Uint8Array): Promise<ParsedDocument> {
  const archive = await openArchive(bytes);
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: archive.repacked },
      // Images carry no text: skip encoding them as data URIs.
      { convertImage: mammoth.images.imgElement(async () => ({ src: '' })), ignoreEmptyParagraphs: true, externalFileAccess: false },
    );
    html = result.value;
  } catch (error) {
    throw new DocumentParseError('corrupt', `The Word document cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  const $ = loadTree(html);
  // The "↑" links from a footnote back to its reference.
  $('a[href^="#footnote-ref-"], a[href^="#endnote-ref-"]').remove();
  return buildDocument(coreTitle(archive), extractBlocks($.root().toArray()), 'Word document');
}

function coreTitle(archive: CheckedArchive): string | undefined {
  const xml = archive.read('docProps/core.xml', MAX_CORE_PROPERTIES_BYTES);
  if (!xml) {
    return undefined;
  }
  const $ = load(xml.toString('utf8'), { xml: true });
  return cleanInline($('dc\\:title').first().text()) || undefined;
}
