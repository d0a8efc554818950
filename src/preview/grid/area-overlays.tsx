/** Subtle outlines over the tracked (placed) areas of the shown sheet, clipped to the rendered window. */
import type { ReactElement } from 'react';
import type { WorkbookModel } from '../../core/memory/workbook-model';
import type { ColumnLayout } from './column-layout';
import { HEADER_HEIGHT, ROW_HEADER_WIDTH, ROW_HEIGHT, type GridWindow } from './grid-geometry';
import { useGridStyles } from './grid-styles';

export interface AreaOverlaysProps {
  model: WorkbookModel;
  sheetId: string;
  window: GridWindow;
  /** Re-render on model changes. */
  version: number;
  layout: ColumnLayout;
}

export function AreaOverlays({ model, sheetId, window: w, layout }: AreaOverlaysProps): ReactElement {
  const s = useGridStyles();
  const boxes: ReactElement[] = [];
  for (const id of model.areaIds()) {
    const a = model.area(id);
    if (!a || a.sheetId !== sheetId) continue;
    // Clip to the window (one row/column beyond it so the clipped edge stays out of sight).
    const top = Math.max(a.row, w.firstRow - 1);
    const bottom = Math.min(a.row + a.rows, w.endRow + 1);
    const left = Math.max(a.col, w.firstCol - 1);
    const right = Math.min(a.col + a.cols, w.endCol + 1);
    if (top >= bottom || left >= right) continue;
    boxes.push(
      <div
        key={id}
        aria-hidden="true"
        data-area={id}
        className={s.area}
        style={{
          top: HEADER_HEIGHT + top * ROW_HEIGHT,
          left: ROW_HEADER_WIDTH + layout.left(left),
          height: (bottom - top) * ROW_HEIGHT,
          width: layout.left(right) - layout.left(left),
        }}
      />,
    );
  }
  return <>{boxes}</>;
}
