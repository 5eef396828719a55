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
 * A Word document (.docx) through mammoth's HTML conversion, so headings, lists, tables, footnotes, comments
 * and text boxes come out as they do from a web page. The title is the document's own (core properties), else its
 * first heading or line. The archive is checked against the unpacking limits first, and mammoth reads the checked copy.
 */
export async function parseDocx(bytes: Uint8Array): Promise<ParsedDocument> {
  const archive = await openArchive(bytes);
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: archive.repacked },
      // Images carry no text: skip encoding them as data URIs.
      {
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
        // Reviewers' comments are kept, listed after the text as footnotes are: what they say is often worth finding.
        styleMap: ['comment-reference => sup'],
        ignoreEmptyParagraphs: true,
        externalFileAccess: false,
      },
    );
    html = result.value;
  } catch (error) {
    throw new DocumentParseError('corrupt', `The Word document cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  const $ = loadTree(html);
  // The "↑" links from a footnote or comment back to its reference, and a comment's marker in the text
  // (the reviewer's initials, `[MW1]`), which would otherwise read as a citation.
  $('a[href^="#footnote-ref-"], a[href^="#endnote-ref-"], a[href^="#comment-ref-"]').remove();
  $('sup:has(> a[id^="comment-ref-"])').remove();
  // "Comment [MW1]" over each comment becomes "Comment:" at its start, so the two read as one paragraph.
  $('dt[id^="comment-"]').each((_index, term) => {
    $(term).next('dd').find('p').first().prepend('Comment: ');
    $(term).remove();
  });
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
