import { Readable } from 'node:stream';
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { DocumentParseError } from '#src/modules/ingestion/parsed-document.js';
import { DEFLATED, ENCRYPTED_FLAG, entryData, readZipDirectory, STORED, type ZipEntry, writeZip } from '#src/modules/ingestion/parsers/zip-entries.js';

const MIB = 1024 * 1024;
/** An Office document has tens of parts, a few thousand with many images; a million tiny entries is an attack on the listing. */
export const MAX_ARCHIVE_ENTRIES = 10_000;
/**
 * One part (an archive entry, a PDF stream), unpacked. The parts that are read (document.xml and its kin, a page's
 * content) become strings and trees of several times their size in the parse thread: 64 MB of XML is a document
 * of some 20,000 pages.
 */
export const MAX_ENTRY_BYTES = 64 * MIB;
/**
 * The whole archive, unpacked: ten times the 50 MiB upload limit leaves room for images that compress well
 * (bitmaps, EMF drawings), while a decompression bomb (1,000 to 1) is caught after inflating at most this much,
 * about a second of work, streamed, so memory does not grow with it.
 */
export const MAX_UNPACKED_BYTES = 512 * MIB;
/** Streamed inflation hands over output in pieces of this size, and keeps none of them. */
const INFLATE_CHUNK_BYTES = 64 * 1024;
/** Open Packaging Conventions forbid DTDs in package parts; a DOCTYPE there is an entity-expansion attempt. */
const DOCTYPE = Buffer.from('<!DOCTYPE');
const XML_PART = /\.(?:xml|rels)$/i;

/** An archive whose every entry was inflated once and found within the limits. */
export interface CheckedArchive {
  /** The same entries rewritten into a plain archive: what a library opening it reads is exactly what was measured. */
  repacked: Buffer;
  /** An entry's content, inflated; undefined when absent or larger than `maxBytes`. */
  read(name: string, maxBytes: number): Buffer | undefined;
}

/**
 * Opens a ZIP-based document (DOCX and the other Office Open XML formats) safely, before any library unpacks it:
 * the directory's entry count and declared sizes are checked first, then every entry is inflated as a stream,
 * counting bytes and keeping none, and stopped as soon as the entry or the archive passes its limit (declared
 * sizes can lie). XML parts that declare a DOCTYPE are refused. Throws DocumentParseError with what a person can act on.
 */
export async function openArchive(bytes: Uint8Array): Promise<CheckedArchive> {
  const directory = readZipDirectory(bytes, MAX_ARCHIVE_ENTRIES + 1);
  if (!directory) {
    throw new DocumentParseError('corrupt', 'The file is a damaged ZIP archive: its table of contents cannot be read');
  }
  if (directory.count > MAX_ARCHIVE_ENTRIES || directory.entries.length > MAX_ARCHIVE_ENTRIES) {
    throw new DocumentParseError('too_large', `The file holds more than ${count(MAX_ARCHIVE_ENTRIES)} parts; the limit is ${count(MAX_ARCHIVE_ENTRIES)}`);
  }
  const declared = directory.entries.reduce((total, entry) => total + entry.declaredSize, 0);
  if (declared > MAX_UNPACKED_BYTES) {
    throw tooLarge(`expands to ${megabytes(declared)} MB`, MAX_UNPACKED_BYTES);
  }
  const oversized = directory.entries.find((entry) => entry.declaredSize > MAX_ENTRY_BYTES);
  if (oversized) {
    throw tooLarge(`has a part (${oversized.name}) that expands to ${megabytes(oversized.declaredSize)} MB`, MAX_ENTRY_BYTES);
  }

  const checked: { entry: ZipEntry; data: Buffer; size: number }[] = [];
  let unpacked = 0;
  for (const entry of directory.entries) {
    const data = readableData(bytes, entry);
    const size = await measureEntry(entry, data, MAX_UNPACKED_BYTES - unpacked);
    unpacked += size;
    checked.push({ entry, data, size });
  }
  const byName = new Map(checked.map((item) => [item.entry.name, item]));
  return {
    repacked: writeZip(checked.map(({ entry, data, size }) => ({ name: entry.name, method: entry.method, crc: entry.crc, size, data }))),
    read(name, maxBytes) {
      const item = byName.get(name);
      if (!item || item.size > maxBytes) {
        return undefined;
      }
      return item.entry.method === STORED ? item.data : inflateRawSync(item.data, { maxOutputLength: Math.max(1, item.size) });
    },
  };
}

