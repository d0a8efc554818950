// The execution budget stops long work before the 6-minute limit with its reserve left, and the fake clock shows the limit it guards.
import { EXECUTION_LIMIT_MS, ExecutionBudget } from '../../../../appsscript/server/refresh-all/execution-budget';
import { createFakeEnvironment } from '../../fakes/environment';
import { fakeUtilities } from '../../fakes/execution';

test('work continues until the next piece would reach into the reserve, well before Apps Script stops the execution', () => {
  const env = createFakeEnvironment();
  env.begin('FULL');
  const utilities = fakeUtilities(env.execution);
  const budget = new ExecutionBudget(() => env.execution.now(), 90_000);
  let pieces = 0;
  // Pieces of 40 s each: 6 fit before 4.5 minutes (the 7th would end at 280 s > 270 s).
  while (!budget.shouldStop(40_000)) {
    utilities.sleep(40_000);
    pieces += 1;
  }
  expect(pieces).toBe(6);
  expect(budget.remainingMs()).toBe(EXECUTION_LIMIT_MS - 240_000);
  // The reserve is real time left: saving state and scheduling a trigger still work.
  expect(() => utilities.sleep(budget.remainingMs() - 1)).not.toThrow();
  expect(() => utilities.sleep(2)).toThrow('Exceeded maximum execution time');
  void env.close();
});

test('a budget created late counts from the execution’s start', () => {
  let t = 1_000;
  const budget = new ExecutionBudget(() => t, 60_000, EXECUTION_LIMIT_MS, 0);
  expect(budget.elapsedMs()).toBe(1_000);
  t = 300_000;
  expect(budget.shouldStop()).toBe(true);
  expect(budget.remainingMs()).toBe(60_000);
  t = 400_000;
  expect(budget.remainingMs()).toBe(0);
});
