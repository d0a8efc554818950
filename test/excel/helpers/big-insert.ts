/** An Orchestrator insert of a mixed rows x 10 result onto ExcelHost over the Office.js fake, with the fake's request counts (the large-insert test and bench share it). */
import { Orchestrator } from '../../../src/core/placements/orchestrator';
import { countingBytes, fakeClock, FakeQueries, FakeReports } from '../../core/placements/fakes';
import { mixedResult } from '../../../bench/mixed-result';
import { fakeExcelHost } from './fake-excel-host';

const SQL = 'SELECT * FROM orders';

export interface BigInsertFigures {
  areaRows: number;
  cols: number;
  syncs: number;
  excelRuns: number;
  maxRequestBytes: number;
  requestCapBytes: number;
  /** Values of the last written row, read back through the fake. */
  lastRow: unknown[];
  expectedLastRow: unknown[];
}

export async function excelBigInsert(rows: number): Promise<BigInsertFigures> {
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
    const before = { syncs: fake.stats.syncs, runs: fake.engine.runs };
    const out = await orch.insert({ deploymentId: '7', name: 'Orders', sqlQuery: SQL }, { sheetId, row: 0, col: 0 });
    const figures = { syncs: fake.stats.syncs - before.syncs, excelRuns: fake.engine.runs - before.runs };
    const [last] = await host.snapshot([{ sheetId, row: out.areaRows - 1, col: 0, rows: 1, cols: out.cols }]);
    return {
      areaRows: out.areaRows,
      cols: out.cols,
      ...figures,
      maxRequestBytes: fake.stats.maxRequestBytes,
      requestCapBytes: fake.engine.options.maxRequestBytes,
      lastRow: last!.values[0]!,
      expectedLastRow: result.rows[rows - 1]!,
    };
  } finally {
    fake.uninstall();
  }
}
