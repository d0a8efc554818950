/** Large inserts onto ExcelHost over the fake: every request under Excel's 5 MB cap, the last row whole, and the sync counts pinned. */
import { excelBigInsert } from './helpers/big-insert';

it('inserts 200,000 rows x 10 columns in requests under the cap, in one Excel.run per host call', async () => {
  const f = await excelBigInsert(200_000);
  expect(f.areaRows).toBe(200_001);
  expect(f.cols).toBe(10);
  expect(f.insert.maxRequestBytes).toBeLessThanOrEqual(f.requestCapBytes);
  // The text, id and day columns of the last row: text as sent, numbers typed.
  expect(f.lastRow[0]).toBe(f.expectedLastRow[0]);
  expect(f.lastRow[2]).toBe(Number(f.expectedLastRow[2]));
  // No per-cell or per-row requests, and no request far below the cap but the fixed calls and a block's first formats.
  expect(f.insert.syncs).toBeLessThan(120);
  expect(f.insert.syncs).toBeLessThanOrEqual(PINNED_200K_INSERT_SYNCS);
  // At most the floor ceil(request bytes / 4 MiB) + 3.
  expect(f.insert.syncs).toBeLessThanOrEqual(f.insert.floor);
  console.log(
    `200,000 x 10 insert on ExcelHost over the fake: ${f.insert.excelRuns} Excel.run, ${f.insert.syncs} syncs (floor ${f.insert.floor}), ${f.insert.requestBytes} request bytes, largest ${f.insert.maxRequestBytes} (cap ${f.requestCapBytes})`,
  );
}, 180_000);

/**
 * 200,000 x 10: two layouts, one snapshot (the empty target only where its sheet is used), the first part's formats,
 * then five parts of even bytes across the blocks, each with the next part's formats, the last with the name added
 * without a look and the widths fitted.
 */
const PINNED_200K_INSERT_SYNCS = 9;

it('pins the syncs of a 30,000 x 10 insert and of its refresh in place', async () => {
  const f = await excelBigInsert(30_000, { refresh: true });
  const refresh = f.refresh!;
  expect(f.insert.maxRequestBytes).toBeLessThanOrEqual(f.requestCapBytes);
  expect(refresh.maxRequestBytes).toBeLessThanOrEqual(f.requestCapBytes);
  expect(f.lastRow[0]).toBe(f.expectedLastRow[0]);
  // Insert: 2 layouts, 1 snapshot, the block's formats then its values with the name added and the widths fitted. Refresh: 2
  // layouts, the snapshot (the used range, values and formats in 2 reads sized by the first's response, the header
  // row's bold found by bands in 2), the block's formats then its values; the area and its name stay.
  expect(f.insert.syncs).toBe(PINNED_30K.insert);
  expect(refresh.syncs).toBe(PINNED_30K.refresh);
}, 120_000);

const PINNED_30K = { insert: 5, refresh: 9 };
