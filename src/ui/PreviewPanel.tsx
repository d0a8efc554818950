/** The preview of the report being built: its first rows as the sheet would get them, refreshed as the user edits or on Run. */
import {
  Button,
  Caption1,
  MessageBar,
  MessageBarBody,
  Spinner,
  Switch,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ReportDraft } from '../core/service/addin-service';
import type { PreviewTable } from '../core/service/preview-table';
import { toErrorView } from './error-view';
import { usePaneEnv } from './pane-env';

export interface PreviewPanelProps {
  /** The draft to preview, or null while it cannot run (its problem is shown elsewhere). */
  draft: ReportDraft | null;
  /** Builder drafts preview by themselves as they change; SQL drafts on Run. */
  auto: boolean;
}

/** Wait after the last edit before running the preview. */
export const PREVIEW_DELAY_MS = 700;

type State = { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; table: PreviewTable } | { kind: 'failed'; message: string };

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  line: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  scroll: { overflow: 'auto', maxHeight: '240px', border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  table: { borderCollapse: 'collapse', fontSize: tokens.fontSizeBase200 },
  cell: {
    padding: `0 ${tokens.spacingHorizontalXS}`,
    whiteSpace: 'nowrap',
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
  },
  number: { textAlign: 'right' },
  bold: { fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function PreviewPanel({ draft, auto }: PreviewPanelProps) {
  const styles = useStyles();
  const { service } = usePaneEnv();
  const headingId = useId();
  const [on, setOn] = useState(true);
  const [state, setState] = useState<State>({ kind: 'idle' });
  /** Each run's number: an answer that is not the latest run's (edited since, or stopped) is dropped. */
  const runNumber = useRef(0);
  const key = draft === null ? null : JSON.stringify([draft.mode, draft.sqlQuery, draft.pivotItems, draft.builderState]);

  const run = useCallback(
    (d: ReportDraft) => {
      const mine = ++runNumber.current;
      setState({ kind: 'running' });
      service.preview(d).then(
        (table) => mine === runNumber.current && setState({ kind: 'done', table }),
        (e: unknown) => mine === runNumber.current && setState({ kind: 'failed', message: toErrorView(e).message }),
      );
    },
    [service],
  );
  const stop = () => {
    runNumber.current += 1;
    setState({ kind: 'idle' });
  };

  useEffect(() => {
    if (!on || !auto || draft === null) return;
    const timer = setTimeout(() => run(draft), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
    // The draft is compared by its content (key): a new object with the same query is no edit.
  }, [on, auto, key, run]);

  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <div className={styles.line}>
        <Text id={headingId} weight="semibold">
          Preview
        </Text>
        <Switch label="Show preview" checked={on} onChange={(_, d) => setOn(d.checked)} />
      </div>
      {on && (
        <>
          <div className={styles.line}>
            {!auto && (
              <Button size="small" disabled={draft === null || state.kind === 'running'} onClick={() => draft && run(draft)}>
                Run
              </Button>
            )}
            {state.kind === 'running' && (
              <>
                <Spinner size="tiny" label="Running the preview" />
                <Button size="small" onClick={stop}>
                  Stop preview
                </Button>
              </>
            )}
          </div>
          {state.kind === 'failed' && (
            <MessageBar intent="warning" layout="multiline">
              <MessageBarBody>{state.message}</MessageBarBody>
            </MessageBar>
          )}
          {state.kind === 'done' && <PreviewGrid table={state.table} label={headingId} styles={styles} />}
          {state.kind === 'idle' && (
            <Caption1 className={styles.muted}>
              {auto ? 'The first rows show here as you build.' : 'Run the query to see its first rows.'}
            </Caption1>
          )}
        </>
      )}
    </section>
  );
}

function PreviewGrid({ table, label, styles }: { table: PreviewTable; label: string; styles: ReturnType<typeof useStyles> }) {
  // Cells as the sheet shows them: the service laid the draft out with the core's code Insert writes with (totals included).
  const cell = (r: number, c: number) => ({
    text: table.texts[r]?.[c] ?? '',
    bold: table.bold[r]?.[c] === true,
  });
  const head = table.values.slice(0, table.headerRows);
  const body = table.values.slice(table.headerRows);
  return (
    <>
      <div className={styles.scroll}>
        <table className={styles.table} aria-labelledby={label}>
          <thead>
            {head.map((row, r) => (
              <tr key={r}>
                {row.map((_, c) => (
                  <th key={c} scope="col" className={styles.cell}>
                    {cell(r, c).text}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {body.map((row, i) => (
              <tr key={i}>
                {row.map((v, c) => {
                  const shown = cell(i + table.headerRows, c);
                  return (
                    <td key={c} className={mergeClasses(styles.cell, typeof v === 'number' && styles.number, shown.bold && styles.bold)}>
                      {shown.text}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Caption1 className={styles.muted}>{rowsNote(table)}</Caption1>
    </>
  );
}

/** The rows the preview shows, as sheet rows (a pivot lays several query rows into one). */
function rowsNote(table: PreviewTable): string {
  const rows = `${table.rows} ${table.rows === 1 ? 'row' : 'rows'}`;
  return table.more ? `The first ${rows}; the report may hold more.` : `All ${rows}.`;
}
