/** Write blocks under Excel's request cap: cut by estimate, halved when Excel refuses one for its size, every row written once. */
import { AddinError } from '../../src/core/errors/addin-error';
import type { WriteBlock } from '../../src/core/host';
import { cutByEstimate, sliceRows, writeUnderCap } from '../../src/excel/sized-writes';
import { writeTextSafeBlock } from '../../src/excel/text-safe-block';
import { useInstalledFake, readCells, sheetId } from './helpers/installed-fake';

const CAP = 64 * 1024;
const fake = useInstalledFake({ maxRequestBytes: CAP });

function block(rows: number, text: (i: number) => string): WriteBlock {
  return {
    sheetId: 's',
    row: 2,
    col: 1,
    values: Array.from({ length: rows }, (_, i) => [text(i), i]),
    bold: [{ row: 0, col: 0, rows: 1, cols: 2, bold: true }],
    formats: [{ row: 1, col: 1, rows: rows - 1, cols: 1, format: '#,##0' }],
  };
}

describe('cutByEstimate and sliceRows', () => {
  it('cuts rows into parts whose estimate fits, each run cut to the rows of its part', () => {
    const parts = cutByEstimate(
      block(1000, (i) => `row ${i} ${'x'.repeat(100)}`),
      CAP,
    );
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.reduce((n, p) => n + p.values.length, 0)).toBe(1000);
    const first = parts[0]!.values.length;
    expect(parts[0]!.bold).toEqual([{ row: 0, col: 0, rows: 1, cols: 2, bold: true }]);
    expect(parts[0]!.formats).toEqual([{ row: 1, col: 1, rows: first - 1, cols: 1, format: '#,##0' }]);
    expect(parts[1]!.bold).toEqual([]);
    expect(parts[1]!.formats).toEqual([{ row: 0, col: 1, rows: parts[1]!.values.length, cols: 1, format: '#,##0' }]);
    expect(parts[1]!.row).toBe(2 + first);
    expect(sliceRows(block(4, String), 1, 3).formats).toEqual([{ row: 0, col: 1, rows: 2, cols: 1, format: '#,##0' }]);
  });
});

describe('writeUnderCap over the fake', () => {
  it('halves a part Excel refuses for its size and writes every row exactly once, no request over the cap', async () => {
    const id = await sheetId(fake(), 'Sheet1');
    // Non-ASCII text: the estimate counts it as \\u escapes, but the fake counts its UTF-8 bytes of the JSON; with a
    // generous cap for the estimate the first parts are still refused and get halved.
    const b = { ...block(2000, (i) => `${i} ${'é'.repeat(60)}`), sheetId: id };
    const report = await writeUnderCap(b, (part) => Excel.run((ctx) => writeTextSafeBlock(ctx, part)), CAP * 4);
    expect(report.halvings).toBeGreaterThan(0);
    expect(report.parts).toBe(cutByEstimate(b, CAP * 4).length + report.halvings);
    const back = await readCells(fake(), 'Sheet1', 'B3:C2002');
    expect(back.values.map((r) => r[1])).toEqual(Array.from({ length: 2000 }, (_, i) => i));
    expect(back.values[1999]![0]).toBe(`1999 ${'é'.repeat(60)}`);
  });

  it('refuses a single row that is still too large with a limit error, and passes other errors through', async () => {
    const id = await sheetId(fake(), 'Sheet1');
    const huge = { sheetId: id, row: 0, col: 0, values: [Array.from({ length: 10 }, () => 'y'.repeat(20000))] };
    const e = await writeUnderCap(huge, (part) => Excel.run((ctx) => writeTextSafeBlock(ctx, part))).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AddinError);
    expect((e as AddinError).kind).toBe('limit');
    const other = await writeUnderCap(block(3, String), () => Promise.reject(new Error('boom'))).catch((x: unknown) => x);
    expect((other as Error).message).toBe('boom');
  });
});
