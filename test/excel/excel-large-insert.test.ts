/** A 200,000 x 10 insert onto ExcelHost over the fake: every request stays under Excel's 5 MB cap and the last row arrives whole. */
import { excelBigInsert } from './helpers/big-insert';

it('inserts 200,000 rows x 10 columns in requests under the cap, in one Excel.run per host call', async () => {
  const f = await excelBigInsert(200_000);
  expect(f.areaRows).toBe(200_001);
  expect(f.cols).toBe(10);
  expect(f.maxRequestBytes).toBeLessThanOrEqual(f.requestCapBytes);
  // The text, id and day columns of the last row: text as sent, numbers typed.
  expect(f.lastRow[0]).toBe(f.expectedLastRow[0]);
  expect(f.lastRow[2]).toBe(Number(f.expectedLastRow[2]));
  // No per-cell or per-row requests: 95 syncs when measured (a write part takes at most 3: kept formats read, `@`
  // formats, values; any other call 1).
  expect(f.syncs).toBeLessThan(120);
  console.log(
    `200,000 x 10 insert on ExcelHost over the fake: ${f.excelRuns} Excel.run, ${f.syncs} syncs, largest request ${f.maxRequestBytes} bytes (cap ${f.requestCapBytes})`,
  );
}, 180_000);
