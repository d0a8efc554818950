/**
 * The preview's write-behind save in slices.
 * The pieces make the same text as a save in one piece, the saver yields between slices, a change abandons the slice
 * run, flush() saves in one piece.
 */
import { PRODUCT_PREFIX } from '../../src/core/wire/wire-names';
import { WorkbookModel } from '../../src/core/memory/workbook-model';
import { IndexedDbWorkbookStore } from '../../src/preview/indexed-db-workbook-store';
import { PreviewHost } from '../../src/preview/preview-host';
import { parseSavedWorkbook, serializeWorkbook, serializeWorkbookInPieces } from '../../src/preview/saved-workbook';
import { WorkbookSaver } from '../../src/preview/workbook-saver';
import { FakeIndexedDb } from './fake-indexed-db';
import { MemoryStorage } from './memory-storage';

function sampleModel(rows: number): WorkbookModel {
  const m = new WorkbookModel({ name: 'Book' });
  const s1 = m.sheets()[0]!.id;
  const s2 = m.addSheet('Data "two"').id;
  m.addSheet('Empty');
  m.setRange(
    s1,
    1,
    1,
    Array.from({ length: rows }, (_, i) => [`name ${i}`, i * 1.5, i % 3 === 0 ? null : i % 2 === 0, i % 7 === 0 ? '=SUM(A1)' : 'ok']),
    { boldRows: 1, formats: [['@', '0.00', null, null]] },
  );
  m.setValue(s2, 4, 2, 'Zürich "quoted" \\ back');
  m.setColumnWidths(s1, [
    { col: 1, width: 140 },
    { col: 3, width: 37 },
  ]);
  m.trackArea('p1', { sheetId: s1, row: 1, col: 1, rows: rows, cols: 4 });
  m.setSetting(`${PRODUCT_PREFIX}.placements`, '{"a":1}');
  return m;
}

describe('serializeWorkbookInPieces', () => {
  it('makes exactly the text of a save at once, whatever the piece size, and reads back the same workbook', () => {
    const model = sampleModel(523);
    const selection = { sheetId: model.sheets()[0]!.id, active: { row: 2, col: 1 }, focus: { row: 5, col: 3 } };
    const whole = serializeWorkbook(model.toJSON(), selection);
    for (const size of [1, 7, 100, 2000]) {
      const pieces = [...serializeWorkbookInPieces(model, () => selection, size)];
      expect(pieces.join('')).toBe(whole);
      if (size < 523) expect(pieces.length).toBeGreaterThan(523 / size);
    }
    const loaded = parseSavedWorkbook([...serializeWorkbookInPieces(model, () => selection, 10)].join(''));
    expect(loaded.model.toJSON()).toEqual(model.toJSON());
    expect(loaded.selection).toEqual(selection);
  });
});

