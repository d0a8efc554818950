/** Blocks written in requests under Excel's cap, each part's number formats sent in the sync before its values. */
import { cancelledError } from '../core/errors/addin-error';
import type { WriteBlock } from '../core/host';
import type { CancelSignal } from '../core/runtime/cancel-signal';
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

/** Where a write of several blocks stands, in rows counted across them (block after block). */
interface PipelineProgress {
  /** Rows whose values are written. */
  written: number;
  /** No cell past this row changes before the next report. */
  touched: number;
}

/** What goes with the request of the last values, after them. */
export interface LastRequest {
  queue(context: Excel.RequestContext): void;
  /**
   * When that request fails with `e`: a function that finishes the work in syncs of its own (the last values are
   * queued again first, since nothing of a refused request may have applied), or null to let `e` through.
   */
  recover?(e: unknown): ((context: Excel.RequestContext) => Promise<void>) | null;
}

interface PipelineOptions {
  /** Checked before every request but the first: once cancelled, the write stops with a 'cancelled' error. */
  signal?: CancelSignal;
  /** Told before each request and at the end. */
  progress?: (p: PipelineProgress) => void;
  last?: LastRequest;
  /** Cells one request carries at most (besides its bytes). */
  maxCells?: number;
}

/** One part to write: rows [from, to) of block `b`. */
interface PartAt {
  b: number;
  from: number;
  to: number;
}

/** Writes one block (see writeBlocksPipelined). */
export function writePipelined(
  context: Excel.RequestContext,
  block: WriteBlock,
  capBytes: number = EXCEL_REQUEST_CAP_BYTES,
): Promise<PipelinedReport> {
  return writeBlocksPipelined(context, [block], capBytes);
}

/**
 * Writes `blocks` in order, part by part inside one Excel.run: the first part's formats (in their own sync when a cell
 * gets `@`), then per sync one part's values with calculation suspended, its bold, and the next part's formats (the
 * next block's first part included). A request Excel still refuses for its size applies nothing: its part is halved
 * and written again, formats first.
 */
export async function writeBlocksPipelined(
  context: Excel.RequestContext,
  blocks: readonly WriteBlock[],
  capBytes: number = EXCEL_REQUEST_CAP_BYTES,
  opts: PipelineOptions = {},
): Promise<PipelinedReport> {
  const budget = capBytes - ENVELOPE_BYTES;
  const starts: number[] = [];
  let rowsBefore = 0;
  const parts: PartAt[] = [];
  blocks.forEach((block, b) => {
    starts.push(rowsBefore);
    rowsBefore += block.values.length;
    if (block.values.length === 0 || (block.values[0]?.length ?? 0) === 0) return;
    const cols = block.values[0]?.length ?? 1;
    const cuts = evenCuts(rowCosts(block), budget, Math.max(1, Math.floor((opts.maxCells ?? Infinity) / cols)));
    for (let k = 0; k + 1 < cuts.length; k++) parts.push({ b, from: cuts[k]!, to: cuts[k + 1]! });
  });
  const totalRows = rowsBefore;
  const report: PipelinedReport = { syncs: 0, parts: 0, halvings: 0 };
  const at = (p: PartAt | undefined, end: boolean): number => (p === undefined ? totalRows : starts[p.b]! + (end ? p.to : p.from));
  const sync = async (written: number, touched: number): Promise<void> => {
    if (report.syncs > 0 && opts.signal?.cancelled) throw cancelledError();
    opts.progress?.({ written, touched });
    report.syncs += 1;
    await context.sync();
  };
  const queueFormats = (p: PartAt, part: RequestPart): void => {
    const block = blocks[p.b]!;
    const sheet = context.workbook.worksheets.getItem(block.sheetId);
    for (const w of part.formats) {
      sheet.getRangeByIndexes(block.row + part.row + w.row, block.col + w.col, w.rows, w.cols).numberFormat =
        typeof w.format === 'string' ? [[w.format]] : w.format;
    }
  };
  const queueValues = (p: PartAt, part: RequestPart): void => {
    const block = blocks[p.b]!;
    const sheet = context.workbook.worksheets.getItem(block.sheetId);
    const cols = block.values[0]?.length ?? 0;
    context.application.suspendApiCalculationUntilNextSync();
    sheet.getRangeByIndexes(block.row + part.row, block.col, part.rows, cols).values = part.values;
    for (const b of part.bold)
      sheet.getRangeByIndexes(block.row + part.row + b.row, block.col + b.col, b.rows, b.cols).format.font.bold = b.bold;
  };
  const planOf = (p: PartAt): RequestPart => requestPart(blocks[p.b]!, p.from, p.to);

  let k = 0;
  let part: RequestPart | null = null;
  /** True when the formats of `part` were applied by an earlier sync. */
  let formatsApplied = false;
  while (k < parts.length) {
    const p = parts[k]!;
    part ??= planOf(p);
    if (part.valueBytes > budget) {
      if (part.rows === 1) throw rowTooLarge(blocks[p.b]!.row + p.from);
      parts.splice(k, 1, { ...p, to: p.from + Math.ceil(part.rows / 2) }, { ...p, from: p.from + Math.ceil(part.rows / 2) });
      part = null;
      continue;
    }
    if (!formatsApplied && part.formats.length > 0) {
      if (part.hasTextFormat || part.formatBytes + part.valueBytes > budget) {
        queueFormats(p, part);
        await sync(at(p, false), at(p, true));
        formatsApplied = true;
      } else queueFormats(p, part);
    }
    queueValues(p, part);
    const nextAt = parts[k + 1];
    const next = nextAt === undefined ? null : planOf(nextAt);
    const withNext = next !== null && next.formats.length > 0 && part.valueBytes + next.formatBytes <= budget;
    if (withNext && nextAt !== undefined) queueFormats(nextAt, next);
    const isLast = nextAt === undefined;
    if (isLast) opts.last?.queue(context);
    try {
      await sync(at(p, false), at(withNext ? nextAt : p, true));
    } catch (e) {
      const recover = isLast && !isRequestTooLarge(e) ? (opts.last?.recover?.(e) ?? null) : null;
      if (recover !== null) {
        // Nothing of the refused request may have applied: its values go again, then the rest in syncs of its own.
        queueValues(p, part);
        await sync(at(p, false), at(p, true));
        await recover(context);
        report.parts += 1;
        break;
      }
      if (!isRequestTooLarge(e)) throw e;
      // Nothing of the refused request was applied: the part is halved and its formats sent again.
      if (part.rows === 1) throw rowTooLarge(blocks[p.b]!.row + p.from, e);
      parts.splice(k, 1, { ...p, to: p.from + Math.ceil(part.rows / 2) }, { ...p, from: p.from + Math.ceil(part.rows / 2) });
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
  if (parts.length === 0 && opts.last) {
    opts.last.queue(context);
    try {
      await sync(0, 0);
    } catch (e) {
      const recover = opts.last.recover?.(e) ?? null;
      if (recover === null) throw e;
      await recover(context);
    }
  }
  opts.progress?.({ written: totalRows, touched: totalRows });
  return report;
}
