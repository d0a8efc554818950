/**
 * ExcelHost's own behaviour over the fake: one Excel.run per host call and few syncs.
 * Cell edit as 'hostBusy', reads that fall back to blocks, bold before ExcelApi 1.9.
 */
import { AddinError } from '../../src/core/errors/addin-error';
import { formatRuns } from '../../src/core/cells/cell-runs';
import { fakeExcelHost, type InstalledOfficeFake } from './helpers/fake-excel-host';
import type { ExcelHost } from '../../src/excel/excel-host';

let fake: InstalledOfficeFake | undefined;
afterEach(() => fake?.uninstall());

function setUp(config: Parameters<typeof fakeExcelHost>[0] = {}): { host: ExcelHost; fake: InstalledOfficeFake } {
  const made = fakeExcelHost(config);
  fake = made.fake;
  return made;
}

it('answers layout in one Excel.run and one sync, and every other call in one Excel.run', async () => {
  const { host, fake } = setUp({ sheets: ['Sheet1', 'Data'] });
  const layout = await host.layout();
  const [s1, data] = layout.sheets;
  await host.trackArea('p1', { sheetId: data!.id, row: 2, col: 1, rows: 3, cols: 2 });
  const before = { runs: fake.engine.runs, syncs: fake.stats.syncs };
  const again = await host.layout(['p1']);
  expect(fake.engine.runs - before.runs).toBe(1);
  expect(fake.stats.syncs - before.syncs).toBe(1);
  expect(again).toEqual({
    workbook: { id: 'wb-excel-0001', name: 'Book1.xlsx' },
    sheets: [s1, data],
    areas: { p1: { sheetId: data!.id, row: 2, col: 1, rows: 3, cols: 2 } },
  });
  const calls: Array<() => Promise<unknown>> = [
    () => host.writeBlock({ sheetId: s1!.id, row: 0, col: 0, values: [['a', 1]], formats: formatRuns([[null, '0.0']]) }),
    () =>
      host.snapshot([
        { sheetId: s1!.id, row: 0, col: 0, rows: 1, cols: 2 },
        { sheetId: data!.id, row: 0, col: 0, rows: 2, cols: 2 },
      ]),
    () =>
      host.clear([
        { sheetId: s1!.id, row: 0, col: 0, rows: 1, cols: 1 },
        { sheetId: data!.id, row: 0, col: 0, rows: 1, cols: 1 },
      ]),
    () => host.autofitColumns({ sheetId: s1!.id, row: 0, col: 0, rows: 1, cols: 2 }),
    () => host.select({ sheetId: data!.id, row: 4, col: 2, rows: 1, cols: 1 }),
    () => host.activeCell(),
  ];
  for (const call of calls) {
    const runs = fake.engine.runs;
    const syncs = fake.stats.syncs;
    await call();
    expect(fake.engine.runs - runs).toBe(1);
    expect(fake.stats.syncs - syncs).toBe(1);
  }
  expect(await host.activeCell()).toEqual({ sheet: data, row: 4, col: 2 });
  expect(fake.stats.requests.some((ops) => ops.includes('autofitColumns'))).toBe(true);
});

it("fails with 'hostBusy' while the user edits a cell, and works once the edit ends", async () => {
  const { host, fake } = setUp();
  const sheetId = (await host.layout()).sheets[0]!.id;
  fake.user.setCellEditMode(true);
  const busy = await host.writeBlock({ sheetId, row: 0, col: 0, values: [['x']] }).catch((e: unknown) => e);
  expect(busy).toBeInstanceOf(AddinError);
  expect(busy).toMatchObject({ kind: 'hostBusy', code: 'InvalidOperationInCellEditMode' });
  await expect(host.layout()).rejects.toMatchObject({ kind: 'hostBusy' });
  fake.user.setCellEditMode(false);
  await host.writeBlock({ sheetId, row: 0, col: 0, values: [['x']] });
  expect((await host.snapshot([{ sheetId, row: 0, col: 0, rows: 1, cols: 1 }]))[0]!.values).toEqual([['x']]);
});

it('reads a snapshot Excel refuses as one response again in row blocks, exactly', async () => {
  const { host, fake } = setUp({ maxResponseBytes: 20_000 });
  const sheetId = (await host.layout()).sheets[0]!.id;
  const values = Array.from({ length: 400 }, (_, i) => [`row ${i}`, i]);
  await host.writeBlock({ sheetId, row: 0, col: 0, values, bold: [{ row: 0, col: 0, rows: 1, cols: 2, bold: true }] });
  const syncs = fake.stats.syncs;
  const [snap] = await host.snapshot([{ sheetId, row: 0, col: 0, rows: 400, cols: 2 }]);
  expect(fake.stats.syncs - syncs).toBeGreaterThan(2);
  expect(snap!.values).toEqual(values);
  expect(snap!.bold[0]).toEqual([true, true]);
  expect(snap!.bold[1]).toEqual([false, false]);
});

