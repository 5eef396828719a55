import { DocumentParseError } from '#src/modules/ingestion/parsed-document.js';
import { inflateChunks, MAX_ENTRY_BYTES, MAX_UNPACKED_BYTES, megabytes, tooLarge } from '#src/modules/ingestion/parsers/archive-limits.js';

/**
 * The longest real manuals run to a few thousand pages; reading one page's text takes a few milliseconds, so
 * this many keeps a document under a minute of a parse thread.
 */
export const MAX_PDF_PAGES = 5_000;
/** A filter chain may deflate a stream several times over, each layer multiplying the expansion; real files use one. */
const MAX_FLATE_LAYERS = 4;
/** How far before its data a stream's dictionary is looked for; a longer dictionary is treated as not an image's. */
const DICTIONARY_WINDOW = 4096;
const STREAM_KEYWORD = Buffer.from('stream');
const OBJECT_KEYWORD = Buffer.from(' obj');
const IMAGE_SUBTYPE = /\/Subtype\s*\/Image(?![^\s/<>[\]()])/;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** Refuses a PDF of more than MAX_PDF_PAGES pages, before any page is read. */
export function checkPageCount(pages: number): void {
  if (pages > MAX_PDF_PAGES) {
    throw new DocumentParseError('too_large', `The PDF has ${pages.toLocaleString('en-US')} pages; the limit is ${MAX_PDF_PAGES.toLocaleString('en-US')}`);
  }
}

/**
 * Refuses a PDF with a compressed stream that expands to more than MAX_ENTRY_BYTES, or streams that expand to
 * more than MAX_UNPACKED_BYTES together, before PDF.js reads any of them: PDF.js inflates a stream whole into
 * memory. Every stream whose data starts with a zlib header is inflated as PDF.js would (FlateDecode, whatever
 * its filter entry says: the header is what PDF.js checks), layer after layer when its output is itself deflated,
 * counting bytes and keeping none. Images are left out: reading text never decodes them, and a manual's
 * screenshots can rightly expand to gigabytes.
 */
export async function checkPdfStreams(bytes: Uint8Array): Promise<void> {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const budget = { used: 0 };
  for (let at = data.indexOf(STREAM_KEYWORD); at !== -1; at = data.indexOf(STREAM_KEYWORD, at + STREAM_KEYWORD.length)) {
    const start = streamDataStart(data, at);
    if (start !== undefined && isZlibHeader(data, start) && !isImage(data, at)) {
      await measureLayers(data.subarray(start + 2), budget);
    }
  }
}

/** Where a stream's data begins: after the `stream` keyword (not `endstream`) and its end of line. */
function streamDataStart(data: Buffer, keyword: number): number | undefined {
  if (keyword > 0 && data[keyword - 1] === 0x64 /* the d of endstream */) {
    return undefined;
  }
  let start = keyword + STREAM_KEYWORD.length;
  if (data[start] === CARRIAGE_RETURN) {
    start++;
  }
  if (data[start] === LINE_FEED) {
    start++;
  }
  return start > keyword + STREAM_KEYWORD.length ? start : undefined;
}

/** Whether the stream's dictionary, between its object header and the `stream` keyword, says it is an image. */
function isImage(data: Buffer, keyword: number): boolean {
  const window = data.subarray(Math.max(0, keyword - DICTIONARY_WINDOW), keyword);
  const header = window.lastIndexOf(OBJECT_KEYWORD);
  return header !== -1 && IMAGE_SUBTYPE.test(window.toString('latin1', header));
}

/** The two bytes PDF.js's FlateStream requires: method 8, a valid check, no preset dictionary. */
function isZlibHeader(data: Buffer, at: number): boolean {
  const method = data[at];
  const flags = data[at + 1];
  return method !== undefined && flags !== undefined && (method & 0x0f) === 8 && ((method << 8) + flags) % 31 === 0 && (flags & 0x20) === 0;
}

async function measureLayers(deflated: Buffer, budget: { used: number }): Promise<void> {
  let layer: AsyncIterable<Buffer> | Iterable<Buffer> = [deflated];
  try {
    for (let depth = 1; ; depth++) {
      const output = counted(inflateChunks(layer), budget);
      const first = await output.next();
      if (first.done) {
        return;
      }
      if (!isZlibHeader(first.value, 0)) {
        for await (const chunk of output) {
          void chunk;
        }
        return;
      }
      if (depth === MAX_FLATE_LAYERS) {
        await output.return(undefined);
        throw new DocumentParseError(
          'unsupported',
          `The PDF compresses a stream more than ${MAX_FLATE_LAYERS} times over, which no PDF writer does; it is refused`,
        );
      }
      layer = followedBy(first.value.subarray(2), output);
    }
  } catch (error) {
    if (error instanceof DocumentParseError) {
      throw error;
    }
    // Not DEFLATE after all, or damaged: PDF.js stops there too, having inflated no more than was counted.
  }
}

/** A layer's output, counted against the stream's limit and the file's as it passes. */
async function* counted(chunks: AsyncIterable<Buffer>, budget: { used: number }): AsyncGenerator<Buffer> {
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.length;
    budget.used += chunk.length;
    if (size > MAX_ENTRY_BYTES) {
      throw tooLarge(`has a part that expands to more than ${megabytes(MAX_ENTRY_BYTES)} MB`, MAX_ENTRY_BYTES);
    }
    if (budget.used > MAX_UNPACKED_BYTES) {
      throw tooLarge(`expands to more than ${megabytes(MAX_UNPACKED_BYTES)} MB`, MAX_UNPACKED_BYTES);
    }
    yield chunk;
  }
}

async function* followedBy(first: Buffer, rest: AsyncGenerator<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield first;
    yield* rest;
  } finally {
    await rest.return(undefined);
  }
}
