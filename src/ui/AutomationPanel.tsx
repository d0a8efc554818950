/** The pane's Automation section: refresh on open, the schedule (where the host has one) and the run log. */
import {
  Button,
  Caption1,
  Field,
  Select,
  Subtitle2,
  Switch,
  Text,
  makeStyles,
  tokens,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { useCallback, useEffect, useId, useState } from 'react';
import type { AutomationChange, AutomationService, AutomationView } from '../core/automation/automation-service';
import type { Schedule } from '../core/automation/automation-settings';
import type { RunLogView } from '../core/automation/run-record';
import { toErrorView } from './error-view';
import { RunLogDialog } from './RunLogDialog';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  note: { color: tokens.colorNeutralForeground2 },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'flex-end' },
});

const HOURS = Array.from({ length: 24 }, (_, h) => h);
type Every = Schedule['every'];

function scheduleOf(every: Every, hour: number): Schedule {
  return every === 'off' || every === 'hour' ? { every } : { every, hour };
}

export interface AutomationPanelProps {
  automation: AutomationService;
  /** Told when the run log's marks change (the cards show them). */
  onMarksChange?: (marked: readonly string[]) => void;
}

export function AutomationPanel({ automation, onMarksChange }: AutomationPanelProps) {
  const styles = useStyles();
  const [view, setView] = useState<AutomationView | null>(null);
  const [log, setLog] = useState<RunLogView>({ entries: [], marked: [] });
  const [logOpen, setLogOpen] = useState(false);
  // The run log gives the focus back to its button when it closes.
  const restoreLogFocus = useRestoreFocusTarget();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const openNoteId = useId();
  const scheduleNoteId = useId();

  const readLog = useCallback(async () => {
    const next = await automation.runLog();
    setLog(next);
    onMarksChange?.(next.marked);
    return next;
  }, [automation, onMarksChange]);

  useEffect(() => {
    let live = true;
    automation.getAutomation().then(
      (v) => live && setView(v),
      (e: unknown) => live && setError(toErrorView(e).message),
    );
    readLog().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [automation, readLog]);

  const change = async (c: AutomationChange) => {
    setBusy(true);
    setError(null);
    try {
      setView(await automation.setAutomation(c));
    } catch (e) {
      setError(toErrorView(e).message);
    } finally {
      setBusy(false);
    }
  };

  const openLog = async () => {
    await readLog().catch(() => undefined);
    setLogOpen(true);
    // Someone looked: the cards' marks go.
    await automation.clearRunMarks(null).catch(() => undefined);
    onMarksChange?.([]);
    setLog((l) => ({ ...l, marked: [] }));
  };

  if (view === null) {
    return (
      <section aria-label="Automation" className={styles.root}>
        <Subtitle2 as="h2">Automation</Subtitle2>
        {error !== null && <Text role="alert">{error}</Text>}
      </section>
    );
  }
  const { settings, abilities } = view;
  const schedule = settings.schedule;
  const hour = schedule.every === 'day' || schedule.every === 'monday' ? schedule.hour : 7;
  return (
    <section aria-label="Automation" className={styles.root}>
      <Subtitle2 as="h2">Automation</Subtitle2>
      <Switch
        label="Refresh all when this workbook opens"
        checked={settings.refreshOnOpen}
        disabled={busy || !abilities.refreshOnOpen.available}
        aria-describedby={openNoteId}
        onChange={(_, d) => void change({ refreshOnOpen: d.checked })}
      />
      <Caption1 id={openNoteId} className={styles.note}>
        {abilities.refreshOnOpen.note}
      </Caption1>
      {abilities.schedule.available ? (
        <div className={styles.row}>
          <Field label="Refresh all on a schedule">
            <Select
              value={schedule.every}
              disabled={busy}
              aria-describedby={scheduleNoteId}
              onChange={(_, d) => void change({ schedule: scheduleOf(d.value as Every, hour) })}
            >
              <option value="off">Off</option>
              <option value="hour">Every hour</option>
              <option value="day">Every day</option>
              <option value="monday">Every Monday</option>
            </Select>
          </Field>
          {(schedule.every === 'day' || schedule.every === 'monday') && (
            <Field label="At about">
              <Select
                value={String(hour)}
                disabled={busy}
                onChange={(_, d) => void change({ schedule: scheduleOf(schedule.every, Number(d.value)) })}
              >
                {HOURS.map((h) => (
                  <option key={h} value={String(h)}>{`${String(h).padStart(2, '0')}:00`}</option>
                ))}
              </Select>
            </Field>
          )}
        </div>
      ) : null}
      <Caption1 id={scheduleNoteId} className={styles.note}>
        {abilities.schedule.note}
        {settings.scheduleOwner !== null && schedule.every !== 'off'
          ? ` This schedule runs with the key of ${settings.scheduleOwner}.`
          : ''}
      </Caption1>
      {error !== null && <Text role="alert">{error}</Text>}
      <div>
        <Button onClick={() => void openLog()} {...restoreLogFocus}>
          {log.marked.length > 0 ? `Run log (${log.marked.length} failed while unattended)` : 'Run log'}
        </Button>
      </div>
      <RunLogDialog open={logOpen} entries={log.entries} timeZone={log.timeZone} onClose={() => setLogOpen(false)} />
    </section>
  );
}
