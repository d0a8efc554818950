// Restyling on refresh: in the placement's previous area the add-in's own formats and header bold follow the new result,
// a user's formats stay; cleared leftovers lose the add-in's styling; Remove with "clear cells" does the same.
import type { StreamColumn } from '../../../src/core/wire/schemas';
import { DATE_FORMAT } from '../../../src/core/cells/date-serial';
import type { Matrix } from '../../../src/core/cells/matrix';
import { memberNumberFormat, PERCENT_FORMAT } from '../../../src/core/cells/member-format';
import { GENERAL_FORMAT, TEXT_FORMAT, type CellSnapshot, type GridRange } from '../../../src/core/host';
import { restyleForWrite, restyleLeftover, restyleSteps } from '../../../src/core/placements/restyle';
import { draft, rig, type Rig, type Table } from './fakes';

const USD = memberNumberFormat({ format: 'currency', currency: 'USD' }) ?? '';
const area = (row: number, col: number, rows: number, cols: number): GridRange => ({ sheetId: 's', row, col, rows, cols });
const snap = (range: GridRange, formats: string[][], bold: boolean[][] = formats.map((line) => line.map(() => false))): CellSnapshot => ({
  range,
  values: formats.map((line) => line.map(() => null)),
  formats,
  bold,
});
const matrix = (formats: (string | null)[][], headerRows = 1): Matrix => ({
  rows: formats.length,
  cols: formats[0]?.length ?? 0,
  values: formats.map((line) => line.map(() => 'v')),
  formats,
  headerRows,
});

describe('restyleForWrite', () => {
  it("replaces the add-in's formats in the previous area, keeps a user's, leaves cells outside the area alone", () => {
    // Previous area: columns 0-1 of rows 0-2; the new result is one column wider (column 2 is new ground).
    const current = snap(area(0, 0, 3, 3), [
      ['General', 'General', 'General'],
      [USD, '0.0', '0.000'],
      [TEXT_FORMAT, PERCENT_FORMAT, '0.000'],
    ]);
    const next = matrix([
      [null, null, null],
      [null, USD, null],
      [null, TEXT_FORMAT, PERCENT_FORMAT],
    ]);
    const out = restyleForWrite(next, current, { area: area(0, 0, 3, 2), headerRows: 1 });
    expect(out.formats).toEqual([
      [null, null, null], // default stays default: nothing to send
      [GENERAL_FORMAT, null, null], // our currency gives way to General; the user's 0.0 stays over our USD; outside: as laid out
      [GENERAL_FORMAT, TEXT_FORMAT, PERCENT_FORMAT], // inert text always gets TEXT_FORMAT, even over a format of ours
    ]);
    expect(out.bold).toBeUndefined();
    expect(out.values).toBe(next.values);
  });

  it('un-bolds former header cells that now hold data, and only when one is bold', () => {
    const range = area(0, 0, 3, 2);
    const current = snap(
      range,
      [
        ['General', 'General'],
        ['General', 'General'],
        ['General', 'General'],
      ],
      [
        [true, true],
        [true, true],
        [false, true],
      ],
    );
    // Two header rows before (a pivot), one now (flat): row 1 is data; row 2's bold was the user's and stays.
    const out = restyleForWrite(
      matrix(
        [
          [null, null],
          [null, null],
          [null, null],
        ],
        1,
      ),
      current,
      { area: range, headerRows: 2 },
    );
    expect(out.bold).toEqual([
      [true, true],
      [false, false],
      [false, true],
    ]);
    const unchanged = restyleForWrite(
      matrix(
        [
          [null, null],
          [null, null],
          [null, null],
        ],
        2,
      ),
      current,
      { area: range, headerRows: 2 },
    );
    expect(unchanged.bold).toBeUndefined();
  });

  it('does nothing without a previous area, or on another sheet', () => {
    const next = matrix([[null], [USD]]);
    const current = snap(area(0, 0, 2, 1), [['0.0'], [PERCENT_FORMAT]]);
    expect(restyleForWrite(next, current, null)).toBe(next);
    expect(restyleForWrite(next, current, { area: { ...area(0, 0, 2, 1), sheetId: 'other' }, headerRows: 1 })).toBe(next);
  });
});

describe('restyleLeftover', () => {
  it("resets the add-in's formats and header bold, keeps a user's, and says null when there is nothing to reset", () => {
    const own = { area: area(0, 0, 4, 3), headerRows: 1 };
    // The leftover is column 2 (a dropped column): its header cell, two data cells of ours and one of the user's.
    const left = snap(area(0, 2, 4, 1), [['General'], [USD], ['0.0'], [DATE_FORMAT]], [[true], [false], [true], [false]]);
    const reset = restyleLeftover(left, own);
    expect(reset).toEqual({
      rows: 4,
      cols: 1,
      values: [[null], [null], [null], [null]],
      formats: [[null], [GENERAL_FORMAT], [null], [GENERAL_FORMAT]],
      headerRows: 0,
      bold: [[false], [false], [true], [false]],
    });
    expect(
      restyleLeftover(
        snap(
          area(2, 0, 2, 3),
          [
            ['General', '0.0', 'General'],
            ['General', 'General', 'General'],
          ],
          [
            [false, true, false],
            [false, false, false],
          ],
        ),
        own,
      ),
    ).toBeNull();
  });
});

/** A flat table with the given columns and rows. */
function flat(columns: StreamColumn[], rows: string[][]): Table {
  return { columns, rows };
}
const status: StreamColumn = { name: 'status', column_type: 'String' };
const city: StreamColumn = { name: 'city', column_type: 'String' };
const count: StreamColumn = { name: 'count', column_type: 'Int64' };
const total: StreamColumn = { name: 'total', column_type: 'Double', format: 'currency', currency: 'USD' };

