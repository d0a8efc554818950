/**
 * The whole service on ExcelHost over the Office.js fake, against the local platform: insert, refresh that grows and
 * shrinks, rows inserted above then refresh, formula-like and number-like text kept as text, a write failing midway put
 * back, a cell being edited waited for, and the ribbon's Refresh all with the pane closed.
 */
import { randomBytes } from 'node:crypto';
import { fetchTransport, type FetchLike } from '../../src/browser/fetch-transport';
import type { HostLimits } from '../../src/core/host';
import type { Clock } from '../../src/core/runtime/clock';
import type { AddinService, CellTarget, ReportDraft } from '../../src/core/service/addin-service';
import { createAddinService } from '../../src/core/service/create-addin-service';
import { refreshAllCommand, type RefreshAllOutcome } from '../../src/excel/refresh-all-command';
import type { OutsideRefreshAll } from '../../src/ui/refresh-all-feed';
import { excelWorkbookChanges } from '../../src/excel/workbook-changes';
import { startPlatform, type RunningPlatform } from '../../local-platform/server';
import { FakeOfficeError } from './fake/errors';
import { fakeExcelHost, type InstalledOfficeFake } from './helpers/fake-excel-host';
import { readCells } from './helpers/installed-fake';
import type { ExcelHost } from '../../src/excel/excel-host';

const DEPLOYMENT = '101';
const BY_STATUS = 'SELECT status, MEASURE(count) AS count FROM orders GROUP BY 1 ORDER BY 1';
const BY_NICKNAME = 'SELECT nickname, MEASURE(count) AS customers FROM customers WHERE nickname IS NOT NULL GROUP BY 1 ORDER BY 1';
const cities = (limit: number): string => `SELECT customer_city, MEASURE(count) AS orders FROM orders GROUP BY 1 ORDER BY 1 LIMIT ${limit}`;

let platform: RunningPlatform;
beforeAll(async () => {
  platform = await startPlatform({ port: 0, memory: true, rows: 2000 });
});
afterAll(() => platform.close());

let fake: InstalledOfficeFake | undefined;
afterEach(() => {
  fake?.uninstall();
  fake = undefined;
});

function draft(name: string, sqlQuery: string): ReportDraft {
  return { name, description: '', mode: 'sql', sqlQuery, jsonQuery: null, pivotItems: null, builderState: null };
}

interface Rig {
  host: ExcelHost;
  fake: InstalledOfficeFake;
  service: AddinService;
  sleeps: number[];
  /** Called on each wait of the service's clock (a busy host is waited for on it). */
  onSleep: { current: (() => void) | null };
  target: (row: number, col: number) => CellTarget;
}

async function setup(limits: Partial<HostLimits> = {}): Promise<Rig> {
  const made = fakeExcelHost({ sheets: ['Sheet1'] }, limits);
  fake = made.fake;
  const sleeps: number[] = [];
  const onSleep: Rig['onSleep'] = { current: null };
  const clock: Clock = {
    now: () => Date.now(),
    sleep: async (ms) => {
      sleeps.push(ms);
      onSleep.current?.();
    },
  };
  const service = createAddinService({
    host: made.host,
    transport: fetchTransport(globalThis.fetch as FetchLike),
    clock,
    random: Math.random,
    randomBytes: (n) => new Uint8Array(randomBytes(n)),
    defaultTenantUrl: platform.url,
    timezone: 'UTC',
    // The clock counts the busy host's waits: the query stream's idle watch and the calls' deadlines would add their own.
    idleTimeoutMs: Infinity,
    callTimeoutMs: Infinity,
    workbookChanges: excelWorkbookChanges({
      isSetSupported: (name, version) => Office.context.requirements.isSetSupported(name, version),
      log: () => undefined,
    }),
  });
  await service.signIn({ tenantUrl: platform.url, apiKey: 'dev-editor-key', authScheme: 'auto' });
  const env = (await service.listEnvironments(DEPLOYMENT)).find((e) => e.type === 'production');
  if (!env) throw new Error('no production environment');
  await service.setContext({ deploymentId: DEPLOYMENT, environmentId: env.id });
  const sheetId = (await made.host.layout()).sheets[0]!.id;
  const target = (row: number, col: number): CellTarget => ({ sheetId, sheetName: 'Sheet1', row, col, label: '' });
  return { host: made.host, fake: made.fake, service, sleeps, onSleep, target };
}

/** Values of an A1 range of Sheet1, read through the fake's own API. */
async function values(rig: Rig, address: string): Promise<unknown[][]> {
  return (await readCells(rig.fake, 'Sheet1', address)).values;
}

