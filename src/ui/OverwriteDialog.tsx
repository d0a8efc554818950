/** Asks before overwriting cells that hold data, naming the first few of them and how many more. */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text } from '@fluentui/react-components';
import { describeCells } from './error-view';

export interface OverwriteDialogProps {
  /** Cells in the way (A1 labels); the dialog is open while this is not null. */
  cells: readonly string[] | null;
  /** How many cells are in the way (more than `cells` names when there are many); defaults to the cells named. */
  total?: number;
  onOverwrite: () => void;
  onCancel: () => void;
}

export function OverwriteDialog({ cells, total, onOverwrite, onCancel }: OverwriteDialogProps) {
  const named = cells?.length ?? 0;
  const count = Math.max(total ?? named, named);
  return (
    <Dialog
      open={cells !== null}
      modalType="alert"
      onOpenChange={(_, data) => {
        if (!data.open) onCancel();
      }}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Overwrite cells?</DialogTitle>
          <DialogContent>
            <Text block>
              The report would cover {count === 1 ? 'a cell that holds' : `${count} cells that hold`} data:{' '}
              {describeCells(cells ?? [], 3, count)}.
            </Text>
            <Text block>Overwrite them, or cancel and choose another cell.</Text>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onOverwrite}>
              Overwrite
            </Button>
            <Button onClick={onCancel}>Cancel</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
