/**
 * Hostile documents made on the fly: decompression bombs (a DOCX whose document.xml inflates to gigabytes, a ZIP
 * whose directory understates its sizes), nested archives, XML entity expansion, PDFs with a huge stream or
 * thousands of pages. Each is built from a few small pieces repeated, so a test never holds what the file would
 * expand to.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

const WORD_NAMESPACE = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const MIB = 1024 * 1024;

/** A raw DEFLATE stream and what it inflates to. */
export interface Deflated {
  bytes: Buffer;
  size: number;
  /** CRC-32 of the inflated content; 0 when not computed (nothing checks it before inflating). */
  crc: number;
}

/**
 * A DEFLATE stream that inflates to `head`, then `unit` repeated `times`, then `tail`. Each piece is compressed
 * on its own and ends on a byte boundary without a final block (a sync flush), so the pieces can be concatenated:
 * the stream of a 1.5 GB repetition is a 1 KB piece written 1,536 times.
 */
export function repeatedDeflate(head: string, unit: Buffer, times: number, tail: string): Deflated {
  const piece = (data: Buffer): Buffer => deflateRawSync(data, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const unitBytes = piece(unit);
  const bytes = Buffer.concat([piece(Buffer.from(head)), ...Array.from({ length: times }, () => unitBytes), deflateRawSync(Buffer.from(tail))]);
  return { bytes, size: Buffer.byteLength(head) + unit.length * times + Buffer.byteLength(tail), crc: 0 };
}

export function deflated(content: string | Buffer): Deflated {
  const data = Buffer.from(content);
  return { bytes: deflateRawSync(data), size: data.length, crc: crc32(data) };
}

export interface ArchiveEntry {
  name: string;
  content: Deflated | Buffer | string;
  /** The uncompressed size the directory claims; default the true one. */
  declaredSize?: number;
}

/** A ZIP archive; Buffer and string contents are deflated, Deflated ones written as given. */
export function makeArchive(entries: readonly ArchiveEntry[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const content = typeof entry.content === 'string' || Buffer.isBuffer(entry.content) ? deflated(entry.content) : entry.content;
    const name = Buffer.from(entry.name);
    const declaredSize = Math.min(entry.declaredSize ?? content.size, 0xffffffff);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(content.crc, 14);
    local.writeUInt32LE(content.bytes.length, 18);
    local.writeUInt32LE(declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(content.crc, 16);
    header.writeUInt32LE(content.bytes.length, 20);
    header.writeUInt32LE(declaredSize, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    parts.push(local, name, content.bytes);
    directory.push(header, name);
    offset += local.length + name.length + content.bytes.length;
  }
  const directorySize = directory.reduce((size, part) => size + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...directory, end]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const PACKAGE_RELATIONSHIPS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

/** The XML of a Word document body holding one paragraph per text. */
export function wordDocumentXml(paragraphs: readonly string[], doctype = ''): string {
  const body = paragraphs.map((text) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`).join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${doctype}<w:document xmlns:w="${WORD_NAMESPACE}"><w:body>${body}</w:body></w:document>`;
}

/** A minimal Word document: the package parts, then `document` as word/document.xml, then any extra entries. */
export function makeWordArchive(document: ArchiveEntry['content'], extra: readonly ArchiveEntry[] = [], declaredSize?: number): Buffer {
  return makeArchive([
    { name: '[Content_Types].xml', content: CONTENT_TYPES },
    { name: '_rels/.rels', content: PACKAGE_RELATIONSHIPS },
    { name: 'word/document.xml', content: document, declaredSize },
    ...extra,
  ]);
}

/** A paragraph of text repeated to `mebibytes` MiB: what a bomb's document.xml inflates to. */
function repeatedParagraphs(mebibytes: number): Deflated {
  const [head, tail] = wordDocumentXml(['\u0000']).split('\u0000');
  const unit = Buffer.alloc(MIB, 'bla ');
  return repeatedDeflate(head, unit, mebibytes, tail);
}

/**
 * A Word document of about `mebibytes` / 1,000 MiB whose document.xml inflates to `mebibytes` MiB of text, its size
 * stated truthfully in the directory (the bomb a size check refuses before inflating anything).
 */
export function makeDocxBomb(mebibytes = 1536): Buffer {
  return makeWordArchive(repeatedParagraphs(mebibytes));
}

/** The same bomb with a directory that claims document.xml is 40 KB: only inflating it tells. */
export function makeLyingDocxBomb(mebibytes = 1536): Buffer {
  return makeWordArchive(repeatedParagraphs(mebibytes), [], 40_000);
}

/** A ZIP holding a 1.5 GB bomb inside a ZIP inside a ZIP (42.zip in small): only a recursive unpacker suffers. */
export function makeNestedZipBomb(): Buffer {
  const inner = makeArchive([{ name: 'data.bin', content: repeatedDeflate('', Buffer.alloc(MIB), 1536, '') }]);
  const middle = makeArchive(Array.from({ length: 4 }, (_, index) => ({ name: `part-${index}.zip`, content: inner })));
  return makeArchive([{ name: 'archive.zip', content: middle }]);
}

/** A Word document that readably says `text`, carrying `nested` (a ZIP bomb) as an embedded package. */
export function makeDocxCarrying(text: string, nested: Buffer): Buffer {
  return makeWordArchive(wordDocumentXml([text]), [{ name: 'word/embeddings/package.zip', content: nested }]);
}

/** The classic "billion laughs" DTD: ten entities, each ten of the one before, `&lol9;` expanding to 3 GB. */
export const BILLION_LAUGHS_DOCTYPE = `<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>`;

/** A Word document whose body and core properties both use the billion laughs entity. */
export function makeDocxLaughs(text: string): Buffer {
  const core = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${BILLION_LAUGHS_DOCTYPE}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>&lol9;</dc:title></cp:coreProperties>`;
  return makeWordArchive(wordDocumentXml([text, '&lol9;'], BILLION_LAUGHS_DOCTYPE), [{ name: 'docProps/core.xml', content: core }]);
}

/** An XML file (or an XHTML page, with `html`) whose text is the billion laughs entity. */
export function makeXmlLaughs(text: string, html = false): string {
  return html
    ? `<?xml version="1.0"?>${BILLION_LAUGHS_DOCTYPE}<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Laughs</title></head><body><h1>Laughs</h1><p>${text}</p><p>&lol9;</p></body></html>`
    : `<?xml version="1.0"?>${BILLION_LAUGHS_DOCTYPE}<lolz><note>${text}</note><lol>&lol9;</lol></lolz>`;
}

/** A PDF written object by object: `objects[i]` becomes object i + 1; object 1 must be the catalog. */
function assemblePdf(objects: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0].length;
  objects.forEach((object, index) => {
    offsets.push(length);
    const part = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), object, Buffer.from('\nendobj\n')]);
    parts.push(part);
    length += part.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}

const FONT = Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');

function pdfStream(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);
}

/** Text-drawing operators repeated to `mebibytes` MiB, as a zlib stream (PDF's FlateDecode), deflated `layers` times over. */
function contentBomb(mebibytes: number, layers = 1): Buffer {
  const unit = Buffer.alloc(MIB, '(All work and no play makes a dull document.) Tj\n');
  let content = zlibWrap(repeatedDeflate('BT /F1 12 Tf 72 720 Td\n', unit, mebibytes, 'ET\n').bytes);
  for (let layer = 1; layer < layers; layer++) {
    content = zlibWrap(deflateRawSync(content));
  }
  return content;
}

/** A one-page PDF whose page content is the streams given, in order. */
function onePagePdf(contents: readonly Buffer[], extraObjects: readonly Buffer[] = [], resources = ''): Buffer {
  const first = 5 + extraObjects.length;
  const references = contents.map((_, index) => `${first + index} 0 R`).join(' ');
  return assemblePdf([
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> ${resources} >> /Contents [${references}] >>`),
    FONT,
    ...extraObjects,
    ...contents,
  ]);
}

/**
 * A one-page PDF (about `mebibytes` KB) whose page content is a FlateDecode stream inflating to `mebibytes` MiB of
 * text-drawing operators; `layers` > 1 deflates it again that many times (a filter chain), shrinking the file further.
 */
export function makePdfStreamBomb(mebibytes = 1536, layers = 1): Buffer {
  const filters = Array.from({ length: layers }, () => '/FlateDecode').join(' ');
  return onePagePdf([pdfStream(`/Filter [${filters}]`, contentBomb(mebibytes, layers))]);
}

/** A one-page PDF whose content is `count` streams of `mebibytes` MiB each: each within a stream's limit, not together. */
export function makePdfManyStreams(count: number, mebibytes: number): Buffer {
  const stream = pdfStream('/Filter /FlateDecode', contentBomb(mebibytes));
  return onePagePdf(Array.from({ length: count }, () => stream));
}

/** A readable page that also draws an image inflating to `mebibytes` MiB, as a manual's screenshot would. */
export function makePdfWithLargeImage(text: string, mebibytes: number): Buffer {
  const side = Math.floor(Math.sqrt((mebibytes * MIB) / 3));
  const pixels = zlibWrap(repeatedDeflate('', Buffer.alloc(MIB), mebibytes, '').bytes);
  const image = pdfStream(
    `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode`,
    pixels,
  );
  const content = pdfStream('', Buffer.from(`q 200 0 0 200 72 400 cm /Im1 Do Q BT /F1 12 Tf 72 720 Td (${text}) Tj ET`));
  return onePagePdf([content], [image], '/XObject << /Im1 5 0 R >>');
}

/** A zlib stream (as PDF's FlateDecode wants) around a raw DEFLATE stream; the Adler-32 is not checked by readers. */
function zlibWrap(raw: Buffer): Buffer {
  return Buffer.concat([Buffer.from([0x78, 0xda]), raw, Buffer.alloc(4)]);
}

/** A PDF of `pages` pages, each drawing its own short line of text: about 300 bytes per page. */
export function makeManyPagesPdf(pages: number): Buffer {
  const firstPage = 4;
  const kids = Array.from({ length: pages }, (_, index) => `${firstPage + 2 * index} 0 R`).join(' ');
  return assemblePdf([
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`),
    FONT,
    ...Array.from({ length: pages }, (_, index) => [
      Buffer.from(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${firstPage + 2 * index + 1} 0 R >>`),
      pdfStream(
        '',
        Buffer.from(
          `BT /F1 12 Tf 72 720 Td (Entry ${index + 1} of a very long report, which goes on and on about nothing in particular, page after page, for very many pages.) Tj ET`,
        ),
      ),
    ]).flat(),
  ]);
}

