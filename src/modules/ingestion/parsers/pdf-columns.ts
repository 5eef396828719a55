import { cleanInline } from '#src/modules/ingestion/parsers/text-normalize.js';

/** A run of a table row as the PDF draws it: its text, where it starts across the page, and its width. */
export interface CellRun {
  text: string;
  x: number;
  width: number;
}

/** A row's cells as found on its line, each its runs left to right (spaces included). */
export type TableRow = readonly (readonly CellRun[])[];

/**
 * Runs of one cell further apart than this many font sizes may sit in two columns: more than a word space,
 * less than the gap that sets cells apart on a line of their own (pdf-layout.ts).
 */
const COLUMN_SPLIT_GAP_RATIO = 0.5;
/** Wider tables are kept as found: placing a row's parts looks at every column. */
const MAX_COLUMNS = 64;

interface Span {
  start: number;
  end: number;
}

/**
 * The rows of a table as text, a row a line, cells joined by " | ". On its own line a cell is found by
 * wide gaps alone, so a header whose labels are set closer than the values under them ("Population
 * (millions)  Area (km²)" over two centred columns) reads as one cell. The columns are the spans of the
 * cells of the rows with the most common number of cells; a row with fewer cells whose runs part at
 * narrower gaps is split there, each part placed in the column it overlaps most (or the nearest), the
 * columns it leaves empty kept as empty cells (but for those after its last value). A row that does not
 * part is kept as found: its few values may be cells merged across columns ("Europe" over four
 * countries), whose width the text does not tell. So is a row whose parts fall out of the columns' order,
 * a table drawn by runs without a width, and a table of more than MAX_COLUMNS columns.
 */
export function tableLines(rows: readonly TableRow[], fontSize: number): string[] {
  const columns = rows.every((row) => row.every((runs) => visible(runs).every((run) => run.width > 0))) ? columnsOf(rows) : undefined;
  return rows.map((row) => {
    const cells = columns && row.length < columns.length ? (placed(row, columns, fontSize) ?? row.map(cellText)) : row.map(cellText);
    return cells.join(' | ');
  });
}

// The dots leading from an entry to its page number in a table of contents.
const DOT_LEADER = /\s*(?:\.\s?){4,}\s*/g;

/** A cell's text: its runs joined, spaces normalised, a table of contents' dot leader shortened to an ellipsis. */
export function cellText(runs: readonly CellRun[]): string {
  return cleanInline(runs.map((run) => run.text).join('')).replace(DOT_LEADER, ' … ');
}

function visible(runs: readonly CellRun[]): CellRun[] {
  return runs.filter((run) => run.text.trim() !== '');
}

function spanOf(runs: readonly CellRun[]): Span {
  const shown = visible(runs);
  return shown.reduce((span, run) => ({ start: Math.min(span.start, run.x), end: Math.max(span.end, run.x + run.width) }), { start: Infinity, end: -Infinity });
}

/** The span of each column over the rows with the most common number of cells (two rows at least), in order across the page. */
function columnsOf(rows: readonly TableRow[]): Span[] | undefined {
  const counts = new Map<number, number>();
  for (const row of rows) {
    counts.set(row.length, (counts.get(row.length) ?? 0) + 1);
  }
  const [count, frequency] = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0] ?? [0, 0];
  if (count < 2 || count > MAX_COLUMNS || frequency < 2) {
    return undefined;
  }
  const columns: Span[] = Array.from({ length: count }, () => ({ start: Infinity, end: -Infinity }));
  for (const row of rows.filter((candidate) => candidate.length === count)) {
    row.forEach((runs, index) => {
      const span = spanOf(runs);
      columns[index] = { start: Math.min(columns[index].start, span.start), end: Math.max(columns[index].end, span.end) };
    });
  }
  return columns.every((column, index) => index === 0 || column.start > columns[index - 1].start) ? columns : undefined;
}

/** The row's text by column, empty where it has no value; undefined when it does not part further or its parts do not follow the columns' order. */
function placed(row: TableRow, columns: readonly Span[], fontSize: number): string[] | undefined {
  const parts = row.flatMap((runs) => splitAtGaps(runs, fontSize));
  if (parts.length === row.length) {
    return undefined;
  }
  const texts: string[][] = columns.map(() => []);
  let previous = 0;
  for (const part of parts) {
    const column = columnOf(spanOf(part), columns);
    if (column < previous) {
      return undefined;
    }
    texts[column].push(cellText(part));
    previous = column;
  }
  const cells = texts.map((values) => values.join(' '));
  while (cells.at(-1) === '') {
    cells.pop();
  }
  return cells;
}

/** A cell's runs in parts, split where a visible run starts more than a word space after the visible run before it. */
function splitAtGaps(runs: readonly CellRun[], fontSize: number): CellRun[][] {
  const parts: CellRun[][] = [];
  let part: CellRun[] = [];
  let before: CellRun | undefined;
  for (const run of runs) {
    const shown = run.text.trim() !== '';
    if (shown && before && run.x - (before.x + before.width) > fontSize * COLUMN_SPLIT_GAP_RATIO) {
      parts.push(part);
      part = [];
    }
    part.push(run);
    before = shown ? run : before;
  }
  parts.push(part);
  return parts.filter((candidate) => visible(candidate).length > 0);
}

/** The column a span overlaps most; when it overlaps none, the one whose middle is nearest its own. */
function columnOf(span: Span, columns: readonly Span[]): number {
  const overlaps = columns.map((column) => Math.min(span.end, column.end) - Math.max(span.start, column.start));
  const most = Math.max(...overlaps);
  if (most > 0) {
    return overlaps.indexOf(most);
  }
  const middle = (span.start + span.end) / 2;
  const distances = columns.map((column) => Math.abs((column.start + column.end) / 2 - middle));
  return distances.indexOf(Math.min(...distances));
}
