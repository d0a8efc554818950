/**
 * A refresh's writes as Ctrl+Z steps on ExcelHost over the fake: with ExcelApi 1.20 every Excel.run that changes cells
 * passes `mergeUndoGroup` (its syncs one step), below 1.20 none does (the option is unknown there).
 */
import { Orchestrator } from '../../src/core/placements/orchestrator';
import { countingBytes, fakeClock, FakeQueries, FakeReports, numbered } from '../core/placements/fakes';
import { fakeExcelHost, type InstalledOfficeFake } from './helpers/fake-excel-host';

const SQL = 'SELECT * FROM orders';
let fake: InstalledOfficeFake | undefined;
afterEach(() => fake?.uninstall());

async function placed(excelApi: number, rows: number) {
  const made = fakeExcelHost({ sheets: ['Sheet1'], excelApi });
  fake = made.fake;
  const queries = new FakeQueries();
  queries.turns = 0;
  queries.set(SQL, numbered(rows));
  const reports = new FakeReports();
  const orch = new Orchestrator({ host: made.host, reports, queries: queries.runnerFor, clock: fakeClock(), randomBytes: countingBytes() });
  const sheetId = (await made.host.layout()).sheets[0]!.id;
  const out = await orch.insert({ deploymentId: '7', name: 'Orders', sqlQuery: SQL }, { sheetId, row: 0, col: 0 });
  return { fake: made.fake, orch, queries, id: out.placementId };
}

/** What one refresh left: its Ctrl+Z steps, and the merge option of each Excel.run it made. */
async function refreshed(excelApi: number, rows: number, after: number) {
  const r = await placed(excelApi, rows);
  r.queries.set(SQL, numbered(after, 'n'));
  const from = { steps: r.fake.engine.undoSteps, runs: r.fake.engine.runOptions.length, syncs: r.fake.stats.syncs };
  await r.orch.refresh(r.id);
  return {
    steps: r.fake.engine.undoSteps - from.steps,
    merged: r.fake.engine.runOptions.slice(from.runs).map((o) => o.mergeUndoGroup),
    syncs: r.fake.stats.syncs - from.syncs,
  };
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

it('ExcelApi 1.20: a refresh that shrinks (rows cleared below) merges each of its writing runs', async () => {
  const done = await refreshed(20, 50, 20);
  console.log(JSON.stringify(done));
  expect(done.merged.filter((m) => m).length).toBe(done.steps);
});
