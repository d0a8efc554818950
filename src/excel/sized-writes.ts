/**
 * Write blocks sized for Excel's request cap (5 MB on the web): cut by a byte estimate first, and when Excel still
 * answers RequestPayloadSizeLimitExceeded, the refused block is halved and the write goes on.
 */
import { AddinError } from '../core/errors/addin-error';
import { BLOCK_OVERHEAD_BYTES, estimateBlockBytes } from '../core/cells/write-plan';
import type { CellRun, WriteBlock } from '../core/host';
import { isRequestTooLarge } from './excel-errors';

/** Excel on the web's request cap. */
export const EXCEL_REQUEST_CAP_BYTES = 5 * 1024 * 1024;

/** The runs cut to rows [from, to), their rows made relative to `from`. */
function sliceRuns<R extends CellRun>(runs: readonly R[], from: number, to: number): R[] {
  const out: R[] = [];
  for (const r of runs) {
    const start = Math.max(r.row, from);
    const end = Math.min(r.row + r.rows, to);
    if (start < end) out.push({ ...r, row: start - from, rows: end - start });
  }
  return out;
}

/** Rows [from, to) of a block, with its format and bold runs cut to match. */
export function sliceRows(block: WriteBlock, from: number, to: number): WriteBlock {
  const part: WriteBlock = { sheetId: block.sheetId, row: block.row + from, col: block.col, values: block.values.slice(from, to) };
  if (block.formats) part.formats = sliceRuns(block.formats, from, to);
  if (block.bold) part.bold = sliceRuns(block.bold, from, to);
  return part;
}

/**
 * Request bytes each row's format runs add to the values' estimate: a run sends its format for every cell it covers
 * (counted at 6 bytes a character, as escapes). The estimate already counts 4 bytes of format a cell, which covers `"@"`.
 */
function formatBytesByRow(block: WriteBlock): number[] {
  const extra = new Array<number>(block.values.length).fill(0);
  for (const r of block.formats ?? []) {
    const per = r.cols * (r.format.length * 6 + 2);
    for (let i = r.row; i < r.row + r.rows; i++) extra[i]! += per;
  }
  return extra;
}

/** Cuts `block` into row ranges whose estimated request stays under `maxBytes` (a single row always makes a part). */
export function cutByEstimate(block: WriteBlock, maxBytes: number): WriteBlock[] {
  const parts: WriteBlock[] = [];
  const formatBytes = formatBytesByRow(block);
  let start = 0;
  let bytes = BLOCK_OVERHEAD_BYTES;
  for (let i = 0; i < block.values.length; i++) {
    const rowBytes = estimateBlockBytes({ values: [block.values[i]!] }) - BLOCK_OVERHEAD_BYTES + formatBytes[i]!;
    if (i > start && bytes + rowBytes > maxBytes) {
      parts.push(sliceRows(block, start, i));
      start = i;
      bytes = BLOCK_OVERHEAD_BYTES;
    }
    bytes += rowBytes;
  }
  if (block.values.length > start) parts.push(sliceRows(block, start, block.values.length));
  return parts;
}

export interface SizedWriteReport {
  /** Parts written (each one `write` call that succeeded). */
  parts: number;
  /** How often Excel refused a part for its size and it was halved. */
  halvings: number;
}

/**
 * Writes `block` through `write` in parts under `maxBytes`; a part Excel refuses for its size is halved (by rows) and
 * retried. A single row that Excel still refuses is a 'limit' error. Parts go top to bottom; any other error stops.
 */
export async function writeUnderCap(
  block: WriteBlock,
  write: (part: WriteBlock) => Promise<void>,
  maxBytes: number = EXCEL_REQUEST_CAP_BYTES,
): Promise<SizedWriteReport> {
  const queue = cutByEstimate(block, maxBytes);
  const report: SizedWriteReport = { parts: 0, halvings: 0 };
  while (queue.length > 0) {
    const part = queue.shift()!;
    try {
      await write(part);
      report.parts += 1;
    } catch (e) {
      if (!isRequestTooLarge(e)) throw e;
      const rows = part.values.length;
      if (rows === 1) {
        throw new AddinError(
          'limit',
          `Row ${part.row + 1} is too large for one request to Excel. Select fewer columns or shorten the longest texts.`,
          {
            cause: e,
            data: { row: part.row },
          },
        );
      }
      const half = Math.ceil(rows / 2);
      queue.unshift(sliceRows(part, 0, half), sliceRows(part, half, rows));
      report.halvings += 1;
    }
  }
  return report;
}
