/**
 * The run log: one line per run (when, in the workbook's time zone where it has one, what started it, N of M refreshed,
 * duration), each failure's and each skipped report's reason, newest first.
 */
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
import { zonedTime } from './zoned-time';

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

/** "2026-11-26 10:00 Europe/Berlin, started by the schedule: 2 of 3 refreshed in 4 s." (UTC without a zone). */
export function runLine(entry: RunLogEntry, timeZone?: string): string {
  const at = zonedTime(entry.at, timeZone);
  return `${at}, started by ${STARTED_BY[entry.trigger]}: ${entry.refreshed} of ${entry.total} refreshed in ${seconds(entry.durationMs)}.`;
}

/** The reports of one run that failed or were skipped, each with its reason, and how many more. */
function Reasons({ label, list, more }: { label: string; list: RunLogEntry['failures']; more: number }) {
  if (list.length === 0) return null;
  return (
    <ul aria-label={label}>
      {list.map((f) => (
        <li key={f.placementId}>
          {f.name}: {f.reason}
        </li>
      ))}
      {more > 0 && <li>and {more} more</li>}
    </ul>
  );
}

export interface RunLogDialogProps {
  open: boolean;
  entries: readonly RunLogEntry[];
  /** The time zone the times are shown in (Sheets: the spreadsheet's); absent: UTC. */
  timeZone?: string;
  onClose: () => void;
}

export function RunLogDialog({ open, entries, timeZone, onClose }: RunLogDialogProps) {
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
                    <Text block>{runLine(entry, timeZone)}</Text>
                    {entry.stopped !== undefined && <Text block>{entry.stopped}</Text>}
                    <Reasons label="Failures" list={entry.failures} more={entry.moreFailures} />
                    <Reasons label="Skipped" list={entry.skipped} more={entry.moreSkipped} />
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
