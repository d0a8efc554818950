/** A write block cut into even parts whose requests fit Excel's cap by their real JSON bytes, and each part's writes. */
import { AddinError } from '../core/errors/addin-error';
import { needsTextFormat } from '../core/cells/inert-text';
import { utf8ByteLength } from '../core/ndjson/utf8-length';
import { TEXT_FORMAT, type WriteBlock } from '../core/host';
import { sliceRows } from './sized-writes';
import { planTextSafeBlock } from './text-safe-block';

/** Request bytes one queued operation adds besides its argument (object path, action and names on the wire), generously. */
export const OPERATION_BYTES = 512;
/** Request bytes kept free in every request for the envelope Office.js wraps the operations in. */
export const ENVELOPE_BYTES = 64 * 1024;
/** A column whose number formats change more often than this within a part is sent as one matrix instead of runs. */
const MAX_COLUMN_RUNS = 8;
/** Parts are planned this much under the budget, so a part that ends a row later than its even share still fits. */
const EVEN_SLACK = 0.97;

/** Number formats of a rectangle of a part (rows relative to the part): one format for every cell, or a matrix (`null`: kept). */
export interface FormatWrite {
  row: number;
  col: number;
  rows: number;
  cols: number;
  format: string | (string | null)[][];
}

/** What one part writes, planned before any Excel call; `bytes` are its request bytes by the wire's JSON. */
export interface RequestPart {
  /** First row and row count, relative to the block. */
  row: number;
  rows: number;
  values: (string | number | boolean)[][];
  /** True when a cell gets `@`: these formats must be synced before the values. */
  hasTextFormat: boolean;
  formats: FormatWrite[];
  bold: Array<{ row: number; col: number; rows: number; cols: number; bold: boolean }>;
  valueBytes: number;
  formatBytes: number;
}

/** UTF-8 bytes of a value's JSON (`null` is written as `""`), with its separator. */
function cellBytes(v: string | number | boolean | null): number {
  if (v === null) return 3;
  if (typeof v === 'string') return utf8ByteLength(JSON.stringify(v)) + 1;
  return String(v).length + 1;
}

/**
 * Request bytes each row adds: its values' JSON and, for every column where a cell gets `@` outside a `@` run, a format
 * cell of a matrix. The format runs and bold runs are a few operations per part, counted where the part is planned.
 */
export function rowCosts(block: WriteBlock): Float64Array {
  const rows = block.values.length;
  const cols = block.values[0]?.length ?? 0;
  const textRun: Uint8Array[] = Array.from({ length: cols }, () => new Uint8Array(rows));
  for (const r of block.formats ?? []) {
    if (r.format !== TEXT_FORMAT) continue;
    for (let j = r.col; j < r.col + r.cols && j < cols; j++) textRun[j]!.fill(1, r.row, r.row + r.rows);
  }
  const costs = new Float64Array(rows);
  const textCols = new Uint8Array(cols);
  block.values.forEach((row, i) => {
    let bytes = 2;
    row.forEach((v, j) => {
      bytes += cellBytes(v);
      if (typeof v === 'string' && textRun[j]![i] === 0 && needsTextFormat(v)) textCols[j] = 1;
    });
    costs[i] = bytes;
  });
  const perRow = textCols.reduce((n, t) => n + t * 5, 0);
  if (perRow > 0) for (let i = 0; i < rows; i++) costs[i]! += perRow;
  return costs;
}

/** Row boundaries `[0, b1, ..., rows]` of parts of even cost, each under `budget` (a row costing more than it stands alone). */
export function evenCuts(costs: Float64Array, budget: number): number[] {
  let total = 0;
  for (const c of costs) total += c;
  const parts = Math.max(1, Math.ceil(total / (budget * EVEN_SLACK)));
  const cuts = [0];
  let done = 0;
  let part = 0;
  for (let i = 0; i < costs.length; i++) {
    const c = costs[i]!;
    if (part > 0 && (done + c > (total * cuts.length) / parts || part + c > budget)) {
      cuts.push(i);
      part = 0;
    }
    done += c;
    part += c;
  }
  cuts.push(costs.length);
  return cuts;
}

/** Vertical runs of equal format in column `j` of `formats`, or null when there are more than MAX_COLUMN_RUNS. */
function columnRuns(
  formats: ReadonlyArray<ReadonlyArray<string | null>>,
  j: number,
): Array<{ row: number; rows: number; format: string | null }> | null {
  const runs: Array<{ row: number; rows: number; format: string | null }> = [];
  formats.forEach((line, i) => {
    const f = line[j] ?? null;
    const last = runs[runs.length - 1];
    if (last && last.format === f) last.rows += 1;
    else runs.push({ row: i, rows: 1, format: f });
  });
  return runs.length > MAX_COLUMN_RUNS ? null : runs;
}

/**
 * The number formats of a part as range writes: a column with few runs sends each run as one format for all its cells
 * (Microsoft's documented 1 x 1 `numberFormat` on a larger range); other adjacent columns go as one matrix, `null`
 * where a cell keeps its format (so nothing is read first).
 */
function formatWrites(formats: ReadonlyArray<ReadonlyArray<string | null>>, cols: number): FormatWrite[] {
  const out: FormatWrite[] = [];
  let matrixFrom = -1;
  const closeMatrix = (end: number): void => {
    if (matrixFrom < 0) return;
    const from = matrixFrom;
    out.push({ row: 0, col: from, rows: formats.length, cols: end - from, format: formats.map((line) => line.slice(from, end)) });
    matrixFrom = -1;
  };
  for (let j = 0; j < cols; j++) {
    const runs = columnRuns(formats, j);
    if (runs === null) {
      if (matrixFrom < 0) matrixFrom = j;
      continue;
    }
    closeMatrix(j);
    for (const r of runs) if (r.format !== null) out.push({ row: r.row, col: j, rows: r.rows, cols: 1, format: r.format });
  }
  closeMatrix(cols);
  return out;
}

function writeBytes(w: FormatWrite): number {
  return OPERATION_BYTES + utf8ByteLength(JSON.stringify(typeof w.format === 'string' ? [[w.format]] : w.format));
}

/** The writes of rows [from, to) of `block` (values checked and text made safe by planTextSafeBlock). */
export function requestPart(block: WriteBlock, from: number, to: number): RequestPart {
  const plan = planTextSafeBlock(sliceRows(block, from, to));
  const formats = plan.formatRects.length === 0 ? [] : formatWrites(plan.formats, plan.cols);
  let valueBytes = OPERATION_BYTES * (2 + plan.boldRects.length);
  for (const line of plan.values) {
    valueBytes += 2;
    for (const v of line) valueBytes += cellBytes(v);
  }
  return {
    row: from,
    rows: to - from,
    values: plan.values,
    hasTextFormat: plan.hasTextFormat,
    formats,
    bold: plan.boldRects.map((r) => ({ row: r.row, col: r.col, rows: r.rows, cols: r.cols, bold: r.value })),
    valueBytes,
    formatBytes: formats.reduce((n, w) => n + writeBytes(w), 0),
  };
}

/** The 'limit' error for a row whose values alone do not fit one request. */
export function rowTooLarge(blockRow: number, cause?: unknown): AddinError {
  return new AddinError(
    'limit',
    `Row ${blockRow + 1} is too large for one request to Excel. Select fewer columns or shorten the longest texts.`,
    { ...(cause === undefined ? {} : { cause }), data: { row: blockRow } },
  );
}
