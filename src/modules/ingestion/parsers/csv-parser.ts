import { parse } from 'csv-parse/sync';
import { type Block, DocumentParseError, type ParsedDocument } from '#src/modules/ingestion/parsed-document.js';
import { buildDocument } from '#src/modules/ingestion/parsers/build-document.js';
import { cleanInline } from '#src/modules/ingestion/parsers/text-normalize.js';

const CANDIDATE_DELIMITERS = [',', ';', '\t', '|'];

/**
 * A table with a header row: each record becomes one text block reading "column: value; column: value",
 * so that a retrieved chunk carries the column names with the values. Empty values are left out. The
 * delimiter is the one the header row uses most (comma, semicolon, tab or pipe) unless given.
 */
export function parseCsv(text: string, options: { title?: string; delimiter?: string } = {}): ParsedDocument {
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter: options.delimiter ?? sniffDelimiter(text),
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
    });
  } catch (error) {
    throw new DocumentParseError('corrupt', `The CSV file cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  const [header = [], ...records] = rows;
  const columns = header.map((name, index) => cleanInline(name) || `column ${index + 1}`);
  const blocks: Block[] = records.map((record) => ({
    kind: 'text',
    text: record
      .map((value, index) => [columns[index] ?? `column ${index + 1}`, cleanInline(value)] as const)
      .filter(([, value]) => value !== '')
      .map(([column, value]) => `${column}: ${value}`)
      .join('; '),
  }));
  return buildDocument(options.title, blocks, 'CSV file');
}

function sniffDelimiter(text: string): string {
  const header = firstRecordLine(text);
  let best = ',';
  let bestCount = 0;
  for (const delimiter of CANDIDATE_DELIMITERS) {
    const count = header.split(delimiter).length - 1;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/** The first line, with quoted sections (which may hold delimiters) taken out. */
function firstRecordLine(text: string): string {
  const line = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return line.replace(/"(?:[^"]|"")*"/g, '');
}
