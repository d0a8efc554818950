/** Several write blocks in one Excel.run: joined, cut by bytes, the clear, tracking and width fitting in the last request. */
import type { BlocksWrite, GridRange } from '../core/host';
import { officeErrorCode } from './excel-errors';
import { joinBlocks } from './joined-blocks';
import { queueTrackAt, trackArea } from './named-areas';
import { writeBlocksPipelined, type LastRequest, type PipelinedReport } from './pipelined-write';

function queueAutofit(context: Excel.RequestContext, range: GridRange): void {
  context.workbook.worksheets
    .getItem(range.sheetId)
    .getRangeByIndexes(range.row, range.col, range.rows, range.cols)
    .format.autofitColumns();
}

/**
 * The request after the last values: the old cells cleared, the name added (or moved) as the latest layout says it
 * exists, the widths fitted. A wrong guess (`ItemAlreadyExists`, `ItemNotFound`) is recovered by looking for the name
 * first (the clear, queued before the name, is done by then).
 */
function lastRequest(write: BlocksWrite, nameExists: boolean | null): LastRequest {
  const { track, autofit, clear } = write;
  return {
    queue(context) {
      for (const r of clear ?? [])
        context.workbook.worksheets.getItem(r.sheetId).getRangeByIndexes(r.row, r.col, r.rows, r.cols).clear('Contents');
      if (track && nameExists !== null) queueTrackAt(context, track.placementId, track.range, nameExists);
      if (autofit) queueAutofit(context, autofit);
    },
    recover(e) {
      if (!track || nameExists === null || officeErrorCode(e) !== (nameExists ? 'ItemNotFound' : 'ItemAlreadyExists')) return null;
      return async (context) => {
        await trackArea(context, track.placementId, track.range);
        if (autofit) {
          queueAutofit(context, autofit);
          await context.sync();
        }
      };
    },
  };
}

/**
 * Writes `write` inside one Excel.run, each request under `capBytes` and `maxCells`. `nameExists` says whether the tracked name exists (from the latest layout), or
 * null when unknown: the name is then looked for after the values, in syncs of its own.
 */
export async function writeBlocksInRun(
  context: Excel.RequestContext,
  write: BlocksWrite,
  limits: { capBytes: number; maxCells: number },
  nameExists: boolean | null,
): Promise<PipelinedReport> {
  const starts: number[] = [];
  const ends: number[] = [];
  let rows = 0;
  for (const b of write.blocks) {
    starts.push(rows);
    rows += b.values.length;
    ends.push(rows);
  }
  const report = await writeBlocksPipelined(context, joinBlocks(write.blocks), limits.capBytes, {
    maxCells: limits.maxCells,
    ...(write.signal ? { signal: write.signal } : {}),
    progress: ({ written, touched }) =>
      write.progress?.({ written: ends.filter((e) => e <= written).length, touched: starts.filter((s) => s < touched).length }),
    last: lastRequest(write, nameExists),
  });
  if (write.track && nameExists === null) {
    await trackArea(context, write.track.placementId, write.track.range);
    report.syncs += 2;
  }
  return report;
}
