/** Runs the edited report: "Insert" at the selected cell (asking before overwriting) or "Save and refresh"; progress, Cancel, summary. */
import { Button, Caption1, MessageBar, MessageBarBody, MessageBarTitle, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useId, useState } from 'react';
import type { CellTarget, PlacementView, ReportDraft, RunOutcome } from '../core/service/addin-service';
import { ErrorBar } from './ErrorBar';
import { toErrorView } from './error-view';
import { formatDuration, formatShape } from './format-numbers';
import { JobProgress } from './JobProgress';
import { OverwriteDialog } from './OverwriteDialog';
import { usePaneEnv } from './pane-env';
import { useActiveCell } from './use-active-cell';
import { useJob } from './use-job';

export interface RunPanelProps {
  /** The placement being edited, or null for a new report (inserted at the selected cell). */
  editing: PlacementView | null;
  /** The draft to run, or null when the form is not valid (the form then shows why). */
  buildDraft: () => ReportDraft | null;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  target: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  targetText: { overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground2 },
});

interface PendingOverwrite {
  draft: ReportDraft;
  target: CellTarget;
  cells: string[];
  total: number;
}

export function RunPanel({ editing, buildDraft }: RunPanelProps) {
  const styles = useStyles();
  const { service } = usePaneEnv();
  const job = useJob<RunOutcome>();
  const running = job.status.phase === 'running';
  const active = useActiveCell(editing === null && !running);
  const targetId = useId();
  const [pending, setPending] = useState<PendingOverwrite | null>(null);

  const insert = async (draft: ReportDraft, target: CellTarget, overwrite: boolean) => {
    const outcome = await job.run((jobId) => service.insert(draft, target, { jobId, overwrite }));
    if (!outcome.ok) {
      const view = toErrorView(outcome.error);
      // Another report's cells cannot be overwritten: the error bar says so (move one of them or choose another cell).
      if (view.kind === 'blocked' && !overwrite && !view.otherPlacement) {
        job.reset();
        setPending({ draft, target, cells: view.cells, total: view.cellCount });
      }
    }
  };

  const onInsert = () => {
    const draft = buildDraft();
    if (draft === null || active.target === null) return;
    void insert(draft, active.target, false);
  };

  const onSave = () => {
    const draft = buildDraft();
    if (draft === null || editing === null) return;
    void job.run((jobId) => service.update(editing.placementId, draft, { jobId }));
  };

  const status = job.status;
  return (
    <section className={styles.root} aria-label={editing === null ? 'Insert' : 'Save'}>
      {editing === null ? (
        <div className={styles.target}>
          <Text id={targetId} className={styles.targetText} weight="semibold">
            {active.target === null ? 'Select a cell to insert at' : `Insert at ${active.target.label}`}
          </Text>
          <Button size="small" onClick={() => void active.refresh()} disabled={running}>
            Use selected cell
          </Button>
        </div>
      ) : (
        <Caption1 id={targetId} className={styles.muted}>
          Saves the report and refreshes {editing.rangeLabel ?? 'its placement'}.
        </Caption1>
      )}
      {active.error !== null && editing === null && <ErrorBar error={active.error} subject="Selected cell" />}
      {status.phase === 'running' ? (
        <JobProgress
          label={editing === null ? 'Inserting' : 'Saving and refreshing'}
          progress={status.progress}
          cancelling={status.cancelling}
          onCancel={job.cancel}
        />
      ) : (
        <div className={styles.actions}>
          {editing === null ? (
            <Button appearance="primary" onClick={onInsert} disabled={active.target === null} aria-describedby={targetId}>
              Insert
            </Button>
          ) : (
            <Button appearance="primary" onClick={onSave} aria-describedby={targetId}>
              Save and refresh
            </Button>
          )}
        </div>
      )}
      {status.phase === 'failed' && <ErrorBar error={status.error} onDismiss={job.reset} />}
      {status.phase === 'done' && (
        <MessageBar intent="success" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{editing === null ? 'Inserted' : 'Saved and refreshed'}</MessageBarTitle>
            {`${formatShape(status.result.dataRows, status.result.cols)} in ${formatDuration(status.result.elapsedMs)}`}
            <Caption1 block>at {status.result.rangeLabel}</Caption1>
          </MessageBarBody>
        </MessageBar>
      )}
      <OverwriteDialog
        cells={pending?.cells ?? null}
        total={pending?.total ?? 0}
        onCancel={() => setPending(null)}
        onOverwrite={() => {
          if (pending === null) return;
          setPending(null);
          void insert(pending.draft, pending.target, true);
        }}
      />
    </section>
  );
}
