/** Runs the edited report: "Insert" at the selected cell (asking before overwriting) or "Save and refresh"; progress, Cancel, summary. */
import type { ParameterBindingInput } from '../core/params/parameter-binding';
import { Button, Caption1, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useId, useRef, useState } from 'react';
import { mintPublicId } from '../core/api/public-id';
import { AddinError } from '../core/errors/addin-error';
import type { CellTarget, PlacementView, ReportDraft, RunOutcome } from '../core/service/addin-service';
import { ErrorBar } from './ErrorBar';
import { toErrorView } from './error-view';
import { outcomeOf, type PlacedReport } from './card-outcome';
import { JobProgress } from './JobProgress';
import { GrowthChoice } from './GrowthChoice';
import { ContextSwitches } from './ContextSwitches';
import { overwriteQuestion } from './overwrite-question';
import { usePaneEnv } from './pane-env';
import { useAskQuestion } from './pane-question';
import { useActiveCell } from './use-active-cell';
import { useJob } from './use-job';

export interface RunPanelProps {
  /** The placement being edited, or null for a new report (inserted at the selected cell). */
  editing: PlacementView | null;
  /** The draft to run, or null when the form is not valid (the form then shows why). */
  buildDraft: () => ReportDraft | null;
  /** The report was placed (inserted or saved and refreshed): the pane goes back to the list, which shows this on its card. */
  onPlaced: (placed: PlacedReport) => void;
  /** What the platform already said about the user's rights: a refused save of a new report (to show read-only up front). */
  onCreateRefused?: () => void;
  /** Told when a run starts and ends (the editor keeps "Back to reports" from leaving a run behind). */
  onRunningChange?: (running: boolean) => void;
  /** Filter values bound to cells while authoring a new report: its Insert stores them with the placement. */
  parameters?: ParameterBindingInput[];
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  target: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  targetText: { overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground2 },
});

/** A refused save of a new report, worded with the report's name (the platform's own words name its internal id). */
function named(name: string) {
  return (e: unknown): never => {
    if (toErrorView(e).kind === 'forbidden') {
      throw new AddinError(
        'forbidden',
        `"${name}" was not saved: your account may not create reports in this deployment. Ask an administrator for the right to create reports.`,
        { cause: e },
      );
    }
    throw e;
  };
}

/** Cryptographically strong bytes for the draft's publicId. */
const randomBytes = (n: number): Uint8Array => crypto.getRandomValues(new Uint8Array(n));

export function RunPanel({ editing, buildDraft, onPlaced, onCreateRefused, onRunningChange, parameters = [] }: RunPanelProps) {
  const styles = useStyles();
  const { service } = usePaneEnv();
  const job = useJob<RunOutcome>();
  const running = job.status.phase === 'running';
  const active = useActiveCell(editing === null && !running);
  const targetId = useId();
  const ask = useAskQuestion();
  /**
   * The draft's publicId, minted at its first Insert and sent with every attempt until it is placed: a blocked, failed or
   * cancelled attempt and its retry save one report on the platform, not one each.
   */
  const draftPublicId = useRef<string | null>(null);
  /** The SQL of the last run, to point a query error at the user's own line. */
  const [lastSql, setLastSql] = useState<string | null>(null);

  useEffect(() => {
    onRunningChange?.(running);
  }, [running, onRunningChange]);

  // "Cells in the way" is about the cell it was tried at: choosing another cell makes it stale, so it goes.
  const targetLabel = active.target?.label ?? null;
  const blockedAt = useRef<string | null>(null);
  const { reset } = job;
  useEffect(() => {
    if (blockedAt.current !== null && blockedAt.current !== targetLabel) {
      blockedAt.current = null;
      reset();
    }
  }, [targetLabel, reset]);

  const placed = (verb: string, draft: ReportDraft, result: RunOutcome) => {
    const flat = draft.pivotItems === null || draft.pivotItems.columns.length === 0;
    onPlaced({ placementId: result.placementId, outcome: outcomeOf(verb, result, draft.sqlQuery, flat) });
  };

  const insert = async (draft: ReportDraft, target: CellTarget, overwrite: boolean) => {
    setLastSql(draft.sqlQuery);
    const publicId = (draftPublicId.current ??= mintPublicId(randomBytes));
    const bound = parameters.length > 0 ? { parameters } : {};
    const outcome = await job.run((jobId) =>
      service.insert(draft, target, { jobId, overwrite, publicId, ...bound }).catch(named(draft.name)),
    );
    if (outcome.ok) {
      draftPublicId.current = null;
      placed('Inserted', draft, outcome.value);
      return;
    }
    const view = toErrorView(outcome.error);
    // The id is taken in another deployment (the context changed between attempts): the next attempt mints another.
    if (view.kind === 'publicIdTaken') draftPublicId.current = null;
    if (view.kind === 'forbidden') onCreateRefused?.();
    // Another report's cells cannot be overwritten: the error bar says so (move one of them or choose another cell).
    if (view.kind === 'blocked') blockedAt.current = target.label;
    if (view.kind === 'blocked' && !overwrite && !view.otherPlacement) {
      job.reset();
      if (await ask(overwriteQuestion(view.cells, view.cellCount))) await insert(draft, target, true);
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
    setLastSql(draft.sqlQuery);
    void job
      .run((jobId) => service.update(editing.placementId, draft, { jobId }))
      .then((outcome) => {
        if (outcome.ok) placed('Saved and refreshed', draft, outcome.value);
      });
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
      {editing !== null && <GrowthChoice placement={editing} />}
      {editing !== null && <ContextSwitches placement={editing} />}
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
      {status.phase === 'failed' && <ErrorBar error={status.error} sql={lastSql} onDismiss={job.reset} takeFocus />}
    </section>
  );
}
