/**
 * The virtualized spreadsheet grid: a scroll container with a spacer of the full size.
 * Only the visible window of rows and columns is rendered.
 */
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
import type { PreviewHost } from '../preview-host';
import { selectionRange, type CellPos } from '../selection-store';
import { AreaOverlays } from './area-overlays';
import type { CellEdit } from './cell-edit';
import { editText } from './cell-text';
import { CellEditor } from './cell-editor';
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
import { gridKeyAction, type Move } from './grid-keys';
import { ColumnHeaderRow, GridRow, cellDomId } from './grid-row';
import { useGridStyles } from './grid-styles';
import { gridTextMeasure } from './text-measure';
import { useColumnResize } from './use-column-resize';
import { useModelVersion, useSelectionState } from './use-preview-state';

export type { Move } from './grid-keys';

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
  const layoutRef = useRef<ColumnLayout>(new ColumnLayout(0, new Map(), COL_WIDTH));
  const { drag, onResizeStart, onAutofit } = useColumnResize(host, layoutRef);
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
    const pageRows = Math.max(1, Math.floor((viewport.height - HEADER_HEIGHT) / ROW_HEIGHT) - 1);
    const from = e.shiftKey ? sel.focus : sel.active;
    const action = gridKeyAction(e, { from, pageRows, lastRow: used.lastRow, lastCol: used.lastCol });
    if (action === null) return;
    e.preventDefault();
    if (action.kind === 'select') select({ row: action.row, col: action.col }, action.extend);
    else if (action.kind === 'edit') startEdit(action.text, action.mode);
    else onClear();
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
