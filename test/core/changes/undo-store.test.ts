/** Tests for the in-memory store of what each placement's last refresh replaced. */
import { UndoStore, type UndoEntry } from '../../../src/core/changes/undo-store';
import type { GridRange } from '../../../src/core/host';

function entry(placementId: string, rows: number, cols = 10): UndoEntry<{ name: string }> {
  const range: GridRange = { sheetId: 's1', row: 0, col: 0, rows, cols };
  const values = Array.from({ length: rows }, () => Array.from({ length: cols }, () => null));
  return {
    placementId,
    before: [{ range, values, formats: values.map((r) => r.map(() => 'General')), bold: values.map((r) => r.map(() => false)) }],
    written: range,
    area: range,
    record: { name: placementId },
    at: 0,
  };
}

describe('UndoStore', () => {
  it('keeps the newest refresh of each placement', () => {
    const store = new UndoStore<{ name: string }>(1_000);
    expect(store.keep(entry('a', 5))).toEqual({ kept: true });
    expect(store.keep(entry('a', 7))).toEqual({ kept: true });
    expect(store.get('a')?.written.rows).toBe(7);
    expect(store.heldCells).toBe(70);
  });

  it('lets the oldest go when the budget is passed', () => {
    const store = new UndoStore<{ name: string }>(200);
    store.keep(entry('a', 8));
    store.keep(entry('b', 8));
    store.keep(entry('c', 8));
    expect(store.get('a')).toBeNull();
    expect(store.get('b')).not.toBeNull();
    expect(store.get('c')).not.toBeNull();
    expect(store.heldCells).toBe(160);
  });

  it('refuses a refresh larger than the whole budget and says so', () => {
    const store = new UndoStore<{ name: string }>(100);
    store.keep(entry('a', 5));
    expect(store.keep(entry('a', 11))).toEqual({ kept: false, reason: 'tooLarge', cells: 110, budget: 100 });
    expect(store.get('a')).toBeNull();
    expect(store.heldCells).toBe(0);
  });

  it('forgets an entry that was undone', () => {
    const store = new UndoStore<{ name: string }>(100);
    store.keep(entry('a', 5));
    store.drop('a');
    expect(store.get('a')).toBeNull();
    expect(store.heldCells).toBe(0);
  });
});
