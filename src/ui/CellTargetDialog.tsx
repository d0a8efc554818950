/** A dialog that puts a report at the selected cell: its own content, the cell it names, then Confirm, Use selected cell, Cancel. */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Text,
  useRestoreFocusSource,
} from '@fluentui/react-components';
import { useId, type ReactNode } from 'react';
import type { CellTarget } from '../core/service/addin-service';
import { ErrorBar } from './ErrorBar';
import { useActiveCell } from './use-active-cell';

export interface CellTargetDialogProps {
  open: boolean;
  title: string;
  busy: boolean;
  /** The confirm button's text ("Move here"). */
  confirmLabel: string;
  /** The line naming the target ("Move to Sheet1!B2"), or asking for one when no cell is selected (null). */
  targetText: (target: CellTarget | null) => string;
  /** Keeps the confirm button off for a reason of the dialog's own (a required field left empty). */
  blocked?: boolean;
  onConfirm: (target: CellTarget) => void;
  onCancel: () => void;
  /** The dialog's own content, above the target line. */
  children: ReactNode;
  /** Shown under the target line (the last attempt's error). */
  after?: ReactNode;
}

export function CellTargetDialog(props: CellTargetDialogProps) {
  const { open, title, busy, confirmLabel, targetText, blocked = false, onConfirm, onCancel, children, after } = props;
  // The selected cell is followed while the dialog is open and idle.
  const active = useActiveCell(open && !busy);
  const targetId = useId();
  const target = active.target;
  // Closing takes the focus with the dialog: it goes back to the button that opened it (marked useRestoreFocusTarget).
  const restoreFocus = useRestoreFocusSource();
  return (
    <Dialog
      open={open}
      modalType="alert"
      onOpenChange={(_, data) => {
        if (!data.open) onCancel();
      }}
    >
      <DialogSurface {...restoreFocus}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            {children}
            <Text block id={targetId} weight="semibold">
              {targetText(target)}
            </Text>
            {active.error !== null && <ErrorBar error={active.error} subject="Selected cell" />}
            {after}
          </DialogContent>
          <DialogActions>
            <Button
              appearance="primary"
              disabled={busy || target === null || blocked}
              aria-describedby={targetId}
              onClick={() => target !== null && onConfirm(target)}
            >
              {confirmLabel}
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