/** Count and total amount by status: the report each refresh below starts from. */
const BY_STATUS = flat(
  [status, count, total],
  [
    ['done', '125', '140070.21'],
    ['open', '93', '103531.99'],
  ],
);

async function placed(r: Rig, sql: string, t: Table): Promise<{ placementId: string; reportId: number }> {
  r.queries.set(sql, t);
  return r.orch.insert(draft(sql), { sheetId: r.sheet, row: 1, col: 1 });
}

describe('refresh restyles what the add-in styled', () => {
  it('a count column moved onto the old amount column does not keep the currency format (the edit adds a column before it)', async () => {
    const r = rig();
    const out = await placed(r, 'v1', BY_STATUS);
    expect(r.model.getCell(r.sheet, 2, 3)?.format).toBe(USD);
    r.queries.set(
      'v2',
      flat(
        [status, city, count, total],
        [
          ['done', 'Berlin', '125', '140070.21'],
          ['open', 'Lagos', '93', '103531.99'],
        ],
      ),
    );
    r.reports.editSql(out.reportId, 'v2');
    await r.orch.refresh(out.placementId);
    // Column D (count now) is plain; column E (total) has the currency format; column C (city) is plain text.
    expect([2, 3].map((row) => r.model.getCell(r.sheet, row, 3))).toEqual([
      expect.objectContaining({ value: 125, format: null }),
      expect.objectContaining({ value: 93, format: null }),
    ]);
    expect(r.model.getCell(r.sheet, 2, 4)).toEqual(expect.objectContaining({ value: 140070.21, format: USD }));
    expect(r.model.getCell(r.sheet, 2, 2)).toEqual(expect.objectContaining({ value: 'Berlin', format: null }));
  });

  it("keeps a user's own number formats in the report's cells across refreshes", async () => {
    const r = rig();
    const out = await placed(r, 'v1', BY_STATUS);
    r.model.setValue(r.sheet, 2, 2, 125, { format: '#,##0.0' });
    r.model.setValue(r.sheet, 3, 3, 103531.99, { format: '"€"#,##0' });
    await r.orch.refresh(out.placementId);
    expect(r.model.getCell(r.sheet, 2, 2)?.format).toBe('#,##0.0');
    expect(r.model.getCell(r.sheet, 3, 3)?.format).toBe('"€"#,##0');
    expect(r.model.getCell(r.sheet, 2, 3)?.format).toBe(USD);
  });

  it("a dropped column's cells lose the header bold and the add-in's formats; a user's format there stays", async () => {
    const r = rig();
    const out = await placed(r, 'v1', BY_STATUS);
    r.model.setValue(r.sheet, 3, 3, 103531.99, { format: '0.0' });
    r.queries.set(
      'v2',
      flat(
        [status, count],
        [
          ['done', '125'],
          ['open', '93'],
        ],
      ),
    );
    r.reports.editSql(out.reportId, 'v2');
    await r.orch.refresh(out.placementId);
    expect(r.model.getCell(r.sheet, 1, 3)).toBeNull(); // old "total" header: empty, not bold
    expect(r.model.getCell(r.sheet, 2, 3)).toBeNull(); // our currency cell: empty, General
    expect(r.model.getCell(r.sheet, 3, 3)).toEqual(expect.objectContaining({ value: null, format: '0.0', bold: false }));
    expect(r.model.getCell(r.sheet, 1, 2)?.bold).toBe(true); // the kept header stays bold
  });

  it('Remove with "clear its cells" leaves plain cells, except the formats the user set', async () => {
    const r = rig();
    const out = await placed(r, 'v1', BY_STATUS);
    r.model.setValue(r.sheet, 2, 2, 125, { format: '#,##0.0' });
    r.model.setValue(r.sheet, 0, 0, 'note', { format: USD }); // outside the report: untouched
    await r.orch.remove(out.placementId, { clearCells: true });
    for (let row = 1; row <= 3; row += 1)
      for (let col = 1; col <= 3; col += 1)
        if (!(row === 2 && col === 2)) expect([row, col, r.model.getCell(r.sheet, row, col)]).toEqual([row, col, null]);
    expect(r.model.getCell(r.sheet, 2, 2)).toEqual(expect.objectContaining({ value: null, format: '#,##0.0' }));
    expect(r.model.getCell(r.sheet, 0, 0)).toEqual(expect.objectContaining({ value: 'note', format: USD }));
  });
});

describe('restyleSteps', () => {
  it('restyles a large result in steps (the page is let in between) and keeps the rows that do not change as they are', () => {
    const rows = 300_000;
    const range = area(1, 0, rows, 16);
    const ours = Array.from({ length: rows }, (_, i) =>
      Array.from({ length: 16 }, (_, j) => (i === 0 || j % 2 === 1 ? GENERAL_FORMAT : USD)),
    );
    ours[rows - 1]![0] = '0.0'; // a user's format in the last row
    const current = snap(range, ours);
    const next = matrix(
      Array.from({ length: rows }, (_, i) => Array.from({ length: 16 }, (_, j) => (i === 0 || j % 2 === 1 ? null : USD))),
    );
    const steps = restyleSteps(next, current, { area: range, headerRows: 1 });
    let pauses = 0;
    let step = steps.next();
    for (; step.done !== true; step = steps.next()) pauses += 1;
    expect(pauses).toBeGreaterThanOrEqual(20);
    const out = step.value;
    expect(out.formats[5]).toBe(next.formats[5]);
    expect(out.formats[rows - 1]).toEqual([null, ...(next.formats[rows - 1] ?? []).slice(1)]);
    expect(out).toEqual(restyleForWrite(next, current, { area: range, headerRows: 1 }));
  });
});
