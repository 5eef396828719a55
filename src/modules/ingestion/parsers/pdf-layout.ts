import type { Block } from '#src/modules/ingestion/parsed-document.js';
import { cellText, tableLines } from '#src/modules/ingestion/parsers/pdf-columns.js';

/** A run of text as the PDF draws it: y grows upwards, as in PDF user space. */
export interface PdfTextItem {
  text: string;
  x: number;
  y: number;
  width: number;
  fontSize: number;
  endsLine: boolean;
}

interface Line {
  text: string;
  x: number;
  y: number;
  size: number;
  /** A table row, or a listing's columns: runs set apart by wide blank spaces, its cells joined by " | ". */
  tabular: boolean;
  /** The runs of each of its cells. */
  cells: PdfTextItem[][];
}

// Lines at least this much larger than the body text, and short, read as headings.
const HEADING_SIZE_RATIO = 1.15;
const MAX_HEADING_LENGTH = 150;
// A vertical gap this many times the font size between two lines starts a new paragraph.
const PARAGRAPH_GAP_RATIO = 1.45;
const INDENT_RATIO = 0.8;
// A sentence left open continues across a display formula: through a gap this many times the font size, a
// centred (indented) line, and the raised or lowered lines of limits and indices (up to this rise).
const OPEN_SENTENCE_GAP_RATIO = 3;
const OPEN_SENTENCE_RISE_RATIO = 1.5;
const SENTENCE_END = /[.!?:;…][)\]"'»”’]*$/u;
// Lines this short are pieces of a formula (limits, indices, a left-hand side), not text of their own.
const MAX_FRAGMENT_LENGTH = 15;
// Words are set at most about an em apart, even in justified text; a wider space separates cells.
const CELL_GAP_RATIO = 1.5;

/**
 * Rebuilds a document's structure from its pages' text runs, in the order the PDF draws them (its reading
 * order): runs into lines, lines into paragraphs (split at wider gaps and font changes), larger short lines
 * into headings ranked by size, with running headers, footers and page numbers left out.
 */
export function layoutPages(pages: readonly (readonly PdfTextItem[])[]): { blocks: Block[]; firstLine: string | undefined } {
  const linesPerPage = pages.map(toLines);
  const bodySize = dominantSize(linesPerPage.flat());
  const furniture = repeatedEdgeLines(linesPerPage);
  const numbered = pageNumberedEdgeLines(linesPerPage);
  const kept = linesPerPage.map((lines) => lines.filter((line, index) => !numbered.has(line) && !isFurniture(line, index, lines.length, furniture)));
  const headingLevels = rankHeadingSizes(kept.flat(), bodySize);
  const blocks: Block[] = [];
  for (const lines of kept) {
    blocks.push(...pageBlocks(lines, bodySize, headingLevels));
  }
  return { blocks, firstLine: kept.flat()[0]?.text };
}

function toLines(items: readonly PdfTextItem[]): Line[] {
  const lines: Line[] = [];
  let parts: PdfTextItem[] = [];
  const close = () => {
    const visible = parts.filter((part) => part.text.trim() !== '');
    const first = visible[0];
    const size = weightedSize(visible);
    const cells = splitCells(parts, size)
      .map((runs) => ({ runs, text: cellText(runs) }))
      .filter((cell) => cell.text !== '');
    if (first && cells.length > 0) {
      const text = cells.map((cell) => cell.text).join(' | ');
      lines.push({ text, x: first.x, y: first.y, size, tabular: cells.length > 1, cells: cells.map((cell) => cell.runs) });
    }
    parts = [];
  };
  for (const item of items) {
    parts.push(item);
    if (item.endsLine) {
      close();
    }
  }
  close();
  return lines;
}

/**
 * The runs of a line grouped into cells, split where a run starts further from the end of the visible run
 * before it than words are ever set apart. A run without a width (some fonts give none) tells nothing.
 */
