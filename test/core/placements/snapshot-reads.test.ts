/** Tests for snapshot reads: ranges cut into row bands under the host's read limits, read in few calls and joined back exactly. */
import { READ_BYTES_PER_CELL, type GridRange } from '../../../src/core/host';
import { MemoryHost } from '../../../src/core/memory/memory-host';
import { WorkbookModel } from '../../../src/core/memory/workbook-model';
import { planReads, readSnapshots } from '../../../src/core/placements/snapshot-reads';

const r = (row: number, col: number, rows: number, cols: number): GridRange => ({ sheetId: 's1', row, col, rows, cols });

describe('snapshot reads', () => {
  it('packs ranges into one read while they fit, and cuts a large one into row bands', () => {
    const limits = { maxCellsPerRead: 100, maxBytesPerRead: 1_000_000 };
    expect(planReads([r(0, 0, 5, 4), r(10, 0, 2, 3)], limits)).toEqual([[r(0, 0, 5, 4), r(10, 0, 2, 3)]]);
    expect(planReads([r(0, 0, 25, 10)], limits)).toEqual([[r(0, 0, 10, 10)], [r(10, 0, 10, 10)], [r(20, 0, 5, 10)]]);
    // The byte budget binds too, at READ_BYTES_PER_CELL a cell.
    expect(planReads([r(0, 0, 4, 5)], { maxCellsPerRead: 1000, maxBytesPerRead: 10 * READ_BYTES_PER_CELL })).toEqual([
      [r(0, 0, 2, 5)],
      [r(2, 0, 2, 5)],
    ]);
    expect(planReads([r(0, 0, 0, 3)], limits)).toEqual([]);
  });

  it('joins the bands back into one snapshot per range, equal to a single read', async () => {
    const model = new WorkbookModel();
    const sheetId = model.sheets()[0]!.id;
    const big = new MemoryHost(model);
    const small = new MemoryHost(model, { limits: { maxCellsPerRead: 7 } });
    const values = Array.from({ length: 9 }, (_, i) => [i, `t${i}`, i % 2 === 0]);
    model.setRange(sheetId, 2, 1, values, { formats: values.map(() => [null, '@', null]) });
    model.setBold(sheetId, { row: 2, col: 1, rows: 1, cols: 3 }, true);
    const ranges = [
      { sheetId, row: 2, col: 1, rows: 9, cols: 3 },
      { sheetId, row: 0, col: 0, rows: 3, cols: 2 },
    ];
    let calls = 0;
    const banded = await readSnapshots(ranges, small.limits, (bands) => {
      calls += 1;
      return small.snapshot(bands);
    });
    expect(calls).toBeGreaterThan(2);
    expect(banded).toEqual(await big.snapshot(ranges));
  });
});
