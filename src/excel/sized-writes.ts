/**
 * Write blocks sized for Excel's request cap (5 MB on the web): cut by a byte estimate first, and when Excel still
 * answers RequestPayloadSizeLimitExceeded, the refused block is halved and the write goes on.
 */
import { AddinError } from '../core/wire/errors';
import { BLOCK_OVERHEAD_BYTES, estimateBlockBytes } from '../core/cells/write-plan';
import type { WriteBlock } from '../core/host';
import { isRequestTooLarge } from './excel-errors';

/** Excel on the web's request cap. */
export const EXCEL_REQUEST_CAP_BYTES = 5 * 1024 * 1024;

/** Rows [from, to) of a block, with its header rows and bold cut to match. */
export function sliceRows(block: WriteBlock, from: number, to: number): WriteBlock {
  const part: WriteBlock = { sheetId: block.sheetId, row: block.row + from, col: block.col, values: block.values.slice(from, to) };
  if (block.formats) part.formats = block.formats.slice(from, to);
  if (block.bold) part.bold = block.bold.slice(from, to);
  const header = Math.min(block.headerRows ?? 0, to) - from;
  if (header > 0) part.headerRows = header;
  return part;
}

/** Cuts `block` into row ranges whose estimated request stays under `maxBytes` (a single row always makes a part). */
export function cutByEstimate(block: WriteBlock, maxBytes: number): WriteBlock[] {
  const parts: WriteBlock[] = [];
  let start = 0;
  let bytes = BLOCK_OVERHEAD_BYTES;
  for (let i = 0; i < block.values.length; i++) {
    const rowBytes =
      estimateBlockBytes({ values: [block.values[i]!], formats: block.formats ? [block.formats[i]!] : undefined }) - BLOCK_OVERHEAD_BYTES;
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
