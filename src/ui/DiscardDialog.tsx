/** Asks before "Back to reports" drops a draft that was changed and not placed or saved. */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text } from '@fluentui/react-components';

export interface DiscardDialogProps {
  open: boolean;
  /** The report's name as typed (empty when none yet). */
  name: string;
  /** True for a new report (not inserted yet), false for an edit (not saved yet). */
  isNew: boolean;
  onDiscard: () => void;
  onKeepEditing: () => void;
}

export function DiscardDialog({ open, name, isNew, onDiscard, onKeepEditing }: DiscardDialogProps) {
  const what = name.trim() === '' ? 'this report' : `"${name.trim()}"`;
  return (
    <Dialog
      open={open}
      modalType="alert"
      onOpenChange={(_, data) => {
        if (!data.open) onKeepEditing();
      }}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Discard your changes?</DialogTitle>
          <DialogContent>
            <Text block>
              {isNew
                ? `${what} has not been inserted yet. Going back to the reports discards it.`
                : `Your changes to ${what} are not saved. Going back to the reports discards them.`}
            </Text>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onKeepEditing}>
              Keep editing
            </Button>
            <Button onClick={onDiscard}>Discard</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
