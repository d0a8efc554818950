/** The automation service: switches saved in the document, applied through the host, refused where the host cannot. */
import { AUTOMATION_KEY, parseAutomation, scheduleText } from '../../../src/core/automation/automation-settings';
import {
  createAutomationService,
  fixedAutomationHost,
  type AutomationAbilities,
  type AutomationHost,
} from '../../../src/core/automation/automation-service';
import { mapDocumentStore } from './map-document-store';

const ALL: AutomationAbilities = {
  refreshOnOpen: { available: true, note: 'on open' },
  schedule: { available: true, note: 'hourly at most' },
};

it('reads everything off in a new or damaged workbook', async () => {
  const service = createAutomationService(mapDocumentStore(), fixedAutomationHost(ALL));
  expect((await service.getAutomation()).settings).toEqual({ refreshOnOpen: false, schedule: { every: 'off' }, scheduleOwner: null });
  expect(parseAutomation('{"refreshOnOpen":"yes"}').refreshOnOpen).toBe(false);
});

it('saves a switch in the document after the host followed it, with the owner the host names', async () => {
  const store = mapDocumentStore();
  const applied: string[] = [];
  const host: AutomationHost = {
    abilities: async () => ALL,
    apply: async (next) => {
      applied.push(JSON.stringify(next));
      return next.schedule.every === 'off' ? next : { ...next, scheduleOwner: 'ada@example.com' };
    },
  };
  const service = createAutomationService(store, host);
  await service.setAutomation({ refreshOnOpen: true });
  const view = await service.setAutomation({ schedule: { every: 'day', hour: 7 } });
  expect(view.settings).toEqual({ refreshOnOpen: true, schedule: { every: 'day', hour: 7 }, scheduleOwner: 'ada@example.com' });
  expect(parseAutomation(store.map.get(AUTOMATION_KEY))).toEqual(view.settings);
  expect(applied).toHaveLength(2);
  expect(scheduleText(view.settings.schedule)).toBe('every day at about 07:00');
  expect((await service.setAutomation({ schedule: { every: 'off' } })).settings.scheduleOwner).toBeNull();
});

it('leaves the document as it was when the host cannot follow', async () => {
  const store = mapDocumentStore();
  const host: AutomationHost = {
    abilities: async () => ALL,
    apply: async () => {
      throw new Error('Too many triggers.');
    },
  };
  await expect(createAutomationService(store, host).setAutomation({ refreshOnOpen: true })).rejects.toThrow('Too many triggers.');
  expect(store.map.has(AUTOMATION_KEY)).toBe(false);
});

it('refuses a schedule where the host has no scheduler, with the host’s sentence', async () => {
  const none = { ...ALL, schedule: { available: false, note: 'Excel has no scheduler for add-ins.' } };
  const service = createAutomationService(mapDocumentStore(), fixedAutomationHost(none));
  await expect(service.setAutomation({ schedule: { every: 'hour' } })).rejects.toMatchObject({
    kind: 'validation',
    message: 'Excel has no scheduler for add-ins.',
  });
});

it("gives the run log the host's time zone to show its times in, and none where the host has none (UTC)", async () => {
  const zoned: AutomationHost = { ...fixedAutomationHost(ALL), timeZone: () => 'Europe/Berlin' };
  expect(await createAutomationService(mapDocumentStore(), zoned).runLog()).toEqual({ entries: [], marked: [], timeZone: 'Europe/Berlin' });
  expect(await createAutomationService(mapDocumentStore(), fixedAutomationHost(ALL)).runLog()).toEqual({ entries: [], marked: [] });
});
