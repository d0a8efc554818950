/**
 * The preview's write and clear of a 300,000 x 16 result: the main-thread task they made at once (before: one task for
 * every block, one clear call for the whole area) and the longest task now (one block, or one band of a clear, per task:
 * the orchestrator yields to the page between them), over the MemoryHost the preview runs on.
 */
import { planWriteBlocks } from '../src/core/cells/write-plan';
import type { Matrix } from '../src/core/cells/matrix';
import type { GridRange, Scalar } from '../src/core/host';
import { MemoryHost } from '../src/core/memory/memory-host';
import { WorkbookModel } from '../src/core/memory/workbook-model';
import { clearOwn } from '../src/core/placements/write-transaction';
import { PREVIEW_LIMITS } from '../src/preview/preview-host';
import type { Measurement } from './measurement';

const ROWS = 300_000;
const COLS = 16;

function bigMatrix(): Matrix {
  const values: Scalar[][] = [Array.from({ length: COLS }, (_, c) => `c${c + 1}`)];
  const formats: (string | null)[][] = [Array.from({ length: COLS }, () => null)];
  for (let r = 0; r < ROWS; r += 1) {
    values.push(Array.from({ length: COLS }, (_, c) => (c % 2 === 0 ? r * (c + 1) : `t${r}`)));
    formats.push(Array.from({ length: COLS }, (_, c) => (c % 2 === 0 ? null : '@')));
  }
  return { rows: ROWS + 1, cols: COLS, values, formats, headerRows: 1 };
}

/** Runs each step as its own task (a macrotask in between, as the page gets); returns the whole time and the longest step. */
async function stepped(steps: Array<() => Promise<void>>): Promise<{ totalMs: number; longestMs: number }> {
  let longestMs = 0;
  const t0 = performance.now();
  for (const step of steps) {
    const start = performance.now();
    await step();
    longestMs = Math.max(longestMs, performance.now() - start);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { totalMs: performance.now() - t0, longestMs };
}

export async function run(): Promise<Measurement[]> {
  const matrix = bigMatrix();
  const model = new WorkbookModel({ name: 'Preview workbook' });
  const host = new MemoryHost(model, { limits: PREVIEW_LIMITS, mintWorkbookId: () => 'bench' });
  const sheetId = model.sheets()[0]!.id;
  const area: GridRange = { sheetId, row: 0, col: 0, rows: matrix.rows, cols: COLS };
  const blocks = planWriteBlocks(matrix, { sheetId, row: 0, col: 0 }, host.limits);

  // Before: every block in one task.
  const t0 = performance.now();
  for (const block of blocks) await host.writeBlock(block);
  const writeAtOnceMs = performance.now() - t0;
  const c0 = performance.now();
  await host.clear([area]);
  const clearAtOnceMs = performance.now() - c0;

  // Now: a task per block, and the clear in bands (clearOwn's calls), a task each.
  const write = await stepped(blocks.map((block) => () => host.writeBlock(block)));
  const bands: Array<() => Promise<void>> = [];
  const snapshot = { range: area, values: [], formats: [], bold: [] };
  await clearOwn(
    host,
    async (call) => {
      bands.push(async () => void (await call()));
      return undefined as never;
    },
    [snapshot],
    null,
  );
  const clear = await stepped(bands);
  if (model.getValue(sheetId, ROWS, COLS - 1) !== null) throw new Error('The banded clear left cells.');
  return [
    { name: 'preview write 300k x 16: blocks', value: blocks.length, unit: 'blocks' },
    { name: 'preview write 300k x 16: one task (before)', value: writeAtOnceMs, unit: 'ms' },
    { name: 'preview write 300k x 16: longest task (now)', value: write.longestMs, unit: 'ms' },
    { name: 'preview write 300k x 16: whole write (now)', value: write.totalMs, unit: 'ms' },
    { name: 'preview clear 300k x 16: one task (before)', value: clearAtOnceMs, unit: 'ms' },
    { name: 'preview clear 300k x 16: longest band (now)', value: clear.longestMs, unit: 'ms' },
    { name: 'preview clear 300k x 16: bands', value: bands.length, unit: 'bands' },
  ];
}
