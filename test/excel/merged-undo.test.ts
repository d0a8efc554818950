/**
 * A refresh's writes as Ctrl+Z steps on ExcelHost over the fake: with ExcelApi 1.20 every Excel.run that changes cells
 * passes `mergeUndoGroup` (its syncs one step), below 1.20 none does (the option is unknown there).
 */
import { Orchestrator } from '../../src/core/placements/orchestrator';
import { countingBytes, fakeClock, FakeQueries, FakeReports, numbered, table, type Table } from '../core/placements/fakes';
import { fakeExcelHost, type InstalledOfficeFake } from './helpers/fake-excel-host';
import { FakeOfficeError } from './fake/errors';

const SQL = 'SELECT * FROM orders';
let fake: InstalledOfficeFake | undefined;
afterEach(() => fake?.uninstall());

/** Text only: no cell gets a number format of the add-in's, so cleared rows need no restyling, only the clear. */
const texts = (n: number, prefix: string): Table =>
  table(
    ['key', 'label'],
    Array.from({ length: n }, (_, i) => [`${prefix}${i}`, `label ${i}`]),
  );

async function placed(excelApi: number, rows: number, result: Table = numbered(rows)) {
  const made = fakeExcelHost({ sheets: ['Sheet1'], excelApi });
  fake = made.fake;
  const queries = new FakeQueries();
  queries.turns = 0;
  queries.set(SQL, result);
  const reports = new FakeReports();
  const orch = new Orchestrator({ host: made.host, reports, queries: queries.runnerFor, clock: fakeClock(), randomBytes: countingBytes() });
  const sheetId = (await made.host.layout()).sheets[0]!.id;
  const out = await orch.insert({ deploymentId: '7', name: 'Orders', sqlQuery: SQL }, { sheetId, row: 0, col: 0 });
  return { fake: made.fake, host: made.host, orch, queries, id: out.placementId };
}

/** What one refresh left: its Ctrl+Z steps, and the merge option of each Excel.run it made. */
async function refreshed(excelApi: number, rows: number, after: number) {
  const r = await placed(excelApi, rows);
  r.queries.set(SQL, numbered(after, 'n'));
  const from = { steps: r.fake.engine.undoSteps, runs: r.fake.engine.runOptions.length };
  await r.orch.refresh(r.id);
  return {
    steps: r.fake.engine.undoSteps - from.steps,
    merged: r.fake.engine.runOptions.slice(from.runs).map((o) => o.mergeUndoGroup),
  };
}

async function sheetValues(address: string): Promise<unknown[][]> {
  return Excel.run(async (context) => {
    const range = context.workbook.worksheets.getItem('Sheet1').getRange(address).load('values');
    await context.sync();
    return range.values as unknown[][];
  });
}

it('ExcelApi 1.20: a refresh in place is one Ctrl+Z step; only the runs that change cells pass mergeUndoGroup', async () => {
  const done = await refreshed(20, 50, 50);
  expect(done.steps).toBe(1);
  // Layout and snapshot reads, then the one write run.
  expect(done.merged).toEqual([false, false, false, true]);
});

it('ExcelApi 1.19: no run passes mergeUndoGroup, and each sync that changes cells is a step of its own', async () => {
  const done = await refreshed(19, 50, 50);
  expect(done.merged.every((m) => !m)).toBe(true);
  expect(done.steps).toBeGreaterThan(1);
});

it('ExcelApi 1.20: a refresh that shrinks is one Ctrl+Z step too: the rows it no longer has are cleared in the same run', async () => {
  const done = await refreshed(20, 50, 20);
  expect(done.steps).toBe(1);
  expect(done.merged).toEqual([false, false, false, true]);
});

it('ExcelApi 1.20: the cleared rows of a shrinking refresh are empty and the area is tracked anew', async () => {
  const r = await placed(20, 50);
  r.queries.set(SQL, numbered(20, 'n'));
  const out = await r.orch.refresh(r.id);
  expect(out.areaRows).toBe(21);
  const values = await sheetValues('A1:B51');
  expect(values[20]).toEqual(['n19', 19]);
  expect(values.slice(21).every((row) => row.every((v) => v === ''))).toBe(true);
  const layout = await r.host.layout([r.id]);
  expect(layout.areas[r.id]).toMatchObject({ row: 0, col: 0, rows: 21, cols: 2 });
});

it('a failure in the request that clears (after the clear) puts every cell back, the cleared rows included', async () => {
  const r = await placed(20, 50, texts(50, 'k'));
  const before = await sheetValues('A1:B51');
  r.queries.set(SQL, texts(20, 'n'));
  const engine = r.fake.engine;
  const record = engine.recordRequest.bind(engine);
  engine.recordRequest = (bytes, actions) => {
    // The name's move in the request of the clear fails, as a lost connection would: the clear before it stays applied.
    if (actions.some((a) => a.op === 'clear'))
      for (const a of actions)
        if (a.op === 'deleteName' || a.op === 'addName')
          a.apply = () => {
            throw new FakeOfficeError('GeneralException', 'The connection to Excel was lost.');
          };
    record(bytes, actions);
  };
  const e = await r.orch.refresh(r.id).catch((x: unknown) => x);
  expect(e).toBeInstanceOf(Error);
  engine.recordRequest = record;
  expect(await sheetValues('A1:B51')).toEqual(before);
});
