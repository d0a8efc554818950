/** @jest-environment jsdom */
// The pane's Automation section by role: the refresh-on-open switch, the schedule picker, the host's notes, the run log and its marks.
import '../helpers/setup-dom';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createAutomationService, fixedAutomationHost, type AutomationAbilities } from '../../src/core/automation/automation-service';
import { readRunLogView, recordRun } from '../../src/core/automation/run-record';
import { AutomationPanel } from '../../src/ui/AutomationPanel';
import { App } from '../../src/ui/App';
import { samplePlacement } from './fake-addin-service';
import { signedInFake } from './render-pane';
import { EXCEL_ABILITIES } from '../../src/excel/excel-automation';
import { mapDocumentStore } from '../core/automation/map-document-store';
import { change, click, settle } from './act-events';

const SHEETS_LIKE: AutomationAbilities = {
  refreshOnOpen: { available: true, note: 'With your own key.' },
  schedule: { available: true, note: 'At most once an hour; 20 triggers per user per script.' },
};

async function renderPanel(abilities: AutomationAbilities, store = mapDocumentStore(), timeZone?: string) {
  const host = fixedAutomationHost(abilities);
  const automation = createAutomationService(store, timeZone === undefined ? host : { ...host, timeZone: () => timeZone });
  const marks: string[][] = [];
  render(
    <FluentProvider theme={webLightTheme}>
      <AutomationPanel automation={automation} onMarksChange={(m) => marks.push([...m])} />
    </FluentProvider>,
  );
  await settle();
  return { automation, store, marks };
}

