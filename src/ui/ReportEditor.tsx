/** The New report / Edit screen: name, description, Builder or SQL mode, and the run panel (Insert or Save and refresh). */
import {
  Button,
  Caption1,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  Tab,
  TabList,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Meta } from '../core/wire/schemas';
import { emptyBuilderState, parseBuilderState, type BuilderState } from '../core/builder/builder-state';
import { compileBuilder } from '../core/builder/compile';
import type { PlacementView, ReportDraft } from '../core/service/addin-service';
import { BuilderPanel } from './BuilderPanel';
import type { PlacedReport } from './card-outcome';
import { discardQuestion } from './discard-question';
import { ErrorBar } from './ErrorBar';
import { toErrorView } from './error-view';
import { usePaneEnv } from './pane-env';
import { useAskQuestion } from './pane-question';
import { PreviewPanel } from './PreviewPanel';
import { RunPanel } from './RunPanel';
import { useFilterBindings, type BoundCells } from './use-filter-bindings';
import { applyParameters } from '../core/params/apply-parameters';

export interface ReportEditorProps {
  /** The placement to edit, or null for a new report. */
  editing: PlacementView | null;
  onClose: () => void;
  /** The report was inserted or saved: the shell goes back to the list with it highlighted. */
  onPlaced: (placed: PlacedReport) => void;
  /** The platform refused to save a new report for lack of rights. */
  onCreateRefused?: () => void;
}

type Mode = ReportDraft['mode'];
type Compiled =
  { ok: true; sqlQuery: string; jsonQuery: string; pivotItems: NonNullable<ReportDraft['pivotItems']> } | { ok: false; problem: string };

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  heading: { minWidth: 0, overflowWrap: 'anywhere' },
  sql: { width: '100%' },
  mono: { fontFamily: tokens.fontFamilyMonospace },
  muted: { color: tokens.colorNeutralForeground2 },
  // Insert (or Save) and its Cancel stay in view at the pane's bottom edge while the builder above them scrolls.
  footer: {
    position: 'sticky',
    bottom: 0,
    zIndex: 1,
    paddingTop: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
    // The form keeps most of the pane: an error or the placed report's options scroll inside the footer past this height.
    maxHeight: '40vh',
    overflowY: 'auto',
  },
});

/** The form's content in one comparable text. */
function formSnapshot(name: string, description: string, mode: Mode, builder: BuilderState, sql: string): string {
  return JSON.stringify([name, description, mode, mode === 'builder' ? builder : null, mode === 'sql' ? sql : null]);
}

/**
 * The builder state a run will use: each bound value replaced by what its cell holds (a bound filter takes its value
 * from its cell everywhere: the checks, the SQL shown, the live preview and Insert), or why that cannot be known yet.
 */
function withBoundCells(state: BuilderState, cells: BoundCells): { state: BuilderState } | { problem: string } {
  if (cells.kind === 'none') return { state };
  if (cells.kind === 'reading')
    return { problem: `Reading the bound ${cells.cells.length === 1 ? 'cell' : 'cells'} ${cells.cells.join(', ')}…` };
  if (cells.kind === 'failed') return { problem: toErrorView(cells.error).message };
  try {
    return { state: applyParameters(state, cells.values) };
  } catch (e) {
    return { problem: toErrorView(e).message };
  }
}

function compile(state: BuilderState, meta: Meta | null): Compiled {
  if (meta === null) return { ok: false, problem: 'The fields are still loading.' };
  try {
    const c = compileBuilder(state, meta);
    return { ok: true, sqlQuery: c.sqlQuery, jsonQuery: c.jsonQuery, pivotItems: c.pivotItems };
  } catch (e) {
    return { ok: false, problem: toErrorView(e).message };
  }
}

