/** Confirms removing a placement, with a checkbox "Also clear its cells". */
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  ProgressBar,
  Text,
} from '@fluentui/react-components';
import { formatCount } from './format-numbers';
import { useEffect, useRef, useState } from 'react';

export interface RemoveDialogProps {
  /** Name of the report to remove; the dialog is open while it is not null. */
  name: string | null;
  busy: boolean;
  /** While its cells are cleared: rows cleared so far and all of them (a large report takes a while). */
  clearing?: { rows: number; totalRows: number } | null;
  onConfirm: (clearCells: boolean) => void;
  onCancel: () => void;
}

export function RemoveDialog({ name, busy, clearing = null, onConfirm, onCancel }: RemoveDialogProps) {
  const [clearCells, setClearCells] = useState(false);
  // One dialog instance for every placement (two modal instances at once would hide each other); the name stays during the close animation.
  const lastName = useRef(name);
  if (name !== null) lastName.current = name;
  useEffect(() => {
    if (name !== null) setClearCells(false);
  }, [name]);
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
          <DialogTitle>Remove {lastName.current}?</DialogTitle>
          <DialogContent>
            <Text block>This workbook stops tracking the report. The report itself stays on the platform.</Text>
            <Checkbox label="Also clear its cells" checked={clearCells} onChange={(_, d) => setClearCells(d.checked === true)} />
            {busy && clearing !== null && (
              <ProgressBar
                aria-label="Clearing its cells"
                value={clearing.totalRows > 0 ? clearing.rows / clearing.totalRows : 0}
                thickness="large"
              />
            )}
            {busy && clearing !== null && (
              <Text block role="status">
                Clearing its cells: {formatCount(clearing.rows)} of {formatCount(clearing.totalRows)} rows
              </Text>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={busy} onClick={() => onConfirm(clearCells)}>
              Remove
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
