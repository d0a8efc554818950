/** What a key does in the preview grid and in its cell editor: a pure mapping from the key to an action. */
import type { CellPos } from '../selection-store';

/** What moving after a commit means: one row down (Enter), one column right (Tab), or stay (click elsewhere). */
export interface Move {
  rows: number;
  cols: number;
}

/** The parts of a keyboard event the mappings read. */
export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** Where a grid key starts from: the cell it moves from, a page's rows, and the last used row and column. */
export interface GridKeyContext {
  from: CellPos;
  pageRows: number;
  lastRow: number;
  lastCol: number;
}

export type GridKeyAction =
  /** Select (extend: from the active cell) the cell at row, col; the grid clamps it to the sheet. */
  | { kind: 'select'; row: number; col: number; extend: boolean }
  /** Edit the active cell: keep its text (null) or start from `text`; 'enter' mode lets arrows commit. */
  | { kind: 'edit'; text: string | null; mode: 'edit' | 'enter' }
  /** Clear the selected cells' values. */
  | { kind: 'clear' };

/** The grid's action for a key pressed on it, or null when the key is not the grid's (the browser keeps it). */
export function gridKeyAction(press: KeyPress, ctx: GridKeyContext): GridKeyAction | null {
  const { from, pageRows, lastRow, lastCol } = ctx;
  const ctrl = press.ctrlKey || press.metaKey;
  const go = (row: number, col: number): GridKeyAction => ({ kind: 'select', row, col, extend: press.shiftKey });
  switch (press.key) {
    case 'ArrowUp':
      return go(ctrl ? 0 : from.row - 1, from.col);
    case 'ArrowDown':
      return go(ctrl ? Math.max(from.row, lastRow) : from.row + 1, from.col);
    case 'ArrowLeft':
      return go(from.row, ctrl ? 0 : from.col - 1);
    case 'ArrowRight':
      return go(from.row, ctrl ? Math.max(from.col, lastCol) : from.col + 1);
    case 'PageUp':
      return go(from.row - pageRows, from.col);
    case 'PageDown':
      return go(from.row + pageRows, from.col);
    case 'Home':
      return go(ctrl ? 0 : from.row, 0);
    case 'End':
      return ctrl ? go(Math.max(0, lastRow), Math.max(0, lastCol)) : null;
    case 'Enter':
    case 'F2':
      return { kind: 'edit', text: null, mode: 'edit' };
    case 'Delete':
      return { kind: 'clear' };
    case 'Backspace':
      return { kind: 'edit', text: '', mode: 'enter' };
    default:
      return press.key.length === 1 && !ctrl && !press.altKey ? { kind: 'edit', text: press.key, mode: 'enter' } : null;
  }
}

export type EditorKeyAction = { kind: 'commit'; move: Move } | { kind: 'cancel' };

const ARROW_MOVES: Readonly<Record<string, Move>> = {
  ArrowUp: { rows: -1, cols: 0 },
  ArrowDown: { rows: 1, cols: 0 },
  ArrowLeft: { rows: 0, cols: -1 },
  ArrowRight: { rows: 0, cols: 1 },
};

/**
 * The cell editor's action for a key, or null when the input keeps it: Enter and Tab commit and move (Shift backwards),
 * Escape cancels, arrows commit and move only in 'enter' mode (typing over a cell), as in Excel.
 */
export function editorKeyAction(press: KeyPress, mode: 'edit' | 'enter'): EditorKeyAction | null {
  if (press.key === 'Enter') return { kind: 'commit', move: { rows: press.shiftKey ? -1 : 1, cols: 0 } };
  if (press.key === 'Tab') return { kind: 'commit', move: { rows: 0, cols: press.shiftKey ? -1 : 1 } };
  if (press.key === 'Escape') return { kind: 'cancel' };
  const arrow = ARROW_MOVES[press.key];
  return mode === 'enter' && arrow !== undefined ? { kind: 'commit', move: arrow } : null;
}
