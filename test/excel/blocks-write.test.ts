/** Several blocks in one Excel.run over the fake: parts cut across blocks, name and widths last, cancel and busy between requests. */
import { AddinError } from '../../src/core/errors/addin-error';
import type { BlocksWrite, WriteBlock } from '../../src/core/host';
import { createCancelSource } from '../../src/core/runtime/cancel-signal';
import { writeBlocksInRun } from '../../src/excel/blocks-write';
import { areaName } from '../../src/excel/named-areas';
import { writePipelined } from '../../src/excel/pipelined-write';
import { useInstalledFake, readCells, sheetId } from './helpers/installed-fake';

const CAP = 256 * 1024;
const fake = useInstalledFake({ maxRequestBytes: CAP });

const RISKY = ['=1+1', '00123', 'TRUE', '-x', '2024-01-15', 'plain'];

/** Rows [from, from + rows) of one result, as the core's blocks cut it (row 0 of the sheet is the header). */
function block(id: string, from: number, rows: number): WriteBlock {
  return {
    sheetId: id,
    row: 1 + from,
    col: 0,
    values: Array.from({ length: rows }, (_, k) => {
      const i = from + k;
      return [RISKY[i % RISKY.length]!, i, i % 3 === 0 ? null : i / 8, `note ${i} ${'x'.repeat(40)}`];
    }),
    formats: [{ row: 0, col: 2, rows, cols: 1, format: '0.00' }],
  };
}

/** Three blocks of 2,500 rows and a one-row tail: rows 2 to 7,502 of column A to D. */
function blocks(id: string): WriteBlock[] {
  return [block(id, 0, 2500), block(id, 2500, 2500), block(id, 5000, 2500), block(id, 7500, 1)];
}

const expectedColumnA = Array.from({ length: 7501 }, (_, i) => RISKY[i % RISKY.length]);

async function write(w: BlocksWrite, nameExists: boolean | null = false) {
  return Excel.run((ctx) => writeBlocksInRun(ctx, w, { capBytes: CAP, maxCells: 1_000_000 }, nameExists));
}

describe('writeBlocksInRun over the fake', () => {
  it('cuts parts across the blocks by bytes, formats a sync ahead, and tracks and fits the widths in the last request', async () => {
    const id = await sheetId(fake(), 'Sheet1');
    const all = blocks(id);
    const separately = fake().stats.syncs;
    for (const b of all) await Excel.run((ctx) => writePipelined(ctx, b, CAP));
    const oneByOne = fake().stats.syncs - separately;

    const from = fake().stats.syncs;
    const range = { sheetId: id, row: 1, col: 0, rows: 7501, cols: 4 };
    const report = await write({ blocks: all, track: { placementId: 'p1', range }, autofit: range });
    expect(report.syncs).toBe(report.parts + 1);
    expect(fake().stats.syncs - from).toBe(report.syncs);
    // Written one block at a time, each block has its formats sync and a part of its own for the tail.
    expect(report.syncs).toBeLessThan(oneByOne);
    const requests = fake().stats.requests.slice(from);
    expect(Math.max(...fake().stats.requestBytes.slice(from))).toBeLessThanOrEqual(CAP);
    expect(requests[requests.length - 1]).toEqual(expect.arrayContaining(['setValues', 'addName', 'autofitColumns']));
    expect(requests.slice(0, -1).flat()).not.toContain('addName');
    const back = await readCells(fake(), 'Sheet1', 'A2:D7502');
    expect(back.values.map((r) => r[0])).toEqual(expectedColumnA);
    expect(back.values[7500]![1]).toBe(7500);
    expect(back.formats[7500]![2]).toBe('0.00');
  });

  it('stops with a cancel before a request, having said which blocks may have changed', async () => {
    const id = await sheetId(fake(), 'Sheet1');
    const source = createCancelSource();
    const seen: Array<{ written: number; touched: number }> = [];
    const e = await write({
      blocks: blocks(id),
      signal: source.signal,
      progress: (p) => {
        seen.push(p);
        if (seen.length === 3) source.cancel();
      },
    }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AddinError);
    expect(e).toMatchObject({ kind: 'cancelled' });
    // Two requests went: the first part's formats, then its values with the next part's formats.
    const last = seen[seen.length - 2]!;
    expect(last.touched).toBeLessThan(4);
    const after = await readCells(fake(), 'Sheet1', 'A5002:A7502');
    expect(after.values.flat().every((v) => v === '')).toBe(true);
  });

  it('a request refused while the user edits a cell leaves the blocks past the last report untouched', async () => {
    const id = await sheetId(fake(), 'Sheet1');
    let last = { written: 0, touched: 0 };
    let reports = 0;
    const e = await write({
      blocks: blocks(id),
      progress: (p) => {
        last = p;
        if (++reports === 3) fake().user.setCellEditMode(true);
      },
    }).catch((x: unknown) => x);
    fake().user.setCellEditMode(false);
    expect(e).toMatchObject({ code: 'InvalidOperationInCellEditMode' });
    expect(last.written).toBeLessThan(4);
    const rowsTouched = last.touched * 2500;
    const after = await readCells(fake(), 'Sheet1', `A${2 + rowsTouched}:A7502`);
    expect(after.values.flat().every((v) => v === '')).toBe(true);
  });

  it('recovers a wrong guess that the name is new: the name is looked for and moved, the last values written', async () => {
    const id = await sheetId(fake(), 'Sheet1');
    const old = { sheetId: id, row: 20, col: 5, rows: 2, cols: 2 };
    await write({ blocks: [], track: { placementId: 'p1', range: old } });
    const range = { sheetId: id, row: 1, col: 0, rows: 7501, cols: 4 };
    await write({ blocks: blocks(id), track: { placementId: 'p1', range } }, false);
    const back = await readCells(fake(), 'Sheet1', 'A2:A7502');
    expect(back.values.map((r) => r[0])).toEqual(expectedColumnA);
    const reference = await fake().globals.Excel.run(async (ctx) => {
      const item = ctx.workbook.names.getItem(areaName('p1')).load('value');
      await ctx.sync();
      return item.value;
    });
    expect(reference).toMatch(/^=?Sheet1!\$A\$2:\$D\$7502$/);
  });
});
