/**
 * The name box and the formula bar (the active cell's value, editable).
 * The name box shows the selection as "B2" or "B2:D5"; type a reference and Enter to go there.
 */
import { Caption1, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type KeyboardEvent, type ReactElement } from 'react';
import { formatRangeRef, parseRangeRef } from '../../core/cells/a1';
import type { PreviewHost } from '../preview-host';
import { selectionRange } from '../selection-store';
import type { CellEdit } from './cell-edit';
import { editText } from './cell-text';
import type { Move } from './spreadsheet-grid';
import { useModelVersion, useSelectionState } from './use-preview-state';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    flexShrink: 0,
  },
  nameBox: { width: '110px', flexShrink: 0 },
  fx: { color: tokens.colorNeutralForeground3, fontStyle: 'italic', flexShrink: 0 },
  formula: { flex: '1 1 auto', minWidth: 0 },
  hint: { color: tokens.colorNeutralForeground3, flexShrink: 0 },
});

export interface FormulaBarProps {
  host: PreviewHost;
  edit: CellEdit | null;
  onStartEdit(edit: CellEdit): void;
  onEditText(text: string): void;
  onCommit(move: Move): void;
  onCancel(): void;
  onError(message: string): void;
  /** Give the keyboard back to the grid. */
  focusGrid(): void;
}

export function FormulaBar({ host, edit, onStartEdit, onEditText, onCommit, onCancel, onError, focusGrid }: FormulaBarProps): ReactElement {
  const styles = useStyles();
  useModelVersion(host);
  const { selection } = useSelectionState(host);
  const model = host.model;
  const range = selectionRange(selection);
  const selectionLabel = formatRangeRef(null, range);
  const [nameText, setNameText] = useState<string | null>(null);
  const cell = model.sheet(selection.sheetId) ? model.getCell(selection.sheetId, selection.active.row, selection.active.col) : null;
  const value = edit ? edit.text : editText(cell);

  const goToName = () => {
    const text = (nameText ?? '').trim();
    setNameText(null);
    if (text === '') return;
    try {
      const ref = parseRangeRef(text, model.bounds);
      const sheet = ref.sheetName === null ? model.sheet(selection.sheetId) : model.sheetByName(ref.sheetName);
      if (!sheet) throw new Error(`There is no sheet named "${ref.sheetName ?? ''}".`);
      host.selection.selectRange({ sheetId: sheet.id, row: ref.row, col: ref.col, rows: ref.rows, cols: ref.cols }, { reveal: true });
      focusGrid();
    } catch (e) {
      onError(e instanceof Error ? e.message : String(e));
    }
  };

  const onNameKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      goToName();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setNameText(null);
      focusGrid();
    }
  };

  const startBarEdit = (text: string) => {
    onStartEdit({ sheetId: selection.sheetId, row: selection.active.row, col: selection.active.col, text, mode: 'edit', origin: 'bar' });
  };

  const onFormulaKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onCommit({ rows: e.shiftKey ? -1 : 1, cols: 0 });
      focusGrid();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onCancel();
      focusGrid();
    }
  };

  return (
    <div className={styles.bar}>
      <Input
        className={styles.nameBox}
        size="small"
        aria-label="Name box"
        value={nameText ?? selectionLabel}
        onFocus={(e) => {
          setNameText(selectionLabel);
          e.currentTarget.select();
        }}
        onBlur={() => setNameText(null)}
        onChange={(_, d) => setNameText(d.value)}
        onKeyDown={onNameKeyDown}
      />
      <span className={styles.fx} aria-hidden="true">
        fx
      </span>
      <Input
        className={styles.formula}
        size="small"
        aria-label="Formula bar"
        value={value}
        onFocus={() => {
          if (!edit) startBarEdit(editText(cell));
        }}
        onChange={(_, d) => (edit ? onEditText(d.value) : startBarEdit(d.value))}
        onKeyDown={onFormulaKeyDown}
        onBlur={() => {
          if (edit?.origin === 'bar') onCommit({ rows: 0, cols: 0 });
        }}
      />
      {cell?.formula ? <Caption1 className={styles.hint}>Kept as text: no formula engine in the preview</Caption1> : null}
    </div>
  );
}