it('names a deleted sheet as notFound', async () => {
  const { host } = setUp();
  await expect(host.writeBlock({ sheetId: 'gone', row: 0, col: 0, values: [[1]] })).rejects.toMatchObject({ kind: 'notFound' });
});

it('without ExcelApi 1.9 reads bold per range (a uniform range reads exactly)', async () => {
  const { host } = setUp({ excelApi: 8 });
  const sheetId = (await host.layout()).sheets[0]!.id;
  await host.writeBlock({
    sheetId,
    row: 0,
    col: 0,
    values: [
      ['h', 'h'],
      [1, 2],
    ],
    bold: [{ row: 0, col: 0, rows: 1, cols: 2, bold: true }],
  });
  const [head, body] = await host.snapshot([
    { sheetId, row: 0, col: 0, rows: 1, cols: 2 },
    { sheetId, row: 1, col: 0, rows: 1, cols: 2 },
  ]);
  expect(head!.bold).toEqual([[true, true]]);
  expect(body!.bold).toEqual([[false, false]]);
});

it('tracks in one sync when the latest layout tells whether the name exists, and still tracks when that is wrong', async () => {
  const { host, fake } = setUp({ sheets: ['Sheet1'] });
  const sheet = (await host.layout()).sheets[0]!;
  const at = (row: number) => ({ sheetId: sheet.id, row, col: 0, rows: 2, cols: 2 });
  let from = fake.stats.syncs;
  await host.trackArea('fresh', at(0));
  expect(fake.stats.syncs - from).toBe(1);
  from = fake.stats.syncs;
  await host.trackArea('fresh', at(5));
  expect(fake.stats.syncs - from).toBe(1);
  expect((await host.layout(['fresh'])).areas).toEqual({ fresh: at(5) });
  // A name made behind the host's back (another pane): the add is refused, nothing changed, and the look-first path moves it.
  await Excel.run(async (ctx) => {
    ctx.workbook.names.add('_svcArea.other', ctx.workbook.worksheets.getItem(sheet.id).getRange('A1'));
    await ctx.sync();
  });
  from = fake.stats.syncs;
  await host.trackArea('other', at(9));
  expect(fake.stats.syncs - from).toBe(3);
  expect((await host.layout(['other'])).areas).toEqual({ other: at(9) });
  // Removed behind its back: the delete is refused, and the name is added after the look.
  await host.untrack('fresh');
  await host.layout();
  await Excel.run(async (ctx) => {
    ctx.workbook.names.getItem('_svcArea.other').delete();
    await ctx.sync();
  });
  await host.trackArea('other', at(12));
  expect((await host.layout(['other'])).areas).toEqual({ other: at(12) });
});

it('snapshots a range too large for one response only where its sheet is used, in one sync when that is nothing', async () => {
  const { host, fake } = setUp({ sheets: ['Sheet1'] });
  const sheet = (await host.layout()).sheets[0]!;
  const big = { sheetId: sheet.id, row: 0, col: 0, rows: 200_000, cols: 2 };
  let from = fake.stats.syncs;
  const [empty] = await host.snapshot([big]);
  expect(fake.stats.syncs - from).toBe(1);
  expect(empty!.values[199_999]).toEqual([null, null]);
  expect(empty!.formats[0]).toEqual(['General', 'General']);
  await host.writeBlock({
    sheetId: sheet.id,
    row: 150_000,
    col: 1,
    values: [['=x'], [7]],
    bold: [{ row: 0, col: 0, rows: 1, cols: 1, bold: true }],
  });
  from = fake.stats.syncs;
  const [used] = await host.snapshot([big]);
  expect(fake.stats.syncs - from).toBeLessThanOrEqual(3);
  expect(used!.values[150_000]).toEqual([null, '=x']);
  expect(used!.values[150_001]).toEqual([null, 7]);
  expect(used!.formats[150_000]).toEqual(['General', '@']);
  expect(used!.bold[150_000]).toEqual([false, true]);
  expect(used!.bold[150_001]).toEqual([false, false]);
  expect(used!.values[0]).toEqual([null, null]);
});
