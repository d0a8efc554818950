// The Apps Script clock: sleeping spends the execution's time through Utilities.sleep in steps of at most 5 minutes.
// A cancelled sleep does not sleep.
import { createCancelSource } from '../../../../src/core/runtime/cancel-signal';
import { appsScriptClock } from '../../../../appsscript/server/service/apps-script-clock';
import { addinRejection } from '../../../helpers/caught-error';

test('a long sleep is split into Utilities.sleep calls of at most 300,000 ms', async () => {
  const calls: number[] = [];
  const clock = appsScriptClock({ sleep: (ms) => void calls.push(ms) }, () => 7);
  await clock.sleep(650_000.4);
  expect(calls).toEqual([300_000, 300_000, 50_000]);
  await clock.sleep(-5);
  expect(calls).toHaveLength(3);
  expect(clock.now()).toBe(7);
});

test('a cancelled sleep rejects as cancelled without sleeping', async () => {
  const calls: number[] = [];
  const controller = createCancelSource();
  controller.cancel();
  const e = await addinRejection(appsScriptClock({ sleep: (ms) => void calls.push(ms) }).sleep(10, controller.signal));
  expect(e.kind).toBe('cancelled');
  expect(calls).toEqual([]);
});
