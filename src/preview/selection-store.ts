/** The grid's selection (shown sheet, active cell, selected range), owned by the preview UI and read by the host's activeCell(). */
import type { GridRange } from '../core/host';
import type { WorkbookModel } from '../core/memory/workbook-model';
import type { SavedSelection } from './saved-workbook';

export interface CellPos {
  row: number;
  col: number;
}

/** The selection of the shown sheet: the active cell and the opposite corner of the selected range. */
export type PreviewSelection = SavedSelection;

/** What to bring into view: the moving corner (clicks, keyboard), or the whole range from its top-left cell ("Go to", select()). */
export type RevealTarget = 'focus' | 'range';

export interface SelectionState {
  selection: PreviewSelection;
  /** Incremented whenever the grid must scroll to the selection. */
  revealSeq: number;
  revealTarget: RevealTarget;
}

/** The selected rectangle. */
export function selectionRange(s: PreviewSelection): GridRange {
  const row = Math.min(s.active.row, s.focus.row);
  const col = Math.min(s.active.col, s.focus.col);
  return { sheetId: s.sheetId, row, col, rows: Math.abs(s.active.row - s.focus.row) + 1, cols: Math.abs(s.active.col - s.focus.col) + 1 };
}

function single(sheetId: string, row = 0, col = 0): PreviewSelection {
  return { sheetId, active: { row, col }, focus: { row, col } };
}

export class SelectionStore {
  private state: SelectionState;
  /** The last selection of every sheet, restored when its tab is shown again. */
  private readonly bySheet = new Map<string, PreviewSelection>();
  private sheetOrder: string[];
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly model: WorkbookModel,
    initial: PreviewSelection | null,
  ) {
    this.sheetOrder = model.sheets().map((s) => s.id);
    const first = this.sheetOrder[0] ?? '';
    const start = initial && model.sheet(initial.sheetId) ? this.clamp(initial) : single(first);
    this.state = { selection: start, revealSeq: 0, revealTarget: 'range' };
    model.subscribe((change) => {
      if (change.type === 'sheets') this.onSheetsChanged();
    });
  }

  get(): SelectionState {
    return this.state;
  }

  get selection(): PreviewSelection {
    return this.state.selection;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Select (clamped to the grid); `reveal` asks the grid to scroll the focus cell into view. */
  set(selection: PreviewSelection, options: { reveal: boolean; target?: RevealTarget } = { reveal: true }): void {
    const next = this.clamp(selection);
    const cur = this.state.selection;
    const same =
      cur.sheetId === next.sheetId &&
      cur.active.row === next.active.row &&
      cur.active.col === next.active.col &&
      cur.focus.row === next.focus.row &&
      cur.focus.col === next.focus.col;
    if (same && !options.reveal) return;
    this.bySheet.set(next.sheetId, next);
    this.state = {
      selection: same ? cur : next,
      revealSeq: this.state.revealSeq + (options.reveal ? 1 : 0),
      revealTarget: options.reveal ? (options.target ?? 'focus') : this.state.revealTarget,
    };
    this.emit();
  }

  /** Select a range: its top-left cell becomes active; the grid shows the range from its top-left cell. */
  selectRange(range: GridRange, options: { reveal: boolean } = { reveal: true }): void {
    this.set(
      {
        sheetId: range.sheetId,
        active: { row: range.row, col: range.col },
        focus: { row: range.row + Math.max(1, range.rows) - 1, col: range.col + Math.max(1, range.cols) - 1 },
      },
      { reveal: options.reveal, target: 'range' },
    );
  }

  /** Show a sheet (tab click): its last selection comes back, or A1. */
  showSheet(sheetId: string): void {
    if (!this.model.sheet(sheetId) || sheetId === this.state.selection.sheetId) return;
    this.bySheet.set(this.state.selection.sheetId, this.state.selection);
    this.set(this.bySheet.get(sheetId) ?? single(sheetId), { reveal: true, target: 'range' });
  }

  private clamp(s: PreviewSelection): PreviewSelection {
    const { maxRows, maxCols } = this.model.bounds;
    const c = (p: CellPos): CellPos => ({
      row: Math.max(0, Math.min(maxRows - 1, Math.trunc(p.row))),
      col: Math.max(0, Math.min(maxCols - 1, Math.trunc(p.col))),
    });
    return { sheetId: s.sheetId, active: c(s.active), focus: c(s.focus) };
  }

  private onSheetsChanged(): void {
    const ids = this.model.sheets().map((s) => s.id);
    for (const id of [...this.bySheet.keys()]) if (!ids.includes(id)) this.bySheet.delete(id);
    const shown = this.state.selection.sheetId;
    if (!ids.includes(shown)) {
      // The shown sheet was deleted: show the sheet that took its place (or the last one).
      const at = Math.max(0, this.sheetOrder.indexOf(shown));
      const next = ids[Math.min(at, ids.length - 1)];
      this.sheetOrder = ids;
      if (next !== undefined) {
        this.state = { selection: this.bySheet.get(next) ?? single(next), revealSeq: this.state.revealSeq + 1, revealTarget: 'range' };
        this.emit();
      }
      return;
    }
    this.sheetOrder = ids;
  }

  private emit(): void {
    for (const l of [...this.listeners]) l();
  }
}
