/**
 * Benchmark of a whole Orchestrator.insert of 200k x 10 mixed values onto MemoryHost, then refreshes of it.
 * The insert is split into layout, host calls and the rest.
 */
import type { GridRange, WorkbookLayout, WriteBlock, CellSnapshot } from '../src/core/host';
import { MemoryHost } from '../src/core/memory/memory-host';
import { WorkbookModel } from '../src/core/memory/workbook-model';
import { Orchestrator } from '../src/core/placements/orchestrator';
import { countingBytes, fakeClock, FakeQueries, FakeReports } from '../test/core/placements/fakes';
import { mixedResult } from './mixed-result';
import type { Measurement } from './measurement';

const ROWS = 200_000;
const WARMUP_ROWS = 20_000;
const SQL = 'SELECT * FROM orders';

const nowMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/**
 * MemoryHost that times its cell calls (snapshot, writeBlock) and marks the first layout() call after `layoutStart` is
 * set: in an insert that is the write phase reading the layout afresh, right after the result is laid out.
 */
class TimedHost extends MemoryHost {
  hostMs = 0;
  writeMs = 0;
  layoutStart: number | null = null;
  layoutMs = 0;

  override async layout(placementIds?: readonly string[]): Promise<WorkbookLayout> {
    if (this.layoutStart !== null) {
      this.layoutMs = nowMs() - this.layoutStart;
      this.layoutStart = null;
    }
    return super.layout(placementIds);
  }

  override async writeBlock(block: WriteBlock): Promise<void> {
    const t0 = nowMs();
    try {
      await super.writeBlock(block);
    } finally {
      const dt = nowMs() - t0;
      this.writeMs += dt;
      this.hostMs += dt;
    }
  }

  override async snapshot(ranges: readonly GridRange[]): Promise<CellSnapshot[]> {
    const t0 = nowMs();
    try {
      return await super.snapshot(ranges);
    } finally {
      this.hostMs += nowMs() - t0;
    }
  }
}

interface InsertTiming {
  totalMs: number;
  layoutMs: number;
  writeMs: number;
  hostMs: number;
  cells: number;
  /** Refreshes the placement with `rows` result rows (default: the same result), returning the elapsed ms. */
  refresh(rows?: number): Promise<number>;
}

async function insertOnce(rows: number): Promise<InsertTiming> {
  const result = mixedResult(rows);
  const model = new WorkbookModel({ name: 'Bench.xlsx' });
  const host = new TimedHost(model, { mintWorkbookId: () => 'wb-bench' });
  const queries = new FakeQueries();
  queries.turns = 0;
  queries.set(SQL, result);
  const orch = new Orchestrator({
    host,
    reports: new FakeReports(),
    // The runner answers the prebuilt result; the layout starts when its answer is handed back.
    queries: (context) => {
      const inner = queries.runnerFor(context);
      return {
        run: async (o) => {
          const answer = await inner.run(o);
          host.layoutStart = nowMs();
          return answer;
        },
      };
    },
    clock: fakeClock(),
    randomBytes: countingBytes(),
  });
  const sheet = model.sheets()[0];
  if (!sheet) throw new Error('no sheet');
  const t0 = nowMs();
  const out = await orch.insert({ deploymentId: '7', name: 'Orders', sqlQuery: SQL }, { sheetId: sheet.id, row: 0, col: 0 });
  const totalMs = nowMs() - t0;
  if (out.areaRows !== rows + 1) throw new Error(`inserted ${out.areaRows} rows, expected ${rows + 1}`);
  const refresh = async (n?: number): Promise<number> => {
    if (n !== undefined) queries.set(SQL, mixedResult(n));
    const r0 = nowMs();
    await orch.refresh(out.placementId);
    return nowMs() - r0;
  };
  return { totalMs, layoutMs: host.layoutMs, writeMs: host.writeMs, hostMs: host.hostMs, cells: out.areaRows * out.cols, refresh };
}

export async function run(): Promise<Measurement[]> {
  await insertOnce(WARMUP_ROWS);
  const t = await insertOnce(ROWS);
  const label = `${ROWS / 1000}k x 10`;
  // In place: snapshot, restyle check of every cell of the previous area, write. Then a shrink to 1k rows: the
  // leftover 199k rows are cleared and lose the add-in's formats.
  const inPlaceMs = await t.refresh();
  const shrinkMs = await t.refresh(1_000);
  return [
    { name: `insert ${label} total`, value: t.totalMs, unit: 'ms' },
    { name: `insert ${label} layout (buildFlatMatrix)`, value: t.layoutMs, unit: 'ms' },
    { name: `insert ${label} host writeBlock`, value: t.writeMs, unit: 'ms' },
    { name: `insert ${label} host snapshot`, value: t.hostMs - t.writeMs, unit: 'ms' },
    { name: `insert ${label} rest (plan, registry...)`, value: t.totalMs - t.layoutMs - t.hostMs, unit: 'ms' },
    { name: `insert ${label} throughput`, value: t.cells / (t.totalMs / 1000), unit: 'cells/s' },
    { name: `refresh ${label} in place`, value: inPlaceMs, unit: 'ms' },
    { name: `refresh ${label} shrinking to 1k rows`, value: shrinkMs, unit: 'ms' },
  ];
}