export function ReportEditor({ editing, onClose, onPlaced, onCreateRefused }: ReportEditorProps) {
  const styles = useStyles();
  const { service } = usePaneEnv();
  const [meta, setMeta] = useState<Meta | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [loadingDraft, setLoadingDraft] = useState(editing !== null);
  const [name, setName] = useState(editing?.name ?? '');
  const [description, setDescription] = useState('');
  const [mode, setMode] = useState<Mode>('builder');
  const [builder, setBuilder] = useState<BuilderState>(() => emptyBuilderState());
  const [sql, setSql] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [builderProblem, setBuilderProblem] = useState<string | null>(null);
  const [limitProblem, setLimitProblem] = useState<string | null>(null);
  /** True while an insert or save runs: it holds the editor, so "Back to reports" waits for it (or its Cancel). */
  const [running, setRunning] = useState(false);
  const ask = useAskQuestion();
  const filterBindings = useFilterBindings(editing);
  const busyId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  /** The form as loaded (empty for a new report): "Back to reports" asks before dropping anything changed since. */
  const baseline = useRef<string | null>(null);

  useEffect(() => {
    let live = true;
    service.getMeta().then(
      (m) => live && setMeta(m),
      (e: unknown) => live && setLoadError(e),
    );
    if (editing !== null) {
      service.loadDraft(editing.placementId).then(
        (draft) => {
          if (!live) return;
          setName(draft.name);
          setDescription(draft.description);
          setSql(draft.sqlQuery);
          const state = parseBuilderState(draft.builderState);
          setMode(draft.mode === 'builder' && state !== null ? 'builder' : 'sql');
          if (state !== null) setBuilder(state);
          baseline.current = formSnapshot(
            draft.name,
            draft.description,
            draft.mode === 'builder' && state !== null ? 'builder' : 'sql',
            state ?? emptyBuilderState(),
            draft.sqlQuery,
          );
          setLoadingDraft(false);
        },
        (e: unknown) => {
          if (!live) return;
          setLoadError(e);
          setLoadingDraft(false);
        },
      );
    }
    return () => {
      live = false;
    };
  }, [service, editing]);

  const run = useMemo(() => withBoundCells(builder, filterBindings.cells), [builder, filterBindings.cells]);
  /** The state the report runs with: the builder's, its bound values taken from their cells. */
  const runState = 'state' in run ? run.state : builder;
  const compiled = useMemo<Compiled>(
    () =>
      limitProblem !== null
        ? { ok: false, problem: `Limit: ${limitProblem}` }
        : 'problem' in run
          ? { ok: false, problem: run.problem }
          : compile(run.state, meta),
    [run, meta, limitProblem],
  );

  const snapshot = formSnapshot(name, description, mode, builder, sql);
  if (editing === null && baseline.current === null) baseline.current = snapshot;
  const dirty = !loadingDraft && baseline.current !== null && snapshot !== baseline.current;
  const back = () => {
    if (running) return;
    if (!dirty) return onClose();
    void ask(discardQuestion(name, editing === null)).then((discard) => discard && onClose());
  };

  // The form opens with focus on its first field, so keyboard and screen reader users start where the work starts.
  useEffect(() => {
    if (!loadingDraft) nameRef.current?.focus();
  }, [loadingDraft]);

  const switchMode = (next: Mode) => {
    if (next === 'sql' && sql.trim() === '' && compiled.ok) setSql(compiled.sqlQuery);
    setBuilderProblem(null);
    setMode(next);
  };

  const nameProblem = submitted && name.trim() === '' ? 'Enter a report name.' : undefined;
  const sqlProblem = submitted && mode === 'sql' && sql.trim() === '' ? 'Write a SQL query.' : undefined;

  const buildDraft = (): ReportDraft | null => {
    setSubmitted(true);
    setBuilderProblem(null);
    if (name.trim() === '') {
      nameRef.current?.focus();
      return null;
    }
    if (mode === 'sql') {
      if (sql.trim() === '') return null;
      return { name: name.trim(), description, mode: 'sql', sqlQuery: sql, jsonQuery: null, pivotItems: null, builderState: null };
    }
    if (!compiled.ok) {
      setBuilderProblem(compiled.problem);
      return null;
    }
    return {
      name: name.trim(),
      description,
      mode: 'builder',
      sqlQuery: compiled.sqlQuery,
      jsonQuery: compiled.jsonQuery,
      pivotItems: compiled.pivotItems,
      builderState: { ...runState },
    };
  };

  return (
    <section
      className={styles.root}
      aria-label={editing === null ? 'New report' : `Edit ${editing.name}`}
      // Coming back from the sheet (the preview's grid is in this page), the bound cells are read again: they may have changed.
      onFocus={(e) => {
        if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) filterBindings.reread();
      }}
    >
      <div className={styles.header}>
        <Text as="h2" size={500} weight="semibold" className={styles.heading}>
          {editing === null ? 'New report' : `Edit ${editing.name}`}
        </Text>
        <Button size="small" appearance="subtle" onClick={back} disabledFocusable={running} aria-describedby={running ? busyId : undefined}>
          Back to reports
        </Button>
      </div>
      {running && (
        <Caption1 id={busyId} className={styles.muted}>
          {editing === null ? 'Inserting: cancel it to go back to the reports.' : 'Saving: cancel it to go back to the reports.'}
        </Caption1>
      )}
      {editing !== null && editing.canEdit === false && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            You can refresh this report but not change it. Ask the report owner or an administrator for edit access.
          </MessageBarBody>
        </MessageBar>
      )}
      {loadError !== null && <ErrorBar error={loadError} onDismiss={() => setLoadError(null)} />}
      {loadingDraft ? (
        <Spinner size="tiny" label="Loading the report" />
      ) : (
        <>
          <Field label="Report name" required validationMessage={nameProblem}>
            <Input ref={nameRef} value={name} onChange={(_, d) => setName(d.value)} />
          </Field>
          <Field label="Description">
            <Textarea value={description} onChange={(_, d) => setDescription(d.value)} resize="vertical" />
          </Field>
          <TabList selectedValue={mode} onTabSelect={(_, d) => switchMode(d.value === 'sql' ? 'sql' : 'builder')} aria-label="Mode">
            <Tab value="builder">Builder</Tab>
            <Tab value="sql">SQL</Tab>
          </TabList>
          {mode === 'builder' ? (
            meta === null ? (
              loadError === null && <Spinner size="tiny" label="Loading fields" />
            ) : (
              <BuilderPanel
                meta={meta}
                state={runState}
                onChange={(s) => {
                  setBuilderProblem(null);
                  setBuilder(s);
                }}
                onLimitProblem={setLimitProblem}
                sql={compiled.ok ? compiled.sqlQuery : null}
                problem={compiled.ok ? null : compiled.problem}
                bindings={filterBindings}
              />
            )
          ) : (
            <Field label="SQL" required validationMessage={sqlProblem} hint="Views are tables; wrap measures in MEASURE(...).">
              <Textarea
                className={styles.sql}
                textarea={{ className: styles.mono }}
                value={sql}
                onChange={(_, d) => setSql(d.value)}
                rows={8}
                resize="vertical"
              />
            </Field>
          )}
          <PreviewPanel
            auto={mode === 'builder'}
            draft={
              mode === 'builder'
                ? compiled.ok
                  ? {
                      name: name.trim(),
                      description,
                      mode: 'builder',
                      sqlQuery: compiled.sqlQuery,
                      jsonQuery: compiled.jsonQuery,
                      pivotItems: compiled.pivotItems,
                      builderState: { ...runState },
                    }
                  : null
                : sql.trim() === ''
                  ? null
                  : { name: name.trim(), description, mode: 'sql', sqlQuery: sql, jsonQuery: null, pivotItems: null, builderState: null }
            }
          />
          {builderProblem !== null && (
            <MessageBar intent="warning" layout="multiline">
              <MessageBarBody>{builderProblem}</MessageBarBody>
            </MessageBar>
          )}
          <div className={styles.footer} data-pane-footer>
            <RunPanel
              editing={editing}
              buildDraft={buildDraft}
              parameters={editing === null ? filterBindings.bindings : []}
              onPlaced={onPlaced}
              onRunningChange={setRunning}
              {...(onCreateRefused === undefined ? {} : { onCreateRefused })}
            />
          </div>
        </>
      )}
    </section>
  );
}
