/** The sidebar's switches as installable triggers over the ScriptApp fake: created, listed, replaced, deleted, limited. */
import { saveSession } from '../../../../src/core/service/session-store';
import { AUTOMATION_KEY, parseAutomation } from '../../../../src/core/automation/automation-settings';
import { AutomationTriggers, OPEN_HANDLER, SCHEDULE_HANDLER } from '../../../../appsscript/server/automation/automation-triggers';
import { sheetsAutomation } from '../../../../appsscript/server/automation/sheets-automation';
import { sheetsHostOf } from '../../../../appsscript/server/service/server-service';
import { addinRejection } from '../../../helpers/caught-error';
import { createFakeEnvironment, type FakeEnvironment } from '../../fakes/environment';
import { fakeServerServices } from './fake-server-services';

let env: FakeEnvironment;
beforeEach(() => {
  env = createFakeEnvironment({ spreadsheetId: 'sheet-abc' });
  env.begin('FULL');
});
afterEach(() => env.close());

const triggers = () => new AutomationTriggers(env.triggers.app, env.book);
const listed = () =>
  env.triggers.app
    .getProjectTriggers()
    .map((t) => [t.getHandlerFunction(), t.getEventType(), t.getTriggerSource(), t.getTriggerSourceId()]);

test('refresh on open is one on-open trigger for this spreadsheet and user, deleted when turned off', () => {
  triggers().setRefreshOnOpen(true);
  triggers().setRefreshOnOpen(true);
  expect(listed()).toEqual([[OPEN_HANDLER, 'ON_OPEN', 'SPREADSHEETS', 'sheet-abc']]);
  expect(env.triggers.app.getUserTriggers(env.book).map((t) => t.getHandlerFunction())).toEqual([OPEN_HANDLER]);
  triggers().setRefreshOnOpen(false);
  expect(listed()).toEqual([]);
});

test('a schedule is one time-driven trigger in the spreadsheet’s time zone, replaced when changed and deleted when off', () => {
  const zone = env.book.getSpreadsheetTimeZone();
  triggers().setSchedule({ every: 'hour' }, { every: 'off' });
  expect(env.triggers.triggers.map((t) => [t.handler, t.recurrence])).toEqual([[SCHEDULE_HANDLER, { everyHours: 1, inTimezone: zone }]]);
  triggers().setSchedule({ every: 'day', hour: 7 }, { every: 'hour' });
  expect(env.triggers.triggers.map((t) => t.recurrence)).toEqual([{ everyDays: 1, atHour: 7, inTimezone: zone }]);
  triggers().setSchedule({ every: 'monday', hour: 6 }, { every: 'day', hour: 7 });
  expect(env.triggers.triggers.map((t) => t.recurrence)).toEqual([{ everyWeeks: 1, onWeekDay: 'MONDAY', atHour: 6, inTimezone: zone }]);
  expect(listed()).toEqual([[SCHEDULE_HANDLER, 'CLOCK', 'CLOCK', null]]);
  triggers().setSchedule({ every: 'off' }, { every: 'monday', hour: 6 });
  expect(listed()).toEqual([]);
});

test('at 20 triggers per user the switch says so as a limit; replacing a schedule deletes the old one first, so it fits', async () => {
  triggers().setSchedule({ every: 'hour' }, { every: 'off' });
  for (let i = 0; i < 19; i += 1) env.triggers.app.newTrigger(`other${i}`).timeBased().after(60_000).create();
  let e: unknown;
  try {
    triggers().setRefreshOnOpen(true);
  } catch (caught) {
    e = caught;
  }
  expect(e).toMatchObject({ kind: 'limit', message: expect.stringMatching(/at most 20 triggers per script/) });
  expect(triggers().openTriggers()).toEqual([]);
  // Replacing deletes the old one first, so the new one fits.
  triggers().setSchedule({ every: 'day', hour: 9 }, { every: 'hour' });
  expect(triggers().scheduleTriggers()).toHaveLength(1);
});

test('the sidebar’s service refuses to turn a trigger on before sign-in, then saves the switch and whose key runs it', async () => {
  const services = fakeServerServices(env);
  const automation = sheetsAutomation(services);
  const refused = await addinRejection(automation.setAutomation({ schedule: { every: 'hour' } }));
  expect(refused.kind).toBe('unauthenticated');
  expect(listed()).toEqual([]);
  await saveSession(sheetsHostOf(services).credentials, { tenantUrl: 'https://acme.example', apiKey: 'sk_secret_1', authScheme: 'auto' });
  const view = await automation.setAutomation({ schedule: { every: 'day', hour: 7 } });
  expect(view.settings.scheduleOwner).toBe('the person signed in to https://acme.example');
  expect(view.abilities.schedule.note).toMatch(/at most once an hour.*20 triggers per user per script/);
  await automation.setAutomation({ refreshOnOpen: true });
  const stored = env.stores.document.data.get(AUTOMATION_KEY);
  expect(parseAutomation(stored)).toEqual({ ...view.settings, refreshOnOpen: true });
  expect(stored).not.toContain('sk_secret_1');
  expect(
    listed()
      .map((t) => t[0])
      .sort(),
  ).toEqual([OPEN_HANDLER, SCHEDULE_HANDLER].sort());
  await automation.setAutomation({ refreshOnOpen: false });
  await automation.setAutomation({ schedule: { every: 'off' } });
  expect(listed()).toEqual([]);
});
