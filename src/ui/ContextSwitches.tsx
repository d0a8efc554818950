/** The editor's switches for a placed report's context on the sheet: a filter summary row above it and a note on its first cell. */
import { Field, Switch } from '@fluentui/react-components';
import { useState } from 'react';
import type { ContextChange, PlacementView } from '../core/service/addin-service';
import { ErrorBar } from './ErrorBar';
import { usePaneEnv } from './pane-env';

export interface ContextSwitchesProps {
  placement: PlacementView;
}

const SUMMARY_HINT = 'One line above the table names its filters; turning it on or off writes the report again.';
const NOTE_HINT = 'A note on the report’s first cell says when it was last refreshed, and by whom.';

export function ContextSwitches({ placement }: ContextSwitchesProps) {
  const { service, newJobId } = usePaneEnv();
  const [summary, setSummary] = useState(placement.filterSummary === true);
  const [note, setNote] = useState(placement.anchorNote === true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ error: unknown; subject: string } | null>(null);
  const notesUnsupported = placement.notesUnsupported ?? null;

  const change = (next: ContextChange, subject: string, undo: () => void) => {
    setBusy(true);
    setError(null);
    service
      .setPlacementContext(placement.placementId, next, { jobId: newJobId() })
      .catch((e: unknown) => {
        // Not kept: the switch shows what the workbook still has.
        undo();
        setError({ error: e, subject });
      })
      .finally(() => setBusy(false));
  };

  return (
    <>
      <Field hint={SUMMARY_HINT}>
        <Switch
          label="Filter summary above the table"
          checked={summary}
          disabled={busy}
          onChange={(_, data) => {
            const before = summary;
            setSummary(data.checked);
            change({ filterSummary: data.checked }, 'Filter summary', () => setSummary(before));
          }}
        />
      </Field>
      <Field hint={notesUnsupported ?? NOTE_HINT}>
        <Switch
          label="Note on the first cell"
          checked={note}
          disabled={busy || notesUnsupported !== null}
          onChange={(_, data) => {
            const before = note;
            setNote(data.checked);
            change({ anchorNote: data.checked }, 'Note on the first cell', () => setNote(before));
          }}
        />
      </Field>
      {error !== null && <ErrorBar error={error.error} subject={error.subject} onDismiss={() => setError(null)} />}
    </>
  );
}
