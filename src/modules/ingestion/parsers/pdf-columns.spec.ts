import { describe, expect, it } from 'vitest';
import { type CellRun, tableLines, type TableRow } from '#src/modules/ingestion/parsers/pdf-columns.js';

const FONT_SIZE = 10;

/** A row from its cells, each a list of [text, x] runs five points a character wide. */
function row(...cells: (readonly (readonly [string, number])[])[]): TableRow {
  return cells.map((runs) => runs.map(([text, x]): CellRun => ({ text, x, width: text.length * 5 })));
}

const BODY = [
  row([['Austria', 70]], [['8.9', 160]], [['83,879', 240]], [['Vienna', 320]]),
  row([['Belgium', 70]], [['11.5', 160]], [['30,689', 240]], [['Brussels', 320]]),
];

describe('tableLines', () => {
  it('should split a cell whose runs part over two columns and keep empty the column a row has no value in', () => {
    const header = row(
      [['Country', 70]],
      [
        ['Population', 150],
        ['Area', 208],
      ],
      [['Capital', 320]],
    );
    const gap = row(
      [['Chad', 70]],
      [
        ['18.3', 160],
        ["N'Djamena", 320],
      ],
    );
    expect(tableLines([header, ...BODY, gap], FONT_SIZE)).toEqual([
      'Country | Population | Area | Capital',
      'Austria | 8.9 | 83,879 | Vienna',
      'Belgium | 11.5 | 30,689 | Brussels',
      "Chad | 18.3 |  | N'Djamena",
    ]);
  });

  it("should leave out the empty cells after a row's last value", () => {
    expect(
      tableLines(
        [
          ...BODY,
          row(
            [['Total', 70]],
            [
              ['20.4', 160],
              ['114,568', 240],
            ],
          ),
        ],
        FONT_SIZE,
      ).at(-1),
    ).toBe('Total | 20.4 | 114,568');
  });

  it('should keep runs set a word space apart in one cell', () => {
    const header = row(
      [['Country', 70]],
      [
        ['Population', 150],
        [' ', 200],
        ['(millions)', 203],
      ],
      [
        ['Area', 240],
        ['Capital', 320],
      ],
    );
    expect(tableLines([header, ...BODY], FONT_SIZE)[0]).toBe('Country | Population (millions) | Area | Capital');
  });

  it('should keep as found a row whose parts run against the columns, a table drawn without widths, one too wide, and a table of rows all different', () => {
    const backwards = row(
      [['Austria', 70]],
      [
        ['Vienna', 320],
        ['8.9', 160],
      ],
    );
    expect(tableLines([...BODY, backwards], FONT_SIZE).at(-1)).toBe('Austria | Vienna8.9');
    const widthless = [
      ...BODY,
      row(
        [['Country', 70]],
        [
          ['Population', 150],
          ['Area', 208],
        ],
      ),
    ].map((cells) => cells.map((runs) => runs.map((run) => ({ ...run, width: 0 }))));
    expect(tableLines(widthless, FONT_SIZE).at(-1)).toBe('Country | PopulationArea');
    const wide = (first: string) =>
      row(
        [
          [first, 70],
          ['x', 90],
        ],
        ...Array.from({ length: 64 }, (_, index) => [[`v${index}`, 110 + index * 40] as const]),
      );
    const values = (label: string) => row([[label, 70]], [['1', 90]], ...Array.from({ length: 64 }, (_, index) => [[`v${index}`, 110 + index * 40] as const]));
    expect(tableLines([wide('a'), values('b'), values('c')], FONT_SIZE)[0]).toMatch(/^ax \| v0 \|/);
    const ragged = [
      row(
        [['a', 70]],
        [
          ['b', 160],
          ['c', 240],
        ],
      ),
      row([['d', 70]], [['e', 160]], [['f', 240]]),
      row([['g', 70]], [['h', 160]], [['i', 240]], [['j', 320]]),
    ];
    expect(tableLines(ragged, FONT_SIZE)).toEqual(['a | bc', 'd | e | f', 'g | h | i | j']);
  });
});