const section = () => screen.getByRole('region', { name: 'Automation' });
/** The text of the elements an element's aria-describedby names. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
const checked = (el: HTMLElement) => (el as HTMLInputElement).checked;

it('turns refresh on open on and off with the switch, saved in the document, the host’s note beside it', async () => {
  const { automation } = await renderPanel(EXCEL_ABILITIES);
  const toggle = within(section()).getByRole('switch', { name: 'Refresh all when this workbook opens' });
  expect(checked(toggle)).toBe(false);
  expect(description(toggle)).toBe(EXCEL_ABILITIES.refreshOnOpen.note);
  await click(toggle);
  expect((await automation.getAutomation()).settings.refreshOnOpen).toBe(true);
  expect(checked(within(section()).getByRole('switch', { name: 'Refresh all when this workbook opens' }))).toBe(true);
  await click(within(section()).getByRole('switch', { name: 'Refresh all when this workbook opens' }));
  expect((await automation.getAutomation()).settings.refreshOnOpen).toBe(false);
});

it('where the host has no scheduler there is no picker, and the section says so', async () => {
  await renderPanel(EXCEL_ABILITIES);
  expect(within(section()).queryByRole('combobox', { name: 'Refresh all on a schedule' })).toBeNull();
  expect(within(section()).getByText(/Excel has no scheduler for add-ins/)).toBeTruthy();
});

it('picks a schedule and its hour, with the limits in the note', async () => {
  const { automation } = await renderPanel(SHEETS_LIKE);
  const picker = within(section()).getByRole('combobox', { name: 'Refresh all on a schedule' });
  expect(description(picker)).toBe(SHEETS_LIKE.schedule.note);
  await change(picker, 'hour');
  expect((await automation.getAutomation()).settings.schedule).toEqual({ every: 'hour' });
  expect(within(section()).queryByRole('combobox', { name: 'At about' })).toBeNull();
  await change(within(section()).getByRole('combobox', { name: 'Refresh all on a schedule' }), 'monday');
  await change(within(section()).getByRole('combobox', { name: 'At about' }), '6');
  expect((await automation.getAutomation()).settings.schedule).toEqual({ every: 'monday', hour: 6 });
  await change(within(section()).getByRole('combobox', { name: 'Refresh all on a schedule' }), 'off');
  expect((await automation.getAutomation()).settings.schedule).toEqual({ every: 'off' });
});

it('the run log lists runs newest first with failures; opening it clears the marks of a failed unattended run', async () => {
  const store = mapDocumentStore();
  const base = { startedAt: Date.UTC(2026, 10, 26, 9, 0), endedAt: Date.UTC(2026, 10, 26, 9, 0, 3), names: new Map([['b', 'Costs']]) };
  await recordRun(store, { ...base, trigger: 'ribbon', summary: { total: 1, done: 1, failed: 0, stopped: 0, skipped: 0, items: [] } });
  await recordRun(store, {
    ...base,
    trigger: 'schedule',
    summary: {
      total: 2,
      done: 1,
      failed: 1,
      stopped: 0,
      skipped: 0,
      items: [{ placementId: 'b', item: { state: 'failed', kind: 'query', message: 'Bad SQL.' } }],
    },
  });
  const { marks } = await renderPanel(SHEETS_LIKE, store);
  expect(marks.at(-1)).toEqual(['b']);
  await click(within(section()).getByRole('button', { name: 'Run log (1 failed while unattended)' }));
  const dialog = await waitFor(() => screen.getByRole('dialog', { hidden: true }));
  const runs = within(dialog).getByRole('list', { name: 'Runs, newest first', hidden: true });
  const items = within(runs)
    .getAllByRole('listitem', { hidden: true })
    .filter((li) => li.parentElement === runs);
  expect(items.map((li) => li.querySelector('span')?.textContent)).toEqual([
    '2026-11-26 09:00 UTC, started by the schedule: 1 of 2 refreshed in 3 s.',
    '2026-11-26 09:00 UTC, started by the ribbon: 1 of 1 refreshed in 3 s.',
  ]);
  expect(within(items[0]!).getByRole('list', { name: 'Failures', hidden: true }).textContent).toBe('Costs: Bad SQL.');
  expect((await readRunLogView(store)).marked).toEqual([]);
  expect(marks.at(-1)).toEqual([]);
});

it("the run log shows its times in the workbook's time zone and says why each skipped report was skipped", async () => {
  const store = mapDocumentStore();
  const reason = '"Costs" has cells edited by hand: C4. Refreshing would overwrite them.';
  await recordRun(store, {
    trigger: 'menu',
    startedAt: Date.UTC(2026, 10, 26, 9, 0),
    endedAt: Date.UTC(2026, 10, 26, 9, 0, 3),
    names: new Map([['b', 'Costs']]),
    summary: { total: 2, done: 1, failed: 0, stopped: 0, skipped: 1, items: [{ placementId: 'b', item: { state: 'skipped', reason } }] },
  });
  await renderPanel(SHEETS_LIKE, store, 'Europe/Berlin');
  await click(within(section()).getByRole('button', { name: /^Run log/ }));
  const dialog = await waitFor(() => screen.getByRole('dialog', { hidden: true }));
  const runs = within(dialog).getByRole('list', { name: 'Runs, newest first', hidden: true });
  expect(runs.querySelector('span')?.textContent).toBe('2026-11-26 10:00 Europe/Berlin, started by the menu: 1 of 2 refreshed in 3 s.');
  expect(within(runs).getByRole('list', { name: 'Skipped', hidden: true }).textContent).toBe(`Costs: ${reason}`);
});

it('a card an unattended run failed on says so until someone marks it seen, in the document too', async () => {
  const store = mapDocumentStore();
  await recordRun(store, {
    trigger: 'open',
    startedAt: 0,
    endedAt: 1000,
    names: new Map(),
    summary: {
      total: 2,
      done: 1,
      failed: 1,
      stopped: 0,
      skipped: 0,
      items: [{ placementId: 'p1', item: { state: 'failed', kind: 'query', message: 'Bad SQL.' } }],
    },
  });
  const fake = signedInFake();
  fake.placements = [
    samplePlacement({ placementId: 'p1', name: 'One', rangeLabel: 'Sheet1!B2:C4' }),
    samplePlacement({ placementId: 'p2', name: 'Two', rangeLabel: 'Sheet1!E2:F4' }),
  ];
  render(
    <App service={fake} theme="light" activeCellPollMs={0} automation={createAutomationService(store, fixedAutomationHost(SHEETS_LIKE))} />,
  );
  const one = await screen.findByRole('listitem', { name: 'One' });
  await waitFor(() => within(one).getByRole('note', { name: 'Unattended run failed on One' }));
  expect(within(screen.getByRole('listitem', { name: 'Two' })).queryByRole('note')).toBeNull();
  await click(within(one).getByRole('button', { name: 'Mark One as seen' }));
  expect(within(screen.getByRole('listitem', { name: 'One' })).queryByRole('note', { name: 'Unattended run failed on One' })).toBeNull();
  expect((await readRunLogView(store)).marked).toEqual([]);
});
