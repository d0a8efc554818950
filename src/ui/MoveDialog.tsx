/** Moves a placed report: the pane's "Insert at" picker (the selected cell) as the new place, then Move here or Cancel. */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text } from '@fluentui/react-components';
import { useId, useRef } from 'react';
import type { CellTarget } from '../core/service/addin-service';
import { ErrorBar } from './ErrorBar';
import { useActiveCell } from './use-active-cell';

export interface MoveDialogProps {
  /** Name of the report to move; the dialog is open while it is not null. */
  name: string | null;
  busy: boolean;
  onConfirm: (target: CellTarget) => void;
  onCancel: () => void;
}

export function MoveDialog({ name, busy, onConfirm, onCancel }: MoveDialogProps) {
  const active = useActiveCell(name !== null && !busy);
  const targetId = useId();
  // One dialog for every placement; the name stays during the close animation.
  const lastName = useRef(name);
  if (name !== null) lastName.current = name;
  const target = active.target;
  return (
    <Dialog
      open={name !== null}
      modalType="alert"
      onOpenChange={(_, data) => {
        if (!data.open) onCancel();
      }}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Move {lastName.current}</DialogTitle>
          <DialogContent>
            <Text block>
              Select the cell in the sheet where the report should start. It runs again there and its old cells are cleared.
            </Text>
            <Text block id={targetId} weight="semibold">
              {target === null ? 'Select a cell to move to' : `Move to ${target.label}`}
            </Text>
            {active.error !== null && <ErrorBar error={active.error} subject="Selected cell" />}
          </DialogContent>
          <DialogActions>
            <Button
              appearance="primary"
              disabled={busy || target === null}
              aria-describedby={targetId}
              onClick={() => target !== null && onConfirm(target)}
            >
              Move here
            </Button>
            <Button disabled={busy} onClick={() => void active.refresh()}>
              Use selected cell
            </Button>
            <Button disabled={busy} onClick={onCancel}>
              Cancel
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
