/** One block written in requests under Excel's cap, each part's number formats sent in the sync before its values. */
import type { WriteBlock } from '../core/host';
import { isRequestTooLarge } from './excel-errors';
import { ENVELOPE_BYTES, evenCuts, requestPart, rowCosts, rowTooLarge, type RequestPart } from './request-parts';
import { EXCEL_REQUEST_CAP_BYTES } from './sized-writes';

export interface PipelinedReport {
  /** Requests sent (context.sync calls). */
  syncs: number;
  /** Parts whose values were written. */
  parts: number;
  /** How often Excel refused a request for its size and the part was halved. */
  halvings: number;
}

/**
 * Writes `block` part by part inside one Excel.run: the first part's formats (in their own sync when a cell gets `@`),
 * then per sync one part's values with calculation suspended, its bold, and the next part's formats. A request Excel
 * still refuses for its size applies nothing: its part is halved and written again, formats first.
 */
export async function writePipelined(
  context: Excel.RequestContext,
  block: WriteBlock,
  capBytes: number = EXCEL_REQUEST_CAP_BYTES,
): Promise<PipelinedReport> {
  const budget = capBytes - ENVELOPE_BYTES;
  const cols = block.values[0]?.length ?? 0;
  const sheet = context.workbook.worksheets.getItem(block.sheetId);
  const cuts = evenCuts(rowCosts(block), budget);
  const report: PipelinedReport = { syncs: 0, parts: 0, halvings: 0 };
  const sync = async (): Promise<void> => {
    report.syncs += 1;
    await context.sync();
  };
  const queueFormats = (p: RequestPart): void => {
    for (const w of p.formats) {
      sheet.getRangeByIndexes(block.row + p.row + w.row, block.col + w.col, w.rows, w.cols).numberFormat =
        typeof w.format === 'string' ? [[w.format]] : w.format;
    }
  };
  const queueValues = (p: RequestPart): void => {
    context.application.suspendApiCalculationUntilNextSync();
    sheet.getRangeByIndexes(block.row + p.row, block.col, p.rows, cols).values = p.values;
    for (const b of p.bold) sheet.getRangeByIndexes(block.row + p.row + b.row, block.col + b.col, b.rows, b.cols).format.font.bold = b.bold;
  };

  let k = 0;
  let part: RequestPart | null = null;
  /** True when the formats of `part` were applied by an earlier sync. */
  let formatsApplied = false;
  while (k + 1 < cuts.length) {
    const from = cuts[k]!;
    const to = cuts[k + 1]!;
    part ??= requestPart(block, from, to);
    if (part.valueBytes > budget) {
      if (part.rows === 1) throw rowTooLarge(block.row + from);
      cuts.splice(k + 1, 0, from + Math.ceil(part.rows / 2));
      part = null;
      continue;
    }
    if (!formatsApplied && part.formats.length > 0) {
      if (part.hasTextFormat || part.formatBytes + part.valueBytes > budget) {
        queueFormats(part);
        await sync();
        formatsApplied = true;
      } else queueFormats(part);
    }
    queueValues(part);
    const next = k + 2 < cuts.length ? requestPart(block, to, cuts[k + 2]!) : null;
    const withNext = next !== null && next.formats.length > 0 && part.valueBytes + next.formatBytes <= budget;
    if (withNext) queueFormats(next);
    try {
      await sync();
    } catch (e) {
      if (!isRequestTooLarge(e)) throw e;
      // Nothing of the refused request was applied: the part is halved and its formats sent again.
      if (part.rows === 1) throw rowTooLarge(block.row + from, e);
      cuts.splice(k + 1, 0, from + Math.ceil(part.rows / 2));
      report.halvings += 1;
      part = null;
      formatsApplied = false;
      continue;
    }
    report.parts += 1;
    k += 1;
    part = next;
    formatsApplied = withNext;
  }
  return report;
}
