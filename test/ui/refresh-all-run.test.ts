// The Refresh all run model: counts, its own events only, the summary wins, unfinished items stop, skipped items stay.
import { countRun, failedIds, finishRun, skippedItems, startRun, withItem } from '../../src/ui/refresh-all-run';

test('a run counts done, failed and stopped items and lists the failed ones', () => {
  let run = startRun('j', ['a', 'b', 'c']);
  expect(countRun(run)).toEqual({ total: 3, done: 0, failed: 0, stopped: 0, skipped: 0, finished: 0 });
  run = withItem(run, 'a', { state: 'done', dataRows: 1, cols: 1 });
  run = withItem(run, 'b', { state: 'failed', kind: 'server', message: 'm' });
  run = withItem(run, 'zzz', { state: 'done', dataRows: 1, cols: 1 });
  expect(countRun(run)).toEqual({ total: 3, done: 1, failed: 1, stopped: 0, skipped: 0, finished: 2 });
  expect(failedIds(run)).toEqual(['b']);

  const ended = finishRun(run, null);
  expect(ended.running).toBe(false);
  expect(ended.items['c']).toEqual({ state: 'stopped' });
  expect(countRun(ended).finished).toBe(3);
});

test("the service's summary overrides what the events said", () => {
  const run = withItem(startRun('j', ['a']), 'a', { state: 'running' });
  const ended = finishRun(run, {
    total: 1,
    done: 0,
    failed: 1,
    stopped: 0,
    skipped: 0,
    items: [{ placementId: 'a', item: { state: 'failed', kind: 'query', message: 'bad' } }],
  });
  expect(failedIds(ended)).toEqual(['a']);
});

test('items skipped for hand edits count as finished and skipped, keep their reason at the end, and are listed for Overwrite', () => {
  let run = startRun('j', ['a', 'b', 'c']);
  run = withItem(run, 'a', { state: 'skipped', reason: '"A" has cells edited by hand: C7.' });
  run = withItem(run, 'b', { state: 'done', dataRows: 1, cols: 1 });
  expect(countRun(run)).toEqual({ total: 3, done: 1, failed: 0, stopped: 0, skipped: 1, finished: 2 });
  const ended = finishRun(run, null);
  expect(ended.items['a']).toEqual({ state: 'skipped', reason: '"A" has cells edited by hand: C7.' });
  expect(skippedItems(ended)).toEqual([{ placementId: 'a', reason: '"A" has cells edited by hand: C7.' }]);
  expect(failedIds(ended)).toEqual([]);
});
