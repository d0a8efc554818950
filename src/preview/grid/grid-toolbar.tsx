/** The preview's toolbar: insert and delete rows and columns at the selection (tracked areas follow, as in a real host). */
import { Toolbar, ToolbarButton, ToolbarDivider } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import type { PreviewHost } from '../preview-host';
import { selectionRange } from '../selection-store';

export interface GridToolbarProps {
  host: PreviewHost;
  onError(message: string): void;
  /** Called before a structural change (commits an edit in progress). */
  beforeChange(): void;
}

export function GridToolbar({ host, onError, beforeChange }: GridToolbarProps): ReactElement {
  const run = (what: (sheetId: string, range: ReturnType<typeof selectionRange>) => void) => () => {
    beforeChange();
    const range = selectionRange(host.selection.selection);
    try {
      what(range.sheetId, range);
    } catch (e) {
      onError(e instanceof Error ? e.message : String(e));
    }
  };
  const m = host.model;
  return (
    <Toolbar aria-label="Rows and columns" size="small" style={{ flexShrink: 0, flexWrap: 'wrap' }}>
      <ToolbarButton onClick={run((id, r) => m.insertRows(id, r.row, r.rows))}>Insert row above</ToolbarButton>
      <ToolbarButton onClick={run((id, r) => m.deleteRows(id, r.row, r.rows))}>Delete row</ToolbarButton>
      <ToolbarDivider />
      <ToolbarButton onClick={run((id, r) => m.insertColumns(id, r.col, r.cols))}>Insert column left</ToolbarButton>
      <ToolbarButton onClick={run((id, r) => m.deleteColumns(id, r.col, r.cols))}>Delete column</ToolbarButton>
    </Toolbar>
  );
}
