/** WorkbookModel.snapshotRange against its definition: getValues, getFormats (General for none) and getBold of the same range. */
import fc from 'fast-check';
import { GENERAL_FORMAT, TEXT_FORMAT } from '../../../src/core/host';
import { WorkbookModel } from '../../../src/core/memory/workbook-model';

const cell = fc.record({
  row: fc.nat(12),
  col: fc.nat(6),
  value: fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.boolean(), fc.constant(null)),
  format: fc.constantFrom(undefined, null, TEXT_FORMAT, '0.00', GENERAL_FORMAT),
  bold: fc.constantFrom(undefined, true, false),
});
const rect = fc.record({ row: fc.nat(14), col: fc.nat(8), rows: fc.integer({ min: 0, max: 8 }), cols: fc.integer({ min: 0, max: 5 }) });

describe('WorkbookModel.snapshotRange', () => {
  it('answers what getValues, getFormats and getBold answer, sparse rows and cleared cells included', () => {
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 40 }), fc.array(rect, { maxLength: 4 }), (cells, clears) => {
        const m = new WorkbookModel();
        const sheet = m.sheets()[0]!.id;
        for (const c of cells)
          m.setValue(sheet, c.row, c.col, c.value, {
            ...(c.format === undefined ? {} : { format: c.format }),
            ...(c.bold === undefined ? {} : { bold: c.bold }),
          });
        for (const r of clears.slice(1)) m.clearRange(sheet, r);
        const range = clears[0] ?? { row: 0, col: 0, rows: 14, cols: 8 };
        const snap = m.snapshotRange(sheet, range, GENERAL_FORMAT);
        expect(snap.range).toEqual({ sheetId: sheet, ...range });
        expect(snap.values).toEqual(m.getValues(sheet, range));
        expect(snap.formats).toEqual(m.getFormats(sheet, range).map((line) => line.map((f) => f ?? GENERAL_FORMAT)));
        expect(snap.bold).toEqual(m.getBold(sheet, range));
      }),
      { numRuns: 500 },
    );
  });

  it('shares frozen rows where the sheet holds nothing, so a snapshot of an empty area allocates no row per row', () => {
    const m = new WorkbookModel();
    const sheet = m.sheets()[0]!.id;
    m.setValue(sheet, 2, 0, 'x');
    const snap = m.snapshotRange(sheet, { row: 0, col: 0, rows: 4, cols: 2 }, GENERAL_FORMAT);
    expect(snap.values[0]).toBe(snap.values[3]);
    expect(snap.values[2]).toEqual(['x', null]);
    expect(Object.isFrozen(snap.values[0])).toBe(true);
    expect(Object.isFrozen(snap.formats[1])).toBe(true);
    expect(Object.isFrozen(snap.bold[3])).toBe(true);
  });
});