/** A gzip member inflating to `mebibytes` MiB of zeros (about 1 KB per MiB), for a response's Content-Encoding. */
export function makeGzipBomb(mebibytes: number): Buffer {
  const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
  const { bytes } = repeatedDeflate('', Buffer.alloc(MIB), mebibytes, '');
  // The trailer's checksum and size are read only once everything is inflated, which a bounded reader never does.
  return Buffer.concat([header, bytes, Buffer.alloc(8)]);
}

const PART_OVER_LIMIT = /^The file has a part (\(word\/document\.xml\) )?that expands to more than 64 MB when unpacked; the limit is 64 MB$/;
const NESTED_TOO_DEEP = /^The document nests its elements more than 512 deep, which no browser displays; it is refused$/;

/** A Word document of readable text whose ten media parts each claim 1 KB and inflate to 60 MB: 600 MB in all. */
export function makeLyingMediaDocx(): Buffer {
  const blob = repeatedDeflate('', Buffer.alloc(MIB, 'bla '), 60, '');
  const media = Array.from({ length: 10 }, (_, index) => ({ name: `word/media/image${index}.emf`, content: blob, declaredSize: 1_000 }));
  return makeWordArchive(wordDocumentXml(['A readable paragraph.']), media);
}

export function makeDeepHtml(depth: number): Buffer {
  return Buffer.from(`<!doctype html><html><body>${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}<p>Readable text.</p></body></html>`);
}

