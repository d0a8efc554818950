/**
 * Requests of an Orchestrator insert and refresh of rows x 10 onto ExcelHost over the Office.js fake.
 * It reports syncs, bytes, the floor ceil(bytes / 4 MiB) + 3 and the ratio.
 */
import { excelBigInsert, type SyncFigures } from '../test/excel/helpers/big-insert';
import type { Measurement } from './measurement';

function figures(label: string, f: SyncFigures): Measurement[] {
  return [
    { name: `${label} Excel.run calls`, value: f.excelRuns, unit: 'runs' },
    { name: `${label} context.sync calls`, value: f.syncs, unit: 'syncs' },
    { name: `${label} request bytes`, value: f.requestBytes, unit: 'bytes' },
    { name: `${label} largest request`, value: f.maxRequestBytes, unit: 'bytes' },
    { name: `${label} floor ceil(bytes / 4 MiB) + 3`, value: f.floor, unit: 'syncs' },
    { name: `${label} syncs / floor`, value: f.syncs / f.floor, unit: 'x' },
    { name: `${label} response bytes`, value: f.responseBytes, unit: 'bytes' },
    { name: `${label} floor ceil((request + response bytes) / 4 MiB) + 3`, value: f.roundTripFloor, unit: 'syncs' },
    { name: `${label} syncs / that floor`, value: f.syncs / f.roundTripFloor, unit: 'x' },
  ];
}

export async function run(): Promise<Measurement[]> {
  const out: Measurement[] = [];
  for (const rows of [200_000, 1_000_000]) {
    const t0 = Number(process.hrtime.bigint()) / 1e6;
    const f = await excelBigInsert(rows, { refresh: rows === 200_000 });
    const ms = Number(process.hrtime.bigint()) / 1e6 - t0;
    const label = `excel fake ${rows / 1000}k x 10`;
    out.push(...figures(`${label} insert`, f.insert));
    if (f.refresh) out.push(...figures(`${label} refresh`, f.refresh));
    out.push({ name: `${label} request cap`, value: f.requestCapBytes, unit: 'bytes' });
    out.push({ name: `${label} total (fake included)`, value: ms, unit: 'ms' });
  }
  return out;
}
