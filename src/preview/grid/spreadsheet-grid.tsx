/** The virtualized spreadsheet grid: a scroll container with a spacer of the full size, rendering only the visible window of rows and columns. */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type RefObject,
} from 'react';
import { formatCellRef } from '../../core/cells/a1';
import { MAX_COLUMN_WIDTH } from '../../core/memory/workbook-model';
import type { PreviewHost } from '../preview-host';
import { selectionRange, type CellPos } from '../selection-store';
import { AreaOverlays } from './area-overlays';
import type { CellEdit } from './cell-edit';
import { editText } from './cell-text';
import { autofitColumns } from './column-autofit';
import { ColumnLayout } from './column-layout';
import { useUsedExtent } from './use-used-extent';
import {
  COL_WIDTH,
  FALLBACK_VIEWPORT,
  GROW_COLS,
  GROW_ROWS,
  HEADER_HEIGHT,
  ROW_HEADER_WIDTH,
  ROW_HEIGHT,
  gridExtent,
  gridWindow,
  revealSelection,
  type Viewport,
} from './grid-geometry';
import { ColumnHeaderRow, GridRow, cellDomId } from './grid-row';
import { useGridStyles } from './grid-styles';
import { gridTextMeasure } from './text-measure';
import { useModelVersion, useSelectionState } from './use-preview-state';

/** The narrowest a column can be dragged. */
export const MIN_DRAG_WIDTH = 8;

/** What moving after a commit means: one row down (Enter), one column right (Tab), or stay (click elsewhere). */
export interface Move {
  rows: number;
  cols: number;
}

export interface SpreadsheetGridProps {
  host: PreviewHost;
  edit: CellEdit | null;
  onStartEdit(edit: CellEdit): void;
  onEditText(text: string): void;
  /** Commit the edit in progress, then move the selection by `move`. */
  onCommit(move: Move): void;
  onCancel(): void;
  /** Clear the values of the selected cells (Delete). */
  onClear(): void;
  scrollerRef: RefObject<HTMLDivElement | null>;
}

function readViewport(el: HTMLDivElement): Viewport {
  return {
    scrollTop: el.scrollTop,
    scrollLeft: el.scrollLeft,
    width: el.clientWidth || FALLBACK_VIEWPORT.width,
    height: el.clientHeight || FALLBACK_VIEWPORT.height,
  };
}

/** Same rendered window: same first row/column and size (scrolling within a row or column changes nothing). */
function sameQuantum(a: Viewport, b: Viewport, layout: ColumnLayout): boolean {
  return (
    Math.floor(a.scrollTop / ROW_HEIGHT) === Math.floor(b.scrollTop / ROW_HEIGHT) &&
    layout.colAt(a.scrollLeft) === layout.colAt(b.scrollLeft) &&
    a.width === b.width &&
    a.height === b.height
  );
}