/** A Markdown list nested `depth` levels deep, two spaces a level. */
export function makeDeepMarkdown(depth: number): Buffer {
  return Buffer.from(['- top', ...Array.from({ length: depth }, (_, level) => `${'  '.repeat(level + 1)}- level ${level + 1}`)].join('\n'));
}

/**
 * One of each hostile file that is refused within a part's limit (64 MB inflated at most), with what its refusal
 * must say. The ones that reach the whole file's limit (makeLyingMediaDocx, makePdfManyStreams) take a second of
 * inflating each and are tested on their own.
 */
export function hostileFiles(): { name: string; bytes: Buffer; error: RegExp }[] {
  return [
    { name: 'bomb.docx', bytes: makeDocxBomb(), error: /^The file expands to 1,537 MB when unpacked; the limit is 512 MB$/ },
    { name: 'lying-bomb.docx', bytes: makeLyingDocxBomb(), error: PART_OVER_LIMIT },
    { name: 'laughs.docx', bytes: makeDocxLaughs('A readable paragraph.'), error: /declares a DOCTYPE, which Office documents never contain/ },
    { name: 'nested.zip', bytes: makeNestedZipBomb(), error: /^nested\.zip is a ZIP archive, not a Word document$/ },
    { name: 'stream-bomb.pdf', bytes: makePdfStreamBomb(), error: PART_OVER_LIMIT },
    { name: 'chained-bomb.pdf', bytes: makePdfStreamBomb(1536, 3), error: PART_OVER_LIMIT },
    { name: 'pages.pdf', bytes: makeManyPagesPdf(6_000), error: /^The PDF has 6,000 pages; the limit is 5,000$/ },
    { name: 'deep.html', bytes: makeDeepHtml(100_000), error: NESTED_TOO_DEEP },
    { name: 'deep.md', bytes: makeDeepMarkdown(2_000), error: NESTED_TOO_DEEP },
  ];
}