function readableData(bytes: Uint8Array, entry: ZipEntry): Buffer {
  if (entry.flags & ENCRYPTED_FLAG) {
    throw new DocumentParseError('encrypted', 'The file is password-protected');
  }
  if (entry.method !== STORED && entry.method !== DEFLATED) {
    throw new DocumentParseError('unsupported', `The file's part ${entry.name} is compressed with a method this service does not read (${entry.method})`);
  }
  const data = entryData(bytes, entry);
  if (!data) {
    throw new DocumentParseError('corrupt', `The file is a damaged ZIP archive: the part ${entry.name} lies outside it`);
  }
  return data;
}

/** The entry's true unpacked size, counted while inflating; throws once it passes a limit, or on a DOCTYPE in an XML part. */
async function measureEntry(entry: ZipEntry, data: Buffer, remaining: number): Promise<number> {
  const scanner = XML_PART.test(entry.name) ? new DoctypeScanner(entry.name) : undefined;
  const check = (size: number): void => {
    if (size > MAX_ENTRY_BYTES) {
      throw tooLarge(`has a part (${entry.name}) that expands to more than ${megabytes(MAX_ENTRY_BYTES)} MB`, MAX_ENTRY_BYTES);
    }
    if (size > remaining) {
      throw tooLarge(`expands to more than ${megabytes(MAX_UNPACKED_BYTES)} MB`, MAX_UNPACKED_BYTES);
    }
  };
  if (entry.method === STORED) {
    check(data.length);
    scanner?.scan(data);
    return data.length;
  }
  let size = 0;
  try {
    for await (const chunk of inflateChunks([data])) {
      size += chunk.length;
      check(size);
      scanner?.scan(chunk);
    }
  } catch (error) {
    if (error instanceof DocumentParseError) {
      throw error;
    }
    throw new DocumentParseError('corrupt', `The file is a damaged ZIP archive: the part ${entry.name} cannot be unpacked`);
  }
  return size;
}

/**
 * Raw DEFLATE data inflated as a stream, in pieces of INFLATE_CHUNK_BYTES that the caller counts and drops: memory
 * stays flat whatever the data expands to. Input after the end of the DEFLATE stream is ignored. Stopping the
 * iteration stops the inflation.
 */
export async function* inflateChunks(input: Iterable<Buffer> | AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const inflater = createInflateRaw({ chunkSize: INFLATE_CHUNK_BYTES });
  try {
    yield* Readable.from(input).pipe(inflater) as AsyncIterable<Buffer>;
  } finally {
    inflater.destroy();
  }
}

/** Looks for "<!DOCTYPE" across the chunks of one part, a match split between two chunks included. */
class DoctypeScanner {
  private tail = Buffer.alloc(0);

  constructor(private readonly name: string) {}

  scan(chunk: Buffer): void {
    const junction = Buffer.concat([this.tail, chunk.subarray(0, DOCTYPE.length - 1)]);
    if (junction.includes(DOCTYPE) || chunk.includes(DOCTYPE)) {
      throw new DocumentParseError(
        'unsupported',
        `The file's part ${this.name} declares a DOCTYPE, which Office documents never contain (it can define entities that expand without end); the file is refused`,
      );
    }
    const kept = DOCTYPE.length - 1;
    this.tail = Buffer.from(chunk.length >= kept ? chunk.subarray(-kept) : Buffer.concat([this.tail, chunk]).subarray(-kept));
  }
}

/** What a person reads when a file unpacks to more than `limit` bytes: `what` completes "The file …". */
export function tooLarge(what: string, limit: number): DocumentParseError {
  return new DocumentParseError('too_large', `The file ${what} when unpacked; the limit is ${megabytes(limit)} MB`);
}

export function megabytes(bytes: number): string {
  return count(Math.ceil(bytes / MIB));
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}