function splitCells(parts: readonly PdfTextItem[], size: number): PdfTextItem[][] {
  let cell: PdfTextItem[] = [];
  const cells = [cell];
  let before: PdfTextItem | undefined;
  for (const part of parts) {
    const visible = part.text.trim() !== '';
    if (visible && before !== undefined && before.width > 0 && part.x - (before.x + before.width) > size * CELL_GAP_RATIO) {
      cell = [];
      cells.push(cell);
    }
    cell.push(part);
    before = visible ? part : before;
  }
  return cells;
}

/** The font size carrying most of the characters of a line (superscripts and symbols do not count). */
function weightedSize(items: readonly PdfTextItem[]): number {
  const weights = new Map<number, number>();
  for (const item of items) {
    const size = roundSize(item.fontSize);
    weights.set(size, (weights.get(size) ?? 0) + item.text.trim().length);
  }
  return [...weights].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0] ?? 0;
}

function roundSize(size: number): number {
  return Math.round(size * 2) / 2;
}

function dominantSize(lines: readonly Line[]): number {
  const weights = new Map<number, number>();
  for (const line of lines) {
    weights.set(line.size, (weights.get(line.size) ?? 0) + line.text.length);
  }
  return [...weights].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 0;
}

function edgeKey(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#');
}

const PAGE_NUMBER = /^(?:(?:page|seite|p\.)\s*)?[-–]?\s*(?:\d+|[ivxlcdm]+)\s*[-–]?(?:\s*(?:of|von|\/)\s*\d+)?$/i;
const EDGE_LINES = 2;

// Running headers and footers are short; a longer line at the edge of many pages is text that repeats.
const MAX_FURNITURE_LENGTH = 100;

