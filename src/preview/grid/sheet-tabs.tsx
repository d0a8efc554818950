/** Sheet tabs under the grid: switch (click, arrow keys), add, rename (double-click or "Rename sheet") and delete (with confirmation). */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import type { PreviewHost } from '../preview-host';
import { useModelVersion, useSelectionState } from './use-preview-state';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
    overflowX: 'auto',
    flexShrink: 0,
  },
  tabs: { display: 'flex', gap: '2px' },
  tab: {
    border: 'none',
    borderBottom: '2px solid transparent',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground2,
    font: 'inherit',
    fontSize: tokens.fontSizeBase200,
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  tabSelected: {
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    borderBottom: `2px solid ${tokens.colorBrandStroke1}`,
  },
  rename: { font: 'inherit', fontSize: tokens.fontSizeBase200, width: '120px' },
  spacer: { flex: '1 1 auto' },
});

export interface SheetTabsProps {
  host: PreviewHost;
  onError(message: string): void;
}

export function SheetTabs({ host, onError }: SheetTabsProps): ReactElement {
  const styles = useStyles();
  useModelVersion(host);
  const { selection } = useSelectionState(host);
  const model = host.model;
  const sheets = model.sheets();
  const shown = selection.sheetId;
  const shownName = model.sheet(shown)?.name ?? '';
  const [renaming, setRenaming] = useState<{ sheetId: string; text: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const attempt = (f: () => void): boolean => {
    try {
      f();
      return true;
    } catch (e) {
      onError(e instanceof Error ? e.message : String(e));
      return false;
    }
  };

  const commitRename = () => {
    if (!renaming) return;
    const { sheetId, text } = renaming;
    const current = model.sheet(sheetId)?.name;
    if (current === undefined || text === current) {
      setRenaming(null);
      return;
    }
    if (attempt(() => model.renameSheet(sheetId, text.trim()))) setRenaming(null);
  };

  const onRenameKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commitRename();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setRenaming(null);
    }
  };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (e.key === 'F2') {
      e.preventDefault();
      setRenaming({ sheetId: shown, text: shownName });
      return;
    }
    if (step === 0) return;
    e.preventDefault();
    const next = sheets[(index + step + sheets.length) % sheets.length];
    if (!next) return;
    host.selection.showSheet(next.id);
    tabRefs.current.get(next.id)?.focus();
  };

  const addSheet = () => {
    attempt(() => {
      const added = model.addSheet();
      host.selection.showSheet(added.id);
    });
  };

  const deleteShown = () => {
    setConfirmDelete(false);
    attempt(() => model.deleteSheet(shown));
  };

  return (
    <div className={styles.bar}>
      <div role="tablist" aria-label="Sheets" className={styles.tabs}>
        {sheets.map((sheet, index) =>
          renaming?.sheetId === sheet.id ? (
            <input
              key={sheet.id}
              className={styles.rename}
              aria-label="Sheet name"
              value={renaming.text}
              autoFocus
              onChange={(e) => setRenaming({ sheetId: sheet.id, text: e.target.value })}
              onKeyDown={onRenameKey}
              onBlur={commitRename}
            />
          ) : (
            <button
              key={sheet.id}
              ref={(el) => {
                if (el) tabRefs.current.set(sheet.id, el);
                else tabRefs.current.delete(sheet.id);
              }}
              type="button"
              role="tab"
              aria-selected={sheet.id === shown}
              tabIndex={sheet.id === shown ? 0 : -1}
              className={mergeClasses(styles.tab, sheet.id === shown && styles.tabSelected)}
              onClick={() => host.selection.showSheet(sheet.id)}
              onDoubleClick={() => setRenaming({ sheetId: sheet.id, text: sheet.name })}
              onKeyDown={(e) => onTabKey(e, index)}
            >
              {sheet.name}
            </button>
          ),
        )}
      </div>
      <Button size="small" appearance="subtle" aria-label="Add sheet" title="Add sheet" onClick={addSheet}>
        +
      </Button>
      <span className={styles.spacer} />
      <Button size="small" appearance="subtle" onClick={() => setRenaming({ sheetId: shown, text: shownName })}>
        Rename sheet
      </Button>
      <Button size="small" appearance="subtle" disabled={sheets.length < 2} onClick={() => setConfirmDelete(true)}>
        Delete sheet
      </Button>
      <Dialog open={confirmDelete} onOpenChange={(_, d) => setConfirmDelete(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Delete sheet "{shownName}"?</DialogTitle>
            <DialogContent>Its cells are deleted. Reports placed on it lose their place and show as orphaned in the pane.</DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={deleteShown}>
                Delete
              </Button>
              <Button appearance="secondary" onClick={() => setConfirmDelete(false)}>
                Cancel
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
