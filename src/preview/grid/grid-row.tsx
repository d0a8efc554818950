/**
 * One rendered grid row, and the column header row with its resize handles.
 * A row is its header and the window's cells, text fitted to its column or running on into empty ones; memoized so
 * scrolling renders only new rows.
 */
import { mergeClasses } from '@fluentui/react-components';
import { memo, type MouseEvent, type ReactElement } from 'react';
import { columnToLetters, formatCellRef } from '../../core/cells/a1';
import type { WorkbookModel } from '../../core/memory/workbook-model';
import { CELL_PADDING, fitCellText } from './cell-fit';
import { cellText } from './cell-text';
import type { ColumnLayout } from './column-layout';
import { HEADER_HEIGHT, ROW_HEADER_WIDTH, ROW_HEIGHT } from './grid-geometry';
import { useGridStyles } from './grid-styles';
import type { TextMeasure } from './text-measure';

/** How far left of the window the grid looks for text running on into it. */
const OVERFLOW_LOOKBACK = 30;

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
  layout: ColumnLayout;
  measure: TextMeasure;
}

export const GridRow = memo(function GridRow(p: GridRowProps): ReactElement {
  const s = useGridStyles();
  const cells: ReactElement[] = [];
  const isEmpty = (col: number): boolean => p.model.getValue(p.sheetId, p.row, col) === null;
  const widthOf = (col: number): number => p.layout.width(col);
  const fit = (col: number) => {
    const cell = p.model.getCell(p.sheetId, p.row, col);
    const shown = cellText(cell);
    const fitted = fitCellText({
      value: cell?.value ?? null,
      format: cell?.format ?? null,
      shown,
      bold: cell?.bold === true,
      col,
      widthOf,
      isEmpty,
      lastCol: Math.max(p.endCol, p.layout.count) - 1,
      measure: p.measure,
    });
    return { cell, shown, fitted };
  };
  // Text left of the window may run on into it: start at that cell.
  let start = p.firstCol;
  for (let col = p.firstCol - 1; col >= Math.max(0, p.firstCol - OVERFLOW_LOOKBACK); col -= 1) {
    if (isEmpty(col)) continue;
    if (col + fit(col).fitted.span > p.firstCol) start = col;
    break;
  }
  for (let col = start; col < p.endCol; col += 1) {
    const { cell, shown: t, fitted } = fit(col);
    const note = p.model.notes.get(p.sheetId, p.row, col);
    const selected = col >= p.selFrom && col <= p.selTo;
    const overflows = fitted.span > 1;
    cells.push(
      <div
        key={col}
        id={cellDomId(p.row, col)}
        role="gridcell"
        aria-label={formatCellRef(p.row, col)}
        aria-colindex={col + 2}
        aria-selected={selected}
        aria-description={note ?? undefined}
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
          overflows && s.overflowing,
          note !== null && s.noted,
        )}
        style={{ left: ROW_HEADER_WIDTH + p.layout.left(col), width: p.layout.width(col) }}
        title={note ?? (cell?.formula === true ? 'Kept as text: the preview has no formula engine' : undefined)}
      >
        {overflows ? (
          <span className={s.overflowText} style={{ width: fitted.width - CELL_PADDING }} data-span={fitted.span}>
            {fitted.text}
          </span>
        ) : (
          fitted.text
        )}
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
  layout: ColumnLayout;
  /** A drag on a column's right border starts (at the pointer's clientX). */
  onResizeStart(col: number, clientX: number): void;
  /** A double-click on a column's right border: fit the column to its content. */
  onAutofit(col: number): void;
}

export const ColumnHeaderRow = memo(function ColumnHeaderRow(p: ColumnHeaderRowProps): ReactElement {
  const s = useGridStyles();
  const headers: ReactElement[] = [];
  for (let col = p.firstCol; col < p.endCol; col += 1) {
    const letters = columnToLetters(col);
    const onMouseDown = (e: MouseEvent<HTMLDivElement>) => {
      if (e.button !== 0) return;
      e.preventDefault();
      e.stopPropagation();
      p.onResizeStart(col, e.clientX);
    };
    const onDoubleClick = (e: MouseEvent<HTMLDivElement>) => {
      e.stopPropagation();
      p.onAutofit(col);
    };
    headers.push(
      <div
        key={col}
        role="columnheader"
        aria-colindex={col + 2}
        className={mergeClasses(s.colHeader, col >= p.selFrom && col <= p.selTo && s.headerSelected)}
        style={{ left: ROW_HEADER_WIDTH + p.layout.left(col), width: p.layout.width(col) }}
      >
        {letters}
        <div
          className={s.resizeHandle}
          data-resize-col={col}
          title={`Drag to resize column ${letters}; double-click to fit its content`}
          onMouseDown={onMouseDown}
          onDoubleClick={onDoubleClick}
        />
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
