/** The in-cell editor: an input over the edited cell that commits on Enter, Tab, blur (and arrows when typing over). */
import { useLayoutEffect, useRef, type KeyboardEvent, type ReactElement } from 'react';
import { formatCellRef } from '../../core/cells/a1';
import type { CellEdit } from './cell-edit';
import type { ColumnLayout } from './column-layout';
import { HEADER_HEIGHT, ROW_HEADER_WIDTH, ROW_HEIGHT } from './grid-geometry';
import { editorKeyAction, type Move } from './grid-keys';
import { useGridStyles } from './grid-styles';

export interface CellEditorProps {
  edit: CellEdit;
  layout: ColumnLayout;
  onEditText(text: string): void;
  onCommit(move: Move): void;
  onCancel(): void;
}

export function CellEditor({ edit, layout, onEditText, onCommit, onCancel }: CellEditorProps): ReactElement {
  const s = useGridStyles();
  const ref = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus({ preventScroll: true });
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    e.stopPropagation();
    const action = editorKeyAction(e, edit.mode);
    if (action === null) return;
    e.preventDefault();
    if (action.kind === 'cancel') onCancel();
    else onCommit(action.move);
  };
  return (
    <input
      ref={ref}
      className={s.editor}
      aria-label={`Edit ${formatCellRef(edit.row, edit.col)}`}
      value={edit.text}
      spellCheck={false}
      style={{
        top: HEADER_HEIGHT + edit.row * ROW_HEIGHT,
        left: ROW_HEADER_WIDTH + layout.left(edit.col),
        width: Math.max(layout.width(edit.col), (edit.text.length + 2) * 7),
      }}
      onChange={(e) => onEditText(e.target.value)}
      onKeyDown={onKeyDown}
      onMouseDown={(e) => e.stopPropagation()}
      onDoubleClick={(e) => e.stopPropagation()}
      onBlur={() => onCommit({ rows: 0, cols: 0 })}
    />
  );
}
