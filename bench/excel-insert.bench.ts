/** Benchmark figures of a 200k x 10 Orchestrator insert onto ExcelHost over the Office.js fake: Excel.run calls, syncs, the largest request and the time. */
import { excelBigInsert } from '../test/excel/helpers/big-insert';
import type { Measurement } from './measurement';

const ROWS = 200_000;

export async function run(): Promise<Measurement[]> {
  const t0 = Number(process.hrtime.bigint()) / 1e6;
  const f = await excelBigInsert(ROWS);
  const ms = Number(process.hrtime.bigint()) / 1e6 - t0;
  const label = `excel fake insert ${ROWS / 1000}k x 10`;
  return [
    { name: `${label} Excel.run calls`, value: f.excelRuns, unit: 'runs' },
    { name: `${label} context.sync calls`, value: f.syncs, unit: 'syncs' },
    { name: `${label} largest request`, value: f.maxRequestBytes, unit: 'bytes' },
    { name: `${label} request cap`, value: f.requestCapBytes, unit: 'bytes' },
    { name: `${label} total (fake included)`, value: ms, unit: 'ms' },
  ];
}
