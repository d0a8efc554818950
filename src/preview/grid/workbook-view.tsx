/** The preview workbook: toolbar, name box and formula bar, notices, the grid and the sheet tabs, sharing one edit in progress. */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useRef, useState, type ReactElement } from 'react';
import type { PreviewHost } from '../preview-host';
import { selectionRange } from '../selection-store';
import { commitEdit, type CellEdit } from './cell-edit';
import { FormulaBar } from './formula-bar';
import { GridToolbar } from './grid-toolbar';
import { SheetTabs } from './sheet-tabs';
import { SpreadsheetGrid, type Move } from './spreadsheet-grid';
import { useNotices } from './use-preview-state';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    minHeight: 0,
    minWidth: 0,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  bars: {
    display: 'flex',
    flexDirection: 'column',
    flexShrink: 0,
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
  },
});

export interface WorkbookViewProps {
  host: PreviewHost;
}

export function WorkbookView({ host }: WorkbookViewProps): ReactElement {
  const styles = useStyles();
  const notices = useNotices(host);
  const [edit, setEditState] = useState<CellEdit | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editRef = useRef<CellEdit | null>(null);
  const scrollerRef = useRef<HTMLDivElement | null>(null);

  const setEdit = useCallback((next: CellEdit | null) => {
    editRef.current = next;
    setEditState(next);
  }, []);

  const focusGrid = useCallback(() => scrollerRef.current?.focus({ preventScroll: true }), []);

  const onStartEdit = useCallback(
    (next: CellEdit) => {
      setError(null);
      setEdit(next);
    },
    [setEdit],
  );

  const onEditText = useCallback(
    (text: string) => {
      const cur = editRef.current;
      if (cur) setEdit({ ...cur, text });
    },
    [setEdit],
  );

  /** Commit the edit in progress (no-op without one), then move the selection. */
  const onCommit = useCallback(
    (move: Move) => {
      const cur = editRef.current;
      if (!cur) return;
      setEdit(null);
      try {
        commitEdit(host.model, cur);
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
        return;
      }
      if (cur.origin === 'cell') focusGrid();
      if (move.rows !== 0 || move.cols !== 0) {
        const at = { row: cur.row + move.rows, col: cur.col + move.cols };
        host.selection.set({ sheetId: cur.sheetId, active: at, focus: at }, { reveal: true });
      }
    },
    [host, setEdit, focusGrid],
  );

  const onCancel = useCallback(() => {
    const cur = editRef.current;
    setEdit(null);
    if (cur?.origin === 'cell') focusGrid();
  }, [setEdit, focusGrid]);

  const onClear = useCallback(() => {
    const range = selectionRange(host.selection.selection);
    host.model.clearRange(range.sheetId, range);
  }, [host]);

  const beforeChange = useCallback(() => onCommit({ rows: 0, cols: 0 }), [onCommit]);

  return (
    <div className={styles.root}>
      <GridToolbar host={host} onError={setError} beforeChange={beforeChange} />
      <FormulaBar
        host={host}
        edit={edit}
        onStartEdit={onStartEdit}
        onEditText={onEditText}
        onCommit={onCommit}
        onCancel={onCancel}
        onError={setError}
        focusGrid={focusGrid}
      />
      {notices.length > 0 || error ? (
        <div className={styles.bars}>
          {notices.map((n) => (
            <MessageBar key={n.id} intent={n.intent}>
              <MessageBarBody>
                <MessageBarTitle>{n.title}</MessageBarTitle>
                {n.message}
              </MessageBarBody>
              <MessageBarActions>
                <Button size="small" onClick={() => host.dismissNotice(n.id)}>
                  Dismiss
                </Button>
              </MessageBarActions>
            </MessageBar>
          ))}
          {error ? (
            <MessageBar intent="error">
              <MessageBarBody>{error}</MessageBarBody>
              <MessageBarActions>
                <Button size="small" onClick={() => setError(null)}>
                  Dismiss
                </Button>
              </MessageBarActions>
            </MessageBar>
          ) : null}
        </div>
      ) : null}
      <SpreadsheetGrid
        host={host}
        edit={edit}
        onStartEdit={onStartEdit}
        onEditText={onEditText}
        onCommit={onCommit}
        onCancel={onCancel}
        onClear={onClear}
        scrollerRef={scrollerRef}
      />
      <SheetTabs host={host} onError={setError} />
    </div>
  );
}
