/**
 * The preview's save of a 300,000 x 16 workbook: the longest main-thread task and the whole save's time.
 * The longest task is measured for a save in one piece and for a save in slices.
 */
import { WorkbookModel } from '../src/core/memory/workbook-model';
import { serializeWorkbook, serializeWorkbookInPieces } from '../src/preview/saved-workbook';
import { gcFunction } from './gc-function';
import type { Measurement } from './measurement';

const ROWS = 300_000;
const COLS = 16;
const SLICE_MS = 12;

function bigWorkbook(): WorkbookModel {
  const model = new WorkbookModel({ name: 'Preview workbook' });
  const sheetId = model.sheets()[0]!.id;
  const formats = [Array.from({ length: COLS }, (_, c) => (c % 4 === 1 ? 'yyyy-mm-dd hh:mm:ss' : c % 4 === 2 ? '"$"#,##0.00' : null))];
  for (let at = 0; at < ROWS; at += 10_000) {
    const block = Array.from({ length: 10_000 }, (_, i) => {
      const r = at + i;
      return Array.from({ length: COLS }, (_, c) =>
        c % 4 === 0 ? `category ${r % 97} item ${r}` : c % 4 === 3 ? r % 2 === 0 : r * 1.25 + c,
      );
    });
    model.setRange(sheetId, at, 0, block, { formats: Array.from({ length: 10_000 }, () => formats[0]!) });
  }
  return model;
}

export async function run(): Promise<Measurement[]> {
  const model = bigWorkbook();
  const t0 = performance.now();
  const wholeLength = serializeWorkbook(model.toJSON(), null).length;
  const atOnceMs = performance.now() - t0;
  // The text at once is dropped before the sliced save runs (two copies of 122 M characters slow the collector).
  gcFunction()?.();

  // The saver's loop: pieces for SLICE_MS, then a macrotask in between (as WorkbookSaver does).
  const pieces = serializeWorkbookInPieces(model, () => null);
  const parts: string[] = [];
  let longest = 0;
  let slices = 0;
  const started = performance.now();
  for (let done = false; !done;) {
    const start = performance.now();
    for (;;) {
      const next = pieces.next();
      if (next.done === true) {
        done = true;
        break;
      }
      parts.push(next.value);
      if (performance.now() - start >= SLICE_MS) break;
    }
    longest = Math.max(longest, performance.now() - start);
    slices += 1;
    await new Promise((resolve) => setImmediate(resolve));
  }
  // Then the join, a task of its own (the store's copy of the text is another, not measured here: no IndexedDB in Node).
  const joinStart = performance.now();
  const text = parts.join('');
  const joinMs = performance.now() - joinStart;
  if (text.length !== wholeLength) throw new Error('The sliced save made another text.');
  const slicedMs = performance.now() - started;
  return [
    { name: `preview save ${ROWS}x${COLS} at once (one task)`, value: atOnceMs, unit: 'ms' },
    { name: `preview save ${ROWS}x${COLS} in slices, longest slice`, value: longest, unit: 'ms' },
    { name: `preview save ${ROWS}x${COLS} in slices, joining the text`, value: joinMs, unit: 'ms' },
    { name: `preview save ${ROWS}x${COLS} in slices, whole save`, value: slicedMs, unit: 'ms' },
    { name: `preview save ${ROWS}x${COLS} slices`, value: slices, unit: 'slices' },
    { name: `preview save ${ROWS}x${COLS} text`, value: wholeLength / 1e6, unit: 'M chars' },
  ];
}
