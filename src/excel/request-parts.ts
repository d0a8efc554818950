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

/** The format runs of `block` covering column `j`, top to bottom. */
function runsOfColumn(block: WriteBlock, j: number): Array<{ row: number; end: number; format: string }> {
  return (block.formats ?? [])
    .filter((r) => r.col <= j && j < r.col + r.cols)
    .map((r) => ({ row: r.row, end: r.row + r.rows, format: r.format }))
    .sort((a, b) => a.row - b.row);
}

/** Each row's number format in column `j` as the part's writes give it (`@` on risky text, `null`: kept), to `visit`. */
function walkColumn(block: WriteBlock, j: number, visit: (i: number, format: string | null) => void): void {
  const runs = runsOfColumn(block, j);
  let k = 0;
  block.values.forEach((line, i) => {
    while (k < runs.length && runs[k]!.end <= i) k += 1;
    const run = runs[k];
    const v = line[j];
    visit(i, typeof v === 'string' && needsTextFormat(v) ? TEXT_FORMAT : run !== undefined && run.row <= i ? run.format : null);
  });
}

/**
 * Request bytes each row adds: its values' JSON and, in every column whose formats change more often than a few runs
 * (sent as a matrix), its format cell's JSON. The other format runs and the bold runs are a few operations per part,
 * counted where the part is planned.
 */
export function rowCosts(block: WriteBlock): Float64Array {
  const rows = block.values.length;
  const cols = block.values[0]?.length ?? 0;
  const costs = new Float64Array(rows);
  block.values.forEach((row, i) => {
    let bytes = 2;
    for (const v of row) bytes += cellBytes(v);
    costs[i] = bytes;
  });
  const formatBytes = new Map<string | null, number>([[null, 5]]);
  const bytesOf = (f: string | null): number => {
    let b = formatBytes.get(f);
    if (b === undefined) {
      b = utf8ByteLength(JSON.stringify(f)) + 1;
      formatBytes.set(f, b);
    }
    return b;
  };
  let matrixRows = false;
  for (let j = 0; j < cols; j++) {
    let runs = 0;
    let prev: string | null | undefined;
    walkColumn(block, j, (_, f) => {
      if (f !== prev) runs += 1;
      prev = f;
    });
    if (runs <= MAX_COLUMN_RUNS) continue;
    matrixRows = true;
    walkColumn(block, j, (i, f) => {
      costs[i]! += bytesOf(f);
    });
  }
  if (matrixRows) for (let i = 0; i < rows; i++) costs[i]! += 2;
  return costs;
}

/**
 * Row boundaries `[0, b1, ..., rows]` of parts of even cost, each under `budget` (a row costing more than it stands
 * alone) and of at most `maxRows` rows.
 */
export function evenCuts(costs: Float64Array, budget: number, maxRows = Infinity): number[] {
  let total = 0;
  for (const c of costs) total += c;
  const parts = Math.max(1, Math.ceil(total / (budget * EVEN_SLACK)), Math.ceil(costs.length / maxRows));
  const cuts = [0];
  let done = 0;
  let part = 0;
  let rows = 0;
  for (let i = 0; i < costs.length; i++) {
    const c = costs[i]!;
    if (part > 0 && (done + c > (total * cuts.length) / parts || part + c > budget || rows + 1 > maxRows)) {
      cuts.push(i);
      part = 0;
      rows = 0;
    }
    done += c;
    part += c;
    rows += 1;
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
