/** Moves a placed report: the pane's "Insert at" picker (the selected cell) as the new place, then Move here or Cancel. */
import { Text } from '@fluentui/react-components';
import { useRef } from 'react';
import type { CellTarget } from '../core/service/addin-service';
import { CellTargetDialog } from './CellTargetDialog';

export interface MoveDialogProps {
  /** Name of the report to move; the dialog is open while it is not null. */
  name: string | null;
  busy: boolean;
  onConfirm: (target: CellTarget) => void;
  onCancel: () => void;
}

export function MoveDialog({ name, busy, onConfirm, onCancel }: MoveDialogProps) {
  // One dialog for every placement; the name stays during the close animation.
  const lastName = useRef(name);
  if (name !== null) lastName.current = name;
  return (
    <CellTargetDialog
      open={name !== null}
      title={`Move ${lastName.current ?? ''}`}
      busy={busy}
      confirmLabel="Move here"
      targetText={(target) => (target === null ? 'Select a cell to move to' : `Move to ${target.label}`)}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <Text block>Select the cell in the sheet where the report should start. It runs again there and its old cells are cleared.</Text>
    </CellTargetDialog>
  );
}
