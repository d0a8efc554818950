/** The grid's column sizing: drag a header's right border to resize (saved on release), double-click it to autofit. */
import { useCallback, useState, type RefObject } from 'react';
import { MAX_COLUMN_WIDTH } from '../../core/memory/workbook-model';
import type { PreviewHost } from '../preview-host';
import { selectionRange } from '../selection-store';
import { autofitColumns } from './column-autofit';
import type { ColumnLayout } from './column-layout';

/** The narrowest a column can be dragged. */
export const MIN_DRAG_WIDTH = 8;

/** A column being resized by dragging its header's border: its width so far (saved on release). */
export interface ColumnDrag {
  col: number;
  width: number;
}

export interface ColumnResize {
  /** The drag in progress, whose width the layout shows before the model has it. */
  drag: ColumnDrag | null;
  onResizeStart(col: number, clientX: number): void;
  onAutofit(col: number): void;
}

/** Resize and autofit over `host`'s model; `layoutRef` holds the layout on screen (the drag starts from its width). */
export function useColumnResize(host: PreviewHost, layoutRef: RefObject<ColumnLayout>): ColumnResize {
  const model = host.model;
  const [drag, setDrag] = useState<ColumnDrag | null>(null);

  // The width follows the pointer; the model gets it on release.
  const onResizeStart = useCallback(
    (col: number, clientX: number) => {
      const startWidth = layoutRef.current.width(col);
      const widthAt = (x: number): number => Math.max(MIN_DRAG_WIDTH, Math.min(MAX_COLUMN_WIDTH, Math.round(startWidth + x - clientX)));
      setDrag({ col, width: startWidth });
      const onMove = (e: MouseEvent): void => setDrag({ col, width: widthAt(e.clientX) });
      const onUp = (e: MouseEvent): void => {
        window.removeEventListener('mousemove', onMove);
        window.removeEventListener('mouseup', onUp);
        setDrag(null);
        const sheet = host.selection.selection.sheetId;
        const width = widthAt(e.clientX);
        // A click on the border (a double-click's first half) changes nothing.
        if (width !== startWidth && model.sheet(sheet)) model.setColumnWidths(sheet, [{ col, width }]);
      };
      window.addEventListener('mousemove', onMove);
      window.addEventListener('mouseup', onUp);
    },
    [host, model, layoutRef],
  );

  const onAutofit = useCallback(
    (col: number) => {
      const sel = host.selection.selection;
      const range = selectionRange(sel);
      // A double-click on a selected column's border fits every selected column, as in Excel.
      const inSelection = col >= range.col && col < range.col + range.cols;
      void autofitColumns(model, sel.sheetId, inSelection ? range.col : col, inSelection ? range.cols : 1);
    },
    [host, model],
  );

  return { drag, onResizeStart, onAutofit };
}
