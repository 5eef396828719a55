import { getDocumentProxy } from 'unpdf';
import { DocumentParseError, type ParsedDocument } from '#src/modules/ingestion/parsed-document.js';
import { buildDocument, settleEmptyHeadings } from '#src/modules/ingestion/parsers/build-document.js';
import { layoutPages, type PdfTextItem } from '#src/modules/ingestion/parsers/pdf-layout.js';
import { checkPageCount, checkPdfStreams } from '#src/modules/ingestion/parsers/pdf-limits.js';
import { cleanInline } from '#src/modules/ingestion/parsers/text-normalize.js';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/**
 * The text of a PDF, page by page in reading order, with headings recognised by their size. Uses PDF.js
 * (through unpdf's build, which needs no canvas or native code). Password-protected files are refused as
 * 'encrypted', unreadable or truncated ones as 'corrupt', files without any text (scans) as 'empty', and files
 * past the page or unpacking limits (pdf-limits.ts) as 'too_large', before PDF.js reads their pages.
 */
export async function parsePdf(bytes: Uint8Array): Promise<ParsedDocument> {
  await checkPdfStreams(bytes);
  // PDF.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const pdf = await openPdf(new Uint8Array(bytes));
  try {
    checkPageCount(pdf.numPages);
    const pages: PdfTextItem[][] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      pages.push(await pageItems(pdf, number));
    }
    const layout = layoutPages(pages);
    const blocks = settleEmptyHeadings(layout.blocks, 'keep-as-text');
    const firstHeading = blocks.find((block) => block.kind === 'heading');
    return buildDocument((await metadataTitle(pdf)) ?? firstHeading?.text ?? layout.firstLine, blocks, 'PDF');
  } catch (error) {
    throw asParseError(error);
  } finally {
    await pdf.destroy();
  }
}

async function openPdf(data: Uint8Array): Promise<PdfDocument> {
  try {
    return await getDocumentProxy(data, { verbosity: 0, isEvalSupported: false, stopAtErrors: true });
  } catch (error) {
    throw asParseError(error);
  }
}

async function pageItems(pdf: PdfDocument, number: number): Promise<PdfTextItem[]> {
  const page = await pdf.getPage(number);
  const content = await page.getTextContent();
  page.cleanup();
  const items: PdfTextItem[] = [];
  for (const item of content.items) {
    if (!('str' in item)) {
      continue;
    }
    const [, , c = 0, d = 0, x = 0, y = 0] = item.transform as number[];
    items.push({ text: item.str, x, y, width: item.width, fontSize: Math.hypot(c, d), endsLine: item.hasEOL });
  }
  return items;
}

async function metadataTitle(pdf: PdfDocument): Promise<string | undefined> {
  const { info, metadata } = await pdf.getMetadata();
  const fromInfo = (info as { Title?: unknown }).Title;
  const fromXmp: unknown = metadata?.get('dc:title');
  for (const candidate of [fromInfo, fromXmp]) {
    if (typeof candidate === 'string') {
      // Word's PDF export puts "Microsoft Word - report.docx" there, which names the file, not the document.
      const title = cleanInline(candidate).replace(/^Microsoft Word - /, '');
      if (title !== '' && !/^untitled$/i.test(title) && !/\.(?:docx?|pdf|odt|rtf|txt)$/i.test(title)) {
        return title;
      }
    }
  }
  return undefined;
}

function asParseError(error: unknown): DocumentParseError {
  if (error instanceof DocumentParseError) {
    return error;
  }
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') {
    return new DocumentParseError('encrypted', 'The PDF is password-protected');
  }
  return new DocumentParseError('corrupt', `The PDF cannot be read: ${message}`);
}
