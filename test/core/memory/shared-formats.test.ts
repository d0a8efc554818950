/**
 * Rows written by one block with format runs keep their formats cell by cell: changing one row's formats never changes another's.
 * A row's formats change by a cell edit, a column shift or another write.
 */
import { GENERAL_FORMAT, TEXT_FORMAT, type FormatRun } from '../../../src/core/host';
import { WorkbookModel } from '../../../src/core/memory/workbook-model';

const DATE = 'yyyy-mm-dd';

/** A model with a 4 x 3 block at B2 whose columns carry runs: B text, C none, D dates. */
function written(): { m: WorkbookModel; sheet: string } {
  const m = new WorkbookModel();
  const sheet = m.sheets()[0]!.id;
  const runs: FormatRun[] = [
    { row: 0, col: 0, rows: 4, cols: 1, format: TEXT_FORMAT },
    { row: 0, col: 2, rows: 4, cols: 1, format: DATE },
  ];
  m.setRange(
    sheet,
    1,
    1,
    Array.from({ length: 4 }, (_, i) => [`0${i}`, i, 45000 + i]),
    { formatRuns: runs },
  );
  return { m, sheet };
}

const formatsOf = (m: WorkbookModel, sheet: string) => m.getFormats(sheet, { row: 1, col: 1, rows: 4, cols: 3 });

describe('formats shared by the rows of a block', () => {
  it('a cell format set on one row leaves the other rows as written', () => {
    const { m, sheet } = written();
    m.setFormat(sheet, { row: 2, col: 3, rows: 1, cols: 1 }, '0.00');
    m.setValue(sheet, 3, 1, 'x', { format: GENERAL_FORMAT });
    expect(formatsOf(m, sheet)).toEqual([
      [TEXT_FORMAT, null, DATE],
      [TEXT_FORMAT, null, '0.00'],
      [null, null, DATE],
      [TEXT_FORMAT, null, DATE],
    ]);
  });

  it('a value written into a shared text cell stays inert text; elsewhere it is read as a number', () => {
    const { m, sheet } = written();
    m.setRange(sheet, 2, 1, [['007', '007']]);
    expect(m.getValues(sheet, { row: 2, col: 1, rows: 1, cols: 2 })).toEqual([['007', 7]]);
  });

  it('inserted and deleted columns shift every row, shared or not, once', () => {
    const { m, sheet } = written();
    m.setFormat(sheet, { row: 1, col: 2, rows: 1, cols: 1 }, '0%'); // row 2 gets formats of its own
    m.insertColumns(sheet, 2, 2);
    expect(m.getFormats(sheet, { row: 1, col: 1, rows: 4, cols: 5 })).toEqual([
      [TEXT_FORMAT, null, null, '0%', DATE],
      [TEXT_FORMAT, null, null, null, DATE],
      [TEXT_FORMAT, null, null, null, DATE],
      [TEXT_FORMAT, null, null, null, DATE],
    ]);
    m.deleteColumns(sheet, 1, 1);
    expect(m.getFormats(sheet, { row: 1, col: 1, rows: 4, cols: 4 })).toEqual([
      [null, null, '0%', DATE],
      [null, null, null, DATE],
      [null, null, null, DATE],
      [null, null, null, DATE],
    ]);
    m.setFormat(sheet, { row: 4, col: 4, rows: 1, cols: 1 }, GENERAL_FORMAT);
    expect(m.getFormats(sheet, { row: 3, col: 4, rows: 2, cols: 1 })).toEqual([[DATE], [null]]);
  });

  it('a second block over shared rows changes only the rows and columns its runs cover', () => {
    const { m, sheet } = written();
    m.setRange(
      sheet,
      2,
      1,
      [
        [1, 2, 3],
        [4, 5, 6],
      ],
      {
        formatRuns: [
          { row: 0, col: 0, rows: 1, cols: 1, format: GENERAL_FORMAT },
          { row: 0, col: 1, rows: 2, cols: 1, format: '0.0' },
        ],
      },
    );
    expect(formatsOf(m, sheet)).toEqual([
      [TEXT_FORMAT, null, DATE],
      [null, '0.0', DATE],
      [TEXT_FORMAT, '0.0', DATE],
      [TEXT_FORMAT, null, DATE],
    ]);
  });

  it('runs that reset every format leave rows without formats (and empty rows are dropped)', () => {
    const { m, sheet } = written();
    m.clearRange(sheet, { row: 1, col: 1, rows: 4, cols: 3 });
    m.setRange(
      sheet,
      1,
      1,
      Array.from({ length: 4 }, () => [null, null, null]),
      {
        formatRuns: [
          { row: 0, col: 0, rows: 4, cols: 1, format: GENERAL_FORMAT },
          { row: 0, col: 2, rows: 4, cols: 1, format: GENERAL_FORMAT },
        ],
      },
    );
    expect(m.toJSON().sheets[0]!.rows).toEqual([]);
  });

  it('a saved workbook loads with equal rows sharing formats, edited one row at a time', () => {
    const { m, sheet } = written();
    const loaded = WorkbookModel.fromJSON(JSON.parse(JSON.stringify(m.toJSON())));
    expect(formatsOf(loaded, sheet)).toEqual(formatsOf(m, sheet));
    loaded.setFormat(sheet, { row: 1, col: 1, rows: 1, cols: 1 }, '0.00');
    loaded.insertColumns(sheet, 0, 1);
    expect(loaded.getFormats(sheet, { row: 1, col: 2, rows: 2, cols: 1 })).toEqual([['0.00'], [TEXT_FORMAT]]);
    expect(loaded.toJSON()).toEqual(JSON.parse(JSON.stringify(loaded.toJSON())));
  });
});