describe('the service on ExcelHost', () => {
  it('inserts a report: header bold, formula-like nicknames kept as inert text, columns fitted, a hidden name tracks it', async () => {
    const rig = await setup();
    const out = await rig.service.insert(draft('Nicknames', BY_NICKNAME), rig.target(1, 1), { jobId: 'i1', overwrite: false });
    expect(out.rangeLabel).toMatch(/^Sheet1!B2:C\d+$/);
    const cells = await readCells(rig.fake, 'Sheet1', `B2:C${2 + out.dataRows}`);
    expect(cells.values[0]).toEqual(['nickname', 'customers']);
    const names = cells.values.slice(1).map((r) => r[0]);
    for (const risky of ['=cmd|calc', '-dash', '+plus', '@mention']) expect(names).toContain(risky);
    // Inert: no cell holds a formula, every risky one reads back as the text it was.
    expect(cells.formulas).toEqual(cells.values);
    expect(cells.values.slice(1).every((r) => typeof r[1] === 'number')).toBe(true);
    expect((await readCells(rig.fake, 'Sheet1', 'B2:C2')).bold).toBe(true);
    expect(rig.fake.stats.requests.some((ops) => ops.includes('autofitColumns'))).toBe(true);
    expect((await rig.service.listPlacements()).map((p) => p.rangeLabel)).toEqual([out.rangeLabel]);
  });

  it('keeps number-like text (00123, 1e5, TRUE, ISO dates) as text, exactly', async () => {
    const rig = await setup();
    const sql =
      "SELECT '00123' AS code, '1e5' AS sci, 'TRUE' AS flag, '2024-01-15' AS day, '=1+1' AS formula, status FROM orders GROUP BY status ORDER BY status LIMIT 2";
    const out = await rig.service.insert(draft('Lookalikes', sql), rig.target(0, 0), { jobId: 'i2', overwrite: false });
    expect(out.dataRows).toBe(2);
    const cells = await readCells(rig.fake, 'Sheet1', 'A2:E3');
    for (const row of cells.values) expect(row).toEqual(['00123', '1e5', 'TRUE', '2024-01-15', '=1+1']);
    expect(cells.formulas).toEqual(cells.values);
  });

  it('refreshes a report that grows, then shrinks: the rows it no longer has are cleared', async () => {
    const rig = await setup();
    const out = await rig.service.insert(draft('Cities', cities(5)), rig.target(0, 0), { jobId: 'g0', overwrite: false });
    expect(out.dataRows).toBe(5);
    const grown = await rig.service.update(out.placementId, draft('Cities', cities(12)), { jobId: 'g1' });
    expect(grown.dataRows).toBe(12);
    expect((await values(rig, 'A13:A13'))[0]![0]).not.toBe('');
    const shrunk = await rig.service.update(out.placementId, draft('Cities', cities(3)), { jobId: 'g2' });
    expect(shrunk.rangeLabel).toBe('Sheet1!A1:B4');
    expect(await values(rig, 'A5:B13')).toEqual(Array.from({ length: 9 }, () => ['', '']));
    await rig.service.refresh(out.placementId, { jobId: 'g3' });
    expect((await rig.service.listPlacements())[0]).toMatchObject({ rangeLabel: 'Sheet1!A1:B4', status: 'upToDate' });
  });

  it('follows rows inserted above the report: the refresh writes where the report is now', async () => {
    const rig = await setup();
    const out = await rig.service.insert(draft('Statuses', BY_STATUS), rig.target(2, 1), { jobId: 'a0', overwrite: false });
    const before = await values(rig, `B3:C${3 + out.dataRows}`);
    const changes: string[] = [];
    const stop = rig.service.subscribe((e) => changes.push(e.type));
    await rig.fake.user.insertRows(rig.target(0, 0).sheetId, 0, 4);
    await rig.fake.flushEvents();
    expect(changes).toContain('placementsChanged');
    stop();
    expect((await rig.service.listPlacements())[0]!.rangeLabel).toBe(`Sheet1!B7:C${7 + out.dataRows}`);
    const again = await rig.service.refresh(out.placementId, { jobId: 'a1' });
    expect(again.rangeLabel).toBe(`Sheet1!B7:C${7 + out.dataRows}`);
    expect(await values(rig, `B7:C${7 + out.dataRows}`)).toEqual(before);
    expect(await values(rig, 'B3:C6')).toEqual(Array.from({ length: 4 }, () => ['', '']));
  });

  it('puts the cells back when a write fails midway, and the placement keeps its last good state', async () => {
    // Blocks of 8 cells: the update writes its 16 rows in several requests.
    const rig = await setup({ maxCellsPerWrite: 8 });
    const out = await rig.service.insert(draft('Cities', cities(8)), rig.target(0, 0), { jobId: 'f0', overwrite: false });
    const before = await readCells(rig.fake, 'Sheet1', 'A1:B20');
    // The request after the first write of values fails, as a lost connection to Excel would.
    const engine = rig.fake.engine;
    const record = engine.recordRequest.bind(engine);
    let valueWrites = 0;
    let failed = false;
    engine.recordRequest = (bytes, actions) => {
      if (!failed && actions.some((a) => a.op === 'setValues') && ++valueWrites === 2) {
        failed = true;
        throw new FakeOfficeError('GeneralException', 'The connection to Excel was lost.');
      }
      record(bytes, actions);
    };
    const e = await rig.service.update(out.placementId, draft('Cities', cities(15)), { jobId: 'f1' }).catch((x: unknown) => x);
    engine.recordRequest = record;
    expect(failed).toBe(true);
    expect(e).toMatchObject({ kind: 'host' });
    expect(await readCells(rig.fake, 'Sheet1', 'A1:B20')).toEqual(before);
    expect((await rig.service.listPlacements())[0]).toMatchObject({ rangeLabel: 'Sheet1!A1:B9', dataRows: 8 });
  });

  it('waits while the user edits a cell, and goes on once the user leaves it', async () => {
    const rig = await setup();
    const out = await rig.service.insert(draft('Statuses', BY_STATUS), rig.target(0, 0), { jobId: 'c0', overwrite: false });
    rig.fake.user.setCellEditMode(true);
    let waits = 0;
    rig.onSleep.current = () => {
      // The user presses Enter after the second wait.
      if (++waits === 2) rig.fake.user.setCellEditMode(false);
    };
    const again = await rig.service.refresh(out.placementId, { jobId: 'c1' });
    expect(waits).toBe(2);
    expect(again.dataRows).toBe(out.dataRows);
    expect((await rig.service.listPlacements())[0]!.status).toBe('upToDate');
  });

  it("runs the ribbon's Refresh all with the pane closed, completes the event, skips a report typed over, and opens the pane when a report fails or is skipped", async () => {
    const rig = await setup();
    const a = await rig.service.insert(draft('Statuses', BY_STATUS), rig.target(0, 0), { jobId: 'r0', overwrite: false });
    await rig.service.insert(draft('Cities', cities(4)), rig.target(0, 4), { jobId: 'r1', overwrite: false });
    await rig.fake.user.type(rig.target(0, 0).sheetId, 'A2', 'typed over');
    rig.fake.setPaneVisible(false);
    let jobs = 0;
    const logged: string[] = [];
    const announced: OutsideRefreshAll[] = [];
    Office.actions.associate(
      'refreshAll',
      refreshAllCommand({
        service: async () => rig.service,
        newJobId: () => `ribbon-${++jobs}`,
        showPane: () => Office.addin.showAsTaskpane(),
        announce: (run) => announced.push(run),
        log: (message) => logged.push(message),
      }),
    );
    const ok = await rig.fake.invokeCommand('refreshAll');
    expect(ok.completedCalls).toBe(1);
    // The report whose cell was typed over is skipped and left as it is; the pane opens to show it.
    expect(ok.returned).toMatchObject({ kind: 'done', summary: { total: 2, done: 1, failed: 0, skipped: 1 } });
    expect((await values(rig, 'A2:A2'))[0]![0]).toBe('typed over');
    expect(rig.fake.pane.shows).toBe(1);
    // The pane is handed the run (its job, its placements) and the same summary, to show whenever it is visible.
    expect(announced.map((r) => [r.jobId, r.placementIds.length])).toEqual([['ribbon-1', 2]]);
    await expect(announced[0]!.summary).resolves.toEqual((ok.returned as { summary: unknown }).summary);
    // The same job's outcome is what the pane's list shows.
    expect((await rig.service.listPlacements()).every((p) => p.status === 'upToDate')).toBe(true);

    // A report whose sheet cells stay busy fails: the event still completes, and the pane opens to show which.
    rig.fake.user.setCellEditMode(true);
    const failed = await rig.fake.invokeCommand('refreshAll');
    rig.fake.user.setCellEditMode(false);
    expect(failed.completedCalls).toBe(1);
    // Excel stayed busy past the service's waits: the run failed as a whole, saying so, and changed nothing.
    expect(failed.returned as RefreshAllOutcome).toMatchObject({ kind: 'failed', error: { kind: 'hostBusy' } });
    expect(rig.fake.pane.shows).toBe(2);
    expect(logged).toEqual(['Refresh all did not refresh every report.', 'Refresh all did not refresh every report.']);
    // The pane was handed the failed run too: its summary rejects with the same error, which the pane shows.
    expect(announced.map((r) => r.jobId)).toEqual(['ribbon-1', 'ribbon-2']);
    await expect(announced[1]!.summary).rejects.toMatchObject({ kind: 'hostBusy' });
    const listed = await rig.service.listPlacements();
    expect(listed.map((p) => [p.placementId === a.placementId, p.status, p.lastError])).toEqual([
      [true, 'upToDate', null],
      [false, 'upToDate', null],
    ]);
  });
});
