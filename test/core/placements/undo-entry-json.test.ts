/** Undo entries as text for a store outside memory: read back exactly, and anything damaged reads as no entry. */
import type { UndoEntries, UndoEntry, UndoKeep } from '../../../src/core/changes/undo-store';
import { parseUndoEntry, undoEntryText } from '../../../src/core/placements/undo-entry-json';
import type { UndoState } from '../../../src/core/placements/undo-keeper';
import { loadRegistry } from '../../../src/core/placements/placement-record';
import { addinRejection } from '../../helpers/caught-error';
import { cells, draft, numbered, rig } from './fakes';
import { SQL } from './orchestrator-tables';

/** A store that keeps entries only as text, as a cache between server executions does. */
class TextUndoStore implements UndoEntries<UndoState> {
  readonly texts = new Map<string, string>();
  keep(entry: UndoEntry<UndoState>): UndoKeep {
    this.texts.set(entry.placementId, undoEntryText(entry));
    return { kept: true };
  }
  get(placementId: string): UndoEntry<UndoState> | null {
    const text = this.texts.get(placementId);
    return text === undefined ? null : parseUndoEntry(text);
  }
  has(placementId: string): boolean {
    return this.texts.has(placementId);
  }
  kept(placementIds: readonly string[]): Set<string> {
    this.keptCalls += 1;
    return new Set(placementIds.filter((id) => this.texts.has(id)));
  }
  keptCalls = 0;
  drop(placementId: string): void {
    this.texts.delete(placementId);
  }
}

async function refreshedOver(store: TextUndoStore) {
  const r = rig({}, { undo: { store, missing: 'Kept for a while only.' } });
  r.queries.set(SQL, numbered(3));
  const placed = await r.orch.insert(draft(SQL), { sheetId: r.sheet, row: 1, col: 1 });
  r.model.setBold(r.sheet, { row: 2, col: 2, rows: 1, cols: 1 }, true);
  r.model.setFormat(r.sheet, { row: 3, col: 2, rows: 1, cols: 1 }, '0.00');
  const [recordBefore] = await loadRegistry(r.host.documentStore);
  const before = cells(r.model);
  r.queries.set('SELECT next', numbered(5, 'n'));
  r.reports.editSql(placed.reportId, 'SELECT next');
  const out = await r.orch.refresh(placed.placementId, { handEdits: 'overwrite' });
  return { ...r, id: placed.placementId, before, recordBefore, out };
}

describe('undo entries kept as text', () => {
  it('undo from the text puts back the cells, formats, bold and the record as they were', async () => {
    const store = new TextUndoStore();
    const r = await refreshedOver(store);
    expect(r.out.undo).toEqual({ available: true });
    const text = store.texts.get(r.id) ?? '';
    const entry = parseUndoEntry(text);
    expect(entry?.record.record).toEqual(r.recordBefore);
    // The text is a fixed point: what it reads back as serializes to the same text.
    expect(entry && undoEntryText(entry)).toBe(text);
    expect(r.orch.undoStates([r.id]).get(r.id)).toEqual({ available: true });
    await r.orch.undo(r.id);
    expect(cells(r.model)).toEqual(r.before);
    expect(await loadRegistry(r.host.documentStore)).toEqual([r.recordBefore]);
    expect(store.texts.has(r.id)).toBe(false);
  });

  it('the list asks the store once for every placement, and each state matches the single read', async () => {
    const store = new TextUndoStore();
    const r = await refreshedOver(store);
    const states = r.orch.undoStates([r.id, 'other']);
    expect(store.keptCalls).toBe(1);
    expect(states.get(r.id)).toEqual({ available: true });
    expect(states.get('other')).toEqual({ available: false });
  });

  it('an entry gone from the store gives the store’s reason', async () => {
    const store = new TextUndoStore();
    const r = await refreshedOver(store);
    store.texts.clear();
    expect(r.orch.undoStates([r.id]).get(r.id)).toEqual({ available: false });
    const e = await addinRejection(r.orch.undo(r.id));
    expect(e.kind).toBe('notFound');
    expect(e.message).toBe('The last refresh of "Orders" cannot be undone. Kept for a while only.');
  });

  it('damaged or reshaped text reads as no entry', async () => {
    const store = new TextUndoStore();
    const r = await refreshedOver(store);
    const text = store.texts.get(r.id) ?? '';
    const json = JSON.parse(text) as { v: number; before: { v: unknown[][]; f: number[][]; t: string[] }[] };
    expect(parseUndoEntry(text.slice(0, -1))).toBeNull();
    expect(parseUndoEntry(JSON.stringify({ ...json, v: 2 }))).toBeNull();
    const [first] = json.before;
    if (!first) throw new Error('no snapshot');
    expect(parseUndoEntry(JSON.stringify({ ...json, before: [{ ...first, v: first.v.slice(1) }] }))).toBeNull();
    expect(parseUndoEntry(JSON.stringify({ ...json, before: [{ ...first, t: [] }] }))).toBeNull();
    store.texts.set(r.id, JSON.stringify({ ...json, record: { placementId: r.id } }));
    const e = await addinRejection(r.orch.undo(r.id));
    expect(e.message).toBe('The last refresh of "Orders" cannot be undone. Kept for a while only.');
  });
});