describe('WorkbookSaver in slices', () => {
  function slicedSaver(pieces: () => string[], options: { inParts?: boolean } = {}) {
    const yields: Array<() => void> = [];
    const writes: string[] = [];
    const partWrites: Array<readonly string[]> = [];
    let clock = 0;
    const saver = new WorkbookSaver({
      write: (text) => {
        writes.push(text);
      },
      ...(options.inParts === true ? { writeParts: (parts: readonly string[]) => void partWrites.push(parts) } : {}),
      serialize: () => pieces().join(''),
      serializeInSlices: () => pieces()[Symbol.iterator](),
      sliceMs: 10,
      // Each piece takes 4 ms: three pieces per slice.
      now: () => (clock += 2),
      yieldToPage: () => new Promise<void>((resolve) => yields.push(resolve)),
      measure: () => 1,
      delayMs: 300,
      retryDelayMs: 1000,
      maxRetryDelayMs: 4000,
      onSaved: () => undefined,
      onFailed: () => undefined,
    });
    /** Lets the page run once: the saver's next slice follows. */
    const resume = async (): Promise<void> => {
      yields.shift()?.();
      for (let i = 0; i < 5; i += 1) await Promise.resolve();
    };
    return { saver, yields, writes, partWrites, resume };
  }

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('serializes the quiet-time save a slice at a time, yielding to the page between slices, then writes the whole text', async () => {
    const text = Array.from({ length: 10 }, (_, i) => `p${i};`);
    const h = slicedSaver(() => text);
    let idle = false;
    h.saver.changed('content');
    void h.saver.idle().then(() => (idle = true));
    jest.advanceTimersByTime(300);
    expect(h.writes).toEqual([]);
    expect(h.yields).toHaveLength(1);
    let slices = 1;
    while (h.yields.length > 0) {
      await h.resume();
      slices += 1;
    }
    expect(slices).toBeGreaterThanOrEqual(3);
    expect(h.writes).toEqual([text.join('')]);
    expect(idle).toBe(true);
  });

  it('hands a store that takes parts the texts of the slices, never joined into one (a task copying the whole text)', async () => {
    const text = Array.from({ length: 10 }, (_, i) => `p${i};`);
    const h = slicedSaver(() => text, { inParts: true });
    h.saver.changed('content');
    jest.advanceTimersByTime(300);
    while (h.yields.length > 0) await h.resume();
    expect(h.writes).toEqual([]);
    expect(h.partWrites).toHaveLength(1);
    const parts = h.partWrites[0] ?? [];
    expect(parts.length).toBeGreaterThanOrEqual(3);
    expect(parts.join('')).toBe(text.join(''));
  });

  it('a change while slicing abandons that save; the next quiet time saves the newer state once', async () => {
    let version = 'old';
    const h = slicedSaver(() => Array.from({ length: 10 }, (_, i) => `${version}${i};`));
    h.saver.changed('content');
    jest.advanceTimersByTime(300);
    await h.resume();
    version = 'new';
    h.saver.changed('content');
    // The abandoned run does not write when the page lets it continue.
    await h.resume();
    expect(h.writes).toEqual([]);
    jest.advanceTimersByTime(300);
    while (h.yields.length > 0) await h.resume();
    expect(h.writes).toHaveLength(1);
    expect(h.writes[0]).toBe(Array.from({ length: 10 }, (_, i) => `new${i};`).join(''));
  });

  it('flush() while slicing saves at once (the page may be going away) and the slice run stops', async () => {
    const h = slicedSaver(() => Array.from({ length: 10 }, (_, i) => `p${i};`));
    h.saver.changed('content');
    jest.advanceTimersByTime(300);
    expect(h.saver.flush()).toBe(true);
    expect(h.writes).toHaveLength(1);
    while (h.yields.length > 0) await h.resume();
    expect(h.writes).toHaveLength(1);
  });
});

describe('PreviewHost write-behind save', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it('does not serialize a large workbook in one task: the quiet-time save yields to the page before writing', async () => {
    const idb = new FakeIndexedDb();
    const local = new MemoryStorage();
    const host = await PreviewHost.open({
      store: await IndexedDbWorkbookStore.open(idb, local),
      credentialStorage: local,
      mintWorkbookId: () => 'wb',
    });
    jest.useFakeTimers();
    // Each reading of the clock is 5 ms later: a 12 ms slice holds two or three pieces of 2,000 rows.
    let clock = 0;
    jest.spyOn(performance, 'now').mockImplementation(() => (clock += 5));
    const sheetId = host.model.sheets()[0]!.id;
    host.model.setRange(
      sheetId,
      0,
      0,
      Array.from({ length: 10_000 }, (_, i) => [i, `row ${i}`]),
    );
    jest.advanceTimersByTime(300);
    expect(idb.writeTransactions).toBe(0);
    jest.useRealTimers();
    // whenSaved() waits for the slices and the write, without saving at once.
    expect(await host.whenSaved()).toBe(true);
    expect(idb.writeTransactions).toBe(1);
    const again = await PreviewHost.open({
      store: await IndexedDbWorkbookStore.open(idb, local),
      credentialStorage: local,
      mintWorkbookId: () => 'wb',
    });
    expect(again.model.toJSON()).toEqual(host.model.toJSON());
  });
});
