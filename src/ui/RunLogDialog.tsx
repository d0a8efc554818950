/** The run log: one line per run (when, what started it, N of M refreshed, each failure's reason, duration), newest first. */
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
import type { RunLogEntry } from '../core/automation/run-log';

const STARTED_BY: Record<RunLogEntry['trigger'], string> = {
  pane: 'the pane',
  ribbon: 'the ribbon',
  menu: 'the menu',
  open: 'opening the workbook',
  schedule: 'the schedule',
  parameter: 'a parameter change',
};

function seconds(ms: number): string {
  return ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60_000)} min`;
}

/** "2026-11-26 09:00 UTC, started by the schedule: 2 of 3 refreshed in 4 s." */
export function runLine(entry: RunLogEntry): string {
  const at = `${entry.at.slice(0, 10)} ${entry.at.slice(11, 16)} UTC`;
  return `${at}, started by ${STARTED_BY[entry.trigger]}: ${entry.refreshed} of ${entry.total} refreshed in ${seconds(entry.durationMs)}.`;
}

export interface RunLogDialogProps {
  open: boolean;
  entries: readonly RunLogEntry[];
  onClose: () => void;
}

export function RunLogDialog({ open, entries, onClose }: RunLogDialogProps) {
  const newestFirst = [...entries].reverse();
  // Closing (Close or Escape) gives the focus back to the button that opened it (marked useRestoreFocusTarget).
  const restoreFocus = useRestoreFocusSource();
  return (
    <Dialog open={open} onOpenChange={(_, data) => (data.open ? undefined : onClose())}>
      <DialogSurface {...restoreFocus}>
        <DialogBody>
          <DialogTitle>Run log</DialogTitle>
          <DialogContent>
            {newestFirst.length === 0 ? (
              <Text block>No runs yet: runs from the ribbon or menu, on open and on a schedule are listed here (the last 50).</Text>
            ) : (
              <ul aria-label="Runs, newest first">
                {newestFirst.map((entry, i) => (
                  <li key={`${entry.at}-${i}`}>
                    <Text block>{runLine(entry)}</Text>
                    {entry.stopped !== undefined && <Text block>{entry.stopped}</Text>}
                    {entry.failures.length > 0 && (
                      <ul aria-label="Failures">
                        {entry.failures.map((f) => (
                          <li key={f.placementId}>
                            {f.name}: {f.reason}
                          </li>
                        ))}
                        {entry.moreFailures > 0 && <li>and {entry.moreFailures} more</li>}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