export function SpreadsheetGrid({
  host,
  edit,
  onStartEdit,
  onEditText,
  onCommit,
  onCancel,
  onClear,
  scrollerRef,
}: SpreadsheetGridProps): ReactElement | null {
  const s = useGridStyles();
  const model = host.model;
  const version = useModelVersion(host);
  const { selection, revealSeq, revealTarget } = useSelectionState(host);
  const sheetId = selection.sheetId;
  const [viewport, setViewport] = useState<Viewport>({ scrollTop: 0, scrollLeft: 0, ...FALLBACK_VIEWPORT });
  const [grown, setGrown] = useState({ rows: 0, cols: 0 });
  /** A column being resized by dragging its header's border: its width so far (saved on release). */
  const [drag, setDrag] = useState<{ col: number; width: number } | null>(null);
  const sheetExists = model.sheet(sheetId) !== null;
  const measure = gridTextMeasure();

  // Last row/column holding a value or a tracked area (recomputed as the model changes, at most every 250 ms).
  const used = useUsedExtent(model, sheetId, version, sheetExists);

  const range = selectionRange(selection);
  const extent = gridExtent({
    lastRow: used.lastRow,
    lastCol: used.lastCol,
    selRow: range.row + range.rows - 1,
    selCol: range.col + range.cols - 1,
    grownRows: grown.rows,
    grownCols: grown.cols,
    maxRows: model.bounds.maxRows,
    maxCols: model.bounds.maxCols,
  });
  const layout = useMemo(() => {
    const widths = new Map(sheetExists ? model.columnWidths(sheetId) : []);
    if (drag) widths.set(drag.col, drag.width);
    return new ColumnLayout(extent.cols, widths, COL_WIDTH);
  }, [model, sheetId, sheetExists, extent.cols, version, drag]); // `version` stands for the model's widths
  const totalWidth = ROW_HEADER_WIDTH + layout.total;
  const totalHeight = HEADER_HEIGHT + extent.rows * ROW_HEIGHT;
  const win = gridWindow(viewport, extent.rows, extent.cols, layout);

  const extentRef = useRef(extent);
  extentRef.current = extent;
  const layoutRef = useRef(layout);
  layoutRef.current = layout;

  const onScroll = useCallback(() => {
    const el = scrollerRef.current;
    if (!el) return;
    const next = readViewport(el);
    setViewport((cur) => (sameQuantum(cur, next, layoutRef.current) ? cur : next));
    const ext = extentRef.current;
    // Near the end: add rows/columns, as a spreadsheet lets you scroll on.
    if (next.scrollTop + 2 * next.height > HEADER_HEIGHT + ext.rows * ROW_HEIGHT && ext.rows < model.bounds.maxRows)
      setGrown((g) => ({ ...g, rows: g.rows + GROW_ROWS }));
    if (next.scrollLeft + 2 * next.width > ROW_HEADER_WIDTH + layoutRef.current.total && ext.cols < model.bounds.maxCols)
      setGrown((g) => ({ ...g, cols: g.cols + GROW_COLS }));
  }, [model, scrollerRef]);

  // Dragging a column header's right border: the width follows the pointer; the model gets it on release.
  const onResizeStart = useCallback(
    (col: number, clientX: number) => {
      const startWidth = layoutRef.current.width(col);
      const widthAt = (x: number): number => Math.max(MIN_DRAG_WIDTH, Math.min(MAX_COLUMN_WIDTH, Math.round(startWidth + x - clientX)));
      setDrag({ col, width: startWidth });
      const onMove = (e: globalThis.MouseEvent): void => setDrag({ col, width: widthAt(e.clientX) });
      const onUp = (e: globalThis.MouseEvent): void => {
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
    [host, model],
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

  useEffect(() => {
    const el = scrollerRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setViewport(readViewport(el)));
    ro.observe(el);
    return () => ro.disconnect();
  }, [scrollerRef]);

  // Bring the active cell into view when asked (keyboard moves, "Go to", select()).
  useLayoutEffect(() => {
    const el = scrollerRef.current;
    if (!el) return;
    const cur = readViewport(el);
    const target = revealSelection(cur, selectionRange(selection), selection.focus, revealTarget, layoutRef.current);
    if (target.scrollTop !== cur.scrollTop) el.scrollTop = target.scrollTop;
    if (target.scrollLeft !== cur.scrollLeft) el.scrollLeft = target.scrollLeft;
    // Render the new window now (jsdom and a not-yet-laid-out grid do not scroll; the browser's scroll event follows).
    setViewport({ ...cur, ...target });
  }, [revealSeq, sheetId]); // only a new reveal request moves the view

  const select = useCallback(
    (focus: CellPos, extend: boolean) => {
      const sel = host.selection.selection;
      host.selection.set({ sheetId: sel.sheetId, active: extend ? sel.active : focus, focus }, { reveal: true });
    },
    [host],
  );

  const startEdit = useCallback(
    (text: string | null, mode: CellEdit['mode']) => {
      const sel = host.selection.selection;
      const { row, col } = sel.active;
      const value = text ?? editText(model.getCell(sel.sheetId, row, col));
      onStartEdit({ sheetId: sel.sheetId, row, col, text: value, mode, origin: 'cell' });
    },
    [host, model, onStartEdit],
  );

  const cellAt = (e: MouseEvent): CellPos | null => {
    const el = (e.target as HTMLElement).closest<HTMLElement>('[data-row]');
    if (!el) return null;
    return { row: Number(el.dataset['row']), col: Number(el.dataset['col']) };
  };

  const onMouseDown = (e: MouseEvent<HTMLDivElement>) => {
    const pos = cellAt(e);
    if (!pos || e.button !== 0) return;
    if (edit && edit.row === pos.row && edit.col === pos.col && edit.sheetId === sheetId) return;
    if (edit) onCommit({ rows: 0, cols: 0 });
    select(pos, e.shiftKey);
    scrollerRef.current?.focus({ preventScroll: true });
  };

  const onDoubleClick = (e: MouseEvent<HTMLDivElement>) => {
    const pos = cellAt(e);
    if (!pos) return;
    select(pos, false);
    startEdit(null, 'edit');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    const sel = host.selection.selection;
    const from = e.shiftKey ? sel.focus : sel.active;
    const page = Math.max(1, Math.floor((viewport.height - HEADER_HEIGHT) / ROW_HEIGHT) - 1);
    const ctrl = e.ctrlKey || e.metaKey;
    const go = (row: number, col: number) => {
      e.preventDefault();
      select({ row, col }, e.shiftKey);
    };
    switch (e.key) {
      case 'ArrowUp':
        return go(ctrl ? 0 : from.row - 1, from.col);
      case 'ArrowDown':
        return go(ctrl ? Math.max(from.row, used.lastRow) : from.row + 1, from.col);
      case 'ArrowLeft':
        return go(from.row, ctrl ? 0 : from.col - 1);
      case 'ArrowRight':
        return go(from.row, ctrl ? Math.max(from.col, used.lastCol) : from.col + 1);
      case 'PageUp':
        return go(from.row - page, from.col);
      case 'PageDown':
        return go(from.row + page, from.col);
      case 'Home':
        return go(ctrl ? 0 : from.row, 0);
      case 'End':
        if (ctrl) return go(Math.max(0, used.lastRow), Math.max(0, used.lastCol));
        return;
      case 'Enter':
      case 'F2':
        e.preventDefault();
        startEdit(null, 'edit');
        return;
      case 'Delete':
        e.preventDefault();
        onClear();
        return;
      case 'Backspace':
        e.preventDefault();
        startEdit('', 'enter');
        return;
      default:
        if (e.key.length === 1 && !ctrl && !e.altKey) {
          e.preventDefault();
          startEdit(e.key, 'enter');
        }
    }
  };

  if (!sheetExists) return null;

  const rows: ReactElement[] = [];
  for (let row = win.firstRow; row < win.endRow; row += 1) {
    const inSel = row >= range.row && row < range.row + range.rows;
    rows.push(
      <GridRow
        key={row}
        model={model}
        sheetId={sheetId}
        row={row}
        firstCol={win.firstCol}
        endCol={win.endCol}
        width={totalWidth}
        version={version}
        selFrom={inSel ? range.col : -1}
        selTo={inSel ? range.col + range.cols - 1 : -1}
        activeCol={row === selection.active.row ? selection.active.col : -1}
        layout={layout}
        measure={measure}
      />,
    );
  }

  const active = selection.active;
  const activeRendered = active.row >= win.firstRow && active.row < win.endRow && active.col >= win.firstCol && active.col < win.endCol;
  const sheetName = model.sheet(sheetId)?.name ?? '';

  return (
    <div
      ref={scrollerRef}
      role="grid"
      aria-label={`Sheet ${sheetName}`}
      aria-rowcount={extent.rows + 1}
      aria-colcount={extent.cols + 1}
      aria-multiselectable="true"
      aria-activedescendant={activeRendered && !edit ? cellDomId(active.row, active.col) : undefined}
      tabIndex={0}
      className={s.scroller}
      onScroll={onScroll}
      onKeyDown={onKeyDown}
      onMouseDown={onMouseDown}
      onDoubleClick={onDoubleClick}
    >
      <div className={s.canvas} style={{ width: totalWidth, height: totalHeight }}>
        <ColumnHeaderRow
          firstCol={win.firstCol}
          endCol={win.endCol}
          width={totalWidth}
          selFrom={range.col}
          selTo={range.col + range.cols - 1}
          layout={layout}
          onResizeStart={onResizeStart}
          onAutofit={onAutofit}
        />
        {rows}
        <AreaOverlays model={model} sheetId={sheetId} window={win} version={version} layout={layout} />
        {edit && edit.origin === 'cell' && edit.sheetId === sheetId ? (
          <CellEditor edit={edit} layout={layout} onEditText={onEditText} onCommit={onCommit} onCancel={onCancel} />
        ) : null}
      </div>
    </div>
  );
}

interface CellEditorProps {
  edit: CellEdit;
  layout: ColumnLayout;
  onEditText(text: string): void;
  onCommit(move: Move): void;
  onCancel(): void;
}

function CellEditor({ edit, layout, onEditText, onCommit, onCancel }: CellEditorProps): ReactElement {
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
    const arrows: Record<string, Move> = {
      ArrowUp: { rows: -1, cols: 0 },
      ArrowDown: { rows: 1, cols: 0 },
      ArrowLeft: { rows: 0, cols: -1 },
      ArrowRight: { rows: 0, cols: 1 },
    };
    if (e.key === 'Enter') {
      e.preventDefault();
      onCommit({ rows: e.shiftKey ? -1 : 1, cols: 0 });
    } else if (e.key === 'Tab') {
      e.preventDefault();
      onCommit({ rows: 0, cols: e.shiftKey ? -1 : 1 });
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onCancel();
    } else if (edit.mode === 'enter' && arrows[e.key]) {
      e.preventDefault();
      onCommit(arrows[e.key] as Move);
    }
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
