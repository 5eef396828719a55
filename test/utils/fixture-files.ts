/**
 * Test documents made on the fly (nothing third-party is copied into the project): PDFs (plain, encrypted,
 * truncated), DOCX files, HTML pages, Markdown, CSV and JSON, and random binary data. Usable by any test
 * that needs a file to parse or upload.
 */
import { crc32 } from 'node:zlib';
import {
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  Document,
  HeadingLevel,
  type ICommentOptions,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';
import { PDFDocument, type PDFFont, StandardFonts, rgb } from 'pdf-lib';
import PDFKitDocument from 'pdfkit';

export interface PdfPageSpec {
  /** Drawn larger and bold, so it reads as a heading. */
  heading?: string;
  paragraphs: readonly string[];
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 60;
const BODY_SIZE = 11;
const HEADING_SIZE = 18;

/** A PDF with one page per spec: an optional heading line, then paragraphs wrapped to the page width. */
export async function makePdf(pages: readonly PdfPageSpec[], options: { title?: string } = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  if (options.title) {
    pdf.setTitle(options.title);
  }
  const body = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (const spec of pages) {
    const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    let y = PAGE_HEIGHT - MARGIN;
    if (spec.heading) {
      y -= HEADING_SIZE;
      page.drawText(spec.heading, { x: MARGIN, y, size: HEADING_SIZE, font: bold, color: rgb(0, 0, 0) });
      y -= HEADING_SIZE;
    }
    for (const paragraph of spec.paragraphs) {
      for (const line of wrap(paragraph, body, BODY_SIZE, PAGE_WIDTH - 2 * MARGIN)) {
        y -= BODY_SIZE * 1.3;
        page.drawText(line, { x: MARGIN, y, size: BODY_SIZE, font: body });
      }
      y -= BODY_SIZE;
    }
  }
  return pdf.save({ useObjectStreams: false });
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line !== '') {
    lines.push(line);
  }
  return lines;
}

/** A PDF encrypted with the standard security handler (AES); without a user password it opens for anyone. */
export async function makeEncryptedPdf(
  text: string,
  passwords: { userPassword?: string; ownerPassword: string } = { userPassword: 'secret', ownerPassword: 'owner' },
): Promise<Uint8Array> {
  const document = new PDFKitDocument({ ...passwords, pdfVersion: '1.7', info: { Title: 'Encrypted fixture' } });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => document.on('end', () => resolve()));
  document.fontSize(12).text(text);
  document.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

/** The first `fraction` of a file, as a download cut short would leave it. */
export function truncate(bytes: Uint8Array, fraction = 0.5): Uint8Array {
  return bytes.slice(0, Math.floor(bytes.length * fraction));
}

export interface DocxSectionSpec {
  heading: string;
  level?: 1 | 2 | 3;
  paragraphs?: readonly string[];
  bullets?: readonly string[];
  /** First row is the header row. */
  table?: readonly (readonly string[])[];
  /** A paragraph a reviewer commented on. */
  commented?: { text: string; comment: string };
}

const HEADING_STYLES = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;

/** A Word document with headings, paragraphs, bulleted lists, tables and comments, and its title in the core properties. */
export async function makeDocx(sections: readonly DocxSectionSpec[], options: { title?: string } = {}): Promise<Buffer> {
  const children: (Paragraph | Table)[] = [];
  const comments: ICommentOptions[] = [];
  for (const section of sections) {
    children.push(new Paragraph({ text: section.heading, heading: HEADING_STYLES[section.level ?? 1] }));
    for (const text of section.paragraphs ?? []) {
      children.push(new Paragraph({ children: [new TextRun(text)] }));
    }
    for (const text of section.bullets ?? []) {
      children.push(new Paragraph({ text, numbering: { reference: 'bullets', level: 0 } }));
    }
    if (section.commented) {
      const id = comments.length;
      comments.push({ id, author: 'Reviewer', initials: 'RV', date: new Date(0), children: [new Paragraph(section.commented.comment)] });
      children.push(
        new Paragraph({
          children: [
            new CommentRangeStart(id),
            new TextRun(section.commented.text),
            new CommentRangeEnd(id),
            new TextRun({ children: [new CommentReference(id)] }),
          ],
        }),
      );
    }
    if (section.table) {
      children.push(
        new Table({
          rows: section.table.map((row) => new TableRow({ children: row.map((cell) => new TableCell({ children: [new Paragraph(cell)] })) })),
        }),
      );
    }
  }
  const document = new Document({
    ...(options.title ? { title: options.title } : {}),
    numbering: { config: [{ reference: 'bullets', levels: [{ level: 0, format: LevelFormat.BULLET, text: '•' }] }] },
    ...(comments.length > 0 ? { comments: { children: comments } } : {}),
    sections: [{ children }],
  });
  return Packer.toBuffer(document);
}

/** A documentation page with the furniture a crawler meets: menus, breadcrumbs, a sidebar, a comment notice, a footer. */
export function makeHtmlPage(options: { title: string; sections: readonly { heading: string; paragraphs: readonly string[] }[] }): string {
  const sections = options.sections
    .map((section) => `<section><h2>${section.heading}</h2>\n${section.paragraphs.map((text) => `<p>${text}</p>`).join('\n')}</section>`)
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>${options.title} - Example Docs</title>
  <style>body { font-family: sans-serif; }</style>
  <script>window.analytics = { track() {} };</script>
</head>
<body>
  <header class="site-header"><a href="/">Example Docs</a> <nav><a href="/guide">Guide</a> | <a href="/api">API</a> | <a href="/faq">FAQ</a></nav></header>
  <div class="breadcrumbs"><a href="/">Home</a> &gt; <a href="/guide">Guide</a></div>
  <div class="layout">
    <aside class="sidebar"><ul><li><a href="/a">Sidebar link one</a></li><li><a href="/b">Sidebar link two</a></li></ul></aside>
    <main>
      <article>
        <h1>${options.title}</h1>
${sections}
      </article>
      <div class="comments-section"><h2>Comments</h2><p>Notice: This is not a Q&amp;A section. Comments placed here should point towards improving the documentation.</p></div>
    </main>
  </div>
  <form action="/search"><input name="q"><button>Search</button></form>
  <footer><p>Copyright 2024 Example Corp. All rights reserved.</p><p class="menu"><a href="/privacy">Privacy</a> | <a href="/terms">Terms</a></p></footer>
  <script>window.analytics.track('view');</script>
</body>
</html>`;
}

export function makeMarkdown(): string {
  return `---
title: "Installation Guide"
tags: [setup]
---

Intro paragraph with **bold** text and a [link](https://example.com).

# Install { #install }

Run the installer for your platform.

{* ../../docs_src/install/tutorial001.py hl[3] *}

## On Linux

Use the package manager:

\`\`\`bash
sudo apt-get install example
example --version
\`\`\`

- first step
- second step
  - nested detail

On Windows
----------

| Option | Default |
| ------ | ------- |
| path   | C:\\Example |
| silent | false   |

> Quoted note about Windows.
`;
}

export function makeCsv(): string {
  return 'name,role,city\nAda Lovelace,engineer,London\n"Hopper, Grace",admiral,"New York"\nAlan Turing,,Manchester\n';
}

export function makeJson(): string {
  return JSON.stringify({
    title: 'Service settings',
    server: { host: 'example.test', ports: [80, 443], tls: { enabled: true } },
    owners: [{ name: 'Ada', email: 'ada@example.test' }],
    notes: null,
  });
}

/** A ZIP archive storing the given files uncompressed (an .xlsx, a .zip of images, a .docx look-alike). */
export function makeZip(files: Record<string, string | Uint8Array>): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = typeof content === 'string' ? Buffer.from(content) : Buffer.from(content);
    const fileName = Buffer.from(name);
    const checksum = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt32LE(checksum, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(fileName.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    directory.push(entry, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directorySize = directory.reduce((size, part) => size + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}

/** Bytes that are no known format and no text; the same bytes for the same seed. */
export function randomBinary(size: number, seed = 1): Buffer {
  const bytes = Buffer.alloc(size);
  let state = seed >>> 0 || 1;
  for (let index = 0; index < size; index++) {
    // xorshift32: deterministic, so a failure can be replayed.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[index] = state & 0xff;
  }
  bytes[0] = 0x00;
  return bytes;
}
