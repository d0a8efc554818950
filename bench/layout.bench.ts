/** Benchmark of the cell layouts: flat layout of 200k x 10 mixed columns, a 50k-row pivot, the write plan, heap per cell. */
import { buildFlatMatrix } from '../src/core/cells/flat-layout';
import type { Matrix } from '../src/core/cells/matrix';
import { buildPivotMatrix } from '../src/core/cells/pivot-layout';
import { planWriteBlocks } from '../src/core/cells/write-plan';
import { MEMORY_HOST_LIMITS } from '../src/core/memory/memory-host';
import { mixedResult, pivotResult } from './mixed-result';
import type { Measurement } from './measurement';
import { gcFunction } from './gc-function';

const FLAT_ROWS = 200_000;
const PIVOT_ROW_KEYS = 250;
const PIVOT_COL_KEYS = 200;
const RUNS = 3;

/** Wall time of the first (cold) call of `f` and median of `RUNS` more calls, in milliseconds, and the last result. */
function timed<T>(f: () => T, gc: (() => void) | undefined): { coldMs: number; ms: number; result: T } {
  gc?.();
  const c0 = process.hrtime.bigint();
  let result = f();
  const coldMs = Number(process.hrtime.bigint() - c0) / 1e6;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    gc?.();
    const t0 = process.hrtime.bigint();
    result = f();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { coldMs, ms: times[Math.floor(times.length / 2)] ?? 0, result };
}

export async function run(): Promise<Measurement[]> {
  const gc = gcFunction();
  const flat = mixedResult(FLAT_ROWS);
  const cells = FLAT_ROWS * flat.columns.length;

  const flatRun = timed(() => buildFlatMatrix(flat), gc);
  const { result: pivotInput, pivot } = pivotResult(PIVOT_ROW_KEYS, PIVOT_COL_KEYS);
  const pivotRun = timed(() => buildPivotMatrix(pivotInput, pivot), gc);
  if (pivotRun.result.cols !== 2 + 2 * PIVOT_COL_KEYS) throw new Error(`pivot has ${pivotRun.result.cols} columns`);
  const matrix = flatRun.result;
  const planRun = timed(() => planWriteBlocks(matrix, { sheetId: 's1', row: 0, col: 0 }, MEMORY_HOST_LIMITS), gc);

  // Heap the finished matrix holds, per cell (the input rows are excluded: they exist before and after).
  let kept: Matrix | null = null;
  gc?.();
  const before = process.memoryUsage().heapUsed;
  kept = buildFlatMatrix(flat);
  gc?.();
  const after = process.memoryUsage().heapUsed;
  const heapPerCell = (after - before) / (kept.rows * kept.cols);
  kept = null;

  return [
    { name: `buildFlatMatrix ${FLAT_ROWS / 1000}k x 10 mixed, first run`, value: flatRun.coldMs, unit: 'ms' },
    { name: `buildFlatMatrix ${FLAT_ROWS / 1000}k x 10 mixed, median of ${RUNS}`, value: flatRun.ms, unit: 'ms' },
    { name: `buildFlatMatrix ${FLAT_ROWS / 1000}k x 10 mixed, median`, value: FLAT_ROWS / (flatRun.ms / 1000), unit: 'rows/s' },
    { name: 'buildFlatMatrix cells, median', value: cells / (flatRun.ms / 1000), unit: 'cells/s' },
    {
      name: `buildPivotMatrix ${(PIVOT_ROW_KEYS * PIVOT_COL_KEYS) / 1000}k rows, ${PIVOT_COL_KEYS} column keys`,
      value: pivotRun.ms,
      unit: 'ms',
    },
    { name: `planWriteBlocks ${FLAT_ROWS / 1000}k x 10 (${planRun.result.length} blocks)`, value: planRun.ms, unit: 'ms' },
    { name: `flat matrix heap per cell${gc === undefined ? ' (no gc)' : ''}`, value: heapPerCell, unit: 'bytes' },
  ];
}
