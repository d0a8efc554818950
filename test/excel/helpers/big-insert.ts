/**
 * An Orchestrator insert (and a refresh in place) of a mixed rows x 10 result onto ExcelHost over the Office.js fake.
 * It returns the fake's request counts; tests and bench share it.
 */
import { Orchestrator } from '../../../src/core/placements/orchestrator';
import { countingBytes, fakeClock, FakeQueries, FakeReports } from '../../core/placements/fakes';
import { mixedResult } from '../../../bench/mixed-result';
import { fakeExcelHost, type InstalledOfficeFake } from './fake-excel-host';

const SQL = 'SELECT * FROM orders';
const FLOOR_BYTES_PER_SYNC = 4 * 1024 * 1024;

/**
 * Requests of one job: their count, bytes, the largest, and the floor ceil(bytes / 4 MiB) + 3 they are held to; with
 * the responses' bytes, the floor of requests and responses together (a refresh reads what it may have to put back).
 */
export interface SyncFigures {
  syncs: number;
  excelRuns: number;
  requestBytes: number;
  maxRequestBytes: number;
  floor: number;
  responseBytes: number;
  /** ceil((request + response bytes) / 4 MiB) + 3. */
  roundTripFloor: number;
}

export interface BigInsertFigures {
  areaRows: number;
  cols: number;
  insert: SyncFigures;
  /** The same placement refreshed in place (same rows), when asked for. */
  refresh?: SyncFigures;
  requestCapBytes: number;
  /** Values of the last written row, read back through the fake. */
  lastRow: unknown[];
  expectedLastRow: unknown[];
}

/** Counts what the fake saw while `job` ran. */
async function measured(fake: InstalledOfficeFake, job: () => Promise<unknown>): Promise<SyncFigures> {
  const from = { syncs: fake.stats.syncs, runs: fake.engine.runs, responses: fake.stats.responseBytes.length };
  await job();
  const sizes = fake.stats.requestBytes.slice(from.syncs);
  const requestBytes = sizes.reduce((a, b) => a + b, 0);
  const responseBytes = fake.stats.responseBytes.slice(from.responses).reduce((a, b) => a + b, 0);
  return {
    responseBytes,
    roundTripFloor: Math.ceil((requestBytes + responseBytes) / FLOOR_BYTES_PER_SYNC) + 3,
    syncs: fake.stats.syncs - from.syncs,
    excelRuns: fake.engine.runs - from.runs,
    requestBytes,
    maxRequestBytes: Math.max(0, ...sizes),
    floor: Math.ceil(requestBytes / FLOOR_BYTES_PER_SYNC) + 3,
  };
}

export async function excelBigInsert(rows: number, opts: { refresh?: boolean } = {}): Promise<BigInsertFigures> {
  const { host, fake } = fakeExcelHost({ sheets: ['Sheet1'] });
  try {
    const result = mixedResult(rows);
    const queries = new FakeQueries();
    queries.turns = 0;
    queries.set(SQL, { columns: result.columns, rows: result.rows });
    const orch = new Orchestrator({
      host,
      reports: new FakeReports(),
      queries: queries.runnerFor,
      clock: fakeClock(),
      randomBytes: countingBytes(),
    });
    const sheetId = (await host.layout()).sheets[0]!.id;
    let out: Awaited<ReturnType<Orchestrator['insert']>> | undefined;
    const insert = await measured(fake, async () => {
      out = await orch.insert({ deploymentId: '7', name: 'Orders', sqlQuery: SQL }, { sheetId, row: 0, col: 0 });
    });
    if (out === undefined) throw new Error('the insert returned nothing');
    const placed = out;
    const refresh = opts.refresh ? await measured(fake, () => orch.refresh(placed.placementId)) : undefined;
    const [last] = await host.snapshot([{ sheetId, row: placed.areaRows - 1, col: 0, rows: 1, cols: placed.cols }]);
    return {
      areaRows: placed.areaRows,
      cols: placed.cols,
      insert,
      ...(refresh ? { refresh } : {}),
      requestCapBytes: fake.engine.options.maxRequestBytes,
      lastRow: last!.values[0]!,
      expectedLastRow: result.rows[rows - 1]!,
    };
  } finally {
    fake.uninstall();
  }
}
