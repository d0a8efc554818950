/** The preview grid's key → action mapping and the cell editor's, as pure functions. */
import { editorKeyAction, gridKeyAction, type GridKeyContext, type KeyPress } from '../../../src/preview/grid/grid-keys';

const press = (key: string, mods: Partial<Omit<KeyPress, 'key'>> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});
const ctx: GridKeyContext = { from: { row: 5, col: 3 }, pageRows: 20, lastRow: 40, lastCol: 7 };
const select = (row: number, col: number, extend = false) => ({ kind: 'select', row, col, extend });

describe('gridKeyAction', () => {
  it.each([
    ['ArrowUp', {}, select(4, 3)],
    ['ArrowDown', {}, select(6, 3)],
    ['ArrowLeft', {}, select(5, 2)],
    ['ArrowRight', {}, select(5, 4)],
    ['PageUp', {}, select(-15, 3)],
    ['PageDown', {}, select(25, 3)],
    ['Home', {}, select(5, 0)],
    ['ArrowUp', { ctrlKey: true }, select(0, 3)],
    ['ArrowDown', { ctrlKey: true }, select(40, 3)],
    ['ArrowLeft', { metaKey: true }, select(5, 0)],
    ['ArrowRight', { metaKey: true }, select(5, 7)],
    ['Home', { ctrlKey: true }, select(0, 0)],
    ['End', { ctrlKey: true }, select(40, 7)],
    ['ArrowDown', { shiftKey: true }, select(6, 3, true)],
    ['End', { ctrlKey: true, shiftKey: true }, select(40, 7, true)],
  ])('%s %j selects', (key, mods, action) => {
    expect(gridKeyAction(press(key, mods), ctx)).toEqual(action);
  });

  it('Ctrl+arrow past the used area stays where it is rather than jumping back', () => {
    const far: GridKeyContext = { ...ctx, from: { row: 60, col: 9 } };
    expect(gridKeyAction(press('ArrowDown', { ctrlKey: true }), far)).toEqual(select(60, 9));
    expect(gridKeyAction(press('ArrowRight', { ctrlKey: true }), far)).toEqual(select(60, 9));
  });

  it('Ctrl+End on an empty sheet goes to A1', () => {
    expect(gridKeyAction(press('End', { ctrlKey: true }), { ...ctx, lastRow: -1, lastCol: -1 })).toEqual(select(0, 0));
  });

  it('Enter and F2 edit the cell keeping its text; Backspace and a printable key start over', () => {
    expect(gridKeyAction(press('Enter'), ctx)).toEqual({ kind: 'edit', text: null, mode: 'edit' });
    expect(gridKeyAction(press('F2'), ctx)).toEqual({ kind: 'edit', text: null, mode: 'edit' });
    expect(gridKeyAction(press('Backspace'), ctx)).toEqual({ kind: 'edit', text: '', mode: 'enter' });
    expect(gridKeyAction(press('x'), ctx)).toEqual({ kind: 'edit', text: 'x', mode: 'enter' });
    expect(gridKeyAction(press('='), ctx)).toEqual({ kind: 'edit', text: '=', mode: 'enter' });
  });

  it('Delete clears the selection', () => {
    expect(gridKeyAction(press('Delete'), ctx)).toEqual({ kind: 'clear' });
  });

  it('leaves shortcuts and keys that are not the grid’s to the browser', () => {
    expect(gridKeyAction(press('End'), ctx)).toBeNull();
    expect(gridKeyAction(press('c', { ctrlKey: true }), ctx)).toBeNull();
    expect(gridKeyAction(press('v', { metaKey: true }), ctx)).toBeNull();
    expect(gridKeyAction(press('x', { altKey: true }), ctx)).toBeNull();
    expect(gridKeyAction(press('Tab'), ctx)).toBeNull();
    expect(gridKeyAction(press('Shift', { shiftKey: true }), ctx)).toBeNull();
  });
});

describe('editorKeyAction', () => {
  it('Enter and Tab commit and move (Shift moves back)', () => {
    expect(editorKeyAction(press('Enter'), 'edit')).toEqual({ kind: 'commit', move: { rows: 1, cols: 0 } });
    expect(editorKeyAction(press('Enter', { shiftKey: true }), 'edit')).toEqual({ kind: 'commit', move: { rows: -1, cols: 0 } });
    expect(editorKeyAction(press('Tab'), 'enter')).toEqual({ kind: 'commit', move: { rows: 0, cols: 1 } });
    expect(editorKeyAction(press('Tab', { shiftKey: true }), 'enter')).toEqual({ kind: 'commit', move: { rows: 0, cols: -1 } });
  });

  it('Escape cancels', () => {
    expect(editorKeyAction(press('Escape'), 'edit')).toEqual({ kind: 'cancel' });
  });

  it('arrows commit and move when typing over a cell, and move the caret when editing it', () => {
    expect(editorKeyAction(press('ArrowUp'), 'enter')).toEqual({ kind: 'commit', move: { rows: -1, cols: 0 } });
    expect(editorKeyAction(press('ArrowDown'), 'enter')).toEqual({ kind: 'commit', move: { rows: 1, cols: 0 } });
    expect(editorKeyAction(press('ArrowLeft'), 'enter')).toEqual({ kind: 'commit', move: { rows: 0, cols: -1 } });
    expect(editorKeyAction(press('ArrowRight'), 'enter')).toEqual({ kind: 'commit', move: { rows: 0, cols: 1 } });
    for (const key of ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']) expect(editorKeyAction(press(key), 'edit')).toBeNull();
  });

  it('leaves typing to the input', () => {
    expect(editorKeyAction(press('a'), 'enter')).toBeNull();
    expect(editorKeyAction(press('Backspace'), 'edit')).toBeNull();
  });
});
