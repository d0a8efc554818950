/** One rendered grid row (row header and the window's cells) and the column header row; memoized so scrolling renders only new rows. */
import { mergeClasses } from '@fluentui/react-components';
import { memo, type ReactElement } from 'react';
import { columnToLetters, formatCellRef } from '../../core/cells/a1';
import type { WorkbookModel } from '../../core/memory/workbook-model';
import { cellText } from './cell-text';
import { COL_WIDTH, HEADER_HEIGHT, ROW_HEADER_WIDTH, ROW_HEIGHT } from './grid-geometry';
import { useGridStyles } from './grid-styles';

/** DOM id of a rendered cell (for aria-activedescendant). */
export function cellDomId(row: number, col: number): string {
  return `preview-cell-${row}-${col}`;
}

export interface GridRowProps {
  model: WorkbookModel;
  sheetId: string;
  row: number;
  firstCol: number;
  endCol: number;
  width: number;
  /** The model's change counter: a new value re-renders the row. */
  version: number;
  /** Selected columns of this row, inclusive; -1 when the row is not selected. */
  selFrom: number;
  selTo: number;
  /** The active cell's column when it is on this row, else -1. */
  activeCol: number;
}

export const GridRow = memo(function GridRow(p: GridRowProps): ReactElement {
  const s = useGridStyles();
  const cells: ReactElement[] = [];
  for (let col = p.firstCol; col < p.endCol; col += 1) {
    const cell = p.model.getCell(p.sheetId, p.row, col);
    const t = cellText(cell);
    const selected = col >= p.selFrom && col <= p.selTo;
    cells.push(
      <div
        key={col}
        id={cellDomId(p.row, col)}
        role="gridcell"
        aria-label={formatCellRef(p.row, col)}
        aria-colindex={col + 2}
        aria-selected={selected}
        data-row={p.row}
        data-col={col}
        className={mergeClasses(
          s.cell,
          t.align === 'right' && s.alignRight,
          t.align === 'center' && s.alignCenter,
          cell?.bold === true && s.bold,
          cell?.formula === true && s.formula,
          selected && s.selected,
          col === p.activeCol && s.active,
        )}
        style={{ left: ROW_HEADER_WIDTH + col * COL_WIDTH }}
        title={cell?.formula === true ? 'Kept as text: the preview has no formula engine' : undefined}
      >
        {t.text}
      </div>,
    );
  }
  return (
    <div role="row" aria-rowindex={p.row + 2} className={s.row} style={{ top: HEADER_HEIGHT + p.row * ROW_HEIGHT, width: p.width }}>
      <div role="rowheader" className={mergeClasses(s.rowHeader, p.selFrom >= 0 && s.headerSelected)}>
        {p.row + 1}
      </div>
      {cells}
    </div>
  );
});

export interface ColumnHeaderRowProps {
  firstCol: number;
  endCol: number;
  width: number;
  selFrom: number;
  selTo: number;
}

export const ColumnHeaderRow = memo(function ColumnHeaderRow(p: ColumnHeaderRowProps): ReactElement {
  const s = useGridStyles();
  const headers: ReactElement[] = [];
  for (let col = p.firstCol; col < p.endCol; col += 1) {
    headers.push(
      <div
        key={col}
        role="columnheader"
        aria-colindex={col + 2}
        className={mergeClasses(s.colHeader, col >= p.selFrom && col <= p.selTo && s.headerSelected)}
        style={{ left: ROW_HEADER_WIDTH + col * COL_WIDTH }}
      >
        {columnToLetters(col)}
      </div>,
    );
  }
  return (
    <div role="row" aria-rowindex={1} className={s.headerRow} style={{ width: p.width }}>
      <div className={s.corner} aria-hidden="true" />
      {headers}
    </div>
  );
});