/** Short texts found (numbers aside) at the top or bottom of at least half of the pages, three at least. */
function repeatedEdgeLines(pages: readonly (readonly Line[])[]): Set<string> {
  const counts = new Map<string, number>();
  for (const lines of pages) {
    const edges = [...lines.slice(0, EDGE_LINES), ...lines.slice(-EDGE_LINES)].filter((line) => line.text.length <= MAX_FURNITURE_LENGTH);
    for (const key of new Set(edges.map((line) => edgeKey(line.text)))) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const threshold = Math.max(3, pages.length / 2);
  return new Set([...counts].filter(([, count]) => count >= threshold).map(([key]) => key));
}

/** A short edge line that begins or ends with a number set apart from its text ("38 | 2.3. Complexes", "Chapter 3 · 41"). */
const NUMBERED_EDGE = /^(\d{1,4})\s*[|·•–—-]?\s+\S|\S\s*[|·•–—-]?\s+(\d{1,4})$/;

/**
 * Running headers that change with the section ("38 | 2.3. SIMPLIZIALKOMPLEX", "2.4. TORUS | 39"): edge
 * lines whose number is the page's own, that is the page's position plus one offset, the same on at least
 * a quarter of the pages (three at least). A numbered list item or heading at a page's top has no such offset.
 */
function pageNumberedEdgeLines(pages: readonly (readonly Line[])[]): Set<Line> {
  const byOffset = new Map<number, Line[]>();
  pages.forEach((lines, pageIndex) => {
    const edges = [...lines.slice(0, EDGE_LINES), ...lines.slice(-EDGE_LINES)].filter((line) => line.text.length <= MAX_FURNITURE_LENGTH);
    for (const line of new Set(edges)) {
      const match = NUMBERED_EDGE.exec(line.text);
      if (match) {
        const offset = Number(match[1] ?? match[2]) - pageIndex;
        const sameOffset = byOffset.get(offset);
        if (sameOffset) {
          sameOffset.push(line);
        } else {
          byOffset.set(offset, [line]);
        }
      }
    }
  });
  const threshold = Math.max(3, pages.length / 4);
  return new Set([...byOffset.values()].filter((lines) => lines.length >= threshold).flat());
}

function isFurniture(line: Line, index: number, count: number, repeated: ReadonlySet<string>): boolean {
  const atEdge = index < EDGE_LINES || index >= count - EDGE_LINES;
  return atEdge && (PAGE_NUMBER.test(line.text) || repeated.has(edgeKey(line.text)));
}

function isHeadingLine(line: Line, bodySize: number): boolean {
  return bodySize > 0 && line.size >= bodySize * HEADING_SIZE_RATIO && line.text.length <= MAX_HEADING_LENGTH && /\p{L}/u.test(line.text);
}

/** Heading sizes, largest first, mapped to levels 1 to 6. */
function rankHeadingSizes(lines: readonly Line[], bodySize: number): Map<number, 1 | 2 | 3 | 4 | 5 | 6> {
  const sizes = [...new Set(lines.filter((line) => isHeadingLine(line, bodySize)).map((line) => line.size))].sort((a, b) => b - a);
  return new Map(sizes.map((size, index) => [size, Math.min(index + 1, 6) as 1 | 2 | 3 | 4 | 5 | 6]));
}

function pageBlocks(lines: readonly Line[], bodySize: number, headingLevels: ReadonlyMap<number, 1 | 2 | 3 | 4 | 5 | 6>): Block[] {
  const blocks: Block[] = [];
  let paragraph: Line[] = [];
  const flush = () => {
    const first = paragraph[0];
    if (first) {
      const level = isHeadingLine(first, bodySize) ? headingLevels.get(first.size) : undefined;
      // A table keeps a row a line, its cells set apart by " | ", as tables of other formats read.
      const rows = paragraph.map((line) => line.cells);
      const text = first.tabular ? tableLines(rows, first.size).join('\n') : joinLines(paragraph.map((line) => line.text));
      blocks.push(level === undefined ? { kind: 'text', text } : { kind: 'heading', level, text });
    }
    paragraph = [];
  };
  for (const line of lines) {
    const previous = paragraph.at(-1);
    if (previous && startsParagraph(previous, line, bodySize)) {
      flush();
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}

function startsParagraph(previous: Line, line: Line, bodySize: number): boolean {
  if (isHeadingLine(previous, bodySize) !== isHeadingLine(line, bodySize)) {
    return true;
  }
  const gap = previous.y - line.y;
  const size = Math.max(previous.size, line.size);
  const reference = Math.max(size, bodySize);
  // The rows of a table make a block of their own, read down the page.
  if (previous.tabular || line.tabular) {
    return !(previous.tabular && line.tabular) || gap <= 0 || gap > reference * OPEN_SENTENCE_GAP_RATIO;
  }
  // Text in another size (a caption, a footnote) is another paragraph, unless one side is a fragment of a formula.
  const sizeDiffers = Math.abs(previous.size - line.size) > 0.5;
  const carriesOn = !SENTENCE_END.test(previous.text) && !isHeadingLine(line, bodySize) && (!sizeDiffers || isFragment(previous) || isFragment(line));
  if (carriesOn) {
    return gap > reference * OPEN_SENTENCE_GAP_RATIO || gap < -reference * OPEN_SENTENCE_RISE_RATIO;
  }
  if (sizeDiffers) {
    return true;
  }
  // A line above the previous one starts a new column or a new region of the page; an indented line, a paragraph.
  return gap <= 0 || gap > size * PARAGRAPH_GAP_RATIO || line.x - previous.x > size * INDENT_RATIO;
}

function isFragment(line: Line): boolean {
  return line.text.length <= MAX_FRAGMENT_LENGTH;
}

/** Joins the lines of a paragraph, undoing end-of-line hyphenation before a lower-case letter. */
export function joinLines(lines: readonly string[]): string {
  let text = '';
  for (const line of lines) {
    if (text === '') {
      text = line;
    } else if (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(line)) {
      text = text.slice(0, -1) + line;
    } else if (/\p{L}-$/u.test(text)) {
      text += line;
    } else {
      text += ` ${line}`;
    }
  }
  return text;
}
