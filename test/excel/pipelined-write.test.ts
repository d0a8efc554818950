/** Pipelined block writes over the fake: requests under the cap by real bytes, `@` a sync before its values, halving, limits. */
import { AddinError } from '../../src/core/errors/addin-error';
import type { WriteBlock } from '../../src/core/host';
import { writePipelined } from '../../src/excel/pipelined-write';
import { evenCuts, rowCosts } from '../../src/excel/request-parts';
import { useInstalledFake, readCells, sheetId } from './helpers/installed-fake';

const CAP = 256 * 1024;
const fake = useInstalledFake({ maxRequestBytes: CAP });

const RISKY = ['=1+1', '00123', 'TRUE', '-x', '2024-01-15', 'plain'];

function block(id: string, rows: number): WriteBlock {
  return {
    sheetId: id,
    row: 1,
    col: 0,
    values: Array.from({ length: rows }, (_, i) => [
      RISKY[i % RISKY.length]!,
      i,
      i % 3 === 0 ? null : i / 8,
      `note ${i} ${'x'.repeat(40)}`,
    ]),
    bold: [{ row: 0, col: 0, rows: 1, cols: 4, bold: true }],
    formats: [{ row: 0, col: 2, rows, cols: 1, format: '0.00' }],
  };
}

describe('writePipelined over the fake', () => {
  it('writes every part with its formats one sync ahead: text stays text, one sync more than parts, none over the cap', async () => {
    const id = await sheetId(fake(), 'Sheet1');
    const b = block(id, 6000);
    const from = fake().stats.syncs;
    const report = await Excel.run((ctx) => writePipelined(ctx, b, CAP));
    expect(report.parts).toBeGreaterThan(2);
    expect(report.halvings).toBe(0);
    expect(report.syncs).toBe(report.parts + 1);
    expect(fake().stats.syncs - from).toBe(report.syncs);
    const sizes = fake().stats.requestBytes.slice(from);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(CAP);
    // No request reads anything first: formats a part leaves alone are kept by `null`, not read and written back.
    expect(fake().stats.requests.slice(from).flat()).not.toContain('load');
    const back = await readCells(fake(), 'Sheet1', 'A2:D6001');
    expect(back.values.map((r) => r[0])).toEqual(b.values.map((r) => r[0]));
    expect(back.values[5999]![3]).toBe(b.values[5999]![3]);
    expect(back.formats[3]![2]).toBe('0.00');
  });

  it('keeps the number format of cells the block leaves alone, with many format runs in a column', async () => {
    const id = await sheetId(fake(), 'Sheet1');
    await Excel.run(async (ctx) => {
      ctx.workbook.worksheets.getItem(id).getRange('A1:A40').numberFormat = [['0.0%']];
      await ctx.sync();
    });
    const values = Array.from({ length: 40 }, (_, i) => [i % 2 === 0 ? '=SUM(1)' : 5]);
    await Excel.run((ctx) => writePipelined(ctx, { sheetId: id, row: 0, col: 0, values }, CAP));
    const back = await readCells(fake(), 'Sheet1', 'A1:A40');
    expect(back.values.map((r) => r[0])).toEqual(values.map((r) => r[0]));
    expect(back.formats.map((r) => r[0])).toEqual(values.map((r) => (typeof r[0] === 'string' ? '@' : '0.0%')));
  });

  it('cuts parts of even cost under the budget', () => {
    const b = block('s', 5000);
    const costs = rowCosts(b);
    const cuts = evenCuts(costs, 100_000);
    const sums = cuts.slice(1).map((end, k) => costs.slice(cuts[k], end).reduce((a, c) => a + c, 0));
    expect(Math.max(...sums)).toBeLessThanOrEqual(100_000);
    expect(Math.max(...sums) - Math.min(...sums)).toBeLessThan(2 * Math.max(...costs));
    expect(cuts[cuts.length - 1]).toBe(5000);
  });

  it('halves a part Excel refuses for its size and writes every row once', async () => {
    const id = await sheetId(fake(), 'Sheet1');
    const b = block(id, 6000);
    // Told a cap four times the real one, the writer's parts are refused and halved until they fit.
    const report = await Excel.run((ctx) => writePipelined(ctx, b, CAP * 4));
    expect(report.halvings).toBeGreaterThan(0);
    const back = await readCells(fake(), 'Sheet1', 'A2:B6001');
    expect(back.values.map((r) => r[1])).toEqual(Array.from({ length: 6000 }, (_, i) => i));
    expect(back.values.map((r) => r[0])).toEqual(b.values.map((r) => r[0]));
  });

  it('refuses a single row too large for one request with a limit error, and passes other errors through', async () => {
    const id = await sheetId(fake(), 'Sheet1');
    const huge: WriteBlock = { sheetId: id, row: 0, col: 0, values: [Array.from({ length: 10 }, () => 'y'.repeat(30000))] };
    const e = await Excel.run((ctx) => writePipelined(ctx, huge, CAP)).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AddinError);
    expect((e as AddinError).kind).toBe('limit');
    const other = await Excel.run((ctx) => writePipelined(ctx, { ...block('no-such-sheet', 3) }, CAP)).catch((x: unknown) => x);
    expect(other).not.toBeInstanceOf(AddinError);
  });
});
