/** CountingHost: a SpreadsheetHost wrapper that counts every host call (stores included) by name, to hold the port's round-trip targets. */
import type {
  CellNote,
  CellSnapshot,
  CredentialStore,
  DocumentStore,
  GridRange,
  SheetRef,
  SpreadsheetHost,
  WorkbookLayout,
  WriteBlock,
} from '../../src/core/host';

export type HostCallName =
  | 'layout'
  | 'activeCell'
  | 'select'
  | 'selectRanges'
  | 'snapshot'
  | 'writeBlock'
  | 'clear'
  | 'autofitColumns'
  | 'trackArea'
  | 'untrack'
  | 'setNotes'
  | 'insertRows'
  | 'deleteRows'
  | 'document.get'
  | 'document.set'
  | 'document.entries'
  | 'document.update'
  | 'credentials.get'
  | 'credentials.set'
  | 'credentials.remove';

export class CountingHost<H extends SpreadsheetHost = SpreadsheetHost> implements SpreadsheetHost {
  readonly calls: HostCallName[] = [];
  readonly documentStore: DocumentStore;
  readonly credentials: CredentialStore;

  constructor(readonly inner: H) {
    const note = (name: HostCallName): void => {
      this.calls.push(name);
    };
    const doc = inner.documentStore;
    this.documentStore = {
      get: (key) => (note('document.get'), doc.get(key)),
      set: (key, value) => (note('document.set'), doc.set(key, value)),
      entries: (prefix) => (note('document.entries'), doc.entries(prefix)),
      update: (changes) => (note('document.update'), doc.update(changes)),
    };
    const cred = inner.credentials;
    this.credentials = {
      get: (key) => (note('credentials.get'), cred.get(key)),
      set: (key, value) => (note('credentials.set'), cred.set(key, value)),
      remove: (key) => (note('credentials.remove'), cred.remove(key)),
    };
  }

  get platformHost(): SpreadsheetHost['platformHost'] {
    return this.inner.platformHost;
  }

  get limits(): SpreadsheetHost['limits'] {
    return this.inner.limits;
  }

  /** Calls made so far, and forgets them. */
  take(): HostCallName[] {
    return this.calls.splice(0);
  }

  /** How many calls of each name `calls` holds. */
  static tally(calls: readonly HostCallName[]): Partial<Record<HostCallName, number>> {
    const out: Partial<Record<HostCallName, number>> = {};
    for (const c of calls) out[c] = (out[c] ?? 0) + 1;
    return out;
  }

  layout(placementIds?: readonly string[]): Promise<WorkbookLayout> {
    this.calls.push('layout');
    return this.inner.layout(placementIds);
  }
  activeCell(): Promise<{ sheet: SheetRef; row: number; col: number }> {
    this.calls.push('activeCell');
    return this.inner.activeCell();
  }
  select(range: GridRange): Promise<void> {
    this.calls.push('select');
    return this.inner.select(range);
  }

  selectRanges(ranges: readonly GridRange[]): Promise<void> {
    this.calls.push('selectRanges');
    return this.inner.selectRanges(ranges);
  }
  snapshot(ranges: readonly GridRange[]): Promise<CellSnapshot[]> {
    this.calls.push('snapshot');
    return this.inner.snapshot(ranges);
  }
  writeBlock(block: WriteBlock): Promise<void> {
    this.calls.push('writeBlock');
    return this.inner.writeBlock(block);
  }
  clear(ranges: readonly GridRange[]): Promise<void> {
    this.calls.push('clear');
    return this.inner.clear(ranges);
  }
  autofitColumns(range: GridRange): Promise<void> {
    this.calls.push('autofitColumns');
    return this.inner.autofitColumns(range);
  }
  trackArea(placementId: string, range: GridRange): Promise<void> {
    this.calls.push('trackArea');
    return this.inner.trackArea(placementId, range);
  }
  get notesUnsupported(): string | null {
    return this.inner.notesUnsupported;
  }

  setNotes(notes: readonly CellNote[]): Promise<void> {
    this.calls.push('setNotes');
    return this.inner.setNotes(notes);
  }

  untrack(placementId: string): Promise<void> {
    this.calls.push('untrack');
    return this.inner.untrack(placementId);
  }
  insertRows(sheetId: string, beforeRow: number, count: number): Promise<void> {
    this.calls.push('insertRows');
    return this.inner.insertRows(sheetId, beforeRow, count);
  }
  deleteRows(sheetId: string, fromRow: number, count: number): Promise<void> {
    this.calls.push('deleteRows');
    return this.inner.deleteRows(sheetId, fromRow, count);
  }
}
